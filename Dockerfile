# Splendor for Discord: a slim image that runs the bot as an unprivileged user.
#   docker build -t splendor-discord .
#   docker run -d --name splendor --env-file .env -v splendor-data:/data --restart unless-stopped splendor-discord
# or `docker compose up -d` with compose.yaml.  docs/operators.md explains every step.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY assets ./assets
# Editable install: the code and its fonts (assets/fonts) stay in /app, the dependencies go to /opt/venv.
RUN python -m venv /opt/venv && /opt/venv/bin/pip install -e .

FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    SPLENDOR_DATABASE_PATH=/data/splendor.sqlite3 \
    SPLENDOR_HEALTH_FILE=/tmp/splendor-health.json \
    SPLENDOR_LOG_FORMAT=json
RUN groupadd --system --gid 10001 splendor \
 && useradd --system --uid 10001 --gid splendor --home-dir /data --no-create-home --shell /usr/sbin/nologin splendor \
 && mkdir /data && chown splendor:splendor /data
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
USER splendor
WORKDIR /data
VOLUME ["/data"]
# `python -m bot health` exits 0 while the heartbeat file is fresh and the bot is connected to Discord.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "health"]
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
