# Ordo in a container: one binary, the SQLite database on a volume.
#   docker build -t ordo .
#   docker run -d --name ordo -p 8080:8080 -v ordo-data:/data ordo
# Behind a reverse proxy, add for example: --trusted-proxy 172.16.0.0/12 (the proxy's range).

FROM rust:1.95-bookworm AS build
WORKDIR /src
# The workspace, with the browser client (embedded into the binary at build time).
COPY Cargo.toml Cargo.lock rustfmt.toml ./
COPY crates ./crates
COPY web ./web
RUN cargo build --release --locked -p ordo \
 && strip target/release/ordo

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin ordo \
 && mkdir -p /data && chown ordo:ordo /data
COPY --from=build /src/target/release/ordo /usr/local/bin/ordo
USER ordo
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
# SIGTERM drains: in-flight requests finish, WebSocket sessions are closed cleanly.
STOPSIGNAL SIGTERM
ENTRYPOINT ["ordo"]
CMD ["serve", "--bind", "0.0.0.0:8080", "--db", "sqlite:/data/ordo.db", "--log", "json"]
