"""``suanfan serve``: the web calculator and HTTP API (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import socket
import sys
from typing import Final

from ..cli import register_command, whole_number

__all__ = ["serve", "site"]

_MISSING = "suanfan serve needs FastAPI and uvicorn: pip install 'suanfan[web]'"


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port 0-65535")
    return port


#: connections accept() may take in one go before the server can close any (uvicorn's default, 2048,
#: would open that many file descriptors in a burst); file descriptors kept for all but connections
_BACKLOG: Final = 64
_SPARE_FILES: Final = 4 * _BACKLOG + 64


def _open_file_limit(wanted: int) -> int:
    """The connections a worker can hold with the open-file limit (raised to its hard limit, for
    ``wanted`` connections and the spare): ``wanted`` or fewer."""
    if sys.platform == "win32":
        return wanted
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + _SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - _SPARE_FILES))


def _stopped(_signum: int, _frame: object) -> None:
    """The handler uvicorn hands a stop signal back to once it has shut down: nothing more to do."""


def serve(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        print(f"suanfan: error: {_MISSING}", file=sys.stderr)
        return 2
    import uvicorn

    from ..web.serving import GuardedH11Protocol, Limits

    max_connections = _open_file_limit(args.max_connections)
    if max_connections < args.max_connections:
        print(f"suanfan: note: the open-file limit (ulimit -n) allows {max_connections} connections "
              f"a worker, not {args.max_connections}", file=sys.stderr)
    limits = Limits(header_timeout=args.header_timeout, body_timeout=args.body_timeout,
                    max_per_client=args.max_per_client, max_connections=max_connections)
    # the worker processes import the app themselves: the per-process limits travel by environment
    os.environ["SUANFAN_MAX_CONCURRENT"] = str(args.max_concurrent)
    os.environ.update(limits.to_env())
    if args.site:
        if not os.path.isfile(os.path.join(args.site, "engine.json")):
            print(f"suanfan: error: --site {args.site}: not a folder written by `suanfan site`",
                  file=sys.stderr)
            return 2
        os.environ["SUANFAN_SITE"] = os.path.abspath(args.site)
    if args.tournament:
        from ..tournament import Tournament

        Tournament(args.tournament)  # a missing or foreign file: one line now, not at each request
        os.environ["SUANFAN_TOURNAMENT"] = os.path.abspath(args.tournament)
    try:
        # a port already in use, an address that does not exist: one line, no traceback
        with socket.create_server((args.host, args.port), reuse_port=False):
            pass
    except OSError as exc:
        print(f"suanfan: error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    pages = "; the tournament at /tournament" if args.tournament else ""
    print(f"suanfan: serving the calculator on http://{args.host}:{args.port}/ "
          f"(API docs at /docs{pages}; {args.workers} worker{'s' if args.workers > 1 else ''}; "
          f"Ctrl-C to stop)", file=sys.stderr)
    # uvicorn stops gracefully on SIGTERM / SIGINT, then raises the signal again for the handler
    # it found: a quiet one here, so that a stop is exit status 0 with no traceback
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _stopped)
    config = uvicorn.Config(
        "suanfan.web.app:app", host=args.host, port=args.port, workers=args.workers,
        log_level=args.log_level,
        # the connections (suanfan.web.serving: header and body times, connections per address
        # and in all; the requests at once are the Guard's), idle keep-alive, and the time an
        # in-flight request gets on SIGTERM before the worker stops anyway
        http=GuardedH11Protocol, loop="suanfan.web.serving:new_event_loop", backlog=_BACKLOG,
        limit_concurrency=None, timeout_keep_alive=args.keep_alive,
        timeout_graceful_shutdown=args.shutdown_timeout,
        server_header=False, date_header=True, h11_max_incomplete_event_size=16 * 1024,
    )
    server = uvicorn.Server(config)
    if args.workers == 1:
        server.run()
        return 0
    from uvicorn.supervisors import Multiprocess

    # uvicorn.run's own multi-worker start, its listening socket with TCP_NODELAY, which Linux
    # passes to every accepted connection: the workers' connections do not get it otherwise,
    # and each answer then waits for the client's delayed ACK (40 ms a request)
    sock = config.bind_socket()
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    Multiprocess(config, sockets=[sock]).run()
    return 0


@register_command
def _register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web calculator and the HTTP API (the web extra)",
        description="Serve the calculator page at / and the HTTP API under /api (docs at /docs). "
                    "Scoring is CPU work: give one worker per core (--workers). Each worker "
                    "closes a connection that has not sent its request headers within "
                    "--header-timeout seconds or its body within --body-timeout seconds, keeps "
                    "at most --max-per-client connections from one address and "
                    "--max-connections in all (past a limit the longest-idle connection is "
                    "closed to make room; when all are busy the new one gets 503), and serves "
                    "--max-concurrent requests at once. On the internet, put it behind a "
                    "reverse proxy that terminates TLS (docs/serving.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--workers", type=whole_number(256), default=1,
                   help="worker processes (default 1; one per core for the most requests/s)")
    p.add_argument("--max-concurrent", type=whole_number(100_000), default=64,
                   help="requests a worker serves at once; more get 503 + Retry-After (default 64)")
    p.add_argument("--max-connections", type=whole_number(100_000), default=512,
                   help="open connections a worker keeps; past it the longest-idle one is closed, "
                        "or the new one gets 503 when all are busy (default 512; at most the "
                        "open-file limit less 320)")
    p.add_argument("--max-per-client", type=whole_number(100_000), default=64,
                   help="open connections a worker keeps from one client address, alike "
                        "(default 64; behind a reverse proxy or a shared NAT raise it)")
    p.add_argument("--header-timeout", type=whole_number(3600), default=10,
                   help="seconds a connection has to send its request headers (default 10)")
    p.add_argument("--body-timeout", type=whole_number(3600), default=10,
                   help="seconds a request has to send its body once its headers are in "
                        "(default 10)")
    p.add_argument("--keep-alive", type=whole_number(3600), default=5,
                   help="seconds an idle keep-alive connection stays open (default 5)")
    p.add_argument("--shutdown-timeout", type=whole_number(3600), default=10,
                   help="seconds in-flight requests get on SIGTERM / Ctrl-C (default 10)")
    p.add_argument("--tournament", metavar="FILE",
                   help="serve this tournament's score sheets and standings at /tournament "
                        "(a file made by `suanfan tournament create`)")
    p.add_argument("--site", metavar="DIR",
                   help="serve this static site (written by `suanfan site`) at /: its page runs "
                        "the engine itself; the API stays (default: the page that asks the API)")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default warning)")
    p.set_defaults(func=serve)


_PYODIDE_ENV = "SUANFAN_PYODIDE"


def site(args: argparse.Namespace) -> int:
    from ..errors import MahjongError
    from ..web.site import build_site

    pyodide = args.pyodide or os.environ.get(_PYODIDE_ENV)
    if not pyodide:
        print(f"suanfan: error: site needs the Pyodide files: --pyodide DIR or ${_PYODIDE_ENV} "
              "(e.g. node_modules/pyodide after `npm install` in web/)", file=sys.stderr)
        return 2
    try:
        report = build_site(args.out_dir, pyodide, args.wheel)
    except (MahjongError, OSError) as exc:
        print(f"suanfan: error: {exc}", file=sys.stderr)
        return 2
    print(f"suanfan: wrote {len(report.files)} files, {report.total_bytes / 1e6:.1f} MB, to "
          f"{args.out_dir} (suanfan {report.version}, Pyodide {report.pyodide_version}, "
          f"{report.wheel}); serve it with any static server, e.g. "
          f"python -m http.server -d {args.out_dir}", file=sys.stderr)
    return 0


@register_command
def _register_site(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "site",
        help="write the calculator as a static site that works offline",
        description="Write OUT_DIR: the calculator page, which runs suanfan itself under Pyodide "
                    "in a Web Worker, the Pyodide runtime files, suanfan's pure wheel, icons, a "
                    "web app manifest and a service worker that precaches it all. Any static "
                    "file server can host it. Nothing is downloaded: the Pyodide files come from "
                    f"--pyodide or ${_PYODIDE_ENV} (docs/web-offline.md).",
    )
    p.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write (created)")
    p.add_argument("--pyodide", metavar="DIR",
                   help=f"a Pyodide distribution, e.g. node_modules/pyodide (default ${_PYODIDE_ENV})")
    p.add_argument("--wheel", metavar="FILE",
                   help="suanfan's pure wheel (SUANFAN_PURE=1 pip wheel --no-deps . -w DIR); "
                        "default: one made from the installed package's sources")
    p.set_defaults(func=site)
