"""The random valid-hand generator behind the differential tests covers every yaku and flag."""

from __future__ import annotations

import random
from collections import Counter

from suanfan.errors import NoYaku
from suanfan.riichi import PRESETS, YAKU, score
from suanfan.riichi.generate import random_case


def test_generator_is_valid_and_covers_every_yaku() -> None:
    rng = random.Random(5)
    rules = PRESETS["default"].replace(renhou="mangan")
    seen: Counter[str] = Counter()
    flags: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    for _ in range(20000):
        h, kw = random_case(rng, renhou=True)
        for k, v in kw.items():
            if v is True:
                flags[k] += 1
        shapes["open" if not h.is_closed else "closed"] += 1
        shapes["kong"] += h.kong_count > 0
        shapes["red"] += any(t >= 34 for t in h.all_tiles)
        try:
            r = score(h, rules=rules, **kw)  # never InvalidHand: the cases are legal
        except NoYaku:
            continue
        seen.update(y.id for y in r.yaku)
    missing = set(YAKU) - set(seen) - {"nagashi_mangan", "nuki_dora", "renhou_yakuman"}
    assert not missing
    for f in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
              "houtei", "tenhou", "chiihou", "renhou"):
        assert flags[f] > 20, f
    assert min(shapes.values()) > 1000
