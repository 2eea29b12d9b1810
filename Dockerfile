# Parlay builder: the app's static files and our Node server (compiled to JavaScript), one image.
# Build: docker build -t parlay-builder .    Run: docker run -p 8080:8080 -e ODDS_API_KEY=… parlay-builder
# `npm test` (scripts/dockerfile-steps.mjs) performs these same steps in a clean directory, so the
# file cannot rot unnoticed on machines without Docker.

# Build stage: every dependency, the app and widget bundles, the server compiled.
# Node 24 LTS (Node 20's support ended on 2026-04-30); package.json's engines say what else runs it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# Runtime stage: production dependencies only (the server's), the built files, a non-root user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/app ./dist/app
COPY --from=build /app/dist/widget ./dist/widget
COPY --from=build /app/dist/server ./dist/server
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/server/main.js"]
