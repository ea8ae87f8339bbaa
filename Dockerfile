# Multi-stage image of the whole product, one image for every role: REGISTRA_ROLE (all, the default,
# api or worker) decides what a container runs; docker-compose.yml runs api and worker containers.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY libs/domain libs/domain
COPY backend backend
COPY frontend frontend
# The signup-app address is baked into the web client at build time.
ARG VITE_SIGNUP_APP_URL=
ENV VITE_SIGNUP_APP_URL=$VITE_SIGNUP_APP_URL
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# The server refuses sign-up invitation links that lead elsewhere than this address (ADR 0113).
ARG VITE_SIGNUP_APP_URL=
ENV SIGNUP_APP_URL=$VITE_SIGNUP_APP_URL
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/libs/domain/package.json libs/domain/
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/backend/drizzle backend/drizzle
COPY --from=build /app/backend/templates backend/templates
COPY --from=build /app/frontend/dist frontend/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready, not just alive (ADR 0136): the database answers and is migrated, a worker's queues connected.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The flags are backend/node-flags.json's (a test holds them equal): a bounded old generation.
CMD ["node", "--max-old-space-size=1024", "backend/dist/main.js"]
