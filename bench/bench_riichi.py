"""Score the same random hands with suanfan, riichienv (Rust) and `mahjong`; print the ratios.

    python bench/bench_riichi.py [N] [SEED] [REPEATS]

Every repeat scores a FRESH batch of ``N`` random hands, never scored before in this process, so
no per-hand cache can help any library (only structural caches, such as suanfan's per-suit
decompositions, which a long-running process fills once). Every library gets its input prepared
beforehand (suanfan: a parsed ``Hand`` and keyword arguments; riichienv: 136-format tiles, its
``Meld`` and ``Conditions`` objects; mahjong: 136-format tiles, Meld objects and a HandConfig), so
only scoring is timed; all score the same batch, taking turns every 500 hands, the order rotating
chunk by chunk (interleaved: all see the same load on a busy machine). Two more lines time
suanfan on other fresh batches: from the hand *string* (parsing included), and called as
``score(h, rules=rules, **kw)``, as earlier sessions timed it: the interpreter then merges the two
into a new dict at every call, a cost of the calling loop billed to suanfan alone (the other
lines call ``score(h, **kw)`` with ``kw`` holding the rules, made before timing as the peers'
arguments are, the way ``bench_mcr.py`` calls both engines).

CPU time of this process (time.process_time). Printed: the build of suanfan that ran (compiled
or pure), each library's median time per hand, and the median ratio over the repeats (the peer's
time over suanfan's: above 1 suanfan is faster) with its range. Run it on each build, e.g. the
pure one with ``PYTHONPATH=src`` and a compiled copy made as ``bench_parse.py`` shows with
``PYTHONPATH="$BUILD"/src``.

Before each timed section the garbage collector is run once (``gc.collect()``), and it stays
on while timing: the garbage the benchmark's own set-up leaves (the hands it generates) is
then never billed to whichever engine runs next, while each engine pays for its own.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator
from tests.riichi import oracle

from suanfan.errors import NoYaku
from suanfan.hand import Hand, MeldKind
from suanfan.notation import parse_tiles
from suanfan.riichi import PRESETS, score
from suanfan.riichi.generate import random_case
from suanfan.tiles import KIND, RED_MAN

try:
    from riichienv import _riichienv as renv
except ImportError:  # pragma: no cover - a dev dependency
    renv = None

Cases = list[tuple[Hand, dict[str, Any]]]
CHUNK = 500
_WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}


def _136(tiles: list[int], used: list[int]) -> list[int]:
    """136-format ids (red fives are copy 0 of their five), distinct within one hand."""
    out = []
    for t in tiles:
        k = KIND[t]
        if t >= RED_MAN:
            out.append(k * 4)
            continue
        i = 1 + used[k] if k < 27 and k % 9 == 4 else used[k]
        used[k] += 1
        out.append(k * 4 + i)
    return out


def riichienv_call(hand: Hand, kw: dict[str, Any]) -> tuple[Any, ...]:
    """The arguments of riichienv's ``HandEvaluator(tiles, melds).calc(win, dora, ura, cond)``."""
    assert renv is not None
    used = [0] * 34
    melds = []
    tiles: list[int] = []
    for m in hand.melds:
        mt = _136(list(m.tiles), used)
        if m.kind is MeldKind.CHOW:
            mtype, opened = renv.MeldType.Chi, True
        elif m.kind is MeldKind.PUNG:
            mtype, opened = renv.MeldType.Pon, True
        elif m.concealed:
            mtype, opened = renv.MeldType.Ankan, False
        elif m.promoted:
            mtype, opened = renv.MeldType.Kakan, True
        else:
            mtype, opened = renv.MeldType.Daiminkan, True
        melds.append(renv.Meld(mtype, mt, opened))
    tiles += _136(list(hand.concealed), used)
    assert hand.winning_tile is not None
    win = _136([hand.winning_tile], used)[0]
    tiles.append(win)
    tiles.sort()
    riichi = bool(kw.get("riichi") or kw.get("double_riichi"))
    dora = [KIND[t] * 4 for t in parse_tiles(kw.get("dora_indicators", "") or "")]
    ura = [KIND[t] * 4 for t in parse_tiles(kw.get("ura_dora_indicators", "") or "")] if riichi else []
    winds = (renv.Wind.East, renv.Wind.South, renv.Wind.West, renv.Wind.North)
    cond = renv.Conditions(
        tsumo=bool(kw.get("tsumo")), riichi=riichi, double_riichi=bool(kw.get("double_riichi")),
        ippatsu=bool(kw.get("ippatsu")), haitei=bool(kw.get("haitei")),
        houtei=bool(kw.get("houtei")), rinshan=bool(kw.get("rinshan")),
        chankan=bool(kw.get("chankan")),
        tsumo_first_turn=bool(kw.get("tenhou") or kw.get("chiihou")),
        player_wind=winds[_WIND_INDEX[kw.get("seat_wind", "E")]],
        round_wind=winds[_WIND_INDEX[kw.get("round_wind", "E")]],
        riichi_sticks=kw.get("riichi_sticks", 0), honba=kw.get("honba", 0),
    )
    return (tiles, melds, win, dora, ura, cond)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    rules = PRESETS["default"]
    rng = random.Random(seed)
    real = HandCalculator.estimate_hand_value

    def batch() -> tuple[Cases, list[Any], list[Any], list[tuple[str, dict[str, Any]]], Cases]:
        """A fresh batch: suanfan's cases (each with its keyword arguments, the rules included),
        the peers' prepared calls for the same hands, another batch of hand strings, and another
        of cases without the rules in their keyword arguments (the merged call)."""
        cases = [random_case(rng) for _ in range(n)]
        texts = [(str(h), {**kw, "rules": rules}) for h, kw in (random_case(rng) for _ in range(n))]
        merged = [random_case(rng) for _ in range(n)]
        calls: list[tuple[Any, ...]] = []

        def capture(*args: Any, **kwargs: Any) -> Any:
            calls.append((args, kwargs))
            return None

        HandCalculator.estimate_hand_value = capture  # type: ignore[method-assign]
        try:
            for h, kw in cases:
                oracle.call(h, kw, rules)
        finally:
            HandCalculator.estimate_hand_value = real  # type: ignore[method-assign]
        rcalls = [riichienv_call(h, kw) for h, kw in cases] if renv is not None else []
        return [(h, {**kw, "rules": rules}) for h, kw in cases], calls, rcalls, texts, merged

    def run_ours(cases: list[Any]) -> float:
        gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
        t = time.process_time()
        for h, kw in cases:
            try:  # noqa: SIM105  (a with-statement costs more in this timed loop)
                score(h, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_merged(cases: list[Any]) -> float:
        gc.collect()
        t = time.process_time()
        for h, kw in cases:
            try:  # noqa: SIM105
                score(h, rules=rules, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_mahjong(calls: list[Any]) -> float:
        gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
        t = time.process_time()
        for args, kwargs in calls:
            real(*args, **kwargs)
        return time.process_time() - t

    def run_riichienv(calls: list[Any]) -> float:
        assert renv is not None
        evaluator = renv.HandEvaluator
        gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
        t = time.process_time()
        for tiles, melds, win, dora, ura, cond in calls:
            evaluator(tiles, melds).calc(win, dora, ura, cond)
        return time.process_time() - t

    names = ["suanfan", "mahjong", "suanfan_text", "suanfan_merged"] + (
        ["riichienv"] if renv is not None else [])
    runners: dict[str, Callable[[list[Any]], float]] = {
        "suanfan": run_ours, "mahjong": run_mahjong, "suanfan_text": run_ours,
        "suanfan_merged": run_merged, "riichienv": run_riichienv,
    }
    # warm-up batch (imports, structural caches of all), not counted
    cases, calls, rcalls, texts, merged = batch()
    inputs = {"suanfan": cases, "mahjong": calls, "suanfan_text": texts, "suanfan_merged": merged,
              "riichienv": rcalls}
    for name in names:
        runners[name](inputs[name])
    times: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(repeats):
        cases, calls, rcalls, texts, merged = batch()
        inputs = {"suanfan": cases, "mahjong": calls, "suanfan_text": texts, "suanfan_merged": merged,
                  "riichienv": rcalls}
        total = dict.fromkeys(names, 0.0)
        for i, j in enumerate(range(0, n, CHUNK)):
            order = names[i % len(names):] + names[:i % len(names)]
            for name in order:
                total[name] += runners[name](inputs[name][j:j + CHUNK])
        for name in names:
            times[name].append(total[name])
    us = 1e6 / n
    engine = sys.modules[score.__module__]
    build = "pure" if str(engine.__file__).endswith(".py") else "compiled"
    print(f"suanfan build: {build} ({engine.__file__})")
    print(f"{n} fresh hands x {repeats} repeats (seed {seed}); median time per hand; "
          "ratio = peer time / suanfan time, median [range]")
    for name in names:
        print(f"  {name:14s} {statistics.median(times[name]) * us:8.2f} us/hand")

    def ratio(peer: str, ours: str) -> str:
        rs = [p / o for p, o in zip(times[peer], times[ours], strict=True)]
        return f"{statistics.median(rs):6.2f}x [{min(rs):.2f}-{max(rs):.2f}]"

    for ours, label in (("suanfan", "parsed Hand"), ("suanfan_text", "hand string"),
                        ("suanfan_merged", "rules= merged")):
        line = f"  suanfan ({label:13s}) vs mahjong {ratio('mahjong', ours)}"
        if renv is not None:
            line += f"   vs riichienv {ratio('riichienv', ours)}"
        print(line)


if __name__ == "__main__":
    main()
