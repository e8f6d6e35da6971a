"""Every win of the vendored raw Tenhou logs (tests/data/tenhou/logs/), read from the log itself,
re-scored and settled seat by seat, against what Tenhou recorded; the wins read against
wins.jsonl (extracted earlier, independently); hand-checked edge cases."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from suanfan.hand import Hand, Meld, MeldKind
from suanfan.logs import Game, Win, parse, read, replay
from suanfan.notation import parse_tile
from suanfan.tiles import KIND

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
LOGS = DATA / "logs"
FILES = sorted(p for p in LOGS.glob("*/*") if p.is_file())
WINS: list[dict[str, Any]] = [json.loads(line) for line in
                              (DATA / "wins.jsonl").read_text(encoding="utf-8").splitlines()]


def _rel(p: Path) -> str:
    return p.relative_to(LOGS).as_posix()


_GAMES: dict[str, Game] = {}


def game(rel: str) -> Game:
    if rel not in _GAMES:
        _GAMES[rel] = read(LOGS / rel)
    return _GAMES[rel]


def test_all_raw_logs_are_vendored() -> None:
    assert len(FILES) == 145
    assert {_rel(p).split("/")[0] for p in FILES} == {"mjx", "dnovikoff", "mjlog2json"}


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_every_win_reproduces_tenhou(path: Path) -> None:
    g = game(_rel(path))
    for r in replay(g):
        assert r.scored is not None, (r.round, r.hand, r.error)
        assert not r.conflicts, (r.round, r.hand, r.conflicts)
        # every seat's score change as Tenhou's sc, and the han and fu it recorded
        assert r.scored.deltas == r.recorded.deltas, (r.round, r.hand)
        assert (r.scored.han, r.scored.fu, r.scored.points) == \
            (r.recorded.han, r.recorded.fu, r.recorded.points), (r.round, r.hand)
        assert r.scored.yaku == r.recorded.yaku, (r.round, r.hand)
        assert r.equal


def test_808_wins_in_the_raw_logs() -> None:
    assert sum(len(game(_rel(p)).wins) for p in FILES) == 808


def _jsonl_hand(w: dict[str, Any]) -> tuple[Hand, int]:
    n = 3 if w["rules"]["sanma"] else 4
    melds, nuki = [], 0
    for m in w["melds"]:
        tiles = [parse_tile(t) for t in m["tiles"]]
        if m["type"] == "nuki":
            nuki += 1
            continue
        if m["type"] == "chi":
            melds.append(Meld(MeldKind.CHOW, tiles,
                              sorted(tiles, key=KIND.__getitem__).index(
                                  parse_tile(m["called_tile"])) + 1))
            continue
        if m["type"] == "ankan":
            melds.append(Meld(MeldKind.KONG, tiles, None, concealed=True))
            continue
        rel = (m["from"] - w["winner"]) % n
        src = 1 if rel == n - 1 else 3 if rel == 1 else 2
        kind = MeldKind.PUNG if m["type"] == "pon" else MeldKind.KONG
        melds.append(Meld(kind, tiles, src, promoted=m["type"] == "kakan"))
    return Hand(melds, [parse_tile(t) for t in w["concealed"]], parse_tile(w["win_tile"])), nuki


def test_wins_read_equal_wins_jsonl() -> None:
    """The distinct wins read from the logs (a win copied into several test logs counted once, at
    its first file) are wins.jsonl's 474, with the same hands, flags and indicators."""
    seen: set[tuple[Any, ...]] = set()
    read_wins: dict[tuple[str, str, int], tuple[Win, str]] = {}
    for p in FILES:
        g = game(_rel(p))
        for rnd in g.rounds:
            for w in rnd.wins:
                key = (rnd.seed, w.seat, w.from_seat, w.hand, w.recorded)
                if key in seen:
                    continue
                seen.add(key)
                read_wins[(_rel(p), rnd.seed, w.seat)] = (w, rnd.seed)
    assert len(read_wins) == len(WINS) == 474
    assert set(read_wins) == {(w["source_file"], w["round_seed"], w["winner"]) for w in WINS}
    for j in WINS:
        w, _ = read_wins[(j["source_file"], j["round_seed"], j["winner"])]
        hand, nuki = _jsonl_hand(j)
        assert (w.hand, w.nuki) == (hand, nuki), j["source_file"]
        assert w.tsumo == j["tsumo"]
        assert w.from_seat == (None if j["tsumo"] else j["from"])
        for flag in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                     "houtei", "tenhou", "chiihou"):
            assert getattr(w, flag) == j[flag], (j["source_file"], flag)
        assert list(w.dora_indicators) == j["dora_indicators"]
        assert list(w.ura_indicators) == j["ura_indicators"]
        assert w.dealer == j["dealer"]
        assert w.round_wind == "ESWN"[int(j["round_wind"][0]) - 1]
        # wins.jsonl counted two sanma seat winds round four seats (seat 0 with dealer 1: "4z");
        # three players sit East, South and West: compare with the seats it gives
        assert w.seat_wind == "ESWN"[(j["winner"] - j["dealer"]) % w.players]
        assert list(w.recorded.deltas) == j["recorded"]["score_deltas"][:w.players]
        assert w.recorded.pao == j["recorded"]["pao"]


