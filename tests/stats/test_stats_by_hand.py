"""suanfan stats checked against counts worked by hand on real logs (issue 33, docs/stats.md).

Each expected figure was worked out by reading the log itself (the mjlog's ``<INIT>``, ``<REACH>``,
``<N>``, ``<AGARI>`` and ``<RYUUKYOKU>`` tags, the tenhou.net/6 JSON), not our reader's output;
the comments cite the tags. The logs are the real games of ``../shared/data`` (tenhou/ and real/),
read in place; the corpus members are read from their archive.
"""

from __future__ import annotations

import os
import tarfile
from pathlib import Path
from typing import Any

import pytest

from suanfan.logs import Game, parse, read
from suanfan.stats import player_stats

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
MJX = SHARED / "tenhou" / "mjx"
CORPUS = SHARED / "real" / "corpus" / "tenhou-xml.tar.xz"
TENHOU6 = SHARED / "real" / "tenhou6"
#: the corpus members these tests read
MEMBERS = ("tenhou-xml/tenhou-python-bot/fixture-22.xml",
           "tenhou-xml/waxmango/2022010900gm-00a9-0000-03a39e66.xml",
           "tenhou-xml/waxmango/2022010421gm-00b9-0000-d738afda.xml")


def _need(path: Path) -> Path:
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (the shared data sits beside the repository)")
        pytest.skip(f"{path} is missing")
    return path


def _mjx(name: str) -> Path:
    return _need(MJX / f"tests_py_resources_mjlog_{name}.mjlog")


def _figures(game: Game) -> dict[str, dict[str, Any]]:
    return {c.name: c.to_dict() for c in player_stats([game])}


def _of(path: Path) -> dict[str, dict[str, Any]]:
    return _figures(read(str(path)))


@pytest.fixture(scope="module")
def corpus() -> dict[str, Game]:
    """The corpus members of :data:`MEMBERS`, read from the archive in one pass."""
    games: dict[str, Game] = {}
    with tarfile.open(_need(CORPUS)) as tar:
        for member in tar:
            if member.name in MEMBERS:
                f = tar.extractfile(member)
                assert f is not None
                games[member.name.rsplit("/", 1)[-1]] = parse(f.read(), member.name)
                if len(games) == len(MEMBERS):
                    break
    assert len(games) == len(MEMBERS)
    return games


def _pick(fig: dict[str, Any], *keys: str) -> tuple[Any, ...]:
    return tuple(fig[k] for k in keys)


COUNTS = ("rounds", "wins", "tsumo_wins", "deal_ins", "riichi", "calls", "draws",
          "tenpai_at_draw")


def test_three_player_self_draws_count_what_the_winner_is_paid() -> None:
    # tenhou/dnovikoff/sanma2.xml: <GO type="185"> (three players), six <INIT>s, dealer seat 0
    s = _of(_need(SHARED / "tenhou" / "dnovikoff" / "sanma2.xml"))
    assert all(p["seats"] == 3 for p in s.values())
    # 水＠氷 (seat 1) wins four hands: E1-0 tsumo <AGARI ten="30,6000,1" ba="0,1"> (sc +70 =
    # 6000 + its own stick), E2-0 ron ten 12000 off seat 2, E2-2 tsumo ten 12000 (ba="2,1": sc
    # +134 = 12000 + 2 honba x 100 x 2 payers + 1000), E3-0 ron ten 16000 off seat 2
    assert s["水＠氷"]["average_win"] == (6000 + 12000 + 12000 + 16000) / 4
    # Ｘｅｐｈｅｒ (seat 0): E2-3 tsumo ten="30,3000,0" ba="3,0", sc +36 = 3000 + 3 x 100 x 2
    assert s["Ｘｅｐｈｅｒ"]["average_win"] == 3000.0
    # REACH step=1 of seat 1 in E1-0, E2-1, E3-0; of seat 2 in E2-0, E3-0; pons: seat 0 in
    # E1-0 and E2-2, seat 2 in E1-0 and E2-3, seat 1 in E2-0 (nuki North tiles are no calls);
    # E2-1 ends in <RYUUKYOKU> with hai1 only (seat 1 ready)
    assert _pick(s["水＠氷"], *COUNTS) == (6, 4, 2, 0, 3, 1, 1, 1)
    assert _pick(s["Ｘｅｐｈｅｒ"], *COUNTS) == (6, 1, 1, 0, 0, 2, 1, 0)
    assert _pick(s["九鳳院紫"], *COUNTS) == (6, 0, 0, 2, 2, 2, 1, 0)
    assert s["九鳳院紫"]["average_deal_in"] == (12000 + 16000) / 2
    # owari="274,...,831,...,-55,..."
    assert [s[n]["placements"] for n in ("Ｘｅｐｈｅｒ", "水＠氷", "九鳳院紫")] == [
        [0, 1, 0], [1, 0, 0], [0, 0, 1]]


