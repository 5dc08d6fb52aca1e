# syntax=docker/dockerfile:1
#
# VAT Wise in one image: the compiled server (what `npm run serve` runs) serving the built web app.
#   docker build -t vatwise .
#   docker run -p 3000:3000 -e PUBLIC_URL=https://vat.example.com vatwise   (behind your HTTPS proxy)
# Several instances: compose.yaml. This file is not built on VAT Wise's own machines (they have no
# container runtime); its entry and settings are the ones the cluster tests run
# (npm run test:cluster, tests/cluster/harness/cluster.ts): node apps/server/dist/server.js with
# NODE_ENV=production.

ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# --- build: every dependency, then the web app and the compiled server ---------------------------
FROM ${NODE_IMAGE} AS build
# The SQLite driver (better-sqlite3) compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests first, so a change of code alone does not install everything again.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/hmrc/package.json packages/hmrc/
COPY packages/hmrc-sandbox/package.json packages/hmrc-sandbox/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY tests/cluster/package.json tests/cluster/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

# --- deps: the server's production dependencies only ---------------------------------------------
# Our own workspaces are bundled into apps/server/dist; npm packages stay in node_modules.
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/hmrc/package.json packages/hmrc/
COPY --from=build /app/packages/hmrc-sandbox/package.json packages/hmrc-sandbox/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/tests/cluster/package.json tests/cluster/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server

# --- runtime: no compiler, no dev dependencies, not root ------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
# "type": "module" for the compiled server comes from its package.json.
COPY --from=deps /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/scripts/healthcheck.mjs scripts/
# The data folder (SQLite, generated secrets) belongs to the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# Node itself as the process, not npm: SIGTERM reaches the server, which finishes requests in flight.
CMD ["node", "apps/server/dist/server.js"]
