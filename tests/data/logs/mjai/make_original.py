"""Write the original-mjai logs of this folder (``PYTHONPATH=src python make_original.py`` from
the repository's root, or with suanfan installed).

The original mjai protocol is gimite/mjai's (the Ruby AI arena, before Mortal and mjai.app). No
whole game log of it was found under a licence that lets it be copied, so these logs are a real
Tenhou game (the vendored ``tenhou/logs/mjx/...2010091009gm-00a9-0000-83af2648&tw=2.mjlog``,
MIT) written in the shape gimite/mjai's own code writes, field by field and in its key order:

- ``original-archive.mjson``: the whole game as ``lib/mjai/tenhou_archive.rb`` (its Tenhou log
  converter) writes one: ``start_game`` with ``uri``; ``start_kyoku`` without ``kyotaku`` and
  without ``scores``; ``reach_accepted`` with ``deltas`` and ``scores``; ``hora`` with
  ``hora_tehais`` (the standing tiles without the winning tile), ``uradora_markers``, ``fu``,
  ``fan`` (100 for a yakuman), ``yakus`` (``[name, fan]``, Tenhou's yaku ids by its
  ``YAKU_ID_TO_NAME``, the zero-fan ones left out), ``hora_points``, ``deltas``, ``scores``;
  ``ryukyoku`` with ``reason``, ``tenpais``, ``tehais`` (``?`` for a hand not shown),
  ``deltas``, ``scores``; ``end_kyoku``; ``end_game`` with ``scores``.
- ``original-error.mjson``: its first rounds as ``lib/mjai/active_game.rb`` (the arena's game
  server) writes a game: ``start_game`` with ``names``; ``start_kyoku`` with ``kyotaku`` and
  without ``scores``; ``hora`` with ``hora_tehais`` (the player's standing tiles: with the drawn
  tile on a tsumo), ``yakus`` in ``hora.rb``'s order and with one ``sangenpai`` entry counting the
  dragon sets; the fourth round cut by the server's ``error`` event (a player's bad response),
  which ends the game (no ``end_kyoku``, no ``end_game``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from suanfan.logs import Round, mjai, read
from suanfan.logs.mjai import _pai

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[1] / "tenhou" / "logs" / "mjx" / \
    "tests_cpp_resources_mjlog_2010091009gm-00a9-0000-83af2648&tw=2.mjlog"
URI = "http://tenhou.net/0/?log=2010091009gm-00a9-0000-83af2648&tw=2"

#: tenhou_archive.rb YAKU_ID_TO_NAME: Tenhou's yaku ids in the original mjai's names
ARCHIVE_NAMES = [
    "menzenchin_tsumoho", "reach", "ippatsu", "chankan", "rinshankaiho", "haiteiraoyue",
    "hoteiraoyui", "pinfu", "tanyaochu", "ipeko", "jikaze", "jikaze", "jikaze", "jikaze",
    "bakaze", "bakaze", "bakaze", "bakaze", "sangenpai", "sangenpai", "sangenpai",
    "double_reach", "chitoitsu", "honchantaiyao", "ikkitsukan", "sanshokudojun", "sanshokudoko",
    "sankantsu", "toitoiho", "sananko", "shosangen", "honroto", "ryanpeko", "junchantaiyao",
    "honiso", "chiniso", "renho", "tenho", "chiho", "daisangen", "suanko", "suanko", "tsuiso",
    "ryuiso", "chinroto", "churenpoton", "churenpoton", "kokushimuso", "kokushimuso",
    "daisushi", "shosushi", "sukantsu", "dora", "uradora", "akadora",
]
#: the order in which hora.rb lists the yaku
HORA_ORDER = [
    "tenho", "chiho", "kokushimuso", "daisangen", "suanko", "tsuiso", "ryuiso", "chinroto",
    "daisushi", "shosushi", "sukantsu", "churenpoton", "dora", "uradora", "akadora", "reach",
    "ippatsu", "menzenchin_tsumoho", "tanyaochu", "pinfu", "ipeko", "sangenpai", "bakaze",
    "jikaze", "rinshankaiho", "chankan", "haiteiraoyue", "hoteiraoyui", "sanshokudojun",
    "ikkitsukan", "honchantaiyao", "chitoitsu", "toitoiho", "sananko", "honroto",
    "sanshokudoko", "sankantsu", "shosangen", "double_reach", "honiso", "junchantaiyao",
    "ryanpeko", "chiniso",
]
#: the server's message when a player's response is refused (game.rb validate_responses)
ERROR = ("Error in player 2's response: Cannot dahai this pai. The pai is not in the tehais, "
         "it's kuikae, or it causes noten reach. Response: "
         '{"type":"dahai","actor":2,"pai":"C","tsumogiri":false}')


def _hands(rnd: Round) -> list[list[list[int]]]:
    """Every seat's standing tiles after each event of the round."""
    hands = [list(h) for h in rnd.dealt]
    out = []
    for e in rnd.events:
        s = e.seat
        if e.kind == "draw" and s is not None and e.tile is not None:
            hands[s].append(e.tile)
        elif e.kind == "discard" and s is not None and e.tile is not None:
            hands[s].remove(e.tile)
        elif e.kind == "call" and s is not None and e.meld is not None:
            m = e.meld
            own = [m.added] if m.kind == "kakan" else [t for t in m.tiles if t != m.called]
            for t in own:
                if t is not None:
                    hands[s].remove(t)
        out.append([list(h) for h in hands])
    return out


