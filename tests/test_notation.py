"""Notation (NOTATION.md): parse/format round trips, every flavour, and specific errors."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import suanfan
from suanfan import Hand, InvalidHand, MahjongError, MeldKind, parse_hand
from suanfan.notation import format_hand, parse_flowers, parse_tiles

from .strategies import hands


@given(hands())
@settings(max_examples=400, deadline=None)
def test_round_trip_canonical(hand: Hand) -> None:
    text = str(hand)
    assert parse_hand(text) == hand
    assert str(parse_hand(text)) == text


@given(hands())
@settings(max_examples=200, deadline=None)
def test_round_trip_letters(hand: Hand) -> None:
    assert parse_hand(format_hand(hand, "letters")) == hand


@given(hands(red=False))
@settings(max_examples=200, deadline=None)
def test_round_trip_unicode(hand: Hand) -> None:
    # Unicode has no red-five glyph: the round trip holds for hands without red fives.
    assert parse_hand(format_hand(hand, "unicode")) == hand


@given(hands())
@settings(max_examples=200, deadline=None)
def test_hash_and_equality(hand: Hand) -> None:
    again = parse_hand(str(hand))
    assert hash(again) == hash(hand)
    assert len({hand, again}) == 1


def test_spec_examples() -> None:
    h = parse_hand("[567m2][999s3]11p345s78s 6s")
    assert str(h) == "[567m2][999s3]11p34578s 6s"
    assert suanfan.format_tiles((h.winning_tile,)) == "6s"  # type: ignore[arg-type]
    assert [m.kind for m in h.melds] == [MeldKind.CHOW, MeldKind.PUNG]
    assert h.melds[0].source == 2 and h.melds[1].source == 3
    four = parse_hand("[EEEE][CCCC][FFFF][PPPP]N N")
    assert all(m.concealed for m in four.melds) and four.is_complete
    assert parse_hand("1112345678999s 9s").is_complete
    assert parse_hand("19m19p19s1234567z 1m").winning_tile == 0
    waiting = parse_hand("[123p1][345s2][999s3]6m6pE 1m")
    assert not waiting.is_complete  # 13 tiles: a waiting hand


def test_melds_and_claims() -> None:
    assert parse_hand("[567m,2]11p345s78s99s 6s") == parse_hand("[567m2]11p345s78s99s 6s")
    kong = parse_hand("[EEEE1]123m456p789s N N").melds[0]
    assert kong.kind is MeldKind.KONG and kong.source == 1 and not kong.promoted
    promoted = parse_hand("[EEEE6]123m456p789s N N").melds[0]
    assert promoted.promoted and promoted.source == 2 and str(promoted) == "[1111z6]"
    concealed = parse_hand("[1111z]123m456p789s N N").melds[0]
    assert concealed.concealed and concealed.source is None
    unknown = parse_hand("[999s]123m456p78s N N 9s").melds[0]
    assert unknown.kind is MeldKind.PUNG and unknown.source is None and unknown.is_open


def test_every_flavour_reads_the_same_hand() -> None:
    mpsz = parse_hand("[123m1]456p789s11z55z 5z")
    assert parse_hand("[123m1]456p789sEEPP P") == mpsz
    assert parse_hand("[W1W2W3,1] B4B5B6 T7T8T9 F1F1 J3J3 J3") == mpsz
    assert parse_hand("[🀇🀈🀉1]🀜🀝🀞🀖🀗🀘🀀🀀🀆🀆 🀆") == mpsz
    assert parse_hand(format_hand(mpsz, "unicode")) == mpsz
    # Botzone flowers H1-H8 and MPSZ flowers
    assert parse_hand("W1W2W3B4B5B6T7T8T9F1F1J3J3J3H1H5").flowers == (1, 5)
    assert parse_hand("123m456p789s11z555z 1258f").flowers == (1, 2, 5, 8)
    # flowers anywhere; winning tile is the last tile written
    assert parse_hand("1f123m456p789s11z555z").winning_tile == 31


def test_red_fives() -> None:
    h = parse_hand("[406m]123p456s789s5z 5z")
    assert "0" in str(h) and parse_hand(str(h)) == h
    assert h.counts[4] == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty hand"),
        ("   ", "empty hand"),
        ("123", "no suit letter"),
        ("m", "no digits"),
        ("123x456m", "'x' at position 3"),
        ("123m456p789s11z55z 8z", "honour 8z"),
        ("11111m456p789s11z 5z", "5 copies of 1m"),
        ("[12m]123p456s789s1z 1z", "not a chow, pung or kong"),
        ("[135m]123p456s789s1z 1z", "not a chow, pung or kong"),
        ("[EEEE9]123m456p789s N N", "claim digit"),
        ("[123m4]123p456s789s1z 1z", "claim digit"),
        ("[123m", "not closed"),
        ("123m]", "no meld is open"),
        ("123m456p789s11z5z", "13 more" if False else "tiles"),
        ("123m456p789s11z555z5z", "15 tiles"),
        ("[123m][123m][123m][123m][123m]1z", "melds"),
        ("123m456p789s11z55z 9f", "flowers are 1f-8f"),
        ("[1f2f3f]123m456p789s1z 1z", "flower"),
        ("0z123m456p789s11z 1z", "honour 0z"),
        ("W0W2W3B4B5B6T7T8T9F1F1J3J3J3", "position"),
        ("\x00\x01\x02", "U+0000"),
    ],
)
def test_invalid_inputs(text: str, fragment: str) -> None:
    with pytest.raises(InvalidHand) as info:
        parse_hand(text)
    assert fragment in str(info.value)


def test_tile_count_messages_say_what_is_expected() -> None:
    with pytest.raises(InvalidHand, match="13 or 14"):
        parse_hand("123m456p789s1z")
    with pytest.raises(InvalidHand, match="at most 1000"):
        parse_hand("1m" * 5000)


def test_non_string_input() -> None:
    with pytest.raises(InvalidHand, match="as text"):
        parse_hand(b"123m")  # type: ignore[arg-type]


@given(st.text(max_size=60))
@settings(max_examples=1500, deadline=None)
def test_never_crashes_on_junk(text: str) -> None:
    with contextlib.suppress(MahjongError):
        parse_hand(text)


@given(st.text(alphabet="0123456789mpszfESWNPFCWTBJH[],1 🀀🀇🀙🀐🀢", max_size=50))
@settings(max_examples=3000, deadline=None)
def test_never_crashes_on_near_notation(text: str) -> None:
    try:
        hand = parse_hand(text)
    except MahjongError:
        return
    assert parse_hand(str(hand)) == hand


def test_parse_tiles_and_flowers() -> None:
    assert parse_tiles("3m7z") == [2, 33]
    with pytest.raises(InvalidHand):
        parse_tiles("[123m]")
    assert parse_flowers("1258f") == (1, 2, 5, 8)
    assert parse_flowers(3) == 3 and parse_flowers("3") == 3
    with pytest.raises(InvalidHand):
        parse_flowers(9)
    with pytest.raises(InvalidHand):
        parse_flowers("11f")


def test_hand_model_rejects_bad_construction() -> None:
    with pytest.raises(InvalidHand):
        Hand((), (0,) * 4 + (1,) * 4 + (2,) * 4 + (3,), 0)  # 5 copies of 1m
    with pytest.raises(InvalidHand, match="is not a tile id"):
        Hand((), (*range(13), 99))
    h = parse_hand("123m456p789s11z55z 5z")
    assert h.without_winning_tile().with_winning_tile(31) == h
    assert h.is_closed and h.standing_counts[31] == 3
