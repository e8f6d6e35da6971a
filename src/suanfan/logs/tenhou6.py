"""tenhou.net/6 JSON: read a game log into the records of :mod:`suanfan.logs.tenhou`, and write one.

The format (what Tenhou's viewer tenhou.net/6 shows and the review tools exchange) is one JSON
object: ``name`` (the players), ``rule`` (``disp`` the lobby as Tenhou writes it, such as
"鳳南喰赤", and ``aka`` or ``aka51`` ``aka52`` ``aka53`` for the red fives), ``log`` a list of
rounds, and more that is not read (``ver``, ``ref``, ``dan``, ``rate``, ``sx``, ``sc``). A round is
a list: ``[kyoku, honba, sticks]`` (kyoku 0-15: East 1 to North 4), the scores at the start, the
dora indicators, the ura dora indicators, then for each seat its dealt tiles, its takes (draws,
and calls as strings) and its outs (discards and kongs), then the result.

Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East South West North White Green
Red, 51 52 53 the red fives. A take is a drawn tile or a call: ``"c275226"`` a chi (the letter
before the claimed tile, then the two tiles of the hand), ``"p151515"`` ``"15p1515"`` ``"1515p15"``
a pon of the previous seat's, the opposite seat's or the next seat's discard (the letter's place
says which), ``"m39393939"`` ``"39m393939"`` ``"393939m39"`` an open kong likewise. An out is a
discard, 60 for the drawn tile discarded, ``"r15"`` (``"r60"``) a riichi discard, ``"272727a27"``
a closed kong, ``"3737k3737"`` an added kong (the pon's string with ``k`` and the added tile in
the place of ``p``), ``"f44"`` a North set aside (three players), and 0 after an open kong (which
needs no discard). The result is ``["和了", deltas, [who, from, liable, "30符1飜1000点",
"立直(1飜)", ...], ...]`` (one pair per winner; ``from`` is ``who`` on a tsumo, ``liable`` too when
nobody is) or ``["流局", deltas]`` and the other draws (九種九牌 四家立直 三家和了 四槓散了
四風連打 流し満貫 全員聴牌 全員不聴). The yaku may be named in Japanese (Tenhou's own names and
the variants other tools write) or in English, as Tenhou's English client writes them
("Fully Concealed Hand(1飜)", "All Simples(1飜)", "Ura Dora(0飜)"), or romanised ("Tanyao"); a
name no table here knows leaves that win's yaku uncompared (the han of the score string, the
points and the score changes still are).

Each seat's takes and outs are in its own order; the reader merges them into one event stream
the way the table plays (a discard is claimed by the seat whose next take is a call on it, else
the next seat draws; when a call could go to two discards the order that uses every take and out
is found), hands out tile numbers (:mod:`._tiles`) and feeds the events to the mjlog reader's
table, so every check and every inferred situation flag is the same as for an mjlog. Kong dora
are turned as Tenhou does: at once for a closed kong, after the replacement draw for the others
(at the discard, or at the player's next kong if nobody robs it: a kong robbed right after
another one leaves the first one's indicator unturned).

What the format does not say is not in the records: which copy of a kind a tile is (the tile
numbers are handed out), the fu of a limit hand (:attr:`Recorded.known` lacks ``fu``), the
chips of a chip lobby and Tenhou's special lobby bits. :func:`dumps` writes a game back.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from typing import Any, Final

from ..game import (
    CallMeld,
    Deal,
    DeclareWin,
    Discard,
    DoraRevealed,
    Draw,
    DrawGame,
    Game,
    GameBuilder,
    LogError,
    Players,
    Recorded,
    Riichi,
    Round,
    StartGame,
    TableRules,
    Win,
)
from ._tiles import RED_COPIES, Copies, TileFault
from .mjlog import DISCARD_TAGS, DRAW_TAGS, EventFeeder, encode_meld
from .tenhou import MAX_BYTES, read_bytes

__all__ = ["DRAW_NAMES", "YAKU_NAMES", "dumps", "parse", "read"]

#: Tenhou's yaku names in tenhou.net/6 logs, by Tenhou yaku id (0-54)
YAKU_NAMES: Final = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
    "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色",
    "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ",
    "裏ドラ", "赤ドラ",
)
#: other names of Tenhou's yaku, by Tenhou yaku id: the names of Tenhou's English client
#: ("Fully Concealed Hand(1飜)", "All Simples(1飜)", "Riichi(1飜)", "Dora(1飜)", "Ura Dora(0飜)" as
#: its tenhou.net/6 logs write them), the English names of the common rule books and the
#: romanised Japanese ones, and the Japanese variants other tools write. They are matched
#: through :func:`_name_key` (case, spaces and punctuation aside, full-width digits as ASCII).
_YAKU_ALIASES: Final[tuple[tuple[int, tuple[str, ...]], ...]] = (
    (0, ("Fully Concealed Hand", "Menzen Tsumo", "Menzenchin Tsumohou", "Tsumo",
         "Self-drawn Win", "Concealed Self-draw", "門前清自摸", "ツモ")),
    (1, ("Riichi", "Reach", "リーチ")),
    (2, ("Ippatsu", "One Shot")),
    (3, ("Robbing a Kan", "Robbing the Kan", "Robbing a Kong", "Robbing the Kong", "Chankan",
         "搶槓")),
    (4, ("After a Kan", "After a Kong", "Dead Wall Draw", "Rinshan Kaihou",
         "Rinshan", "嶺上")),
    (5, ("Under the Sea", "Haitei", "Haitei Raoyue", "Last Tile Draw", "海底撈月", "海底")),
    (6, ("Under the River", "Houtei", "Houtei Raoyui", "Last Tile Claim", "河底")),
    (7, ("Pinfu", "No-points Hand", "All Sequences")),
    (8, ("All Simples", "Tanyao", "Tanyaochuu", "Tanyao Chuu", "断么九", "タンヤオ")),
    (9, ("Pure Double Sequence", "Iipeikou", "Iipeiko", "一杯口")),
    (21, ("Double Riichi", "Daburu Riichi", "Double Reach", "ダブル立直", "ダブルリーチ")),
    (22, ("Seven Pairs", "Chiitoitsu", "Chiitoi", "七対")),
    (23, ("Half Outside Hand", "Chanta", "Chantaiyao", "Honchantaiyaochuu",
          "Mixed Outside Hand", "Outside Hand", "混全帯么九", "チャンタ")),
    (24, ("Pure Straight", "Ittsu", "Ikkitsuukan", "Ikki Tsuukan", "Full Straight", "一通")),
    (25, ("Mixed Triple Sequence", "Sanshoku", "Sanshoku Doujun", "Three Colour Straight",
          "Three Color Straight", "三色")),
    (26, ("Triple Triplets", "Sanshoku Doukou", "Three Colour Triplets",
          "Three Color Triplets")),
    (27, ("Three Quads", "Sankantsu", "Three Kans", "Three Kongs")),
    (28, ("All Triplets", "Toitoi", "Toitoihou", "All Pungs", "対対和", "トイトイ")),
    (29, ("Three Concealed Triplets", "Sanankou", "Three Concealed Pungs")),
    (30, ("Little Three Dragons", "Shousangen", "Small Three Dragons")),
    (31, ("All Terminals and Honors", "All Terminals and Honours", "Honroutou", "Honroto")),
    (32, ("Twice Pure Double Sequence", "Ryanpeikou", "Ryanpeiko", "Two Pure Double Sequences",
          "二杯口")),
    (33, ("Fully Outside Hand", "Junchan", "Junchantaiyao", "Junchan Taiyao",
          "Pure Outside Hand", "純全帯么九")),
    (34, ("Half Flush", "Honitsu", "Honiisou")),
    (35, ("Full Flush", "Chinitsu", "Chiniisou")),
    (36, ("Blessing of Man", "Renhou", "Hand of Man")),
    (37, ("Blessing of Heaven", "Tenhou", "Heavenly Hand")),
    (38, ("Blessing of Earth", "Chiihou", "Earthly Hand")),
    (39, ("Big Three Dragons", "Daisangen")),
    (40, ("Four Concealed Triplets", "Suuankou", "Suu Ankou", "Four Concealed Pungs")),
    (41, ("Single-wait Four Concealed Triplets", "Four Concealed Triplets Single Wait",
          "Four Concealed Triplets (Single Wait)", "Suuankou Tanki", "Suu Ankou Tanki")),
    (42, ("All Honors", "All Honours", "Tsuuiisou", "Tsuu Iisou")),
    (43, ("All Green", "Ryuuiisou")),
    (44, ("All Terminals", "Chinroutou", "Chinroto")),
    (45, ("Nine Gates", "Chuuren Poutou", "Chuurenpoutou", "九蓮宝灯")),
    (46, ("True Nine Gates", "Pure Nine Gates", "Nine Gates (9-sided Wait)",
          "Nine-sided Nine Gates", "Junsei Chuuren Poutou", "純正九蓮宝灯")),
    (47, ("Thirteen Orphans", "Kokushi Musou", "Kokushi")),
    (48, ("13-wait Thirteen Orphans", "Thirteen-wait Thirteen Orphans",
          "Thirteen Orphans (13-sided Wait)", "Thirteen Orphans 13-sided Wait",
          "Kokushi Musou Juusanmen", "Kokushi Musou 13-sided Wait", "国士無双十三面")),
    (49, ("Big Four Winds", "Daisuushii", "Daisuushi", "Dai Suushii")),
    (50, ("Little Four Winds", "Shousuushii", "Shousuushi", "Small Four Winds")),
    (51, ("Four Quads", "Suukantsu", "Four Kans", "Four Kongs")),
    # North tiles set aside are dora at Tenhou (its mjlogs count them with id 52)
    (52, ("Dora", "Nuki Dora", "Kita", "North Dora", "抜きドラ", "北抜き", "抜きドラ北")),
    (53, ("Ura Dora", "Uradora", "Underneath Dora")),
    (54, ("Red Five", "Red Fives", "Red Dora", "Aka Dora", "Akadora", "赤")),
)
_WIND_WORDS: Final = (("East", "Ton", "東"), ("South", "Nan", "南"), ("West", "Shaa", "Sha", "西"),
                      ("North", "Pei", "Pe", "北"))
_SEAT_WIND_WORDS: Final = ("Seat Wind", "Own Wind", "Jikaze", "Jifuu", "Yakuhai Seat Wind",
                           "Yakuhai Jikaze", "自風", "役牌 自風", "自風牌")
_ROUND_WIND_WORDS: Final = ("Prevalent Wind", "Round Wind", "Prevailing Wind", "Bakaze",
                            "Bafuu", "Yakuhai Round Wind", "Yakuhai Bakaze", "場風", "役牌 場風",
                            "場風牌")
_DRAGON_WORDS: Final = (("White Dragon", "White", "Haku", "白"), ("Green Dragon", "Green", "Hatsu",
                                                                  "發", "発"),
                        ("Red Dragon", "Red", "Chun", "中"))


def _name_key(name: str) -> str:
    """A yaku name as it is looked up: NFKC (full-width digits as ASCII), lower case, without
    spaces and punctuation."""
    return "".join(c for c in unicodedata.normalize("NFKC", name).lower() if c.isalnum())


def _yaku_ids() -> dict[str, int]:
    ids: dict[str, int] = {}
    for i, name in enumerate(YAKU_NAMES):
        ids[_name_key(name)] = i
    for i, names in _YAKU_ALIASES:
        for name in names:
            ids.setdefault(_name_key(name), i)
    for base, words in ((10, _SEAT_WIND_WORDS), (14, _ROUND_WIND_WORDS)):
        for k, winds in enumerate(_WIND_WORDS):
            for word in words:
                for w in winds:
                    ids.setdefault(_name_key(f"{word} {w}"), base + k)
    for k, dragons in enumerate(_DRAGON_WORDS):
        for d in dragons:
            for word in ("", "Yakuhai", "Dragon", "役牌", "Yakuhai Dragon"):
                ids.setdefault(_name_key(f"{word} {d}"), 18 + k)
    return ids


#: Tenhou yaku ids by the key (:func:`_name_key`) of each name a log may give them
_YAKU_IDS: Final = _yaku_ids()
#: the result names of drawn games and the ``<RYUUKYOKU type>`` of each ("" exhaustive)
DRAW_NAMES: Final = {"流局": "", "全員聴牌": "", "全員不聴": "", "九種九牌": "yao9",
                     "四家立直": "reach4", "三家和了": "ron3", "四槓散了": "kan4",
                     "四風連打": "kaze4", "流し満貫": "nm"}
_DRAW_WRITTEN: Final = {"": "流局", "yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了",
                        "kan4": "四槓散了", "kaze4": "四風連打", "nm": "流し満貫"}
_WIN: Final = "和了"
_LIMIT_NAMES: Final = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman",
                       "三倍満": "sanbaiman", "役満": "yakuman", "数え役満": "yakuman"}
_LIMIT_WRITTEN: Final = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満",
                         "sanbaiman": "三倍満", "yakuman": "役満"}
_SCORE: Final = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))"
                           r"(\d+)(?:-(\d+))?点(∀)?")
_YAKU: Final = re.compile(r"(.+?)\s*[(（]\s*(?:(\d+)\s*(?:飜|翻|han)|(役満|yakuman))\s*[)）]",
                          re.IGNORECASE)
_LOBBY: Final = re.compile(r"^(?:[般上特鳳若銀琥孔]|[三四])")
_WINDS: Final = "ESWN"
#: the most takes and outs a seat has in a round (a bound for bad input)
_MAX_ITEMS: Final = 200
#: the most steps the merge of the seats' takes and outs may try
_MAX_STEPS: Final = 50_000


class _Fault(Exception):
    """A fault at one place of the log (turned into a LogError naming it)."""


# -- tiles ----------------------------------------------------------------------------------------


def _kind(code: object, what: str) -> tuple[int, bool]:
    """A tenhou.net/6 tile code as (kind 0-33, red)."""
    if type(code) is not int:
        raise _Fault(f"{what}: {code!r} is not a tile number")
    if 51 <= code <= 53:
        return (code - 51) * 9 + 4, True
    suit, num = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1, False
    if suit == 4 and 1 <= num <= 7:
        return 27 + num - 1, False
    raise _Fault(f"{what}: {code} is not a tile (11-19, 21-29, 31-39, 41-47, 51-53)")


def _code(t: int, aka: bool) -> int:
    """The tenhou.net/6 code of a Tenhou tile number."""
    k = t // 4
    if aka and t in RED_COPIES:
        return 51 + k // 9
    if k >= 27:
        return 41 + k - 27
    return (k // 9 + 1) * 10 + k % 9 + 1


# -- the parts of a round ------------------------------------------------------------------------


class _Call:
    """A call string: ``kind`` chi pon daiminkan kakan ankan nuki, ``tiles`` the codes, ``called``
    the claimed (or added) code, ``rel`` where the claimed tile came from (1 the previous seat,
    2 the opposite, 3 the next; 0 none)."""

    __slots__ = ("added", "called", "kind", "own", "rel", "text")

    def __init__(self, text: str, kind: str, own: list[int], called: int | None, rel: int,
                 added: int | None = None) -> None:
        self.text = text
        self.kind = kind
        self.own = own
        self.called = called
        self.rel = rel
        self.added = added


def _split(text: str, what: str) -> tuple[str, int, list[int]]:
    """A decorated tile string as (letter, its place, the tile codes)."""
    letters = [(i, c) for i, c in enumerate(text) if not c.isdigit()]
    if len(letters) != 1 or letters[0][0] % 2 or not text.isascii():
        raise _Fault(f"{what}: {text!r} is not a call string (one letter among two-digit tiles)")
    pos, letter = letters[0]
    digits = text[:pos] + text[pos + 1:]
    if len(digits) % 2 or not digits:
        raise _Fault(f"{what}: {text!r} is not a call string (one letter among two-digit tiles)")
    return letter, pos, [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]


def _take(item: object, what: str) -> int | _Call:
    if type(item) is int:
        return item
    if not isinstance(item, str):
        raise _Fault(f"{what}: {item!r} is neither a tile nor a call")
    letter, pos, tiles = _split(item, what)
    places = {"c": {0: 1}, "p": {0: 1, 2: 2, 4: 3}, "m": {0: 1, 2: 2, 6: 3}}
    size = {"c": 3, "p": 3, "m": 4}
    if letter not in places or len(tiles) != size[letter] or pos not in places[letter]:
        raise _Fault(f"{what}: {item!r} is not a chi, pon or open kong")
    called = tiles[pos // 2]
    own = tiles[:pos // 2] + tiles[pos // 2 + 1:]
    kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
    return _Call(item, kind, own, called, places[letter][pos])


def _out(item: object, what: str) -> int | _Call | tuple[str, int]:
    """An out: a tile code, 60, 0, a riichi discard ``("r", code)`` or a kong / nuki call."""
    if type(item) is int:
        return item
    if not isinstance(item, str):
        raise _Fault(f"{what}: {item!r} is neither a discard nor a kong")
    if item == "r60":
        return "r", 60
    letter, pos, tiles = _split(item, what)
    if letter == "r" and len(tiles) == 1 and pos == 0:
        return "r", tiles[0]
    if letter == "a" and len(tiles) == 4:
        return _Call(item, "ankan", tiles, None, 0)
    if letter == "f" and len(tiles) == 1:
        return _Call(item, "nuki", tiles, None, 0)
    if letter == "k" and len(tiles) == 4 and pos in (0, 2, 4):
        added = tiles[pos // 2]
        called = tiles[pos // 2 + 1]
        own = tiles[:pos // 2] + tiles[pos // 2 + 2:]
        return _Call(item, "kakan", own, called, {0: 1, 2: 2, 4: 3}[pos], added)
    raise _Fault(f"{what}: {item!r} is not a riichi discard, a kong or a nuki")


def _parse_score(text: object, n: int, dealer_won: bool, tsumo: bool,
                 what: str) -> tuple[int, int, int, str]:
    """(fu, han, points, limit) of a score string such as "30符1飜1000点", "満貫2000-4000点" or
    "2000点∀"; fu and han are 0 for a limit hand (not recorded)."""
    if not isinstance(text, str):
        raise _Fault(f"{what}: {text!r} is not a score such as '30符1飜1000点'")
    m = _SCORE.fullmatch(text)
    if m is None:
        raise _Fault(f"{what}: {text!r} is not a score such as '30符1飜1000点'")
    fu = int(m[1]) if m[1] else 0
    han = int(m[2]) if m[2] else 0
    limit = _LIMIT_NAMES[m[3]] if m[3] else ""
    a, b, each = int(m[4]), m[5], bool(m[6])
    if not tsumo:
        if b is not None or each:
            raise _Fault(f"{what}: {text!r} is a tsumo's score, for a ron")
        return fu, han, a, limit
    if dealer_won:
        if b is not None or not each:
            raise _Fault(f"{what}: {text!r}: a dealer's tsumo is written 'N点∀'")
        return fu, han, a * (n - 1), limit
    if b is None or each:
        raise _Fault(f"{what}: {text!r}: a non-dealer's tsumo is written 'N-M点'")
    return fu, han, a * (n - 2) + int(b), limit


def _parse_yaku(items: list[object], what: str) -> tuple[tuple[tuple[int, int], ...],
                                                         tuple[int, ...], tuple[str, ...]]:
    """The ``(id, han)`` pairs and the yakuman ids of a win's yaku strings ("立直(1飜)",
    "Riichi(1飜)", "国士無双(役満)"), and the names no table here knows (their han are not
    counted; the caller leaves the yaku uncompared)."""
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    unknown: list[str] = []
    for item in items:
        m = _YAKU.fullmatch(item.strip()) if isinstance(item, str) else None
        if m is None:
            raise _Fault(f"{what}: {item!r} is not a yaku with its han such as '立直(1飜)'")
        i = _YAKU_IDS.get(_name_key(m[1]))
        if i is None:
            unknown.append(m[1])
        elif m[3]:
            yakuman.append(i)
        else:
            yaku.append((i, int(m[2])))
    return tuple(yaku), tuple(yakuman), tuple(unknown)


def _ints(value: object, what: str, size: int | None = None) -> list[int]:
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        raise _Fault(f"{what}: {value!r} is not a list of whole numbers")
    if size is not None and len(value) != size:
        raise _Fault(f"{what}: {len(value)} numbers, not {size}")
    return value


# -- merging the seats' takes and outs ------------------------------------------------------------


class _Step:
    """One action of the merged round: ``seat``, ``what`` (draw call out), ``item`` the parsed
    take or out, ``k`` its position in the seat's list."""

    __slots__ = ("item", "k", "seat", "what")

    def __init__(self, seat: int, what: str, item: int | _Call | tuple[str, int], k: int) -> None:
        self.seat = seat
        self.what = what
        self.item = item
        self.k = k


