#!/bin/sh
# The lock files: every library the bot (requirements.txt) and its tests (requirements-dev.txt) install, with the
# exact version and the sha256 of every file PyPI has for it, resolved from pyproject.toml for Python 3.11 on any
# platform.  docs/operators.md, "Reproducible installs".
#   deploy/lock.sh             after editing pyproject.toml: resolve again, keeping every pin that still fits
#   deploy/lock.sh --upgrade   move every pin to the newest release pyproject.toml allows (then run the tests)
#   deploy/lock.sh --check     exit 1 when a lock file is not what pyproject.toml gives (CI); changes nothing
# Needs uv (pip install uv==0.13.9) and PyPI.
set -eu
cd "$(dirname "$0")/.."
UV="${UV:-uv}"
mode="${1:-}"
compile() {  # compile OUTPUT [EXTRA...]
  out="$1"; shift
  "$UV" pip compile pyproject.toml "$@" --universal --python-version 3.11 --generate-hashes --quiet \
    --custom-compile-command "deploy/lock.sh" -o "$out" $upgrade
}
upgrade=""
case "$mode" in
  "") ;;
  --upgrade) upgrade="--upgrade" ;;
  --check)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    cp requirements.txt "$tmp/requirements.txt"
    cp requirements-dev.txt "$tmp/requirements-dev.txt"
    compile "$tmp/requirements.txt"
    compile "$tmp/requirements-dev.txt" --extra dev
    if diff -u requirements.txt "$tmp/requirements.txt" && diff -u requirements-dev.txt "$tmp/requirements-dev.txt"
    then
      echo "requirements.txt and requirements-dev.txt match pyproject.toml"
    else
      echo "the lock files are out of date with pyproject.toml: run deploy/lock.sh and commit them" >&2
      exit 1
    fi
    exit 0 ;;
  *) echo "usage: deploy/lock.sh [--upgrade|--check]" >&2; exit 2 ;;
esac
compile requirements.txt
compile requirements-dev.txt --extra dev
echo "wrote requirements.txt ($(grep -c '==' requirements.txt) packages) and requirements-dev.txt" \
     "($(grep -c '==' requirements-dev.txt) packages)"
