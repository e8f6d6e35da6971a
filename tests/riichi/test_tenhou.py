"""Replay every real Tenhou win of shared/data/tenhou/wins.jsonl (474 wins) with the ``tenhou``
preset (plus the table's aka/kuitan flags, sanma, and kiriage for the two special-lobby logs) and
compare han, fu, points and the score changes with what Tenhou recorded.

Tenhou records han 13 per yakuman and the fu it computed; for yakuman hands we compare the
multiplier × 13 and skip fu (suanfan reports fu 0 for a hand scored only by yakuman).
Pao (liability, a payment rule outside hand scoring) is applied here from the recorded pao seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from suanfan.hand import Hand, Meld, MeldKind
from suanfan.notation import parse_tile
from suanfan.riichi import PRESETS, Result, score

# The repository's copy of shared/data/tenhou/wins.jsonl (see tests/data/tenhou/README.md).
DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "wins.jsonl"

WINS: list[dict[str, Any]] = [
    json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
]
KIRIAGE_LOGS = ("chip.xml_", "ratio1.xml_")


def _first_of_multiple_ron() -> set[int]:
    """Indexes of wins that share their round with an earlier-placed winner of a double ron:
    honba and riichi sticks go only to the winner first in turn order after the discarder."""
    rounds: dict[tuple[str, str], list[int]] = {}
    for i, w in enumerate(WINS):
        rounds.setdefault((w["source_file"], w["round_seed"]), []).append(i)
    later: set[int] = set()
    for idx in rounds.values():
        if len(idx) < 2:
            continue
        n = 3 if WINS[idx[0]]["rules"]["sanma"] else 4
        order = sorted(idx, key=lambda i: (WINS[i]["winner"] - WINS[i]["from"]) % n)
        later.update(order[1:])
    return later


LATER_RON = _first_of_multiple_ron()


def _source(winner: int, frm: int, n: int) -> int:
    # claim digit: 1 left (上家), 2 opposite, 3 right
    rel = (frm - winner) % n
    return {n - 1: 1, 2: 2, 1: 3}.get(rel, 1) if n == 4 else (1 if rel == 2 else 3)


def to_case(w: dict[str, Any], later_ron: bool = False) -> tuple[Hand, dict[str, Any], int]:
    melds: list[Meld] = []
    nuki = 0
    n = 3 if w["rules"]["sanma"] else 4
    for m in w["melds"]:
        tiles = tuple(parse_tile(t) for t in m["tiles"])
        typ = m["type"]
        if typ == "nuki":
            nuki += 1
            continue
        src = _source(w["winner"], m["from"], n) if m.get("from") is not None else None
        if typ == "chi":
            melds.append(Meld(MeldKind.CHOW, tiles, None))
        elif typ == "pon":
            melds.append(Meld(MeldKind.PUNG, tiles, src))
        elif typ == "minkan":
            melds.append(Meld(MeldKind.KONG, tiles, src))
        elif typ == "ankan":
            melds.append(Meld(MeldKind.KONG, tiles, None, concealed=True))
        elif typ == "kakan":
            melds.append(Meld(MeldKind.KONG, tiles, src, promoted=True))
        else:  # pragma: no cover
            raise AssertionError(typ)
    hand = Hand(tuple(melds), tuple(parse_tile(t) for t in w["concealed"]), parse_tile(w["win_tile"]))
    kw: dict[str, Any] = {
        "tsumo": w["tsumo"],
        "seat_wind": w["seat_wind"], "round_wind": w["round_wind"],
        "dora_indicators": w["dora_indicators"], "ura_dora_indicators": w["ura_indicators"],
        "honba": 0 if later_ron else w["honba"],
        "riichi_sticks": 0 if later_ron else w["riichi_sticks"],
    }
    for f in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
              "tenhou", "chiihou"):
        if w[f]:
            kw[f] = True
    return hand, kw, nuki


def rules_of(w: dict[str, Any]) -> Any:
    r = w["rules"]
    return PRESETS["tenhou"].replace(
        name="tenhou", red_fives=r["aka"], open_tanyao=r["kuitan"], sanma=r["sanma"],
        kiriage=w["log"] in KIRIAGE_LOGS,
        # the "ratio" special lobby pays 1500 a honba (its 1-honba ron: 8000 + 1500 = 9500)
        honba_points=1500 if w["log"] == "ratio1.xml_" else 300,
    )


def deltas(res: Result, w: dict[str, Any]) -> list[int]:
    n = 3 if w["rules"]["sanma"] else 4
    out = [0, 0, 0, 0]
    p = res.payment
    winner, frm, dealer = w["winner"], w["from"], w["dealer"]
    pao = w["recorded"]["pao"]
    out[winner] += p.total
    if pao is not None and pao != winner:
        if w["tsumo"]:
            out[pao] -= p.value + p.honba
        elif pao == frm:
            out[frm] -= p.ron
        else:
            out[pao] -= p.value // 2
            out[frm] -= p.value // 2 + p.honba
        return out
    if not w["tsumo"]:
        out[frm] -= p.ron
    else:
        for s in range(n):
            if s != winner:
                out[s] -= p.dealer if s == dealer else p.non_dealer
    return out


@pytest.mark.parametrize("i", range(len(WINS)))
def test_tenhou_win(i: int) -> None:
    w = WINS[i]
    hand, kw, nuki = to_case(w, i in LATER_RON)
    res = score(hand, rules=rules_of(w), nuki=nuki, **kw)
    rec = w["recorded"]
    got = {"han": res.han, "fu": res.fu if not res.yakuman else rec["fu"],
           "points": res.payment.value, "deltas": deltas(res, w)}
    want = {"han": rec["han"], "fu": rec["fu"], "points": rec["points"],
            # the chip lobbies (chip.xml_, ratio1.xml_) append 4 chip changes: points come first
            "deltas": rec["score_deltas"][:4]}
    assert got == want, (w["source_file"], str(hand), kw, [y.id for y in res.yaku], rec["yaku"],
                         rec["yakuman"])


def test_tenhou_data_has_all_wins() -> None:
    assert len(WINS) == 474