def test_ties_in_final_score_go_by_seat_order_from_the_first_dealer(
        corpus: dict[str, Game]) -> None:
    # waxmango/2022010900gm-00a9-0000-03a39e66.xml: first <INIT oya="0">, owari="258,6.0,221,
    # -18.0,300,40.0,221,-28.0": armed (seat 1) and 牌流状態麻雀 (seat 3) tie at 22100; seat 1
    # comes first from the dealer (Tenhou's own uma says so: -18 against -28)
    s = _figures(corpus["2022010900gm-00a9-0000-03a39e66.xml"])
    assert {n: p["placements"] for n, p in s.items()} == {
        "clutch73": [0, 1, 0, 0], "armed": [0, 0, 1, 0], "うじこ": [1, 0, 0, 0],
        "牌流状態麻雀": [0, 0, 0, 1]}
    # three players, owari="415,36.0,220,-38.0,415,2.0": 大和桜 (seat 0, the first dealer)
    # ahead of ando55 (seat 2) at 41500 each
    s = _figures(corpus["2022010421gm-00b9-0000-d738afda.xml"])
    assert {n: p["placements"] for n, p in s.items()} == {
        "大和桜": [1, 0, 0], "elysia": [0, 0, 1], "ando55": [0, 1, 0]}
    assert s["大和桜"]["average_placement"] == 1.0 and s["ando55"]["average_placement"] == 2.0


def test_noname_in_three_seats_counts_once_a_seat(corpus: dict[str, Game]) -> None:
    # tenhou-python-bot/fixture-22.xml: <UN n0="NoName" n1="Joseph" n2="NoName" n3="NoName">,
    # nine <INIT>s, four exhaustive <RYUUKYOKU>s; owari="485,...,141,...,151,...,223,..."
    s = _figures(corpus["fixture-22.xml"])
    no = s["NoName"]
    assert no["games"] == 3 and no["rounds"] == 27 and no["draws"] == 12
    # <AGARI>s: seat 0 wins 4 (one tsumo; ten 18400 in all), seat 3 one tsumo (ten 2000);
    # seats 2 and 3 each deal in once (ten 3900 each), Joseph once (ten 2600)
    assert _pick(no, "wins", "tsumo_wins", "deal_ins") == (5, 2, 2)
    assert no["average_win"] == (18400 + 2000) / 5
    assert no["average_deal_in"] == 3900.0
    # REACH step=1: seat 0 four times, seat 2 once, seat 3 three times; hai0 in two of the draws,
    # hai2 in one, hai3 in three
    assert no["riichi"] == 8 and no["tenpai_at_draw"] == 6
    assert no["calls"] == 5  # rounds with a chi or pon: seat 0 two, seat 2 two, seat 3 one
    assert no["placements"] == [1, 1, 1, 0] and no["average_placement"] == 2.0
    assert _pick(s["Joseph"], "games", "rounds", "deal_ins", "placements") == (1, 9, 1,
                                                                                [0, 0, 0, 1])
    assert s["Joseph"]["average_deal_in"] == 2600.0


def test_double_ron_mjlog() -> None:
    # mjx double-ron.mjlog, E4-0: two <AGARI>s off はっとりへいじ (seat 3): タケオしゃん
    # ten="30,7700,0" and デジタル仙人 ten="30,8000,1"; seat 3 also fed タケオしゃん in E3-0
    # (ten="50,6400,0"): two deal-ins, three wins on its discards
    s = _of(_mjx("double-ron"))
    assert _pick(s["はっとりへいじ"], "deal_ins", "average_deal_in") == (
        2, (6400 + 7700 + 8000) / 3)
    assert _pick(s["タケオしゃん"], *COUNTS) == (4, 2, 0, 0, 2, 2, 1, 0)
    assert s["タケオしゃん"]["average_win"] == (6400 + 7700) / 2
    assert _pick(s["デジタル仙人"], "wins", "riichi", "tenpai_at_draw") == (1, 1, 1)
    # E1-0 初代☆ tsumo ten="20,12000,2"; owari="334,...,360,...,320,...,-14,..."
    assert _pick(s["初代☆"], "wins", "tsumo_wins", "average_win") == (1, 1, 12000.0)
    assert [s[n]["average_placement"] for n in s] == [2.0, 1.0, 3.0, 4.0]


