# One image for the API, the worker and the static web files. Build: docker compose build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm i -g pnpm@12.21.0
COPY . .
RUN pnpm install --frozen-lockfile && node scripts/leadforge.mjs build --force

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build /app /app
EXPOSE 8080
CMD ["node", "--import", "tsx", "api/src/server.ts"]

# Static files (host, remote releases, environment maps) for the web server.
FROM nginx:1.27-alpine AS web
COPY deploy/nginx-web.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/host/dist /srv/host
COPY --from=build /app/releases/remotes /srv/remotes
COPY --from=build /app/environments /srv/environments
