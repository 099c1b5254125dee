# The desen image used by docker-compose.yml: the binary plus the built web app.
FROM rust:1.95-bookworm AS server
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev libsqlite3-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cargo build --release -p gateway --bin desen

FROM node:20-bookworm AS web
WORKDIR /src/frontend
COPY frontend/ .
RUN npm install --no-audit --no-fund && npm run build

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 libsqlite3-0 libssl3 ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=server /src/target/release/desen /usr/local/bin/desen
COPY --from=web /src/frontend/dist /app/frontend/dist
COPY config /app/config
ENV DESEN_LISTEN=0.0.0.0:8080 DESEN_DATA_DIR=/data DESEN_STATIC_DIR=/app/frontend/dist
VOLUME /data
EXPOSE 8080
CMD ["desen", "serve"]
