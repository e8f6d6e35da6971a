"""Bad Tenhou logs: each gives a LogError (a MahjongError) naming the file and the event."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from suanfan import MahjongError
from suanfan.logs import LogError, parse, read
from suanfan.logs import tenhou as tenhou_module

LOGS = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs"
PAO = (LOGS / "dnovikoff" / "pao.xml").read_text(encoding="utf-8")

HEAD = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/>'
        '<INIT seed="0,0,0,1,1,20" ten="250,250,250,250" oya="0" '
        'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="36,37,38,39,40,41,42,43,44,45,46,47,48" '
        'hai2="72,73,74,75,76,77,78,79,80,81,82,83,84" '
        'hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"/>')


def _error(text: str) -> LogError:
    with pytest.raises(LogError) as info:
        parse(text, "bad.mjlog")
    assert isinstance(info.value, MahjongError)
    assert str(info.value).startswith("bad.mjlog: ")
    return info.value


def test_a_well_formed_fragment_reads() -> None:
    g = parse(HEAD + "<T13/><D13/></mjloggm>", "ok.mjlog")
    assert len(g.rounds) == 1 and not g.rounds[0].complete
    assert [e.kind for e in g.rounds[0].events] == ["deal", "draw", "discard"]


def test_truncated_file() -> None:
    e = _error(PAO[: len(PAO) // 2])
    assert "truncated" in str(e)


def test_truncated_gzip(tmp_path: Path) -> None:
    path = tmp_path / "cut.mjlog"
    path.write_bytes(gzip.compress(PAO.encode())[:500])
    with pytest.raises(LogError, match=r"cut\.mjlog: bad gzip data"):
        read(path)


def test_gzip_decompression_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.mjlog"
    path.write_bytes(gzip.compress(PAO.encode() + b" " * 100_000))
    monkeypatch.setattr(tenhou_module, "MAX_BYTES", 50_000)
    with pytest.raises(LogError, match="once decompressed"):
        read(path)


def test_file_size_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.mjlog"
    path.write_text(PAO + " " * 10_000, encoding="utf-8")
    monkeypatch.setattr(tenhou_module, "MAX_BYTES", 5_000)
    with pytest.raises(LogError, match="larger than"):
        read(path)


def test_unknown_tile_number() -> None:
    e = _error(HEAD + "<T200/></mjloggm>")
    assert (e.index, e.tag) == (5, "T200")  # after mjloggm GO UN TAIKYOKU INIT
    assert "tile number 200 is not a tile" in str(e)


def test_tile_in_two_places() -> None:
    e = _error(HEAD + "<T0/></mjloggm>")  # tile 0 was dealt to seat 0
    assert "appears twice" in str(e) and e.tag == "T0"


def test_discard_of_a_tile_not_held() -> None:
    e = _error(HEAD + "<T13/><D40/></mjloggm>")
    assert e.tag == "D40" and "does not hold tile 40" in str(e)


def test_impossible_meld_code() -> None:
    # a chi (bit 2) from the opposite seat (bits 0-1 = 2): a chi claims the previous seat's tile
    e = _error(HEAD + '<T13/><D13/><N who="1" m="6"/></mjloggm>')
    assert (e.index, e.tag) == (7, "N") and "chi claims the previous seat" in str(e)
    # a pon of tile kind 40
    e = _error(HEAD + f'<T13/><D13/><N who="2" m="{(40 * 3) << 9 | 0x8 | 3}"/></mjloggm>')
    assert "tile kind 40 is not a tile" in str(e)
    # a pon of a tile that was not discarded
    e = _error(HEAD + f'<T13/><D13/><N who="1" m="{(5 * 3) << 9 | 0x8 | 3}"/></mjloggm>')
    assert "the last discard is tile 13" in str(e)


def test_wrong_player_count() -> None:
    # a three-player table (GO bit 0x10) dealt four hands
    e = _error(HEAD.replace('type="169"', 'type="185"'))
    assert e.tag == "UN" and "a fourth player in a three-player game" in str(e)
    sanma = HEAD.replace('type="169"', 'type="185"').replace('n3="d"', 'n3=""')
    e = _error(sanma)
    assert e.tag == "INIT" and "3 players need four scores (the fourth 0)" in str(e)
    sanma = sanma.replace('ten="250,250,250,250"', 'ten="350,350,350,0"')
    e = _error(sanma)  # no 2m-8m in a three-player set
    assert "tile number 4 (2m) is not in a three-player set" in str(e)
    e = _error(sanma.replace('hai0="0,1,2,3,4,5,6,7,8,9,10,11,12"',
                             'hai0="0,1,2,3,32,33,34,35,124,125,126,127,128"'))
    assert e.tag == "INIT" and "a hand for a fourth player in a three-player game" in str(e)
    # a four-player table with no fourth hand
    text = HEAD.replace('hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"', 'hai3=""')
    e = _error(text + "</mjloggm>")
    assert e.tag == "INIT" and "hai3 has 0 tiles" in str(e)
    # a seat 4
    e = _error(HEAD + '<REACH who="4" step="1"/></mjloggm>')
    assert "seat 4 in a 4-player game" in str(e)


def test_not_an_mjlog() -> None:
    e = _error("<html><body/></html>")
    assert "not a Tenhou mjlog" in str(e)
    e = _error('<mjloggm ver="2.3"><FOO/></mjloggm>')
    assert e.tag == "FOO" and "unknown element" in str(e)
    with pytest.raises(LogError, match="document type"):
        parse('<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', "x")
    with pytest.raises(LogError, match="not UTF-8"):
        parse(b"<mjloggm \xff>", "x")


def test_a_win_the_events_cannot_give() -> None:
    # a tsumo by seat 2, who has not drawn
    e = _error(HEAD + '<T13/><AGARI ba="0,0" hai="0" machi="0" ten="30,1000,0" yaku="8,1" '
                      'doraHai="20" who="2" fromWho="2" sc="0,0,0,0,0,0,0,0"/></mjloggm>')
    assert e.tag == "AGARI" and "has not just drawn" in str(e)


def test_a_wrong_record_is_a_conflict_not_a_score() -> None:
    # the real log with Tenhou's record of the first win edited: riichi taken away
    text = PAO.replace('yaku="1,1,2,1,0,1,7,1,52,2,54,1,53,0"', 'yaku="2,1,0,1,7,1,52,2,54,1,53,0"')
    w = parse(text, "edited.xml").wins[0]
    assert w.riichi and any(c.startswith("riichi:") for c in w.conflicts)
