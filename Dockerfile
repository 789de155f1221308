# syntax=docker/dockerfile:1
# Qal's one image: every service and the gateway (with the built client) run from it; the command picks which
# (`npm run serve:gateway`, `serve:ledger`, `serve:game-engine`, `serve:leaderboard`; see docker-compose.yml).
# scripts/image-check.ts runs these same stages as plain commands where no Docker engine exists (CI).

# ---- build: every dependency, then the client and the compiled services
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY services/gateway/package.json services/gateway/
COPY services/game-engine/package.json services/game-engine/
COPY services/ledger/package.json services/ledger/
COPY services/leaderboard/package.json services/leaderboard/
COPY client/package.json client/
COPY tests/package.json tests/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and the build's output only
FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 QAL_DATA_DIR=/data STORAGE_DIR=/data/storage
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY services/gateway/package.json services/gateway/
COPY services/game-engine/package.json services/game-engine/
COPY services/ledger/package.json services/ledger/
COPY services/leaderboard/package.json services/leaderboard/
COPY client/package.json client/
COPY tests/package.json tests/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/events/dist events/dist
COPY --from=build /app/services/gateway/dist services/gateway/dist
COPY --from=build /app/services/game-engine/dist services/game-engine/dist
COPY --from=build /app/services/ledger/dist services/ledger/dist
COPY --from=build /app/services/leaderboard/dist services/leaderboard/dist
COPY --from=build /app/scripts/dist scripts/dist
COPY --from=build /app/client/dist client/dist
RUN mkdir -p /data/storage && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /ready: the database answers and the projections have caught up (docs/operations.md); PORT is the gateway's
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTH_PORT || process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve:gateway"]
