"""tenhou.net/6 logs from Tenhou's English client: the yaku are named in English.

A round of a log saved from Tenhou's English client, as a public repository quotes it, ends
``["和了", [-1300, 4900, -1300, -1300], [1, 1, 1, "20符3飜1300点∀", "Fully Concealed Hand(1飜)",
"Pinfu(1飜)", "Riichi(1飜)", "Ura Dora(0飜)"]]``; another ``[2, 2, 2, "30符2飜500-1000点",
"All Simples(1飜)", "Dora(1飜)"]``: the score string stays Japanese, the yaku names are English.
The tests put English names into the real Japanese log of ``tests/data/logs/tenhou6`` and read
both: the same wins, the same replay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import suanfan.logs
from suanfan.logs import tenhou6

LOG = Path(__file__).parent.parent / "data" / "logs" / "tenhou6" / \
    "2019021004gm-00a9-0000-e2f6516d.json"

#: the Japanese names of the fixture and English names Tenhou's English client writes (the
#: first five seen in its logs, the others the English names of the common rule books)
ENGLISH = {
    "立直": "Riichi", "門前清自摸和": "Fully Concealed Hand", "断幺九": "All Simples",
    "ドラ": "Dora", "裏ドラ": "Ura Dora", "平和": "Pinfu", "赤ドラ": "Red Five",
    "対々和": "All Triplets", "混一色": "Half Flush", "場風 東": "Prevalent Wind (East)",
    "場風 南": "Prevalent Wind (South)", "自風 西": "Seat Wind (West)",
    "役牌 發": "Green Dragon",
}


def _translated(names: dict[str, str]) -> dict[str, Any]:
    obj = json.loads(LOG.read_text(encoding="utf-8"))
    for rnd in obj["log"]:
        result = rnd[-1]
        for k in range(2, len(result), 2):
            info = result[k]
            for j in range(4, len(info)):
                name, _, han = info[j].partition("(")
                info[j] = f"{names.get(name, name)}({han}"
    return obj


def test_english_names_read_as_the_japanese_ones() -> None:
    japanese = suanfan.logs.read(LOG)
    english = tenhou6.parse(json.dumps(_translated(ENGLISH)), LOG.name)
    assert [w.recorded for w in english.wins] == [w.recorded for w in japanese.wins]
    assert [w.hand for w in english.wins] == [w.hand for w in japanese.wins]
    replayed = list(suanfan.logs.replay(english))
    assert len(replayed) == 9 and all(r.equal for r in replayed)
    # the English log's yaku are compared, not skipped
    assert all("yaku" in w.recorded.known for w in english.wins)


@pytest.mark.parametrize(("name", "tenhou_id"), [
    ("Fully Concealed Hand", 0), ("Riichi", 1), ("All Simples", 8), ("Dora", 52),
    ("Ura Dora", 53), ("Pinfu", 7), ("Seat Wind: East", 10), ("Round Wind South", 15),
    ("Yakuhai (White Dragon)", 18), ("Red Dragon", 20), ("Red Five", 54),
    ("Double Riichi", 21), ("Thirteen Orphans", 47), ("国士無双１３面", 48), ("ダブル立直", 21),
    ("抜きドラ", 52), ("mixed triple sequence", 25),
])
def test_yaku_names(name: str, tenhou_id: int) -> None:
    yaku, yakuman, unknown = tenhou6._parse_yaku([f"{name}(2飜)"], "yaku")
    assert (yaku, yakuman, unknown) == (((tenhou_id, 2),), (), ())


def test_yakuman_and_han_spellings() -> None:
    assert tenhou6._parse_yaku(["Big Three Dragons(役満)", "Riichi (1 han)"], "yaku") == \
        (((1, 1),), (39,), ())


def test_an_unknown_name_leaves_the_yaku_uncompared() -> None:
    """A name no table knows does not lose the round: the han of the score string, the
    points and the score changes are still compared; the yaku are not."""
    obj = _translated({"平和": "Some Local Yaku"})
    game = tenhou6.parse(json.dumps(obj), LOG.name)
    win = game.rounds[7].wins[0]  # 30符1飜1500点 平和
    assert "yaku" not in win.recorded.known and "han" in win.recorded.known
    assert win.recorded.han == 1
    replayed = list(suanfan.logs.replay(game))
    assert all(r.equal for r in replayed)
    assert replayed[6].recorded.to_dict().keys() == {"han", "fu", "points", "limit", "deltas"}


def test_a_yaku_string_without_han_is_an_error() -> None:
    obj = _translated({"立直": "Riichi"})
    obj["log"][1][-1][2][4] = "Riichi"
    with pytest.raises(suanfan.logs.LogError, match="'Riichi' is not a yaku with its han"):
        tenhou6.parse(json.dumps(obj), LOG.name)
