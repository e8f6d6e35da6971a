"""Benchmark: parse fresh hand strings in every notation style, and compare with scoring them.

    python bench/bench_parse.py [N] [--seed S] [--repeat R] [--no-score]

Hands come from ``suanfan.mcr.generate.random_hand`` (every MCR form); a quarter of them get red
fives and flowers so that every part of the notation is read. Each set of N hands is written in
every style (MPSZ canonical, MPSZ with claim commas and a spaced winning tile, honour letters,
Unicode tiles, Botzone codes) and each string is parsed once: strings are never seen before in the
process, so no cache keyed by the string helps. CPU time, microseconds per string; with
``--repeat R`` (default 7) R fresh sets are timed and the median is printed per style.

The reader shares equal melds: a meld written in order without red fives from a fixed slot list
(``suanfan.notation._MELD_SLOTS``, by shape, first tile and claim digit), any other from a bounded
dict (``_MELD_TABLE``, keyed by its written tiles and claim digit); never by the hand string.
``--no-table`` empties the dict before every string, to show what it saves.

Unless ``--no-score``, ``mcr.score()`` (reading ``.total``) is timed on the same hands too and the
ratio parse / score printed (the bar of issue 12: at most 0.25). PyMahjongGB (C++), when installed,
is timed on the same hands too: the compiled MCR engine is to reach its speed, so parse /
PyMahjongGB is the ratio that the bar means for a compiled build.

To time a compiled build, run mypyc in a copy of ``src`` (never in the work tree) and put that copy
first on ``PYTHONPATH``::

    BUILD=$(mktemp -d) && cp -r src "$BUILD"/
    (cd "$BUILD"/src && mypyc suanfan/tiles.py suanfan/hand.py suanfan/notation.py \
        suanfan/errors.py)
    PYTHONPATH="$BUILD"/src python bench/bench_parse.py

Before each timed section the garbage collector is run once (``gc.collect()``), and it stays
on while timing: the garbage the benchmark's own set-up leaves (the hands it generates) is
then never billed to whichever engine runs next, while each engine pays for its own.

Parsing and scoring are timed alike: each result is dropped as the next one is made (the score's
``.total`` is read and the result freed), so both are billed for making and freeing what they
return and neither for holding it. Parsing is also timed with the set's hands kept in a list
(``parse mpsz, hands kept``): that adds the cost of fresh memory for every hand (about half as
much again on this machine), a cost of the caller's program that the score timing does not pay.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any


def _styles() -> dict[str, Callable[[Any], str]]:
    from suanfan.notation import format_hand, format_meld, format_tiles

    def spaced(h: Any) -> str:
        # MPSZ as people write it: claim commas, the winning tile apart, flowers in front
        parts = [format_meld(m) if m.claim_digit is None
                 else format_meld(m)[:-2] + "," + format_meld(m)[-2:] for m in h.melds]
        fl = "".join(str(f) for f in h.flowers) + "f " if h.flowers else ""
        w = " " + format_tiles((h.winning_tile,)) if h.winning_tile is not None else ""
        return fl + "".join(parts) + " " + format_tiles(h.concealed) + w

    out: dict[str, Callable[[Any], str]] = {
        "mpsz": str,
        "mpsz-spaced": spaced,
        "letters": lambda h: format_hand(h, "letters"),
        "unicode": lambda h: format_hand(h, "unicode"),
    }
    try:
        format_hand(_sample(), "botzone")
        out["botzone"] = lambda h: format_hand(h, "botzone")
    except ValueError:  # an old build without the Botzone output style
        pass
    return out


def _sample() -> Any:
    from suanfan.notation import parse_hand

    return parse_hand("123m456p789s11z555z")


def _redden(rng: random.Random, hand: Any) -> Any:
    """The hand with its fives red where the tile allows it, and some flowers (1 in 4 hands)."""
    from suanfan.hand import Hand, Meld
    from suanfan.tiles import KIND, RED_MAN

    if rng.random() >= 0.25:
        return hand

    def red(t: int) -> int:
        k = KIND[t]
        return RED_MAN + k // 9 if k < 27 and k % 9 == 4 else t

    melds = tuple(Meld(m.kind, (red(m.tiles[0]), *m.tiles[1:]), m.source, m.concealed, m.promoted)
                  for m in hand.melds)
    concealed = list(hand.concealed)
    for i, t in enumerate(concealed):
        if KIND[t] < 27 and KIND[t] % 9 == 4 and not any(c >= RED_MAN and KIND[c] == KIND[t]
                                                           for c in concealed):
            concealed[i] = red(t)
    flowers = tuple(sorted(rng.sample(range(1, 9), rng.randint(1, 4))))
    return Hand(melds, tuple(concealed), hand.winning_tile, flowers)


def _parse_each(parse: Callable[[str], object], texts: list[str]) -> None:
    """Parse every string, each hand dropped as the next is read (as the score timing does)."""
    for t in texts:
        parse(t)


def make_set(n: int, seed: int) -> list[Any]:
    from suanfan.mcr.generate import random_hand

    rng = random.Random(seed)
    return [(_redden(rng, h), s) for h, s in (random_hand(rng) for _ in range(n))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--no-score", action="store_true", help="do not time mcr.score()")
    ap.add_argument("--no-table", action="store_true",
                    help="empty the reader's meld dict before every string")
    args = ap.parse_args(argv)

    import suanfan.hand
    import suanfan.notation
    from suanfan.notation import parse_hand

    compiled = suanfan.notation.__file__.endswith((".so", ".pyd"))
    print(f"suanfan.notation from {suanfan.notation.__file__} "
          f"({'compiled' if compiled else 'pure Python'}); hand from {suanfan.hand.__file__}")
    styles = _styles()

    def timed(fn: Callable[[], object]) -> float:
        gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
        t = time.process_time()
        fn()
        return (time.process_time() - t) / args.n * 1e6

    # warm up on other hands
    for h, _s in make_set(2000, args.seed - 1):
        for f in styles.values():
            parse_hand(f(h))

    per_style: dict[str, list[float]] = {name: [] for name in styles}
    scores: list[float] = []
    peers: list[float] = []
    kept: list[float] = []  # parse mpsz with the hands kept in a list
    try:
        import MahjongGB

        from suanfan.mcr.generate import to_botzone

        calc: Callable[..., Any] | None = MahjongGB.MahjongFanCalculator
    except ImportError:
        calc = None
    score: Callable[..., Any] | None = None
    if not args.no_score:
        from suanfan.mcr import score as _score

        score = _score
    for rep in range(args.repeat):
        items = make_set(args.n, args.seed + 1000 * rep)
        for name, f in styles.items():
            texts = [f(h) for h, _s in items]
            # a different string per hand and style: nothing cached can answer
            table = getattr(suanfan.notation, "_MELD_TABLE", None)
            if args.no_table and table is not None:
                clear = table.clear
                us = timed(lambda texts=texts, clear=clear: [(clear(), parse_hand(t))
                                                             for t in texts])
            else:
                us = timed(lambda texts=texts: _parse_each(parse_hand, texts))
            per_style[name].append(us)
            if name == "mpsz":
                kept.append(timed(lambda texts=texts: [parse_hand(t) for t in texts]))
            lost = sum(1 for t, (h, _s) in zip(texts, items, strict=True) if parse_hand(t) != h)
            if lost and rep == 0:
                print(f"  {name}: {lost} of {args.n} strings do not read back as their hand")
        if score is not None:
            hands = [parse_hand(str(h)) for h, _s in items]
            # flowers written in the hand are not given again as a count
            sits = [{**s, "flowers": None} if h.flowers else s for h, s in items]
            scores.append(timed(lambda hands=hands, sits=sits, fn=score: [
                fn(h, **s).total for h, s in zip(hands, sits, strict=True)]))
        if calc is not None:
            bz = [to_botzone(h, {**s, "flowers": len(h.flowers)} if h.flowers else s)
                  for h, s in items]
            peers.append(timed(lambda bz=bz, fn=calc: [fn(**a) for a in bz]))
    print(f"{args.n} fresh strings per style and set, {args.repeat} sets; CPU us per string "
          "(median, min-max)")
    mpsz = statistics.median(per_style["mpsz"])
    for name, values in per_style.items():
        print(f"  parse {name:12s} {statistics.median(values):7.2f} us  "
              f"({min(values):.2f}-{max(values):.2f})")
    print(f"  parse mpsz, hands kept {statistics.median(kept):7.2f} us  "
          f"({min(kept):.2f}-{max(kept):.2f})")
    if scores:
        sc = statistics.median(scores)
        print(f"  mcr.score().total  {sc:7.2f} us  ({min(scores):.2f}-{max(scores):.2f})")
        print(f"  parse mpsz / score = {mpsz / sc:.3f} (bar: <= 0.25); with the hands kept "
              f"{statistics.median(kept) / sc:.3f}")
    if peers:
        pg = statistics.median(peers)
        print(f"  PyMahjongGB        {pg:7.2f} us  ({min(peers):.2f}-{max(peers):.2f})")
        print(f"  parse mpsz / PyMahjongGB = {mpsz / pg:.3f} (the compiled engine's target speed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