def _chi_last(take: int | _Call) -> int:
    """Pon and kong claims before a chi of the same discard."""
    return 1 if isinstance(take, _Call) and take.kind == "chi" else 0


def _claimed_code(item: int | _Call | tuple[str, int], drawn: int) -> int:
    if isinstance(item, tuple):
        return drawn if item[1] == 60 else item[1]
    assert isinstance(item, int)
    return drawn if item == 60 else item


def _merge(takes: list[list[int | _Call]], outs: list[list[int | _Call | tuple[str, int]]],
           dealer: int, n: int) -> list[_Step]:
    """The seats' takes and outs in table order; _Fault when no order uses them all."""
    steps = [0]

    def source(seat: int, rel: int) -> int:
        # counted round a four-seat table, also with three players (whose fourth seat is
        # empty): in a three-player log seat 2's pon of seat 0's discard is written "opposite"
        return {1: (seat - 1) % 4, 2: (seat + 2) % 4, 3: (seat + 1) % 4}[rel]

    def walk(ti: tuple[int, ...], di: tuple[int, ...], cur: int) -> list[_Step] | None:
        """From ``cur`` about to take (a draw, or the replacement after a kong)."""
        path: list[_Step] = []
        ti_l, di_l = list(ti), list(di)
        drawn = -1
        while True:
            steps[0] += 1
            if steps[0] > _MAX_STEPS:
                raise _Fault("the seats' takes and outs fit no order of play")
            # take
            if ti_l[cur] == len(takes[cur]):
                done = all(ti_l[s] == len(takes[s]) and di_l[s] == len(outs[s]) for s in range(n))
                return path if done else None
            item = takes[cur][ti_l[cur]]
            if not isinstance(item, int):
                return None  # a call where the seat draws
            path.append(_Step(cur, "draw", item, ti_l[cur]))
            ti_l[cur] += 1
            drawn = item
            while True:  # outs until a discard
                if di_l[cur] == len(outs[cur]):
                    done = all(ti_l[s] == len(takes[s]) and di_l[s] == len(outs[s])
                               for s in range(n))
                    return path if done else None
                out = outs[cur][di_l[cur]]
                path.append(_Step(cur, "out", out, di_l[cur]))
                di_l[cur] += 1
                if isinstance(out, _Call):  # a closed or added kong, a nuki: replacement draw
                    rest = walk(tuple(ti_l), tuple(di_l), cur)
                    return None if rest is None else path + rest
                if out == 0:
                    return None  # the placeholder only follows an open kong
                break
            code = _claimed_code(out, drawn)
            # who claims the discard: each seat whose next take is a call on it, else nobody
            cands: list[int] = []
            for s in range(n):
                if s == cur or ti_l[s] == len(takes[s]):
                    continue
                t = takes[s][ti_l[s]]
                if isinstance(t, _Call) and source(s, t.rel) == cur and t.called == code:
                    cands.append(s)
            cands.sort(key=lambda s: _chi_last(takes[s][ti_l[s]]))
            for s in cands:
                rest = _after_call(ti_l, di_l, s)
                if rest is not None:
                    return path + rest
            cur = (cur + 1) % n
            # nobody claims: the next seat draws (loop)

    def _after_call(ti_l: list[int], di_l: list[int], s: int) -> list[_Step] | None:
        call = takes[s][ti_l[s]]
        assert isinstance(call, _Call)
        ti2, di2 = list(ti_l), list(di_l)
        path = [_Step(s, "call", call, ti2[s])]
        ti2[s] += 1
        if call.kind == "daiminkan":
            if di2[s] == len(outs[s]) or outs[s][di2[s]] != 0:
                return None
            path.append(_Step(s, "out", 0, di2[s]))
            di2[s] += 1
            rest = walk(tuple(ti2), tuple(di2), s)
            return None if rest is None else path + rest
        # a discard after the call (no draw): continue as from an out
        if di2[s] == len(outs[s]):
            done = all(ti2[x] == len(takes[x]) and di2[x] == len(outs[x]) for x in range(n))
            return path if done else None
        return _from_out(ti2, di2, s, path)

    def _from_out(ti2: list[int], di2: list[int], s: int, path: list[_Step]) -> list[_Step] | None:
        out = outs[s][di2[s]]
        if isinstance(out, _Call) or out == 0 or out == 60 or out == ("r", 60):
            return None  # after a call: a discard from the hand
        path.append(_Step(s, "out", out, di2[s]))
        di2[s] += 1
        code = _claimed_code(out, -1)
        cands = []
        for x in range(n):
            if x == s or ti2[x] == len(takes[x]):
                continue
            t = takes[x][ti2[x]]
            if isinstance(t, _Call) and source(x, t.rel) == s and t.called == code:
                cands.append(x)
        for x in cands:
            rest = _after_call(ti2, di2, x)
            if rest is not None:
                return path + rest
        rest2 = walk(tuple(ti2), tuple(di2), (s + 1) % n)
        return None if rest2 is None else path + rest2

    out = walk(tuple([0] * n), tuple([0] * n), dealer)
    if out is None:
        raise _Fault("the seats' takes and outs fit no order of play (a call on no discard, "
                     "a take or an out too many)")
    return out


