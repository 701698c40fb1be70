# Production images of Corretora CRM, used by docker-compose.yml.
# The build stage installs the whole workspace and builds the front ends; the runtime images take
# only what they run: services their sources and production dependencies (run from source with
# tsx, the way `npm start` runs them), each remote its build and the CLI that ships it, the gateway
# nginx with the generated configuration and the shell.
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
COPY mfe-portal ./mfe-portal
COPY gateway ./gateway
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npx lerna run build --concurrency 1
RUN APP_URL="$APP_URL" TRUSTED_PROXIES="$TRUSTED_PROXIES" npx tsx gateway/src/render-nginx.ts /app/nginx.conf /app/api-docs

# The services' production dependencies and nothing else: no front end, no build or test tool
# (~95 MiB of node_modules instead of the build stage's ~980). Workspace packages are links to their
# sources; install scripts stay off (argon2 loads its shipped prebuild). tsx is the kit's own
# dependency: services and the kit's one-shot tools (db-init, s3-init) run their TypeScript with it.
FROM node:26-bookworm-slim AS service-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
COPY services ./services
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      -w services/identity -w services/broker -w services/catalogues -w services/pipeline -w services/finance -w services/portal \
  && npm cache clean --force

# Files belong to root and only read by the service's user; it writes nowhere but the mail outbox
# (identity's trial-only volume) and the system's temporary folder (tsx's compile cache).
FROM node:26-bookworm-slim AS service
ENV NODE_ENV=production
WORKDIR /app
COPY --from=service-deps /app /app
RUN mkdir -p /srv/mail-outbox && chown node:node /srv/mail-outbox
USER node
# docker-compose sets the command per service: node --import tsx services/<name>/src/server.ts

# The remote CLI's production dependencies (gateway-kit), for the remote images.
FROM node:26-bookworm-slim AS remote-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w packages/gateway-kit && npm cache clean --force

# One image per remote (build arg REMOTE): it ships its own build into the remote store (the
# `remotes` volume) and makes it live, then exits. A remote is redeployed alone by rebuilding and
# running its image; `remote-cli.ts list|promote|rollback <remote>` in it manages the versions.
# It carries the CLI and that remote's build, nothing of the other remotes or the services.
FROM node:26-bookworm-slim AS remote
ARG REMOTE
ENV NODE_ENV=production REMOTE=${REMOTE} REMOTE_STORE=/srv/remotes
WORKDIR /app
COPY --from=remote-deps /app /app
COPY --from=build /app/${REMOTE}/dist /app/${REMOTE}/dist
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

# PgBouncer between the services and Postgres, in transaction mode (#63): Debian bookworm's 1.18, the
# one npm test's journeys run through, with the same deploy/pgbouncer/pgbouncer.ini.
FROM debian:bookworm-slim AS pgbouncer
RUN apt-get update && apt-get install -y --no-install-recommends pgbouncer && rm -rf /var/lib/apt/lists/* \
  && chown postgres:postgres /etc/pgbouncer
COPY deploy/pgbouncer/pgbouncer.ini /etc/pgbouncer/pgbouncer.ini
COPY deploy/pgbouncer/start.sh /usr/local/bin/start-pgbouncer
USER postgres
EXPOSE 6432
CMD ["sh", "/usr/local/bin/start-pgbouncer"]
