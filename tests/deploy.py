"""The environment, working directory and command a process gets from the shipped deployment files, computed as
systemd and ``docker run --env-file`` compute them, and a way to run commands confined as those deployments confine
them (a mount namespace where only the deployment's writable paths are writable).  Used by tests/test_deploy.py.

systemd (systemd.exec(5), systemd.syntax(7)): the manager's ``PATH``, the user's ``HOME``/``USER``/``LOGNAME``/
``SHELL``, then ``Environment=`` lines, then ``EnvironmentFile=`` files, whose settings override
``Environment=`` ("Settings from these files override settings made with Environment="), later files winning;
``STATE_DIRECTORY``/``RUNTIME_DIRECTORY`` for ``StateDirectory=``/``RuntimeDirectory=``.  An environment file is
read by systemd's own grammar (``#``/``;`` comment lines, single and double quotes, backslash escapes and line
continuations, trailing blanks of an unquoted value dropped).

Docker (docs.docker.com, "docker run --env-file"): the image's ``ENV``, overridden by the file's lines, each
``NAME=value`` taken literally: no quotes removed, nothing expanded, nothing trimmed but the line's leading blanks;
``#`` starts a comment only at the start of a line; a bare ``NAME`` copies the host's variable.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: systemd's default PATH for services (systemd 240+, "split /usr" off).
SYSTEMD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"
#: What the python:3.11-slim base image sets (its Dockerfile's ENV lines) that the final image does not replace.
PYTHON_IMAGE_ENV = {"PATH": "/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                    "LANG": "C.UTF-8"}
#: A well-formed token (not a real one), as the operator puts it in the copied file.
TOKEN = "MTA1NzY4OTk4ODc2NTQzMjEw.GabcDe.abcdefghijklmnopqrstuvwxyz0123456789ABCD"


@dataclass
class Process:
    """What a deployment starts: argv, environment, working directory, user, and its writable paths."""

    argv: list[str]
    env: dict[str, str]
    cwd: str
    writable: list[str] = field(default_factory=list)
    tmpfs: list[str] = field(default_factory=list)
    extra: dict[str, list[str]] = field(default_factory=dict)  # other settings (the health check's argv...)


# ------------------------------------------------------------------ systemd
def unit_settings(text: str) -> dict[str, dict[str, list[str]]]:
    """The unit's sections and their settings, each key with every value in order (an empty one resets)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] = {}
    pending = ""
    for raw in text.splitlines():
        line = pending + raw.strip() if pending else raw.strip()
        pending = ""
        if not line or line[0] in "#;":
            continue
        if line.endswith("\\"):  # a continuation: the backslash becomes a space
            pending = line[:-1] + " "
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        values = current.setdefault(key.strip(), [])
        if value.strip():
            values.append(value.strip())
        else:
            values.clear()
    return sections


def systemd_env_file(text: str) -> dict[str, str]:
    """Parse an environment file with systemd's grammar (src/basic/env-file.c, parse_env_file_internal)."""
    out: dict[str, str] = {}
    state, key, value, trailing = "pre_key", "", "", 0
    need_escape = "\"\\`$"
    openers = {"'": "single", '"': "double", "\\": "value_escape"}

    def assign() -> None:
        name = key.strip()
        if name and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            out[name] = value[:len(value) - trailing] if trailing else value

    for c in text + "\n":
        if state == "pre_key":
            if c in "#;":
                state = "comment"
            elif not c.isspace():
                state, key = "key", c
        elif state == "key":
            if c == "\n":
                state, key = "pre_key", ""  # a line without "=": ignored
            elif c == "=":
                state, value, trailing = "pre_value", "", 0
            else:
                key += c
        elif state == "pre_value":
            if c == "\n":
                assign()
                state, key = "pre_key", ""
            elif c in openers:
                state = openers[c]
            elif not c.isspace():
                state, value, trailing = "value", value + c, 0
        elif state == "value":
            if c == "\n":
                assign()
                state, key = "pre_key", ""
            elif c == "\\":
                state, trailing = "value_escape", 0
            else:
                value += c
                trailing = trailing + 1 if c.isspace() else 0
        elif state == "value_escape":
            state = "value"
            if c != "\n":  # backslash-newline: the line continues
                value, trailing = value + c, 0
        elif state == "single":
            if c == "'":
                state = "pre_value"
            else:
                value += c
        elif state == "double":
            if c == '"':
                state = "pre_value"
            elif c == "\\":
                state = "double_escape"
            else:
                value += c
        elif state == "double_escape":
            state = "double"
            if c in need_escape:
                value += c
            elif c != "\n":
                value += "\\" + c
        elif state == "comment":  # a backslash continues the comment on the next line
            state = {"\\": "comment_escape", "\n": "pre_key"}.get(c, state)
        elif state == "comment_escape":
            state = "comment"
    return out


