# Onward's production image (issue 29): Node 24 LTS, production dependencies only, not root.
# docker build -t onward . && docker run -p 3000:3000 -v onward-data:/data onward
# Several instances: compose.yaml. Configuration: the README's environment variables.

FROM node:24-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# `npm install` with the committed lock, not `npm ci`: the lock lacks other platforms' optional builds (STACK-NOTES).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# --legacy-peer-deps: better-auth names vitest, vite, typescript and drizzle-kit as optional peers, and npm keeps a
# devDependency that is also a dependency's optional peer despite --omit=dev (npm/cli#7740); tests/cluster/image.test.ts.
RUN npm install --omit=dev --legacy-peer-deps --no-audit --no-fund && npm cache clean --force

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
# What the server reads from disk besides its build: the migrations and the common-passwords list.
COPY drizzle ./drizzle
COPY app/.server/auth/common-passwords.txt ./app/.server/auth/common-passwords.txt
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node is PID 1 and handles SIGTERM itself: it stops accepting, lets requests finish (10 s), closes the database.
CMD ["node", "--max-old-space-size=256", "server.js", "--no-build"]
