# Production images of Corretora CRM, used by docker-compose.yml.
# One build stage installs the workspace and builds the front ends; services run from source with tsx
# (the same way `npm start` runs them), the gateway is nginx with the generated configuration.
# Node 26 is the active LTS: the same major as .nvmrc, engines and the node npm ci installs for dev and CI.
FROM node:26-bookworm-slim AS build
ARG APP_URL=http://localhost:8080
ARG TRUSTED_PROXIES=
WORKDIR /app
COPY package.json package-lock.json lerna.json tsconfig.base.json ./
COPY packages ./packages
COPY services ./services
COPY shell ./shell
COPY mfe-broker ./mfe-broker
COPY mfe-catalogues ./mfe-catalogues
COPY mfe-pipeline ./mfe-pipeline
COPY mfe-finance ./mfe-finance
COPY gateway ./gateway
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npx lerna run build --concurrency 1
RUN APP_URL="$APP_URL" TRUSTED_PROXIES="$TRUSTED_PROXIES" npx tsx gateway/src/render-nginx.ts /app/nginx.conf /app/api-docs

FROM node:26-bookworm-slim AS service
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# The one folder a service writes (identity's trial-only mail outbox, a volume in compose).
RUN mkdir -p /srv/mail-outbox && chown node:node /srv/mail-outbox
USER node
# docker-compose sets the command per service: node --import tsx services/<name>/src/server.ts

# One image per remote (build arg REMOTE): it ships its own build into the remote store (the
# `remotes` volume) and makes it live, then exits. A remote is redeployed alone by rebuilding and
# running its image; `remote-cli.ts list|promote|rollback <remote>` in it manages the versions.
FROM node:26-bookworm-slim AS remote
ARG REMOTE
ENV NODE_ENV=production REMOTE=${REMOTE} REMOTE_STORE=/srv/remotes
WORKDIR /app
COPY --from=build /app /app
RUN test -f "/app/${REMOTE}/dist/remoteEntry.js" && mkdir -p /srv/remotes && chown node:node /srv/remotes
USER node
CMD ["sh", "-c", "exec node --import tsx packages/gateway-kit/src/remote-cli.ts ship \"$REMOTE\" --dist \"$REMOTE/dist\""]

# The shell and the API reference are the gateway's own; the remotes come from the store volume.
FROM nginx:1.28.0-bookworm AS gateway
RUN mkdir -p /tmp/nginx /srv/remotes
COPY --from=build /app/nginx.conf /etc/nginx/corretora.conf
COPY --from=build /app/shell/dist /srv/shell
COPY --from=build /app/api-docs /srv/api-docs
CMD ["nginx", "-c", "/etc/nginx/corretora.conf", "-g", "daemon off;"]
