"""The riichi engine's data and results: the yaku table's ids, the situation flags defined once,
results that are immutable and pickle."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import random
from typing import Any

import pytest

from suanfan.errors import InvalidHand, NoYaku
from suanfan.riichi import PRESETS, Result, Situation, nagashi_mangan, score
from suanfan.riichi import yaku as Y
from suanfan.riichi.generate import random_case


def test_yaku_ids_are_the_table_rows() -> None:
    """Each row of the table has its id constant (its index), and excludes name real yaku."""
    for i, d in enumerate(Y.TABLE):
        assert getattr(Y, d.id.upper()) == i
        assert Y.INDEX[d.id] == i
        for e in d.excludes:
            assert e in Y.YAKU and e != d.id
    assert len(Y.TABLE) < 63  # a yaku mask fits a native int


def test_situation_defines_the_keywords_of_score() -> None:
    """Situation's fields are score()'s keywords (but hand and rules), with the same defaults,
    in the same order, each with its help text."""
    params = [p for p in inspect.signature(score).parameters.values()
              if p.name not in ("hand", "rules")]
    fields = dataclasses.fields(Situation)
    assert [f.name for f in fields] == [p.name for p in params]
    for f, p in zip(fields, params, strict=True):
        assert f.default == p.default, f.name
        assert f.metadata["help"]
    assert Situation().seat_wind == "E"


CASES = [
    ("123456m789p34s55s 2s", {"riichi": True, "dora_indicators": "1m"}),  # pinfu ryanmen
    ("[555z]234567m22p78s 9s", {"tsumo": True}),  # open, yakuhai
    ("113355779m11p44s 9m", {"riichi": True}),  # seven pairs
    ("19m19p19s1234567z 1m", {}),  # kokushi
    ("111222333m444s5s 5s", {"tsumo": True}),  # suuankou tanki
]


@pytest.mark.parametrize(("hand", "kw"), CASES)
def test_results_pickle_and_are_immutable(hand: str, kw: dict[str, Any]) -> None:
    r = score(hand, **kw)
    back = pickle.loads(pickle.dumps(r))
    assert back == r and hash(back) == hash(r)
    assert back.to_dict() == r.to_dict()
    for name in ("han", "fu", "yaku", "payment", "wait", "sets", "fu_breakdown"):
        with pytest.raises(AttributeError):
            setattr(r, name, 1)
    with pytest.raises(AttributeError):
        setattr(r, "anything", 1)  # noqa: B010
    for item in r.fu_breakdown:
        assert pickle.loads(pickle.dumps(item)) == item
        with pytest.raises(AttributeError):
            setattr(item, "fu", 1)  # noqa: B010


def test_nagashi_mangan_result_pickles() -> None:
    r = nagashi_mangan("S", 1, 1)
    assert pickle.loads(pickle.dumps(r)).to_dict() == r.to_dict()
    assert isinstance(r, Result) and r.sets == () and r.fu_breakdown == ()


def test_random_results_round_trip() -> None:
    """On random hands of every shape and rules preset, a pickled result gives the same answer,
    and the fu breakdown (rebuilt on request) adds up to the fu the engine scored."""
    rng = random.Random(12)
    presets = list(PRESETS.values())
    n = 0
    for i in range(600):
        rules = presets[i % len(presets)]
        h, kw = random_case(rng, renhou=rules.renhou != "off")
        try:
            r = score(h, rules=rules, **kw)
        except NoYaku:
            continue
        except InvalidHand as exc:  # the generator deals 2m-8m, which three players do not have
            if rules.sanma and "no 2m-8m" in str(exc):
                continue
            raise
        assert pickle.loads(pickle.dumps(r)).to_dict() == r.to_dict()
        if r.fu and r.fu != 25:  # the breakdown (rebuilt from the hand) gives the engine's fu
            assert (r.fu_unrounded + 9) // 10 * 10 == r.fu, (str(h), kw)
        n += 1
    assert n > 400


def test_plain_indicator_strings_parse_as_the_notation_does() -> None:
    """The engine reads plain indicator strings itself; it must agree with the notation's parser
    (and leave everything else to it)."""
    from suanfan.errors import InvalidHand
    from suanfan.notation import parse_tiles
    from suanfan.riichi.engine import _plain_tiles

    rng = random.Random(5)
    for _ in range(3000):
        text = "".join(rng.choice("0123456789mpsz") for _ in range(rng.randrange(1, 9)))
        plain = _plain_tiles(text)
        try:
            expected: tuple[int, ...] | None = tuple(parse_tiles(text))
        except InvalidHand:
            expected = None
        if plain is not None:
            assert plain == expected, text
    assert _plain_tiles("3m7z0p") == tuple(parse_tiles("3m7z0p"))
    assert _plain_tiles("E") is None and _plain_tiles("3m ") is None


def test_wrongly_typed_arguments_get_a_specific_error() -> None:
    """Every argument of riichi.score() is checked at run time, in the compiled build too: an
    InvalidHand naming it, never a TypeError or a flag read by its truth ("no" is true)."""
    import pytest

    from suanfan import InvalidHand
    from suanfan.riichi import score

    hand = "234m456p678s2255s 5s"
    cases = [({"tsumo": "no"}, "tsumo"), ({"tenhou": "yes"}, "tenhou"), ({"honba": None}, "honba"),
             ({"dora_indicators": 5}, "dora_indicators"), ({"rules": bytearray(b"x")}, "rules"),
             ({"seat_wind": None}, "seat wind"), ({"nuki": -1}, "nuki")]
    for kwargs, named in cases:
        with pytest.raises(InvalidHand, match=named):
            score(hand, riichi=True, **kwargs)
    with pytest.raises(InvalidHand, match="hand"):
        score(b"234m")
    assert score(hand, riichi=1, tsumo=0).han == score(hand, riichi=True).han
