"""``python -S tests/seccomp_exec.py SYSCALLS COMMAND...``: run COMMAND under the unit's system call filter and
``MemoryDenyWriteExecute=``, as systemd would (tests/test_deploy.py).

SYSCALLS is the allow-list, comma-separated (``SystemCallFilter=@system-service`` minus ``~@privileged
@resources``, expanded by ``systemd-analyze syscall-filter``); any other call fails with EPERM
(``SystemCallErrorNumber=EPERM``).  The filter is loaded through libseccomp (the library systemd uses) for the
native architecture (``SystemCallArchitectures=native``).  W+X memory is refused with the kernel's
``PR_SET_MDWE`` (Linux 6.3+; systemd uses it for ``MemoryDenyWriteExecute=`` where the kernel has it); on an
older kernel that part is skipped with a line on stderr.  Both outlive ``execve``; no_new_privs is set first.
"""

import ctypes
import errno
import os
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_MDWE = 65
PR_MDWE_REFUSE_EXEC_GAIN = 1
SCMP_ACT_ALLOW = 0x7FFF0000


def scmp_act_errno(number: int) -> int:
    return 0x00050000 | (number & 0xFFFF)


def main() -> None:
    names, command = sys.argv[1].split(","), sys.argv[2:]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
    if libc.prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0, 0, 0) != 0:
        sys.stderr.write(f"seccomp_exec: PR_SET_MDWE unavailable ({os.strerror(ctypes.get_errno())})\n")
    seccomp = ctypes.CDLL("libseccomp.so.2")
    seccomp.seccomp_init.restype = ctypes.c_void_p
    seccomp.seccomp_init.argtypes = [ctypes.c_uint32]
    seccomp.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint]
    seccomp.seccomp_load.argtypes = [ctypes.c_void_p]
    seccomp.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    ctx = seccomp.seccomp_init(scmp_act_errno(errno.EPERM))
    if not ctx:
        raise OSError("seccomp_init failed")
    for name in names:
        number = seccomp.seccomp_syscall_resolve_name(name.encode())
        if number < 0:  # not a call of this architecture
            continue
        result = seccomp.seccomp_rule_add(ctx, SCMP_ACT_ALLOW, number, 0)
        if result < 0:
            raise OSError(-result, f"seccomp_rule_add({name})")
    result = seccomp.seccomp_load(ctx)
    if result < 0:
        raise OSError(-result, "seccomp_load")
    os.execvp(command[0], command)


if __name__ == "__main__":
    main()
