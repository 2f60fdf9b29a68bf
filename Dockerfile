# Splendor for Discord: a slim image that runs the bot as an unprivileged user.
#   docker build -t splendor-discord .
#   docker run -d --name splendor --env-file .env -v splendor-data:/data --restart unless-stopped splendor-discord
# or `docker compose up -d` with compose.yaml.  docs/operators.md explains every step.
#
# Reproducible: the base image is pinned by digest (the tag only says what it is) and every library comes from
# requirements.txt with its hashes.  To update either, see docs/operators.md, "Reproducible installs".
ARG PYTHON_IMAGE=python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements.txt /tmp/requirements.txt
# Exactly the locked versions, each file checked against its hash (pip refuses anything else).
RUN python -m venv /opt/venv && /opt/venv/bin/pip install --require-hashes --no-deps -r /tmp/requirements.txt

FROM ${PYTHON_IMAGE}
# The code runs from /app (PYTHONPATH: nothing to build); the libraries are in /opt/venv.
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
RUN groupadd --system --gid 10001 splendor \
 && useradd --system --uid 10001 --gid splendor --home-dir /data --no-create-home --shell /usr/sbin/nologin splendor \
 && mkdir /data && chown splendor:splendor /data
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY assets ./assets
USER splendor
# The working directory is the volume: the database (splendor.sqlite3, its -wal/-shm files and the copies taken
# before migrations) is created here unless the settings name an absolute path or a URL.
WORKDIR /data
VOLUME ["/data"]
# The heartbeat file and the log format are options of the command, not environment variables: an --env-file
# cannot change them by accident (the command line wins over the environment).
# `python -P -m bot health` exits 0 while the heartbeat file is fresh and the bot is connected to Discord.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-P", "-m", "bot", "health", "--file", "/tmp/splendor-health.json"]
STOPSIGNAL SIGTERM
CMD ["python", "-P", "-m", "bot", "--health-file", "/tmp/splendor-health.json", "--log-format", "json"]
