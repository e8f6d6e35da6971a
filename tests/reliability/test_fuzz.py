"""Every public entry point given wrongly typed and absurd arguments raises a MahjongError and
nothing else (issue 13): never a TypeError, AttributeError, a ValueError from int printing, a
RecursionError, or a silent answer for an argument that is not one. The command line given any
mix of options prints one line and exits 2, never a traceback."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout, suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from suanfan import MahjongError, analysis, mcr, parse_hand, riichi
from suanfan.cli import main
from suanfan.mcr.rules import MCR, load_rules
from suanfan.notation import format_hand, format_tiles, parse_tile, parse_tiles
from suanfan.svg import hand_svg, tile_svg

MCR_HAND = "[567m2][999s3]11p345s78s 6s"
RIICHI_HAND = "123m456p789s1122z 2z"
WAITING = "123m456p789s1122z"

#: values of every wrong kind: other types, huge and negative ints, NaN, nested containers
ABSURD = st.one_of(
    st.none(), st.booleans(), st.integers(), st.just(10**5000), st.just(-(10**5000)),
    st.floats(allow_nan=True), st.text(max_size=20), st.binary(max_size=8),
    st.just(bytearray(b"1m")), st.lists(st.integers(), max_size=4),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.just(object()), st.just([[[[]]]]),
    st.just(float("inf")), st.sampled_from(["False", "no", "yes", "0", "", " ", "E", "x" * 5000]),
)


def _only_mahjong_errors(fn: Any, *args: Any, **kwargs: Any) -> None:
    with suppress(MahjongError):
        fn(*args, **kwargs)


MCR_ARGS = ("self_drawn", "last_tile_of_wall", "kong", "last_of_kind", "seat_wind", "prevalent_wind",
            "flowers", "rules", "heavenly_hand", "declared_ready")
RIICHI_ARGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
               "tenhou", "chiihou", "renhou", "seat_wind", "round_wind", "dora_indicators",
               "ura_dora_indicators", "honba", "riichi_sticks", "nuki", "rules")


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(MCR_ARGS), ABSURD)
def test_mcr_score_arguments(name: str, value: object) -> None:
    _only_mahjong_errors(mcr.score, MCR_HAND, **{name: value})


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(RIICHI_ARGS), ABSURD)
def test_riichi_score_arguments(name: str, value: object) -> None:
    _only_mahjong_errors(riichi.score, RIICHI_HAND, tsumo=True, **{name: value}) if name != "tsumo" \
        else _only_mahjong_errors(riichi.score, RIICHI_HAND, tsumo=value)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(ABSURD, st.sampled_from(["hand", "system", "visible", "situation", "score_waits"]))
def test_analysis_arguments(value: object, where: str) -> None:
    if where == "hand":
        for fn in (mcr.shanten, riichi.shanten, analysis.report, analysis.wait_table):
            _only_mahjong_errors(fn, value)
    elif where == "system":
        _only_mahjong_errors(analysis.report, WAITING, value)
        _only_mahjong_errors(analysis.advise, RIICHI_HAND, value)
    elif where == "visible":
        _only_mahjong_errors(mcr.waits, WAITING, visible=value)
        _only_mahjong_errors(analysis.report, WAITING, "riichi", visible=value)
    elif where == "score_waits":
        _only_mahjong_errors(analysis.advise, RIICHI_HAND, "mcr", score_waits=value)
    else:
        _only_mahjong_errors(analysis.report, WAITING, "mcr", seat_wind=value)
        _only_mahjong_errors(analysis.report, WAITING, "riichi", dora_indicators=value)


def test_an_option_of_the_other_rule_system_is_refused() -> None:
    with pytest.raises(MahjongError, match="not a situation option of mcr"):
        mcr.waits(WAITING, riichi=True)
    with pytest.raises(MahjongError, match="not a situation option of riichi"):
        analysis.report(WAITING, "riichi", self_drawn=True)
    with pytest.raises(MahjongError, match="not a situation option of mcr"):
        analysis.advise(RIICHI_HAND, "mcr", tsumo=True)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(ABSURD)
def test_notation_and_pictures(value: object) -> None:
    for fn in (parse_hand, parse_tile, parse_tiles, tile_svg, hand_svg):
        _only_mahjong_errors(fn, value)
    _only_mahjong_errors(format_hand, parse_hand(MCR_HAND), value)
    _only_mahjong_errors(format_tiles, [1, 2, 3], value)
    _only_mahjong_errors(parse_hand(MCR_HAND).to_string, value)
    _only_mahjong_errors(hand_svg, MCR_HAND, height=value)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["values", "disable", "enable", "disabled", "min_fan", "base_points", "false_win",
                        "melded_concealed_kong", "knitted_tile_wait", "name", "base", "bogus"]), ABSURD)
def test_rules_files(key: str, value: object) -> None:
    _only_mahjong_errors(load_rules, {key: value})
    _only_mahjong_errors(load_rules, value)
    option = "kazoe" if key == "name" else "red_fives"
    _only_mahjong_errors(riichi.get_rules("default").replace, **{option: value})


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(ABSURD, ABSURD)
def test_settlement_and_derive(a: object, b: object) -> None:
    result = mcr.score(MCR_HAND)
    _only_mahjong_errors(result.settlement, a, b)
    _only_mahjong_errors(MCR.derive, base_points=a)
    _only_mahjong_errors(MCR.derive, min_fan=a, values={"chicken_hand": b})


def test_the_reported_reproducers() -> None:
    # issue 13's list, each a clear MahjongError (or the right answer)
    bad: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = [
        (riichi.score, (RIICHI_HAND,), {"dora_indicators": 5}),
        (riichi.score, (RIICHI_HAND,), {"nuki": None}),
        (riichi.score, (RIICHI_HAND,), {"tsumo": []}),
        (riichi.score, (RIICHI_HAND,), {"tenhou": "yes"}),
        (riichi.score, (RIICHI_HAND,), {"rules": bytearray(b"default")}),
        (riichi.score, (RIICHI_HAND,), {"tsumo": True, "honba": -(10**5000)}),
        (riichi.score, (RIICHI_HAND,), {"tsumo": True, "honba": 10**100}),
        (analysis.report, (WAITING, 5), {}),
        (mcr.waits, (WAITING,), {"visible": 5}),
        (mcr.score, (MCR_HAND,), {"flowers": (1, "x")}),
        (mcr.score, (MCR_HAND,), {"flowers": (9, 9, 9)}),
        (mcr.score, (MCR_HAND,), {"self_drawn": "False"}),
        (riichi.score, (RIICHI_HAND,), {"tsumo": "no"}),
        (load_rules, (5,), {}),
        (load_rules, ({"disable": 5},), {}),
        (load_rules, ({"base_points": "eight"},), {}),
        (load_rules, ({"melded_concealed_kong": "no"},), {}),
        (MCR.derive, (), {"base_points": -8}),
        (parse_hand, (b"123m",), {}),
        (parse_hand, ("[1111m,]123p456p789p1s 1s",), {}),
    ]
    for fn, args, kwargs in bad:
        with pytest.raises(MahjongError):
            fn(*args, **kwargs)
    # a promoted kong claimed from the right is drawn (it used to be an IndexError)
    assert hand_svg("[EEEE7]123m456p789s1p").startswith("<svg")


COMMANDS = ["mcr", "riichi", "waits", "analyze", "parse", "rules", "shanten"]
OPTIONS = ["--json", "--lang", "--rules", "--rules-file", "--seat", "--prevalent", "--round", "--flowers",
           "--dora", "--honba", "--visible", "--min-fan", "--fan-value", "--disable", "--system",
           "--style", "--self-drawn", "--tsumo", "--riichi", "--sticks", "--enable"]
VALUES = ["", "x", "-1", "99999999999999999999", "E", "1m", "zh", "mcr", "/dev/null", "/nonexistent",
          "[EEEE7]123m456p789s1p", MCR_HAND, RIICHI_HAND, WAITING, "chicken_hand=9", "\x00", "🀄"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(COMMANDS), st.lists(st.sampled_from(OPTIONS + VALUES), max_size=6))
def test_command_line_never_prints_a_traceback(command: str, rest: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main([command, *rest])
        except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
            code = exc.code if isinstance(exc.code, int) else 2
    assert code in (0, 1, 2), (command, rest, err.getvalue())
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue(), (command, rest)