def systemd_process(unit: str, files: dict[str, str], *, home: str = "/var/lib/splendor") -> Process:
    """The process systemd starts for ``unit`` (its text), with ``files`` the text of each EnvironmentFile."""
    service = unit_settings(unit)["Service"]
    user = service.get("User", ["root"])[-1]
    env = {"PATH": SYSTEMD_PATH, "HOME": home, "USER": user, "LOGNAME": user, "SHELL": "/usr/sbin/nologin"}
    for line in service.get("Environment", []):
        for word in shlex.split(line):
            name, _, value = word.partition("=")
            env[name] = value
    for path in service.get("EnvironmentFile", []):
        optional = path.startswith("-")
        text = files.get(path.lstrip("-"))
        if text is None:
            assert optional, f"{path} is not optional and not given"
            continue
        env.update(systemd_env_file(text))  # the files override Environment=
    writable: list[str] = []
    for setting, base, variable in (("StateDirectory", "/var/lib", "STATE_DIRECTORY"),
                                    ("RuntimeDirectory", "/run", "RUNTIME_DIRECTORY")):
        dirs = [f"{base}/{name}" for value in service.get(setting, []) for name in value.split()]
        if dirs:
            env[variable] = ":".join(dirs)
            writable += dirs
    for value in service.get("ReadWritePaths", []):
        writable += [p.lstrip("-") for p in value.split()]
    argv = shlex.split(service["ExecStart"][-1].lstrip("-@+!"))
    tmpfs = ["/tmp", "/var/tmp"] if service.get("PrivateTmp", ["false"])[-1] == "true" else []
    return Process(argv, env, service.get("WorkingDirectory", ["/"])[-1].lstrip("-"), writable, tmpfs)


# ------------------------------------------------------------------ Docker
def docker_env_file(text: str, host: dict[str, str] | None = None) -> dict[str, str]:
    """Parse a file as ``docker run --env-file`` does (docker/cli, opts/envfile.go)."""
    out: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines()):
        line = raw.lstrip("\ufeff") if number == 0 else raw
        line = line.lstrip()
        if not line or line.startswith("#"):
            continue
        name, has_value, value = line.partition("=")
        assert not re.search(r"\s", name), f"docker refuses the variable name {name!r}"
        if has_value:
            out[name] = value
        elif host is not None and name in host:
            out[name] = host[name]
    return out


def _instructions(dockerfile: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the last stage, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in dockerfile.splitlines()
                                             if not line.lstrip().startswith("#")))
    steps = [(m.group(1).upper(), m.group(2).strip()) for m in re.finditer(r"^\s*(\w+)\s+(.*)$", joined, re.M)]
    last_from = max(i for i, (name, _) in enumerate(steps) if name == "FROM")
    return steps[last_from:]


def docker_process(dockerfile: str, env_file: str) -> Process:
    """The process ``docker run --env-file ENV_FILE IMAGE`` starts in the image ``dockerfile`` builds."""
    env = dict(PYTHON_IMAGE_ENV)
    cwd, argv, health = "/", [], []
    for name, args in _instructions(dockerfile):
        if name == "ENV":
            for word in shlex.split(args):
                key, _, value = word.partition("=")
                env[key] = re.sub(r"\$\{?(\w+)\}?", lambda m: env.get(m.group(1), ""), value)
        elif name == "WORKDIR":
            cwd = args
        elif name == "CMD":
            argv = json.loads(args)
        elif name == "HEALTHCHECK":
            health = json.loads(args[args.index("CMD") + 3:])
        elif name == "RUN" and (home := re.search(r"--home-dir (\S+)", args)):
            env["HOME"] = home.group(1)
    env.update(docker_env_file(env_file))  # --env-file overrides the image's ENV
    return Process(argv, env, cwd, ["/data"], ["/tmp"], {"healthcheck": health})


