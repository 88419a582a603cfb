# BayBook: the PWA and the API in one image (issue 16, docs/DEPLOY.md). Not built or run in CI (no Docker there):
# keep it to what `npm start` does.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# NODE_ENV=production: React's production build
RUN NODE_ENV=production npx vite build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 BAYBOOK_STATIC_DIR=/app/dist BAYBOOK_DATA_DIR=/app/data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
# the server runs its TypeScript through tsx, as `npm run serve` does; the data dir holds PGlite (when no
# DATABASE_URL), photos kept before the move to PostgreSQL, and the first admin's password file
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# ready, not just alive: 503 while the database is away or the server is closing (src/server/routes/health.ts)
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# exec form: SIGTERM reaches node itself, which finishes the requests in flight before exiting
CMD ["node", "--import", "tsx", "src/server/main.ts"]