def test_double_ron_on_a_riichi_discard_tenhou6() -> None:
    # real/tenhou6/double_ron.json, S4-0: Ⓟ多井隆晴 (seat 3) discards "r17" and is ronned by
    # seat 0 ("跳満12000点") and seat 2 ("30符2飜2000点"): one deal-in, both wins on it, and
    # the riichi counts though its stick was never paid
    s = _of(_need(TENHOU6 / "double_ron.json"))
    assert _pick(s["Ⓟ多井隆晴"], "rounds", "deal_ins", "riichi", "average_deal_in") == (
        1, 1, 1, (12000 + 2000) / 2)
    assert _pick(s["Ⓢ福地誠"], "wins", "riichi", "average_win") == (1, 1, 12000.0)
    assert _pick(s["Ⓟ石橋伸洋"], "wins", "calls", "average_win") == (1, 1, 2000.0)


def test_responsibility_payment_is_no_deal_in() -> None:
    # mjx pao-tsumo.mjlog, E4-0: 酸欠少女さユり (seat 2) tsumo daisangen <AGARI
    # ten="40,32000,5" paoWho="0" sc="319,-320,...">: seat 0 pays it all, no deal-in; seat 0's
    # one deal-in is E2-0 (tacos' ron, ten="30,1000,0")
    s = _of(_mjx("pao-tsumo"))
    assert _pick(s["うさぎファンシー"], "deal_ins", "average_deal_in") == (1, 1000.0)
    assert _pick(s["酸欠少女さユり"], "wins", "tsumo_wins", "average_win") == (1, 1, 32000.0)
    # mjlog2json 2019103023gm-00a9-0000-f90e0fe9.xml, E4-3: 櫻井奏 (seat 0) tsumo
    # daisangen + tsuuiisou ten="50,64000,5" paoWho="2": seat 2's two deal-ins are the double
    # ron of E4-0 (ten 11600 and 12000), not the pao
    s = _of(_need(SHARED / "tenhou" / "mjlog2json" / "2019103023gm-00a9-0000-f90e0fe9.xml"))
    assert _pick(s["高嶺之草高遠惠輔"], "deal_ins", "average_deal_in") == (
        1, (11600 + 12000) / 2)
    assert _pick(s["櫻井奏"], "wins", "tsumo_wins", "average_win", "placements") == (
        1, 1, 64000.0, [1, 0, 0, 0])
    # E4-2 is a nine-terminals abort (<RYUUKYOKU type="yao9">): a round, no draw
    assert all(p["rounds"] == 7 and p["draws"] == 0 for p in s.values())


def test_robbed_kong_is_a_deal_in_of_its_owner() -> None:
    # mjx 2010081709gm-00a9-0000-fe3371ad.mjlog, E3-0: ASAPIN (seat 1) adds to its pon (<N>
    # kakan) and でこじ (seat 2) robs it: <AGARI who="2" fromWho="1" ten="30,1500,0"
    # yaku="3,1"> (chankan)
    s = _of(_mjx("2010081709gm-00a9-0000-fe3371ad"))
    assert _pick(s["ASAPIN"], "deal_ins", "average_deal_in") == (2, (2000 + 1500) / 2)
    assert _pick(s["でこじ"], "wins", "deal_ins") == (4, 4)
    # real/tenhou6/chankan.json: Dさん (seat 3) "3636k3636" is robbed by Cさん ("槍槓(1飜)",
    # "満貫8000点"); the added kong is part of Dさん's pon "3636p36": one call
    s = _of(_need(TENHOU6 / "chankan.json"))
    assert _pick(s["Dさん"], "deal_ins", "calls", "average_deal_in") == (1, 1, 8000.0)
    assert _pick(s["Cさん"], "wins", "calls", "average_win") == (1, 1, 8000.0)


def test_nagashi_mangan_is_a_draw() -> None:
    # mjx 2019082700gm-00a9-0000-63d1f136.mjlog, E4-0: <RYUUKYOKU type="nm" hai0=... hai3=...>
    # (るーみっく's nagashi mangan, sc -20,-20,+80,-40), the game's only drawn round: one draw
    # each, seats 0 and 3 ready
    s = _of(_mjx("2019082700gm-00a9-0000-63d1f136"))
    assert [(p["draws"], p["tenpai_at_draw"]) for p in s.values()] == [
        (1, 1), (1, 0), (1, 0), (1, 1)]
    # a nagashi mangan is no win
    assert _pick(s["るーみっく"], "wins", "average_win") == (3, 17600 / 3)