# ------------------------------------------------------------------ confinement
def can_confine() -> str | None:
    """Why commands cannot be confined here (None when they can): root and ``unshare`` are needed."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return "needs root on Linux (unshare, mount)"
    for tool in ("unshare", "chroot", "setpriv", "env"):
        if subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True, check=False).returncode:
            return f"{tool} is not installed"
    probe = subprocess.run(["unshare", "--mount", "--net", "true"], capture_output=True, text=True, check=False)
    if probe.returncode:
        return f"unshare --mount --net refused: {probe.stderr.strip()}"
    return None


@dataclass
class Done:
    code: int
    out: str
    err: str


def installed_tree() -> Path:
    """The folder this venv's Python imports the project from without the checkout on its path (an editable
    install made in another checkout sharing the venv points there)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-P", "-c", "import bot, pathlib; print(pathlib.Path(bot.__file__).parent)"],
                          capture_output=True, text=True, cwd="/", env=env, check=False)
    return Path(done.stdout.strip()).resolve().parent if done.returncode == 0 else ROOT


def confined(commands: list[Process], root: Path, host_dirs: dict[str, Path], *, uid: int = 10001,
             code_at: tuple[str, ...] = (), syscalls: list[str] | None = None) -> list[Done]:
    """Run ``commands`` one after the other in one new mount and network namespace: a root file system where
    everything is read-only (the system's /usr and /etc, Python, this checkout, also bound at ``code_at``) but
    each process's ``writable`` paths (bound to ``host_dirs``, owned by ``uid``) and its ``tmpfs`` ones; as
    ``uid``, without privileges or capabilities, with no network.  ``syscalls``: the only system calls allowed
    (and no W+X memory), applied by tests/seccomp_exec.py before each command."""
    out = root / "out"
    jail = root / "jail"
    out.mkdir()
    jail.mkdir()
    for path in host_dirs.values():
        path.mkdir(parents=True, exist_ok=True)
        os.chown(path, uid, uid)
        path.chmod(0o700)
    python_home = Path(sys.base_prefix)
    q = shlex.quote
    lines = ["set -eu", f"R={q(str(jail))}", 'mount -t tmpfs -o mode=0755 tmpfs "$R"']
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        link = Path("/") / top
        if link.is_symlink():
            lines.append(f'ln -s {q(os.readlink(link))} "$R/{top}"')
    # The private /tmp and /var/tmp first: a checkout (or its venv) that lives there is bound on top of them, so a
    # clone in a temporary folder runs too (under systemd the code is in /opt/splendor, never in /tmp).
    mounted: set[str] = set()
    for process in commands:
        for target in process.tmpfs:
            if target not in mounted:
                mounted.add(target)
                lines += [f'mkdir -p "$R"{q(target)}', f'mount -t tmpfs -o mode=1777 tmpfs "$R"{q(target)}']
    # the checkout's venv may be a link to another folder (a worktree sharing one): bind where it leads too
    venvs = {str(Path(sys.prefix).resolve()), str((ROOT / ".venv").resolve())}
    ro = ["/usr", "/etc", str(python_home), str(ROOT), *sorted(v for v in venvs if not v.startswith(f"{ROOT}/"))]
    ro += [p for p in ("/lib", "/lib64") if Path(p).is_dir() and not Path(p).is_symlink()]
    for source in dict.fromkeys(ro):
        lines += [f'mkdir -p "$R"{q(source)}', f'mount --rbind {q(source)} "$R"{q(source)}',
                  f'mount -o remount,bind,ro "$R"{q(source)}']
    installed = installed_tree()
    if installed != ROOT:  # the venv imports the project from where it was installed: there, this checkout's code
        for child in sorted(ROOT.iterdir()):
            if child.is_dir() and not child.is_symlink() and child.name not in (".venv", ".git"):
                at = q(str(installed / child.name))
                lines += [f'mkdir -p "$R"{at}', f'mount --rbind {q(str(child))} "$R"{at}',
                          f'mount -o remount,bind,ro "$R"{at}']
    for target in code_at:  # the checkout where the deployment keeps it (/opt/splendor, /app, /opt/venv)
        source = str(ROOT / ".venv") if target == "/opt/venv" else str(ROOT)
        lines += [f'mkdir -p "$R"{q(target)}', f'mount --rbind {q(source)} "$R"{q(target)}',
                  f'mount -o remount,bind,ro "$R"{q(target)}']
    # PrivateDevices=: a /dev of its own with the pseudo-devices only; ProtectProc=invisible, ProcSubset=pid:
    # a /proc with only this user's processes and nothing else (no /proc/sys, /proc/meminfo...).
    lines += ['mkdir -p "$R/dev" "$R/proc"', 'mount -t tmpfs -o mode=0755 tmpfs "$R/dev"']
    for node in ("null", "zero", "full", "random", "urandom", "tty"):
        lines += [f'touch "$R/dev/{node}"', f'mount --bind /dev/{node} "$R/dev/{node}"']
    lines += ['mkdir "$R/dev/shm"', 'mount -t tmpfs -o mode=1777 tmpfs "$R/dev/shm"',
              'ln -s /proc/self/fd "$R/dev/fd"',
              'mount -t proc -o subset=pid,hidepid=invisible proc "$R/proc"']
    for process in commands:
        for target in process.writable:
            if target not in mounted:
                mounted.add(target)
                lines += [f'mkdir -p "$R"{q(target)}', f'mount --bind {q(str(host_dirs[target]))} "$R"{q(target)}']
    lines += ['mount -o remount,ro "$R"', "set +e"]
    for i, process in enumerate(commands):
        launcher = [] if syscalls is None else [sys.executable, "-S", str(ROOT / "tests" / "seccomp_exec.py"),
                                                 ",".join(syscalls)]
        command = ["chroot", str(jail), "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                   "--no-new-privs", "--bounding-set=-all", "--inh-caps=-all",
                   "env", "-i", "-C", process.cwd, *(f"{k}={v}" for k, v in process.env.items()),
                   *launcher, *process.argv]
        lines.append(" ".join(q(w) for w in command) + f" </dev/null >{q(str(out / f'{i}.out'))} "
                     f"2>{q(str(out / f'{i}.err'))}; echo $? >{q(str(out / f'{i}.rc'))}")
    script = root / "confine.sh"
    script.write_text("\n".join(lines) + "\n")
    done = subprocess.run(["unshare", "--mount", "--net", "--propagation", "private", "sh", str(script)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, f"setting up the namespace failed: {done.stderr}"
    return [Done(int((out / f"{i}.rc").read_text()), (out / f"{i}.out").read_text(), (out / f"{i}.err").read_text())
            for i in range(len(commands))]


def syscall_filter(unit: str) -> list[str] | None:
    """The system calls the unit allows (its ``SystemCallFilter=`` lines expanded by ``systemd-analyze
    syscall-filter``), or None without systemd-analyze."""
    if subprocess.run(["sh", "-c", "command -v systemd-analyze"], capture_output=True, check=False).returncode:
        return None
    groups: dict[str, list[str]] = {}
    current = ""
    listing = subprocess.run(["systemd-analyze", "syscall-filter"], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        word = line.strip()
        if line.startswith("@"):
            current = word.split()[0]
            groups[current] = []
        elif current and word and not word.startswith("#"):
            groups[current].append(word)

    def expand(name: str) -> set[str]:
        return set().union(*(expand(n) for n in groups[name])) if name.startswith("@") else {name}

    allowed = expand("@default")  # "system calls that are always permitted"
    for value in unit_settings(unit)["Service"].get("SystemCallFilter", []):
        deny = value.startswith("~")
        names = set().union(*(expand(n) for n in value.lstrip("~").split()))
        allowed = allowed - names if deny else allowed | names
    return sorted(allowed)
