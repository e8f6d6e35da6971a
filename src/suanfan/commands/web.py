"""``suanfan serve``: the web calculator and HTTP API (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from ..cli import register_command

__all__ = ["serve"]

_MISSING = "suanfan serve needs FastAPI and uvicorn: pip install 'suanfan[web]'"


def serve(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        print(f"suanfan: error: {_MISSING}", file=sys.stderr)
        return 2
    import uvicorn

    from ..web.app import app

    print(f"suanfan: serving the calculator on http://{args.host}:{args.port}/ "
          f"(API docs at /docs; Ctrl-C to stop)", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


@register_command
def _register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web calculator and the HTTP API (needs: pip install 'suanfan[web]')",
        description="Serve the calculator page at / and the HTTP API under /api (docs at /docs).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default warning)")
    p.set_defaults(func=serve)