def test_abortive_draws_are_rounds_not_draws() -> None:
    # mjx 2018022422gm-00a9-0000-0067d2a4.mjlog: eleven <INIT>s, E3-0 and E4-0 end <RYUUKYOKU
    # type="yao9">, two more end without a type (exhaustive)
    s = _of(_mjx("2018022422gm-00a9-0000-0067d2a4"))
    assert all(p["rounds"] == 11 and p["draws"] == 2 for p in s.values())
    # mjx 2020052221gm-00a9-0000-6f0524c7.mjlog: S3-0 <RYUUKYOKU type="kaze4">, 12 rounds
    s = _of(_mjx("2020052221gm-00a9-0000-6f0524c7"))
    assert all(p["rounds"] == 12 and p["draws"] == 2 for p in s.values())
    # mjx 2016052515gm-00a9-0000-c4d72066.mjlog: E1-2 <RYUUKYOKU type="kan4">, 14 rounds
    s = _of(_mjx("2016052515gm-00a9-0000-c4d72066"))
    assert all(p["rounds"] == 14 and p["draws"] == 3 for p in s.values())
    # real/tenhou6/kyushukyuhai.json: one round, "九種九牌"
    s = _of(_need(TENHOU6 / "kyushukyuhai.json"))
    assert all(p["rounds"] == 1 and p["draws"] == 0 for p in s.values())


def test_four_riichi_abort_counts_every_riichi() -> None:
    # mjx 2018040923gm-00a9-0000-1833afca.mjlog, E3-0: REACH step=1 and step=2 of seats 2, 0,
    # 3, 1, then <RYUUKYOKU type="reach4">: each riichi counts, the round is no draw
    s = _of(_mjx("2018040923gm-00a9-0000-1833afca"))
    assert [p["riichi"] for p in s.values()] == [1, 2, 1, 2]
    assert all(p["rounds"] == 9 and p["draws"] == 1 for p in s.values())
    # real/tenhou6/four_reach.json: "r22", "r23", "r60" (a riichi on the tile drawn), "r32",
    # then "四家立直"
    s = _of(_need(TENHOU6 / "four_reach.json"))
    assert all(_pick(p, "rounds", "riichi", "draws", "riichi_rate") == (1, 1, 0, 1.0)
               for p in s.values())


def test_mjai_log_values_from_the_score_changes() -> None:
    # real/mjai/126_204_0_mjai.jsonl: twelve start_kyoku; its hora events give only deltas, so
    # a win's value is the winner's gain less the sticks and honba it collects
    s = _of(_need(SHARED / "real" / "mjai" / "126_204_0_mjai.jsonl"))
    # seat "2": E2-0 ron +3300 (two accepted riichi sticks: 1300), E3-0 tsumo +6000, E3-1
    # tsumo +10100 (two sticks, honba 1: 3 x 2600), S4-1 ron +9300 off seat "0" (kyotaku 1,
    # honba 1; seat "0"'s riichi is ronned on its discard, no reach_accepted: 8000)
    assert s["2"]["average_win"] == (1300 + 6000 + 7800 + 8000) / 4
    # seat "3": E1-0 tsumo +10000 (two sticks: 8000), E3-2 tsumo +13600 (its stick, honba 2:
    # 12000), E4-0 ron 1500 off seat "1", S1-2 tsumo +5600 (kyotaku 1, honba 2: 4000)
    assert s["3"]["average_win"] == (8000 + 12000 + 1500 + 4000) / 4
    assert s["3"]["average_deal_in"] == (1300 + 2000) / 2  # E2-0, and S2-1 (+2300, honba 1)
    # reach events: "0" in E3-1, E4-1, S3-0, S4-1 (the last never accepted: still a riichi);
    # rounds with chi or pon (ankan not): "0" E3-0 E3-2 S1-2 S2-1, "1" E3-0 E3-2 E4-1 S1-2
    # S2-0 S3-0 S4-1; ryukyoku E4-1 [1000,1000,1000,-3000], S2-0 [-1500,1500,-1500,1500], S3-0
    # [1000,1000,-3000,1000] (the ready seats are paid)
    assert _pick(s["0"], *COUNTS) == (12, 1, 0, 1, 4, 4, 3, 2)
    assert _pick(s["1"], *COUNTS) == (12, 0, 0, 1, 1, 7, 3, 3)
    assert _pick(s["2"], *COUNTS) == (12, 4, 2, 0, 2, 3, 3, 1)
    assert _pick(s["3"], *COUNTS) == (12, 4, 3, 2, 3, 5, 3, 2)
    # S4-1 starts [10700, 14900, 29500, 43900], deltas [-8300, 0, 9300, 0]
    assert [s[n]["placements"] for n in "0123"] == [[0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0],
                                                    [1, 0, 0, 0]]
