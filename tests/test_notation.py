"""Notation (NOTATION.md): parse/format round trips, every flavour, and specific errors."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import pickle
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import suanfan
from suanfan import Hand, InvalidHand, MahjongError, Meld, MeldKind, parse_hand
from suanfan import tiles as T
from suanfan.notation import STYLES, format_hand, parse_flowers, parse_tiles

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


@given(hands())
@settings(max_examples=300, deadline=None)
def test_round_trip_unicode(hand: Hand) -> None:
    # Unicode has no red-five glyph: a red five is written 0m/0p/0s among the tile characters
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
        ("123x456m", "'x' at character 4"),
        ("123m456p789s11z55z 8z", "honour 8z"),
        ("11111m456p789s11z 5z", "5 copies of 1m"),
        ("[12m]123p456s789s1z 1z", "not a chow, pung or kong"),
        ("[135m]123p456s789s1z 1z", "not a chow, pung or kong"),
        # longer than any meld (more tiles than a packed meld holds, in both readers)
        ("[123456789012m]1z", "meld at character 1 has 12 tiles"),
        ("[W1W2W3W4W5W6W7W8W9B1B2B3]1z", "character"),
        ("[123m8]123p456s789s1z 1z", "claim digit"),
        ("[555m9]123p456s789s1z 1z", "claim digit"),
        ("[7777m8]123p456s789s1z", "claim digit"),
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
        ("W0W2W3B4B5B6T7T8T9F1F1J3J3J3", "character"),
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


# -- every style, red fives included (issue 13) ---------------------------------------------------
def _plain(hand: Hand) -> Hand:
    """The hand with its red fives as plain fives (what Botzone codes can say)."""
    def fold(tiles: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(T.KIND[t] for t in tiles)

    melds = tuple(Meld(m.kind, fold(m.tiles), m.source, m.concealed, m.promoted)
                  for m in hand.melds)
    w = hand.winning_tile
    return Hand(melds, fold(hand.concealed), None if w is None else T.KIND[w], hand.flowers)


@given(hands(), st.sampled_from(STYLES))
@settings(max_examples=600, deadline=None)
def test_every_style_round_trips(hand: Hand, style: str) -> None:
    text = format_hand(hand, style)
    again = parse_hand(text)
    if style == "botzone":  # Botzone codes have no red five: they are written as fives
        assert again == _plain(hand)
    else:
        assert again == hand
        assert format_hand(again, style) == text
    assert hand.to_string(style) == text


def test_unicode_keeps_red_fives() -> None:
    h = parse_hand("[406m1]0p56p789s1122z 0s 1f")
    text = h.to_string("unicode")
    assert "0m" in text and "0p" in text and "0s" in text
    assert parse_hand(text) == h
    assert [T.IS_RED[t] for t in parse_hand(text).all_tiles].count(True) == 3


def test_botzone_output() -> None:
    h = parse_hand("[123m1][EEEE5]456p789s5z 5z 15f")
    assert h.to_string("botzone") == "[W1W2W3,1][F1F1F1F1,5]B4B5B6T7T8T9J3 J3 H1H5"
    assert parse_hand(h.to_string("botzone")) == h
    with pytest.raises(ValueError, match="botzone"):
        format_hand(h, "nope")


# -- one reading of commas (issue 13) ----------------------------------------------------------
@pytest.mark.parametrize("text", ["[1111m,]123p456s789s 1z", "[111m,]123p456s789s1z 1z",
                                  "[EEEE,]123m456p789s N N", "[1111m, ]123p456s789s 1z"])
def test_comma_needs_a_claim_digit(text: str) -> None:
    with pytest.raises(InvalidHand, match=r"comma at character \d+ is not followed by a claim digit"):
        parse_hand(text)


def test_commas_and_claims_read_the_same_everywhere() -> None:
    a = parse_hand("[1111m,2]123p456s789s 1z")
    assert a == parse_hand("[1111m2]123p456s789s 1z") == parse_hand("[1111m 2] 123p 456s 789s 1z")
    assert a.melds[0].source == 2 and not a.melds[0].concealed
    for text, fragment in [("[123m,,1]456p789s11z 1z", "comma"),
                           ("[123m,12]456p789s11z 1z", "one claim digit"),
                           ("[123m,1m]456p789s11z 1z", "comma must be followed"),
                           (",123m456p789s11z55z 5z", "comma"),
                           ("[12,3m]456p789s11z55z 5z", "comma")]:
        with pytest.raises(InvalidHand, match=fragment):
            parse_hand(text)


# -- never another exception -----------------------------------------------------------------------
@given(st.binary(max_size=80))
@settings(max_examples=500, deadline=None)
def test_bytes_are_refused_clearly(data: bytes) -> None:
    with pytest.raises(InvalidHand, match="as text"):
        parse_hand(data)  # type: ignore[arg-type]
    # the same bytes read as text: a hand or a MahjongError, nothing else
    with contextlib.suppress(MahjongError):
        parse_hand(data.decode("utf-8", "replace"))


@given(st.one_of(st.none(), st.integers(), st.floats(), st.lists(st.integers(), max_size=3),
                 st.tuples(st.text(max_size=3))))
@settings(max_examples=200, deadline=None)
def test_non_text_is_refused_clearly(value: object) -> None:
    with pytest.raises(InvalidHand):
        parse_hand(value)  # type: ignore[arg-type]
    with pytest.raises(InvalidHand):
        parse_tiles(value)  # type: ignore[arg-type]


@given(st.text(alphabet="0123456789mpszf[], WBTFJHESNPC🀀🀇🀢\u3000\ufe0f", max_size=40))
@settings(max_examples=3000, deadline=None)
def test_every_reader_agrees_with_itself(text: str) -> None:
    """A hand or a MahjongError; a hand writes back to a string that reads as the same hand, in
    every style."""
    try:
        hand = parse_hand(text)
    except MahjongError:
        return
    for style in STYLES:
        again = parse_hand(format_hand(hand, style))
        assert again == (_plain(hand) if style == "botzone" else hand)


# -- the hand model ----------------------------------------------------------------------------------
@given(hands())
@settings(max_examples=200, deadline=None)
def test_hands_and_melds_pickle_and_copy(hand: Hand) -> None:
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and hash(again) == hash(hand) and str(again) == str(hand)
    assert copy.deepcopy(hand) == hand and copy.copy(hand) == hand
    for m in hand.melds:
        assert pickle.loads(pickle.dumps(m)) == m


def test_hand_and_meld_are_immutable() -> None:
    h = parse_hand("[567m2][999s3]11p345s78s 6s")
    m = h.melds[0]
    for obj, name in [(h, "melds"), (h, "winning_tile"), (h, "concealed"), (h, "flowers"),
                      (h, "extra"), (m, "kind"), (m, "tiles"), (m, "source"), (m, "first"),
                      (m, "_order")]:
        with pytest.raises(AttributeError):
            setattr(obj, name, None)
        with pytest.raises(AttributeError):
            delattr(obj, name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.winning_tile = 3  # type: ignore[misc]
    assert str(h) == "[567m2][999s3]11p34578s 6s"


def test_meld_views_and_repr() -> None:
    m = Meld(MeldKind.KONG, (27, 27, 27, 27), 2, promoted=True)
    assert m.first == 27 and m.is_kong and m.is_open and m.claim_digit == 6
    assert m.kinds == (27, 27, 27, 27) and str(m) == "[1111z6]"
    assert repr(Meld(MeldKind.CHOW, (6, 4, 5), 1)) == (
        "Meld(kind=<MeldKind.CHOW: 'chow'>, tiles=(4, 5, 6), source=1, concealed=False, "
        "promoted=False)")
    red = Meld(MeldKind.PUNG, (T.RED_MAN, 4, 4))
    assert red.tiles == (4, 4, T.RED_MAN) and red.first == 4
    assert red != Meld(MeldKind.PUNG, (4, 4, 4)) and red == Meld(MeldKind.PUNG, (4, T.RED_MAN, 4))
    assert len({red, Meld(MeldKind.PUNG, (4, 4, T.RED_MAN)), Meld(MeldKind.PUNG, (4, 4, 4))}) == 2


def test_hand_sorts_what_it_is_given() -> None:
    chow = Meld(MeldKind.CHOW, (0, 1, 2), 1)
    pung = Meld(MeldKind.PUNG, (9, 9, 9), 2)
    rest = (20, 18, 19, T.RED_SOU, 22, 23, 27)
    a = Hand((pung, chow), rest, 27)
    b = Hand([chow, pung], sorted(rest), 27)
    assert a == b and hash(a) == hash(b) and a.melds == (chow, pung)
    assert a.concealed == (18, 19, 20, 22, T.RED_SOU, 23, 27)  # a red five after its fives
    assert a.standing == (18, 19, 20, 22, T.RED_SOU, 23, 27, 27)
    assert a.without_winning_tile().with_winning_tile(27) == a
    assert a.counts[27] == 2 and a.standing_counts[22] == 2 and a.kong_count == 0
    assert not a.is_closed and a.is_complete


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: Hand((), tuple(range(13)), "x"), "winning tile 'x' is not a tile id"),
        (lambda: Hand((), tuple(range(13)), True), "winning tile True is not a tile id"),
        (lambda: Hand((), tuple(range(13)), 1.0), "winning tile 1.0 is not a tile id"),
        (lambda: Hand((), (*range(12), "1")), "'1' is not a tile id"),
        (lambda: Hand((), (*range(12), True)), "True is not a tile id"),
        (lambda: Hand((), "0123456789abc"), "is not a sequence"),
        (lambda: Hand(5, tuple(range(13))), "is not a sequence"),  # type: ignore[arg-type]
        (lambda: Hand(("x",), tuple(range(10))), "'x' is not a Meld"),  # type: ignore[arg-type]
        (lambda: Hand((), tuple(range(13)), None, (1, "x")), "flower 'x' is not 1-8"),
        (lambda: Hand((), tuple(range(13)), None, (9, 9, 9)), "flower 9 is not 1-8"),
        (lambda: Hand((), tuple(range(13)), None, (2, 2)), "flower 2f appears twice"),
        (lambda: Hand((), tuple(range(13)), None, (True,)), "flower True is not 1-8"),
        (lambda: Hand((), (0,) * 5 + tuple(range(1, 9)), 0), "6 copies of 1m"),
        (lambda: Hand((Meld(MeldKind.KONG, (4,) * 4, None, True),),
                      (4, *range(9, 17), 28), 28), "5 copies of 5m"),
        (lambda: Hand((), tuple(range(12))), "12 tiles"),
        (lambda: Meld("chow", (0, 1, 2)), "is not a MeldKind"),  # type: ignore[arg-type]
        (lambda: Meld(MeldKind.CHOW, (0, 1, 3)), "is not a chow"),
        (lambda: Meld(MeldKind.CHOW, (0, 1)), "a chow has 3 tiles"),
        (lambda: Meld(MeldKind.CHOW, (7, 8, 9)), "is not a chow"),
        (lambda: Meld(MeldKind.CHOW, (27, 28, 29)), "is not a chow"),
        (lambda: Meld(MeldKind.PUNG, (0, 0)), "is not a pung"),
        (lambda: Meld(MeldKind.KONG, (0, 0, 0)), "is not a kong"),
        (lambda: Meld(MeldKind.KONG, (0,) * 4), "needs its claim source"),
        (lambda: Meld(MeldKind.PUNG, (0,) * 3, 4), "claim source 4 is not 1, 2 or 3"),
        (lambda: Meld(MeldKind.PUNG, (0,) * 3, True), "claim source True"),
        (lambda: Meld(MeldKind.PUNG, (0,) * 3, None, True), "only a kong"),
        (lambda: Meld(MeldKind.KONG, (0,) * 4, None, 1), "True or False"),
        (lambda: Meld(MeldKind.KONG, (0,) * 4, 1, True), "a concealed kong has no claim source"),
        (lambda: Meld(MeldKind.PUNG, (0, 0, 99)), "99 is not a tile id"),
        (lambda: Meld(MeldKind.PUNG, 5), "is not a sequence"),  # type: ignore[arg-type]
    ],
)
def test_hand_model_errors_are_specific(build: Callable[[], object], fragment: str) -> None:
    with pytest.raises(InvalidHand, match=re.escape(fragment)):
        build()


def test_equal_melds_read_from_many_strings_are_equal() -> None:
    from suanfan import notation

    a = parse_hand("[567m2]123p456s789s1z 1z").melds[0]
    b = parse_hand("[765m,2]123p456s789s1z 1z").melds[0]
    c = parse_hand("[W5W6W7,2]B1B2B3T4T5T6T7T8T9F1 F1").melds[0]
    assert a == b == c == Meld(MeldKind.CHOW, (4, 5, 6), 2)
    assert len(notation._MELD_TABLE) <= notation._MELD_TABLE_SIZE


def test_melds_written_in_order_share_one_object_per_claim() -> None:
    """Equal melds are one object; the claim digit, the shape and red fives tell them apart."""
    m1 = parse_hand("[123m1]123p456s789s1z 1z").melds[0]
    assert m1 is parse_hand("[123m1]456p456s789s2z 2z").melds[0]
    m2 = parse_hand("[123m2]123p456s789s1z 1z").melds[0]
    assert m1 != m2 and (m1.source, m2.source) == (1, 2)
    pungs = [parse_hand(f"[555m{c}]123p456s789s1z 1z").melds[0] for c in ("", "1", "2", "3")]
    assert [m.source for m in pungs] == [None, 1, 2, 3]
    assert all(m.kind is MeldKind.PUNG and m.tiles == (4, 4, 4) for m in pungs)
    red = parse_hand("[505m1]123p456s789s1z 1z").melds[0]
    assert red.tiles == (4, 4, 34) and red != pungs[1]
    kongs = [parse_hand(f"[7777p{c}]123m456s789s1z 1z").melds[0] for c in ("", "1", "5")]
    assert [(m.concealed, m.promoted, m.source) for m in kongs] == [
        (True, False, None), (False, False, 1), (False, True, 1)]
    with pytest.raises(InvalidHand, match="claim digit"):
        parse_hand("[123m0]123p456s789s1z 1z")
    with pytest.raises(InvalidHand, match="not a chow"):
        parse_hand("[789m1]123p456s789s1z 1z".replace("789m", "89m1p"))


def test_hand_keeps_its_standing_tiles_packed() -> None:
    """The packed view both engines read (a nibble per kind and group, and a kind mask) says the
    same as the standing tiles and the winning tile, red fives counted as fives; melds are not in
    it; a pickled hand gets it back."""
    import random

    from suanfan.mcr.generate import random_hand
    from suanfan.tiles import KIND

    rng = random.Random(2026)
    for _ in range(500):
        hand = random_hand(rng)[0]
        for h in (hand, pickle.loads(pickle.dumps(hand))):
            counts = [0] * 34
            tiles = list(h.concealed) + ([h.winning_tile] if h.winning_tile is not None else [])
            for t in tiles:
                counts[KIND[t]] += 1
            keys = (h.standing_m, h.standing_p, h.standing_s, h.standing_z)
            got = [(keys[min(k // 9, 3)] >> 4 * (k - 9 * min(k // 9, 3))) & 15 for k in range(34)]
            assert got == counts, str(h)
            assert h.standing_kinds == sum(1 << k for k in range(34) if counts[k]), str(h)
    waiting = parse_hand("[055m]123p456s1777z")  # 13 tiles: no winning tile, a red five in a meld
    assert (waiting.standing_m, waiting.standing_p, waiting.standing_s, waiting.standing_z) == (
        0, 0x111, 0x111 << 12, 1 | 3 << 24)
    red = parse_hand("[123m]055m123p46s11z 5s")  # a red five stands as a five
    assert (red.standing_m, red.standing_s) == (3 << 16, 0x111 << 12)
