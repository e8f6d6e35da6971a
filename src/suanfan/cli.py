"""The ``suanfan`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence

from . import BUILD, __version__
from .errors import MahjongError
from .notation import format_hand, parse_hand
from .tiles import NUM_KINDS, tile_to_str

__all__ = ["add_aliases", "add_hand_argument", "build_parser", "count", "main", "register_command",
           "whole_number"]

# Other faces (mcr, riichi, analysis, web) register their sub-commands here. Each entry: a function
# that adds the sub-parser to the sub-parsers action.
_Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
_REGISTRARS: list[_Registrar] = []


def register_command(fn: _Registrar) -> _Registrar:
    """Decorator: add a sub-command to the ``suanfan`` command line."""
    _REGISTRARS.append(fn)
    return fn


def count(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word, singular for 1: ``count(1, "game")`` is "1 game", ``count(2, "game")``
    "2 games" (``words`` a plural other than word + "s")."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def whole_number(limit: int) -> Callable[[str], int]:
    """An argparse type: a whole number 1 to ``limit`` (a usage error otherwise)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = 0
        if not 1 <= n <= limit:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number 1-{limit}")
        return n

    return parse


def add_scheduler_argument(parser: argparse.ArgumentParser) -> None:
    """``--scheduler ADDRESS``: run the work on a Dask distributed cluster (the ``dask`` extra)."""
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="run on the workers of this Dask distributed scheduler "
                             "(tcp://host:8786; needs the dask extra; --jobs is then ignored). "
                             "The workers must import the same suanfan and see the same files")


def add_aliases(parser: argparse.ArgumentParser | argparse._ArgumentGroup, action: argparse.Action,
                *aliases: str) -> None:
    """Older spellings of an option (``--seat`` for ``--seat-wind`` …): still read, into the same
    destination, but not listed in ``--help``; each option has one name across the sub-commands."""
    for alias in aliases:
        if action.nargs == 0:  # a switch
            parser.add_argument(alias, dest=action.dest, action="store_const", const=action.const,
                                default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        elif callable(action.type):
            parser.add_argument(alias, dest=action.dest, type=action.type, default=argparse.SUPPRESS,
                                help=argparse.SUPPRESS)
        else:
            parser.add_argument(alias, dest=action.dest, default=argparse.SUPPRESS, help=argparse.SUPPRESS)


class _HandWords(argparse.Action):
    """The words of a hand joined by one space: ``suanfan mcr [111z1]1234556789m 5m`` reads the
    hand ``[111z1]1234556789m 5m`` as the quoted ``'[111z1]1234556789m 5m'`` would (the notation
    sets the winning tile and the flowers apart by spaces)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[object] | None, option_string: str | None = None) -> None:
        words = [values] if isinstance(values, str) else [str(v) for v in values or ()]
        setattr(namespace, self.dest, " ".join(words) if words else None)


def add_hand_argument(p: argparse.ArgumentParser, help: str, optional: bool = False) -> None:
    """The ``hand`` positional: one or more words (optional: none or more), joined by spaces, so
    that a hand with its winning tile or flowers set apart needs no quotes."""
    p.add_argument("hand", nargs="*" if optional else "+", action=_HandWords, metavar="HAND",
                   help=help + " (quotes optional: the words are joined by spaces)")


class _Formatter(argparse.HelpFormatter):
    """argparse counts the sub-commands' names at their parent's indent, not their own two more:
    a long name (``tournament``) pushed its help onto a second line."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if isinstance(action, argparse._SubParsersAction) and action.help is not argparse.SUPPRESS:
            names = [len(a.dest) for a in action._get_subactions()]
            if names:
                self._action_max_length = max(self._action_max_length,
                                              max(names) + self._current_indent + 2)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _cmd_parse(args: argparse.Namespace) -> int:
    hand = parse_hand(args.hand)
    counts = hand.counts
    if args.json:
        print(json.dumps({
            "hand": str(hand),
            "letters": format_hand(hand, "letters"),
            "unicode": format_hand(hand, "unicode"),
            "complete": hand.is_complete,
            "winning_tile": None if hand.winning_tile is None else tile_to_str(hand.winning_tile),
            "melds": [str(m) for m in hand.melds],
            "flowers": list(hand.flowers),
            "counts": {tile_to_str(k): counts[k] for k in range(NUM_KINDS) if counts[k]},
        }, ensure_ascii=False))
        return 0
    print(f"canonical: {hand}")
    print(f"letters:   {format_hand(hand, 'letters')}")
    print(f"unicode:   {format_hand(hand, 'unicode')}")
    state = "complete (14 tiles)" if hand.is_complete else "waiting (13 tiles)"
    print(f"state:     {state}")
    if hand.winning_tile is not None:
        print(f"winning:   {tile_to_str(hand.winning_tile)}")
    print("counts:    " + " ".join(
        f"{tile_to_str(k)}×{counts[k]}" for k in range(NUM_KINDS) if counts[k]
    ))
    if hand.flowers:
        print("flowers:   " + " ".join(f"{f}f" for f in hand.flowers))
    return 0


def _load_faces() -> None:
    # Sub-commands of the rule systems and faces; each is optional while the project grows.
    import importlib

    for name in ("mcr", "rules", "riichi", "analysis", "batch", "replay", "convert", "tournament", "stats",
                 "review", "web"):
        try:
            importlib.import_module(f"suanfan.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name is None or not exc.name.startswith("suanfan"):
                raise


def build_parser() -> argparse.ArgumentParser:
    _load_faces()
    parser = _Parser(
        prog="suanfan",
        description="suanfan 算番 — score mahjong hands exactly by the rules (MCR and riichi).",
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"suanfan {__version__} ({BUILD})")
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser
    )
    p = sub.add_parser("parse", help="a hand in every notation, with its tile counts")
    add_hand_argument(p, "the hand, e.g. '[567m2][999s3]11p345s78s 6s'")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_parse)
    for registrar in _REGISTRARS:
        registrar(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    try:
        return int(func(args))
    except MahjongError as exc:
        print(f"suanfan: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except KeyboardInterrupt:
        print("suanfan: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # a file or device the command was pointed at
        print(f"suanfan: error: {exc.strerror or exc}"
              + (f": {exc.filename}" if exc.filename else ""), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: one line (the traceback with SUANFAN_DEBUG=1), never a dump
        if os.environ.get("SUANFAN_DEBUG"):
            raise
        print(f"suanfan: internal error ({type(exc).__name__}: {exc}); please report the command "
              "(SUANFAN_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 70


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
