# The same steps test/ops/production-install.test.ts runs on every `npm test`: pack (prepack builds dist/), unpack
# into an empty folder, install the production dependencies from the lockfile, run dist/cli.js serve.

# Build stage: compile TypeScript with the dev dependencies and pack what the package ships.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json README.md keys.yaml ./
COPY src ./src
COPY web ./web
COPY scripts/build-web.mjs ./scripts/
COPY schemas ./schemas
COPY design-systems ./design-systems
RUN npm pack --pack-destination /tmp && mkdir /app && tar -xzf /tmp/design-token-server-*.tgz -C /app --strip-components=1

# Runtime stage: production dependencies only, git to read repositories, non-root.
# safe.directory '*': a folder mounted on /data belongs to the host's user, not to `node`, and git refuses to read a
# repository someone else owns ("dubious ownership"): Git would be switched off. In this single-purpose container git
# only ever reads the folder the operator mounts and the mirror the server clones itself, so the ownership check
# protects nobody here (see docs/operations.md). Git 2.39 (bookworm) matches exact paths or '*', not `/data/*`.
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends git ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && git config --system --add safe.directory '*'
WORKDIR /app
COPY --from=build /app ./
COPY package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# Defaults serve the example design systems shipped in the image (the published demo key opens those only). For real
# ones, either mount a folder (or a Git work tree) on /data and set TOKENS_SOURCE=/data/design-systems
# TOKENS_KEYS=/data/keys.yaml, or set TOKENS_REMOTE to a repository URL to follow (its mirror is kept in
# TOKENS_DATA_DIR, on the /data volume). See docs/operations.md.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_LEVEL=info \
    TOKENS_SOURCE=/app/design-systems \
    TOKENS_KEYS=/app/keys.yaml \
    TOKENS_DATA_DIR=/data/mirror
RUN mkdir /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# The health check reads PORT and HOST like the server: configure the image with environment variables. A `--port`
# given to the server as a flag must be given to the health check too (`--health-cmd 'node dist/healthcheck.js --port N'`).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/healthcheck.js"]
# SIGTERM (docker stop, Kubernetes) drains in-flight requests, ends event streams and exits 0 within
# TOKENS_SHUTDOWN_TIMEOUT seconds (default 10; keep it under the orchestrator's grace period).
STOPSIGNAL SIGTERM
CMD ["node", "dist/cli.js", "serve"]