def convert(shape: str, rounds: int | None = None, cut_at: int = 0) -> str:
    """The game in the ``shape`` "archive" or "server"; with ``rounds``, that many rounds, the
    last cut after its ``cut_at``-th event by the server's error."""
    game = read(SOURCE)
    aka = game.rules.aka
    lines = [json.loads(x) for x in mjai.dumps(game).splitlines()]
    out: list[dict[str, Any]] = []
    rnd_iter = iter(game.rounds)
    rnd: Round | None = None
    hands: list[list[list[int]]] = []
    events_seen = 0
    wins_seen = 0
    k = 0
    scores: list[int] = list(game.rounds[0].scores)
    for ev in lines:
        t = ev["type"]
        if t == "start_game":
            out.append({"type": "start_game", "uri": URI, "names": ev["names"]}
                       if shape == "archive" else {"type": "start_game", "names": ev["names"]})
            continue
        if t == "start_kyoku":
            rnd = next(rnd_iter)
            k += 1
            if rounds is not None and k > rounds:
                break
            hands = _hands(rnd)
            events_seen = 0
            wins_seen = 0
            head = {"type": "start_kyoku", "bakaze": ev["bakaze"], "kyoku": ev["kyoku"],
                    "honba": ev["honba"]}
            if shape == "server":
                head["kyotaku"] = ev["kyotaku"]
            head |= {"oya": ev["oya"], "dora_marker": ev["dora_marker"], "tehais": ev["tehais"]}
            out.append(head)
            continue
        assert rnd is not None
        if t in ("tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan",
                 "kakan", "ankan", "dora", "hora", "ryukyoku"):
            if rounds is not None and k == rounds and events_seen == cut_at:
                out.append({"type": "error", "message": ERROR})
                break
            events_seen += 1  # Round.events: the deal, then one a line (reach_accepted too)
        if t == "reach_accepted":
            scores = ev["scores"]
            out.append(ev)
        elif t == "hora":
            w = rnd.wins[wins_seen]
            wins_seen += 1
            standing = hands[events_seen][w.seat]
            if shape == "archive" and w.tsumo:
                standing = standing[:-1]
            rec = w.recorded
            if rec.yakuman:
                yakus = [[ARCHIVE_NAMES[i], 100] for i in rec.yakuman]
                fan = 100
            else:
                yakus = [[ARCHIVE_NAMES[i], h] for i, h in rec.yaku if h]
                fan = sum(h for _, h in rec.yaku)
            if shape == "server":  # hora.rb: its order, the dragon sets in one entry
                dragons = sum(h for n, h in yakus if n == "sangenpai")
                yakus = [y for y in yakus if y[0] != "sangenpai"]
                if dragons:
                    yakus.append(["sangenpai", dragons])
                yakus.sort(key=lambda y: HORA_ORDER.index(y[0]))
                fan = 100 * len(rec.yakuman) if rec.yakuman else fan
            scores = [a + b for a, b in zip(scores, ev["deltas"], strict=True)]
            body = {"type": "hora", "actor": ev["actor"], "target": ev["target"],
                    "pai": ev["pai"]}
            tehais = [_pai(x, aka) for x in sorted(standing)]
            if shape == "archive":
                body |= {"hora_tehais": tehais, "uradora_markers": ev["uradora_markers"],
                         "fu": rec.fu, "fan": fan, "yakus": yakus}
            else:
                body |= {"hora_tehais": tehais, "uradora_markers": ev["uradora_markers"],
                         "yakus": yakus, "fu": rec.fu, "fan": fan}
            body |= {"hora_points": rec.points, "deltas": ev["deltas"], "scores": scores}
            out.append(body)
        elif t == "ryukyoku":
            deltas = ev.get("deltas", [0] * game.players)
            final = hands[events_seen]
            tenpais = [d > 0 for d in deltas] if any(deltas) else [False] * game.players
            scores = [a + b for a, b in zip(scores, deltas, strict=True)]
            out.append({"type": "ryukyoku", "reason": ev.get("reason", "fanpai"),
                        "tenpais": tenpais,
                        "tehais": [[_pai(x, aka) for x in sorted(final[s])] if tenpais[s]
                                   else ["?"] * len(final[s]) for s in range(game.players)],
                        "deltas": deltas, "scores": scores})
        elif t == "end_game":
            out.append({"type": "end_game", "scores": scores})
        else:
            out.append(ev)
    return "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in out)


def main() -> None:
    (HERE / "original-archive.mjson").write_text(convert("archive"), encoding="utf-8")
    (HERE / "original-error.mjson").write_text(convert("server", rounds=4, cut_at=30),
                                               encoding="utf-8")


if __name__ == "__main__":
    main()
