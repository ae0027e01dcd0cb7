# syntax=docker/dockerfile:1
# Storyhearth's image for Fly.io: Node 24 LTS, ffmpeg, LiteFS in front of the app, the Piper voices
# baked in. docs/deploy.md walks through every stage; `fly deploy` builds it remotely.

# ── base: what every stage shares ──────────────────────────────────────────────────────────────
FROM node:24-bookworm-slim AS base
WORKDIR /app
# onnxruntime-node's install step would fetch GPU libraries the CPU-only voices never use.
ENV ONNXRUNTIME_NODE_INSTALL=skip

# ── build: every dependency, the Remix build and the voices ────────────────────────────────────
FROM base AS build
# Tools to compile better-sqlite3 should its prebuilt binary not fit.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The Piper voices the app is configured for, fetched once here instead of on every node at start.
ENV VOICES_DIR=/app/voices
RUN npm run voices:download

# ── deps: production dependencies only ─────────────────────────────────────────────────────────
FROM base AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
FROM base
# ffmpeg renders podcast audio; DejaVu sets the covers' text; fuse3 is what LiteFS mounts with; sqlite3 is for backups by hand.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core fuse3 sqlite3 ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs

ENV NODE_ENV=production \
  APP_ENV=production \
  HOST=0.0.0.0 \
  PORT=8081 \
  LITEFS_DIR=/litefs \
  DATABASE_PATH=/litefs/storyhearth.db \
  DATA_DIR=/data/files \
  VOICES_DIR=/app/voices

# The server runs compiled (build/node/, decision 0141) on production dependencies only: no tsx.
# The source tree comes along for db/migrations and the PDF reader's plain-JavaScript worker.
COPY . .
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/voices ./voices
COPY litefs.yml /etc/litefs.yml
RUN mkdir -p /litefs /var/lib/litefs /data/files

# LiteFS mounts /litefs, joins the cluster, then runs litefs.yml's `exec`: migrate, then the app.
ENTRYPOINT ["litefs", "mount"]
