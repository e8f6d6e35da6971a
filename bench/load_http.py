"""Load a real ``suanfan serve`` on the loopback and print requests/s, latency and memory.

    python bench/load_http.py [--seconds S] [--connections C] [--workers 1 2] [--path score|analyze]

For each worker count a fresh server process is started (``suanfan serve --workers N``); C
keep-alive clients (asyncio, standard library only, one process) then send requests back to back
for S seconds: MCR scores of random hands (``score``) or the analysis of random 13-tile hands
(``analyze``), each hand new. Printed per worker count: requests/s, p50 and p99 latency, the
answers that were not 2xx/4xx (errors) and the server's resident memory (all its processes)
before and after. The client shares the machine with the server: on a 2-core VM the figures
for 2 workers are bounded by the client's own CPU share.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (the workers), in MB."""
    total = 0
    pids = [pid]
    try:
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def _bodies(kind: str, n: int, seed: int) -> list[bytes]:
    from suanfan.mcr.generate import random_hand

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        hand, situation = random_hand(rng)
        if kind == "score":
            out.append(json.dumps({"hand": str(hand), **situation}).encode())
        else:
            text = str(hand).replace(" ", "")
            out.append(json.dumps({"hand": text[:-2] if len(text) > 2 else text, "system": "mcr"}).encode())
    return out


async def _client(port: int, path: str, bodies: list[bytes], stop: float,
                  latencies: list[float], errors: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    i = 0
    try:
        while time.monotonic() < stop:
            body = bodies[i % len(bodies)]
            i += 1
            head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n").encode()
            t = time.perf_counter()
            writer.write(head + body)
            await writer.drain()
            status_line = await reader.readline()
            length = 0
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - t)
            status = int(status_line.split()[1]) if status_line else 0
            if not (200 <= status < 500):
                errors.append(status)
    finally:
        writer.close()


def _run(workers: int, seconds: float, connections: int, kind: str) -> dict[str, float]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "suanfan", "serve", "--port", str(port),
                             "--workers", str(workers), "--max-concurrent", str(max(64, connections))],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.2)
        time.sleep(1.0)  # every worker up
        before = _rss_mb(proc.pid)
        path = "/api/mcr/score" if kind == "score" else "/api/analyze"
        bodies = _bodies(kind, 20000, 7 + workers)
        latencies: list[float] = []
        errors: list[int] = []

        async def main() -> None:
            stop = time.monotonic() + seconds
            share = len(bodies) // connections
            await asyncio.gather(*[
                _client(port, path, bodies[c * share:(c + 1) * share], stop, latencies, errors)
                for c in range(connections)])

        start = time.monotonic()
        asyncio.run(main())
        elapsed = time.monotonic() - start
        after = _rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    lat = sorted(latencies)
    return {
        "workers": workers, "requests": len(lat), "rps": len(lat) / elapsed,
        "p50_ms": 1000 * statistics.median(lat) if lat else 0.0,
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else 0.0,
        "errors": len(errors), "rss_before_mb": before, "rss_after_mb": after,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--path", choices=("score", "analyze"), default="score")
    args = ap.parse_args(argv)
    print(f"{os.cpu_count()} cores; {args.connections} keep-alive connections, {args.seconds:g} s each, "
          f"{args.path} requests")
    print(f"{'workers':>7} {'requests':>9} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} "
          f"{'RSS before':>10} {'RSS after':>9}")
    for w in args.workers:
        r = _run(w, args.seconds, args.connections, args.path)
        print(f"{w:>7} {r['requests']:>9} {r['rps']:>8.0f} {r['p50_ms']:>7.1f} {r['p99_ms']:>7.1f} "
              f"{r['errors']:>6} {r['rss_before_mb']:>8.0f} MB {r['rss_after_mb']:>6.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