# -- reading -------------------------------------------------------------------------------------


def _load(data: bytes | str, name: str) -> object:
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise LogError(name, f"the log is larger than {MAX_BYTES >> 20} MB")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise LogError(name, f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise LogError(name, f"not JSON, or truncated: {exc.msg} at line {exc.lineno} column "
                       f"{exc.colno}") from None
    except RecursionError:
        raise LogError(name, "JSON nested too deeply") from None


def _table(obj: dict[str, Any], players: int, name: str) -> TableRules:
    rule = obj.get("rule", {})
    if not isinstance(rule, dict):
        raise LogError(name, f"rule: {rule!r} is not an object")
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise LogError(name, f"rule.disp: {disp!r} is not text")
    keys = [k for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    tenhou_lobby = bool(_LOBBY.match(disp))
    aka = any(rule[k] for k in keys) if keys else ("赤" in disp or not tenhou_lobby)
    kuitan = "喰" in disp or not tenhou_lobby
    go = 0x01 | (0 if aka else 0x02) | (0 if kuitan else 0x04)
    go |= 0x08 if "南" in disp else 0
    go |= 0x10 if players == 3 else 0
    go |= 0x40 if "速" in disp else 0
    go |= {"鳳": 0xA0, "特": 0x20, "上": 0x80}.get(disp.lstrip("三四")[:1], 0)
    lobby = obj.get("lobby", 0)
    return TableRules(go, lobby if type(lobby) is int else 0)


def _players(log: list[Any], name: str) -> int:
    first = log[0]
    if not isinstance(first, list) or len(first) not in (14, 17):
        raise LogError(name, "log[0]: a round is a list of 17 items (14 with three players)",
                       where="log[0]")
    if len(first) == 14:
        return 3
    dealt = [first[4 + 3 * s] for s in range(4)]
    if dealt[3] == [] and all(isinstance(d, list) and d for d in dealt[:3]):
        return 3
    return 4


def parse(data: bytes | str, name: str = "<log>", strict: bool = True) -> Game:
    """Read a tenhou.net/6 log given as JSON text or bytes; ``name`` names it in error messages
    and in the records. With ``strict=False`` a fault in a round cuts that round only
    (:attr:`Round.error`); reading goes on at the next round of ``log``."""
    obj = _load(data, name)
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise LogError(name, "not a tenhou.net/6 log (a JSON object with a 'log' list of rounds)")
    log: list[Any] = obj["log"]
    if not log:
        raise LogError(name, "the log has no round")
    players = _players(log, name)
    names_raw = obj.get("name", [])
    if not isinstance(names_raw, list) or not all(isinstance(x, str) for x in names_raw):
        raise LogError(name, f"name: {names_raw!r} is not a list of names")
    if len(names_raw) > players and any(names_raw[players:]):
        raise LogError(name, f"name: {len(names_raw)} players named in a {players}-player game")
    reader = GameBuilder(name, strict)
    reader.apply(StartGame(_table(obj, players, name)), 0, "GO")
    reader.apply(Players(tuple(names_raw[:players])
                         + ("",) * (players - len(names_raw[:players]))), 0, "UN")
    feeder = _Feeder(reader, players)
    for r, rnd in enumerate(log):
        try:
            feeder.round(r, rnd)
        except LogError as exc:
            if strict:
                raise
            reader.cut(exc)
    return reader.finish()


def read(path: str | os.PathLike[str], strict: bool = True) -> Game:
    """Read a tenhou.net/6 JSON file (plain or gzip-compressed): a :class:`Game`; LogError for
    a log that cannot be read (with ``strict=False``, for a fault of the whole file only)."""
    name, data = read_bytes(path)
    return parse(data, name, strict)


class _Feeder(EventFeeder):
    """Turns each round of the log into game events for the table (:mod:`suanfan.game`)."""

    def __init__(self, reader: GameBuilder, players: int) -> None:
        super().__init__(reader.name, reader, players)
        assert reader.rules is not None
        self.aka = reader.rules.aka

    def fault(self, detail: str) -> LogError:
        return LogError(self.name, detail, where=self.where)

    def round(self, r: int, rnd: object) -> None:
        self.where = f"log[{r}]"
        head = rnd[0] if isinstance(rnd, list) and rnd else None
        if isinstance(head, list) and len(head) == 3 and all(type(x) is int for x in head) \
                and 0 <= head[0] < 16:
            k = head[0]
            self.reader.open_round(_WINDS[k // 4], k % 4 + 1, head[1], head[2], k % 4)
        else:
            self.reader.open_round()
        try:
            self._round(r, rnd)
        except (_Fault, TileFault) as exc:
            raise self.fault(str(exc)) from None

    def _seat_lists(self, rnd: list[Any], n: int) -> tuple[list[list[int]],
                                                           list[list[int | _Call]],
                                                           list[list[int | _Call | tuple[str, int]]]]:
        dealt, takes, outs = [], [], []
        for s in range(n):
            d, t, o = rnd[4 + 3 * s: 7 + 3 * s]
            for what, v in (("dealt tiles", d), ("takes", t), ("outs", o)):
                if not isinstance(v, list) or len(v) > _MAX_ITEMS:
                    raise _Fault(f"seat {s}'s {what}: {str(v)[:40]} is not a list of tiles")
            dealt.append(_ints(d, f"seat {s}'s dealt tiles"))
            takes.append([_take(x, f"seat {s}'s take {k}") for k, x in enumerate(t)])
            outs.append([_out(x, f"seat {s}'s out {k}") for k, x in enumerate(o)])
        if len(rnd) == 17 and n == 3 and any(rnd[13:16]):
            raise _Fault("a fourth seat's tiles in a three-player game")
        return dealt, takes, outs

    def _round(self, r: int, rnd: object) -> None:
        n = self.n
        size = 17 if n == 4 else None
        if not isinstance(rnd, list) or (len(rnd) != size if size else len(rnd) not in (14, 17)):
            raise _Fault(f"a round is a list of {17 if n == 4 else '14 or 17'} items "
                         f"({n} players)")
        head = _ints(rnd[0], "[kyoku, honba, sticks]", 3)
        kyoku, honba, sticks = head
        if not 0 <= kyoku < 16 or honba < 0 or sticks < 0 or kyoku % 4 >= n:
            raise _Fault(f"[kyoku, honba, sticks] {head} out of range")
        label = f"{_WINDS[kyoku // 4]}{kyoku % 4 + 1}-{honba}"
        self.where = f"log[{r}] {label}"
        scores = _ints(rnd[1], "scores")
        if len(scores) not in (n, 4) or any(scores[n:]) or any(x % 100 for x in scores):
            raise _Fault(f"scores {scores}: {n} multiples of 100")
        scores = scores[:n]
        dora = [_kind(x, "dora indicator") for x in _ints(rnd[2], "dora indicators")]
        ura = [_kind(x, "ura dora indicator") for x in _ints(rnd[3], "ura dora indicators")]
        if not 1 <= len(dora) <= 5 or len(ura) > 5:
            raise _Fault(f"{len(dora)} dora and {len(ura)} ura indicators (1-5)")
        dealt, takes, outs = self._seat_lists(rnd, n)
        result = rnd[-1]
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise _Fault(f"the result {str(result)[:40]} is not ['和了', ...] or a draw")
        copies = Copies(n, self.aka)
        hands: list[tuple[int, ...]] = []
        for s in range(n):
            if len(dealt[s]) != 13:
                raise _Fault(f"seat {s} is dealt {len(dealt[s])} tiles, not 13")
            hands.append(tuple(copies.deal(s, *_kind(x, f"seat {s}'s dealt tiles"),
                                           f"seat {s}'s dealt {x}") for x in dealt[s]))
        dora_nums = [copies.new(*dora[0], "the dora indicator")]
        self.feed("INIT", Deal(kyoku, honba, sticks, kyoku % 4, tuple([*scores, 0, 0, 0][:4]),
                               tuple([*hands, (), ()][:4]), dora_nums[0],
                               f"{kyoku},{honba},{sticks},0,0,{dora_nums[0]}"))
        steps = _merge(takes, outs, kyoku % 4, n)
        ron_on_last = result[0] == _WIN and len(result) >= 3 and isinstance(result[2], list) \
            and len(result[2]) >= 2 and result[2][0] != result[2][1]
        running = list(scores)
        accepted: set[int] = set()
        last_draw = [-1] * n
        last_discard: tuple[int, int] | None = None
        pons: dict[tuple[int, int], tuple[tuple[int, ...], int, int]] = {}
        pending = 0
        turned = 1

        def turn(count: int) -> None:
            nonlocal turned
            for _ in range(count):
                if turned >= len(dora):
                    raise _Fault(f"a kong turns dora indicator {turned + 1}, which the dora "
                                 f"indicators {rnd[2]} do not list")
                t = copies.new(*dora[turned], "a kong's dora indicator")
                turned += 1
                self.feed("DORA", DoraRevealed(t))

        for i, st in enumerate(steps):
            s, item = st.seat, st.item
            what = "take" if st.what != "out" else "out"
            self.where = f"log[{r}] {label} seat {s} {what} {st.k}"
            if st.what == "draw":
                assert isinstance(item, int)
                t = copies.deal(s, *_kind(item, "draw"), f"draw {item}")
                last_draw[s] = t
                self.feed(f"{DRAW_TAGS[s]}{t}", Draw(s, t))
                continue
            if st.what == "call":
                assert isinstance(item, _Call) and last_discard is not None
                frm, called = last_discard
                own = tuple(copies.take(s, *_kind(x, item.text), f"{item.text}") for x in item.own)
                tiles = tuple(sorted((*own, called)))
                m = encode_meld(item.kind, s, frm, tiles, called)
                if item.kind == "pon":
                    pons[(s, called // 4)] = (tiles, frm, called)
                last_discard = None
                last_draw[s] = -1
                self.meld(s, m)
                if item.kind == "daiminkan":
                    pending += 1
                continue
            # an out
            if isinstance(item, _Call):
                if item.kind == "ankan":
                    tiles = tuple(sorted(copies.take(s, *_kind(x, item.text), item.text)
                                         for x in item.own))
                    if len({t // 4 for t in tiles}) != 1:
                        raise _Fault(f"{item.text}: a closed kong of four tiles of one kind")
                    m = encode_meld("ankan", s, None, tiles)
                elif item.kind == "nuki":
                    nk = _kind(item.own[0], item.text)
                    t = copies.take(s, *nk, item.text)
                    m = encode_meld("nuki", s, None, (t,))
                else:  # kakan
                    assert item.added is not None
                    ak = _kind(item.added, item.text)
                    pon = pons.pop((s, ak[0]), None)
                    if pon is None:
                        raise _Fault(f"{item.text}: an added kong without a pon of that tile")
                    added = copies.take(s, *ak, item.text)
                    m = encode_meld("kakan", s, pon[1], (*pon[0], added), pon[2], added)
                last_draw[s] = -1
                self.meld(s, m)
                robbed = i == len(steps) - 1 and ron_on_last
                if item.kind != "nuki" and not robbed:
                    # an earlier kong's indicator is turned once this kong is declared and not
                    # robbed: a kong robbed right after another one leaves it unturned (Tenhou)
                    turn(pending)
                    pending = 0
                if item.kind == "ankan":
                    turn(1)
                elif item.kind == "kakan":
                    pending = 1
                continue
            if item == 0:
                continue  # the placeholder after an open kong
            riichi = isinstance(item, tuple)
            code = item[1] if isinstance(item, tuple) else item
            if code == 60:
                t = last_draw[s]
                if t < 0 or t not in copies.hands[s]:
                    raise _Fault("60 (the drawn tile discarded) where the seat has not drawn")
                copies.hands[s].remove(t)
            else:
                t = copies.take(s, *_kind(code, "discard"), f"discard {code}",
                                avoid=last_draw[s])
            turn(pending)
            pending = 0
            if riichi:
                self.feed("REACH", Riichi(s, 1))
            self.feed(f"{DISCARD_TAGS[s]}{t}", Discard(s, t))
            last_draw[s] = -1
            last_discard = (s, t)
            if riichi and not (i == len(steps) - 1 and (ron_on_last or result[0] == "三家和了")):
                self.feed("REACH", Riichi(s, 2))
                accepted.add(s)
                running[s] -= 1000
        if turned != len(dora):
            raise _Fault(f"{len(dora)} dora indicators listed, {turned} turned by the kongs")
        self.where = f"log[{r}] {label} result"
        self._result(result, running, accepted, ura, copies, kyoku % 4)

    def _result(self, result: list[Any], running: list[int], accepted: set[int],
                ura: list[tuple[int, bool]], copies: Copies, dealer: int) -> None:
        n = self.n
        head = result[0]
        if head != _WIN:
            if head not in DRAW_NAMES:
                raise _Fault(f"the result {head!r} is neither 和了 nor a drawn game "
                             f"({' '.join(DRAW_NAMES)})")
            total = [0] * n
            for k, d in enumerate(result[1:]):
                deltas = _ints(d, f"score changes {k}")
                if len(deltas) not in (n, 4) or any(deltas[n:]):
                    raise _Fault(f"score changes {deltas}: {n} numbers")
                total = [a + b for a, b in zip(total, deltas, strict=False)]
            # in hundreds, as an mjlog has them
            changes = tuple(x // 100 * 100 for x in total) if len(result) > 1 else ()
            self.feed("RYUUKYOKU", DrawGame(DRAW_NAMES[head], changes))
            return
        if len(result) < 3 or len(result) % 2 == 0:
            raise _Fault("和了 needs a pair (score changes, [who, from, liable, score, yaku...]) "
                         "per winner")
        ura_nums = tuple(copies.new(*u, "an ura dora indicator") for u in ura)
        for k in range(1, len(result), 2):
            deltas = _ints(result[k], "score changes")
            if len(deltas) not in (n, 4) or any(deltas[n:]):
                raise _Fault(f"score changes {deltas}: {n} numbers")
            info = result[k + 1]
            if not isinstance(info, list) or len(info) < 4 \
                    or not all(type(x) is int for x in info[:3]):
                raise _Fault(f"{str(info)[:60]} is not [who, from, liable, score, yaku...]")
            who, frm, liable = info[0], info[1], info[2]
            for v in (who, frm, liable):
                if not 0 <= v < n:
                    raise _Fault(f"seat {v} in a {n}-player game")
            fu, han, points, limit = _parse_score(info[3], n, who == dealer, who == frm,
                                                  "score")
            yaku, yakuman, unknown = _parse_yaku(info[4:], "yaku")
            if not yaku and not yakuman and not unknown:
                raise _Fault("a win with no yaku")
            known = {"han", "points", "yaku", "deltas", "pao"} | ({"fu"} if not limit else set())
            if unknown:
                # a yaku name of no table here: the yaku are not compared, the han only when
                # the score string gives them
                known -= {"yaku"} if han else {"yaku", "han"}
            rec = Recorded(fu, points, limit, yaku, yakuman, tuple(deltas[:n]), tuple(running),
                           None if liable == who else liable, 0, 0, known=frozenset(known),
                           han=(han or None) if unknown else None)
            self.feed("AGARI", DeclareWin(who, frm, rec, ura_nums if who in accepted else ()))
            running = [a + b for a, b in zip(running, deltas, strict=False)]


# -- writing -------------------------------------------------------------------------------------


def _code_of_text(text: str) -> int:
    """The tenhou.net/6 code of a tile in suanfan notation ("3m", "0p", "7z")."""
    num, suit = int(text[0]), "mpsz".index(text[1])
    if num == 0:
        return 51 + suit
    return (suit + 1) * 10 + num


def _call_text(cm: CallMeld, aka: bool) -> str:
    def c(t: int) -> str:
        return f"{_code(t, aka):02d}"

    if cm.kind == "ankan":
        codes = [c(t) for t in sorted(cm.tiles)]
        return "".join(codes[:3]) + "a" + codes[3]
    if cm.kind == "nuki":
        return "f" + c(cm.tiles[0])
    assert cm.called is not None and cm.from_seat is not None
    own = [c(t) for t in sorted(cm.tiles) if t not in (cm.called, cm.added)]
    rel = (cm.from_seat - cm.seat) % 4  # round four seats, three players too (see _merge)
    side = "left" if rel == 3 else "right" if rel == 1 else "opposite"
    if cm.kind == "chi":
        return "c" + c(cm.called) + "".join(own)
    letter = {"pon": "p", "daiminkan": "m", "kakan": "k" + (c(cm.added) if cm.added is not None
                                                             else "")}[cm.kind]
    mark = letter + c(cm.called)
    if side == "left":
        return mark + "".join(own)
    if side == "opposite":
        return own[0] + mark + "".join(own[1:])
    return "".join(own) + mark


def _score_text(w: Win, n: int) -> str:
    rec = w.recorded
    for fact in ("han", "points", "yaku") + (("fu",) if not rec.limit else ()):
        if fact not in rec.known:
            raise ValueError(f"{w.file}: the win of seat {w.seat} at round {w.round_index} has "
                             f"no recorded {fact}: tenhou.net/6 needs it")
    rank = f"{rec.fu}符{rec.han}飜" if not rec.limit else _LIMIT_WRITTEN[rec.limit]
    if not w.tsumo:
        return f"{rank}{rec.points}点"
    if w.seat == w.dealer:
        return f"{rank}{rec.points // (n - 1)}点∀"
    payers = [-d for s, d in enumerate(rec.deltas) if s != w.seat and d < 0]
    if rec.pao is None and len(payers) == n - 1:
        h = (sum(payers) - rec.points) // (n - 1)
        ko, oya = min(payers) - h, -rec.deltas[w.dealer] - h
    elif n == 4:
        ko, oya = rec.points // 4, rec.points // 2
    else:
        ko, oya = rec.points // 3, rec.points * 2 // 3
    return f"{rank}{ko}-{oya}点"


def _yaku_texts(rec: Recorded) -> list[str]:
    out = []
    for i, han in rec.yaku:
        if not 0 <= i < len(YAKU_NAMES):
            raise ValueError(f"Tenhou yaku id {i} has no tenhou.net/6 name")
        out.append(f"{YAKU_NAMES[i]}({han}飜)")
    for i in rec.yakuman:
        if not 0 <= i < len(YAKU_NAMES):
            raise ValueError(f"Tenhou yaku id {i} has no tenhou.net/6 name")
        out.append(f"{YAKU_NAMES[i]}(役満)")
    return out


def _disp(rules: TableRules) -> str:
    level = {0xA0: "鳳", 0x20: "特", 0x80: "上"}.get(rules.go_type & 0xA0, "般")
    return (("三" if rules.sanma else "") + level + ("南" if rules.hanchan else "東")
            + ("喰" if rules.kuitan else "") + ("赤" if rules.aka else "")
            + ("速" if rules.fast else ""))


def _pad(values: tuple[int, ...] | list[int]) -> list[int]:
    return [*values, 0, 0, 0][:4] if len(values) < 4 else list(values)


def _write_round(rnd: Round, n: int, aka: bool) -> list[Any]:
    if len(rnd.dealt) != n:
        raise ValueError(f"round {rnd.index} has no dealt tiles: it cannot be written")
    def c(t: int) -> int:
        return _code(t, aka)

    takes: list[list[Any]] = [[] for _ in range(n)]
    outs: list[list[Any]] = [[] for _ in range(n)]
    just_drew: list[int] = [-1] * n
    riichi: set[int] = set()
    dora = [c(int(rnd.seed.split(",")[5]))]
    events = rnd.events
    for i, e in enumerate(events):
        s = e.seat
        if e.kind == "draw" and s is not None and e.tile is not None:
            takes[s].append(c(e.tile))
            just_drew[s] = e.tile
        elif e.kind == "discard" and s is not None and e.tile is not None:
            code = 60 if just_drew[s] == e.tile else c(e.tile)
            # a riichi discard is marked when the riichi stands: accepted right after it, or the
            # discard won on (a riichi declared and never accepted lapses: a plain discard)
            after = events[i + 1] if i + 1 < len(events) else None
            stands = after is not None and (
                (after.kind == "reach" and after.step == 2 and after.seat == s)
                or after.kind == "win" or (after.kind == "draw_game" and rnd.draw_game == "ron3"))
            outs[s].append(f"r{code}" if s in riichi and stands else code)
            riichi.discard(s)
            just_drew[s] = -1
        elif e.kind == "reach" and s is not None and e.step == 1:
            riichi.add(s)
        elif e.kind == "dora" and e.tile is not None:
            dora.append(c(e.tile))
        elif e.kind == "call" and s is not None and e.meld is not None:
            text = _call_text(e.meld, aka)
            if e.meld.kind in ("chi", "pon", "daiminkan"):
                takes[s].append(text)
                if e.meld.kind == "daiminkan":
                    outs[s].append(0)
            else:
                outs[s].append(text)
            just_drew[s] = -1
    ura = next(([_code_of_text(t) for t in w.ura_indicators] for w in rnd.wins
                if w.ura_indicators), [])
    out: list[Any] = [[_WINDS.index(rnd.round_wind) * 4 + rnd.kyoku - 1, rnd.honba, rnd.sticks],
                      _pad(rnd.scores), dora, ura]
    for s in range(4):
        if s < n:
            out += [[c(t) for t in rnd.dealt[s]], takes[s], outs[s]]
        else:
            out += [[], [], []]
    if rnd.wins:
        res: list[Any] = [_WIN]
        for w in rnd.wins:
            rec = w.recorded
            res.append(_pad(rec.deltas))
            res.append([w.seat, w.seat if w.from_seat is None else w.from_seat,
                        w.seat if rec.pao is None else rec.pao, _score_text(w, n),
                        *_yaku_texts(rec)])
    else:
        res = [_DRAW_WRITTEN.get(rnd.draw_game or "", "流局")]
        if rnd.deltas:
            res.append(_pad(rnd.deltas))
    out.append(res)
    return out


def dumps(game: Game) -> str:
    """A game as tenhou.net/6 JSON text (rounds that the log ends inside of are left out: the
    format needs each round's result). ValueError when the game lacks what the format needs."""
    n = game.players
    aka = game.rules.aka
    obj: dict[str, Any] = {
        "title": ["", ""],
        "name": [*game.names, "", "", "", ""][:4],
        "rule": {"disp": _disp(game.rules), "aka": int(aka), "aka51": int(aka),
                 "aka52": int(aka), "aka53": int(aka)},
        "lobby": game.rules.lobby,
        "log": [_write_round(r, n, aka) for r in game.rounds if r.complete],
    }
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))