def _win(rel: str, label: str, seat: int) -> Win:
    for rnd in game(rel).rounds:
        if rnd.label == label:
            for w in rnd.wins:
                if w.seat == seat:
                    return w
    raise AssertionError((rel, label, seat))


def test_chankan_keeps_ippatsu() -> None:
    # seat 3 adds 8s to its pon; seat 0, in riichi since its last discard, robs it
    w = _win("mjx/tests_cpp_resources_mjlog_encdec-chankan-ippatsu.mjlog", "E2-0", 0)
    assert (w.from_seat, w.chankan, w.ippatsu, w.riichi, w.rinshan) == (3, True, True, True, False)
    assert str(w.hand) == "340789m34077p67s 8s"
    assert w.recorded.deltas == (13000, 0, 0, -12000)  # 12000 + the riichi stick


def test_rinshan_after_kakan() -> None:
    w = _win("mjx/tests_cpp_resources_mjlog_encdec-rinshan-fu.mjlog", "E4-0", 1)
    assert [m.kind for m in w.melds] == ["pon", "kakan"]
    assert (w.tsumo, w.rinshan, w.haitei) == (True, True, False)
    # 1z pon from seat 2 (right of seat 1: 3); the 2z kakan keeps its pon's source, seat 3
    # (opposite: 2, written 6 for a promoted kong)
    assert str(w.hand) == "[111z3][2222z6]78m567p88s 6m"
    assert w.dora_indicators == ("1z",)  # the kakan's new indicator comes after the discard


def test_double_ron_honba_and_sticks_to_the_first_winner() -> None:
    rel = "mjx/tests_py_resources_mjlog_double-ron.mjlog"
    first, second = _win(rel, "E4-0", 0), _win(rel, "E4-0", 2)
    assert first.from_seat == second.from_seat == 3
    assert (first.sticks, second.sticks) == (2, 0)
    assert first.recorded.deltas == (9700, 0, 0, -7700)
    assert second.recorded.deltas == (0, 0, 8000, -8000)
    got = {r.winner: r.scored.deltas for r in replay(game(rel)) if r.round == "E4-0" and r.scored}
    assert got == {0: (9700, 0, 0, -7700), 2: (0, 0, 8000, -8000)}


def test_pao_daisangen_tsumo_liable_pays_all() -> None:
    w = _win("dnovikoff/pao.xml", "E2-1", 2)
    # seat 0 fed the third dragon pon (7z): it pays the whole yakuman and the honba
    assert [(m.kind, m.from_seat) for m in w.melds] == [("pon", 0), ("pon", 3), ("pon", 0)]
    assert w.pao == 0 == w.recorded.pao
    assert w.recorded.deltas == (-32300, 0, 32300, 0)
    # daisangen + tsuuiisou, 3 honba: the liable seat 2 pays all 64900
    w2 = _win("mjlog2json/2019103023gm-00a9-0000-f90e0fe9.xml", "E4-3", 0)
    assert (w2.pao, w2.recorded.yakuman, w2.recorded.deltas) == (2, (39, 42), (64900, 0, -64900, 0))


def test_sanma_nuki() -> None:
    g = game("dnovikoff/sanma2.xml")
    assert g.players == 3 and g.rules.sanma
    w = _win("dnovikoff/sanma2.xml", "E1-0", 1)
    assert (w.nuki, [m.kind for m in w.melds], w.hand.melds) == (1, ["nuki"], ())
    # 6000 tsumo by the south seat: dealer 4000, the other 2000, no third payer; + 1 stick
    assert w.recorded.deltas == (-4000, 7000, -2000)
    (r,) = [x for x in replay(g) if x.round == "E1-0"]
    assert r.scored is not None and r.scored.deltas == (-4000, 7000, -2000)
    assert ("dora", 2) in r.scored.yaku  # one dora tile + one North, Tenhou's "dora 2"


def test_gzip_log_reads_as_the_plain_one(tmp_path: Path) -> None:
    src = LOGS / "dnovikoff/pao.xml"
    gz = tmp_path / "pao.xml"
    gz.write_bytes(gzip.compress(src.read_bytes()))
    assert read(gz) == read(src)
    assert parse(src.read_text(encoding="utf-8"), "pao.xml") == read(src)


def test_incomplete_rounds_are_kept_not_invented() -> None:
    g = game("mjx/tests_py_resources_mjlog_2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert not g.rounds[-1].complete and not g.rounds[-1].wins
    assert all(r.complete for r in g.rounds[:-1])


def test_records_are_read_only_and_pickle() -> None:
    import pickle

    g = game("dnovikoff/pao.xml")
    with pytest.raises(AttributeError):
        g.__setattr__("players", 3)
    w = g.wins[0]
    assert pickle.loads(pickle.dumps(w)) == w
    r = next(replay(g))
    assert pickle.loads(pickle.dumps(r)) == r
