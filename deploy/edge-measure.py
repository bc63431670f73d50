#!/usr/bin/env python3
"""Measures the edge of a running `ordo serve` (docs/hosting.md, "Measured").

Usage: python3 deploy/edge-measure.py HOST:PORT [--silent 300] [--trickle 50] [--tables 500]

Start the server first, for example:
  ordo serve --bind 127.0.0.1:18090 --db sqlite:/tmp/edge.db --max-connections 200 \
      --header-timeout 10 --idle-evict 0.05 --ip-limit off
Standard library only. Fails (exit 1) when the server cannot be reached at all.
"""
import json
import socket
import sys
import threading
import time


def request(addr, raw, timeout=10.0):
    """One raw exchange; returns (status or None, seconds, body)."""
    start = time.monotonic()
    try:
        s = socket.create_connection(addr, timeout=timeout)
        s.sendall(raw)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        s.close()
    except OSError:
        return None, time.monotonic() - start, b""
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        status = int(head.split()[1])
    except (IndexError, ValueError):
        status = None
    return status, time.monotonic() - start, body


def get(path):
    return f"GET {path} HTTP/1.1\r\nHost: m\r\nConnection: close\r\n\r\n".encode()


def metric(addr, name):
    _, _, body = request(addr, get("/metrics"))
    for line in body.decode(errors="replace").splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def held_for(sock, out, i):
    start = time.monotonic()
    try:
        sock.settimeout(120)
        while sock.recv(1024):
            pass
    except OSError:
        pass
    out[i] = time.monotonic() - start


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    host, port = args[0].rsplit(":", 1)
    addr = (host, int(port))
    opts = dict(zip(args[1::2], args[2::2]))
    silent_n = int(opts.get("--silent", 300))
    trickle_n = int(opts.get("--trickle", 50))
    tables_n = int(opts.get("--tables", 500))
    status, _, _ = request(addr, get("/healthz"))
    if status != 200:
        print(f"server at {args[0]} does not answer /healthz", file=sys.stderr)
        return 1
    results = {}

    # Silent connections: how long each is held; what others meet meanwhile.
    socks, held = [], [None] * silent_n
    # Spread over three local source addresses (each under the per-address cap), so that the
    # global cap is what they meet; the probes come from 127.0.0.1.
    for i in range(silent_n):
        try:
            src = (f"127.0.0.{2 + i % 3}", 0) if host.startswith("127.") else None
            socks.append(socket.create_connection(addr, timeout=5, source_address=src))
        except OSError:
            break
    threads = [threading.Thread(target=held_for, args=(s, held, i)) for i, s in enumerate(socks)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    probes, health = [], []
    for _ in range(10):
        probes.append(request(addr, get("/api/games")))
        health.append(request(addr, get("/healthz")))
        time.sleep(0.3)
    for t in threads:
        t.join()
    results["silent_opened"] = len(socks)
    results["silent_held_max_s"] = round(max(h for h in held if h is not None), 2)
    results["api_during_silent"] = sorted({p[0] for p in probes if p[0]})
    results["health_during_silent"] = sorted({p[0] for p in health if p[0]})
    results["health_latency_max_ms"] = round(max(p[1] for p in health) * 1000, 1)

    # Trickling clients: one header byte every 2 s.
    trickle_held = [None] * trickle_n

    def trickle(i):
        start = time.monotonic()
        try:
            s = socket.create_connection(addr, timeout=5)
            for b in get("/healthz"):
                s.sendall(bytes([b]))
                time.sleep(2)
        except OSError:
            pass
        trickle_held[i] = time.monotonic() - start

    ts = [threading.Thread(target=trickle, args=(i,)) for i in range(trickle_n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    results["trickle_held_max_s"] = round(max(trickle_held), 2)

    # An impossible Content-Length.
    status, secs, body = request(
        addr,
        b"POST /api/tables HTTP/1.1\r\nHost: m\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000000000000\r\n\r\n",
    )
    results["huge_content_length"] = {"status": status, "ms": round(secs * 1000, 1),
                                      "body": json.loads(body or b"null")}

    # Memory per unfinished table, and their eviction.
    live0 = metric(addr, "ordo_tables_live") or 0
    rss0 = metric(addr, "ordo_resident_memory_bytes")
    create = json.dumps({"game": "crusaders", "config": {"players": 2},
                         "seats": [{"kind": "human"}, {"kind": "human"}]}).encode()
    made = 0
    for _ in range(tables_n):
        st, _, _ = request(addr, b"POST /api/tables HTTP/1.1\r\nHost: m\r\nContent-Type: "
                           b"application/json\r\nConnection: close\r\nContent-Length: "
                           + str(len(create)).encode() + b"\r\n\r\n" + create)
        made += st == 201
    rss1 = metric(addr, "ordo_resident_memory_bytes")
    live1 = metric(addr, "ordo_tables_live")
    results["tables_created"] = made
    results["kib_per_table"] = round((rss1 - rss0) / 1024 / max(made, 1), 1)
    start = time.monotonic()
    while time.monotonic() - start < 150:
        live = metric(addr, "ordo_tables_live")
        if live is not None and live <= live0:
            break
        time.sleep(1)
    results["tables_live_after_create"] = live1
    results["evicted_after_s"] = round(time.monotonic() - start, 1)
    results["tables_live_after_eviction"] = metric(addr, "ordo_tables_live")
    results["evicted_total"] = metric(addr, "ordo_tables_evicted_total")
    results["connections_refused_total"] = metric(addr, "ordo_connections_refused_total")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
