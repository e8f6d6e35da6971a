"""Score fixed-seed random hands and write every result as one JSON line (for test_builds.py).

Run as ``python -I builds_worker.py OUT N [SRC]``: with ``SRC`` (the checkout's ``src``) first on
the path it scores with the pure sources, without it with the installed package. The first line
says which build ran and where ``suanfan.decompose`` came from. ``N`` hands of each system: MCR
(every form, every preset, random situations), riichi (every preset, random situations) and the
shanten of every fourth hand without its winning tile, in both systems, with its useful kinds
(and, closed MCR hands, the spare kinds of the whole hand).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

SEED = 20261201


def main() -> None:
    out_path, n = sys.argv[1], int(sys.argv[2])
    if len(sys.argv) > 3:
        sys.path.insert(0, sys.argv[3])
    import suanfan
    import suanfan.decompose
    from suanfan import Hand, MahjongError, mcr, riichi
    from suanfan.mcr.generate import FORMS, random_hand
    from suanfan.riichi.generate import random_case
    from suanfan.shanten import hand_counts, improving_kinds, mcr_spare_keys, shanten_by_form

    def kinds(hand: Hand, system: str) -> list[object]:
        # the useful kinds of the hand without its winning tile, and (closed) the spare kinds of
        # the whole hand, from the shanten tables
        counts, n_melds = hand_counts(waiting(hand))
        out: list[object] = [improving_kinds(counts, n_melds, counts, system)]
        if system == "mcr" and not hand.melds:
            full, _ = hand_counts(hand)
            k = [sum(full[9 * g + r] << (4 * r) for r in range(9 if g < 3 else 7)) for g in range(4)]
            out.append(mcr_spare_keys(k[0], k[1], k[2], k[3]))
        return out

    def record(f: Any, what: str, case: str, situation: dict[str, Any], thunk: Any) -> None:
        try:
            result = thunk()
            answer = result.to_dict() if hasattr(result, "to_dict") else result
        except MahjongError as exc:
            answer = {"error": type(exc).__name__, "message": str(exc)}
        line = [what, case, situation, answer]
        f.write(json.dumps(line, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")

    def waiting(hand: Hand) -> Hand:
        return Hand(hand.melds, hand.concealed, None)

    with open(out_path, "w", encoding="utf-8") as f:
        f.write(json.dumps([suanfan.BUILD, suanfan.decompose.__file__]) + "\n")
        rng = random.Random(SEED)
        mcr_presets = sorted(mcr.PRESETS)
        per_form = n // (2 * len(FORMS))
        for i in range(n):
            # half the hands spread evenly over the forms, half drawn with the generator's weights
            form = FORMS[i // per_form] if i < per_form * len(FORMS) else None
            hand, situation = random_hand(rng, form)
            rules = mcr_presets[i % len(mcr_presets)]
            record(f, f"mcr {rules}", str(hand), situation,
                   lambda: mcr.score(hand, rules=rules, **situation))  # noqa: B023
            if i % 4 == 0:
                record(f, "mcr shanten", str(waiting(hand)), {},
                       lambda: shanten_by_form(waiting(hand), "mcr"))  # noqa: B023
                record(f, "mcr kinds", str(hand), {}, lambda: kinds(hand, "mcr"))  # noqa: B023
        rng = random.Random(SEED + 1)
        riichi_presets = sorted(riichi.PRESETS)
        for i in range(n):
            rules = riichi_presets[i % len(riichi_presets)]
            red = riichi.PRESETS[rules].red_fives
            hand, situation = random_case(rng, red=red, renhou=riichi.PRESETS[rules].renhou != "off")
            record(f, f"riichi {rules}", str(hand), situation,
                   lambda: riichi.score(hand, rules=rules, **situation))  # noqa: B023
            if i % 4 == 0:
                record(f, "riichi shanten", str(waiting(hand)), {},
                       lambda: shanten_by_form(waiting(hand), "riichi"))  # noqa: B023
                record(f, "riichi kinds", str(hand), {},
                       lambda: kinds(hand, "riichi"))  # noqa: B023


if __name__ == "__main__":
    main()
