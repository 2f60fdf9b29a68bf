"""The guide's nginx server blocks, as written in docs/operators.md, in a real nginx in front of ``python -m bot web
--trust-proxy``: HTTPS proxied to the pages, plain HTTP redirected, and the visitor's address is the one nginx saw,
so an ``X-Forwarded-For`` the visitor sends cannot get around the per-address rate limit."""

from __future__ import annotations

import asyncio
import http.client
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import in_ci
from tests.webserver import free_port, public_league, web_process

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "operators.md").read_text()
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def guide_nginx_blocks() -> str:
    """The guide's nginx example: the indented block after "With nginx" in its web pages section."""
    section = GUIDE.split("## The web pages", 1)[1].split("\n## ", 1)[0]
    lines = section.split("With nginx", 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("    "))
    end = next(i for i in range(start, len(lines)) if lines[i].strip() and not lines[i].startswith("    "))
    return "\n".join(line[4:] for line in lines[start:end])


def require_nginx() -> None:
    missing = [tool for tool in (NGINX, "openssl") if shutil.which(tool) is None]
    if not missing:
        return
    if in_ci():
        pytest.fail(f"CI must run the reverse proxy test: {missing} missing (apt-get install nginx openssl)",
                    pytrace=False)
    pytest.skip(f"{missing} not installed (apt-get install nginx openssl); under CI this fails")


def get(port: int, path: str, headers: dict[str, str], *, tls: bool = True) -> tuple[int, dict[str, str]]:
    if tls:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
        con: http.client.HTTPConnection = http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=context)
    else:
        con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        con.request("GET", path, headers={"Host": "splendor.example.org", **headers})
        answer = con.getresponse()
        answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}
    finally:
        con.close()


def test_the_guides_nginx_in_front_of_the_web_pages(tmp_path: Path) -> None:
    require_nginx()
    slug = asyncio.run(public_league(tmp_path / "splendor.sqlite3", "Proxy League"))
    web_port, https_port, http_port = free_port(), free_port(), free_port()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=splendor.example.org", "-keyout", str(tmp_path / "key.pem"), "-out",
                    str(tmp_path / "cert.pem")], check=True, capture_output=True)
    servers = guide_nginx_blocks()
    for old, new in (("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;"),
                     ("listen 80;", f"listen 127.0.0.1:{http_port};"),
                     ("/etc/letsencrypt/live/splendor.example.org/fullchain.pem", str(tmp_path / "cert.pem")),
                     ("/etc/letsencrypt/live/splendor.example.org/privkey.pem", str(tmp_path / "key.pem")),
                     ("http://127.0.0.1:8080", f"http://127.0.0.1:{web_port}")):
        assert old in servers, old
        servers = servers.replace(old, new)
    temp = tmp_path / "nginx"
    temp.mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"daemon off;\nmaster_process off;\npid {temp}/nginx.pid;\nerror_log {temp}/error.log;\n"
                    "events {}\nhttp {\n  access_log off;\n"
                    + "".join(f"  {name}_temp_path {temp}/{name};\n"
                              for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
                    + servers + "\n}\n")
    check = subprocess.run([NGINX, "-t", "-c", str(conf), "-p", str(temp)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    argv = [sys.executable, "-m", "bot", "web", "--host", "127.0.0.1", "--port", str(web_port), "--database",
            str(tmp_path / "splendor.sqlite3"), "--trust-proxy", "--rate", "0.001", "--burst", "3"]
    with web_process(argv, f"http://127.0.0.1:{web_port}", tmp_path / "web.log", cwd=tmp_path,
                     env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}):
        # Through the proxy, each request forging a different address: all come from this one visitor, so the
        # burst of 3 is spent and the 4th is refused (/healthz, which web_process polled, is not limited).
        nginx = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(temp)], stderr=subprocess.PIPE)
        try:
            statuses = []
            for attempt in range(20):
                status, headers = get(https_port, f"/l/{slug}", {"X-Forwarded-For": f"198.51.100.{attempt}"})
                statuses.append(status)
                if status == 429:
                    break
            assert statuses == [200, 200, 200, 429], f"forged addresses got past the limit: {statuses}"
            assert "retry-after" in headers and headers.get("strict-transport-security") == "max-age=31536000"
            status, headers = get(http_port, f"/l/{slug}", {}, tls=False)
            assert status == 301 and headers["location"] == f"https://splendor.example.org/l/{slug}"
        finally:
            nginx.terminate()
            nginx.wait(30)
