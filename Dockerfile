# The one binary plus the built web app (see docker-compose.yml for the scale-out topology).
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -o /portal ./cmd/portal

FROM debian:bookworm-slim
COPY --from=server /portal /usr/local/bin/portal
COPY --from=web /src/web/dist /srv/web
ENV WEB_DIR=/srv/web
EXPOSE 8080
ENTRYPOINT ["portal"]
CMD ["serve"]
