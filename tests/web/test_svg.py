"""suanfan's own SVG tiles: well-formed, recognisable, and honest about the hand they draw."""

from __future__ import annotations

import ast
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import suanfan
from suanfan import InvalidHand, parse_hand
from suanfan.svg import back_svg, flower_svg, hand_svg, tile_svg, tile_symbols
from suanfan.tiles import ALL_TILES, tile_name

NS = "{http://www.w3.org/2000/svg}"


def _xml(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(NS + "text")]


@pytest.mark.parametrize("t", range(ALL_TILES))
def test_every_tile_is_wellformed_and_titled(t: int) -> None:
    root = _xml(tile_svg(t))
    assert root.find(NS + "title") is not None
    assert root.find(NS + "title").text == tile_name(t, "en")  # type: ignore[union-attr]
    assert root.get("aria-label") == tile_name(t, "en")


def test_honours_are_drawn_with_their_chinese_characters() -> None:
    for code, ch in zip("1234567", "东南西北白发中", strict=True):
        assert ch in _texts(_xml(tile_svg(code + "z")))
    # the letter notation names the same tiles
    assert tile_svg("C") == tile_svg("7z")
    assert tile_svg("P") == tile_svg("5z")


def test_characters_show_a_numeral_over_wan() -> None:
    for rank, numeral in enumerate("一二三四五六七八九", start=1):
        texts = _texts(_xml(tile_svg(f"{rank}m")))
        assert numeral in texts and "万" in texts and str(rank) in texts


def _dot_count(text: str) -> int:
    # each dot is three concentric circles
    return len(list(_xml(text).iter(NS + "circle"))) // 3


@pytest.mark.parametrize("rank", range(2, 10))
def test_dots_show_rank_circles(rank: int) -> None:
    assert _dot_count(tile_svg(f"{rank}p")) == rank


@pytest.mark.parametrize("rank", range(2, 10))
def test_bamboo_shows_rank_sticks(rank: int) -> None:
    root = _xml(tile_svg(f"{rank}s"))
    # a stick is a stem rect (rounded with rx = half its width) plus a node rect; count stems
    stems = [r for r in root.iter(NS + "rect") if r.get("rx") == "4"]
    assert len(stems) == rank


def test_tiles_are_distinct_pictures() -> None:
    pictures = {tile_svg(t).split("</title>", 1)[1] for t in range(ALL_TILES)}
    assert len(pictures) == ALL_TILES


def test_red_fives_are_red_and_marked() -> None:
    for suit in "mps":
        plain, red = tile_svg(f"5{suit}"), tile_svg(f"0{suit}")
        assert plain != red
        assert red.count("#c62828") > plain.count("#c62828")
        assert "Red 5" in red
    # the corner mark appears only on red fives
    mark = 'd="M44 1.2'
    assert all(mark not in tile_svg(t) for t in range(34))
    assert all(mark in tile_svg(t) for t in range(34, 37))


def test_flowers_and_back() -> None:
    for n, ch in enumerate("梅兰竹菊春夏秋冬", start=1):
        assert ch in _texts(_xml(flower_svg(n)))
    _xml(back_svg())
    with pytest.raises(InvalidHand):
        flower_svg(9)


@pytest.mark.parametrize("bad", [-1, 37, "9z", "x", True])
def test_bad_tiles_raise_invalid_hand(bad: object) -> None:
    with pytest.raises(InvalidHand):
        tile_svg(bad)  # type: ignore[arg-type]


def _tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if g.find(NS + "title") is not None]


def test_hand_svg_draws_every_tile_and_sets_apart_the_winner() -> None:
    text = "[567m2][999s3]11p345s78s 6s 1258f"
    hand = parse_hand(text)
    root = _xml(hand_svg(hand))
    groups = _tile_groups(root)
    assert len(groups) == len(hand.all_tiles) + len(hand.flowers)
    titles = [g.find(NS + "title").text or "" for g in groups]  # type: ignore[union-attr]
    assert titles[-5] == "6 Bamboo (winning tile)"
    assert sum("(claimed)" in x for x in titles) == 2  # one turned tile per claimed meld
    rotated = [g for g in groups if "rotate(-90)" in (g.get("transform") or "")]
    assert len(rotated) == 2
    assert root.get("aria-label") == str(hand)


def test_hand_svg_kongs() -> None:
    root = _xml(hand_svg("[EEEE][CCCC5][FFFF2][PPPP1]N N"))
    titles = [g.find(NS + "title").text or "" for g in _tile_groups(root)]  # type: ignore[union-attr]
    assert titles.count("tile back (concealed kong)") == 2
    assert sum("(added)" in x for x in titles) == 1
    assert len(titles) == 18


def test_hand_svg_of_a_waiting_hand_and_repr_svg() -> None:
    hand = suanfan.parse_hand("[123p1][345s2][999s3]6m6pE 1m")
    svg = hand._repr_svg_()
    assert svg.startswith("<svg") and "winning tile" not in svg
    assert len(_tile_groups(_xml(svg))) == 13


def test_hand_svg_height_scales() -> None:
    small = _xml(hand_svg("19m19p19s1234567z 1m", height=30))
    big = _xml(hand_svg("19m19p19s1234567z 1m", height=60))
    assert float(big.get("height", 0)) == pytest.approx(2 * float(small.get("height", 0)))


@pytest.mark.parametrize(("module", "allowed_local"), [
    ("svg.py", {"drawing", "hand", "notation"}),
    ("drawing.py", {"errors", "tiles"}),  # below the hand model, which draws itself with it
])
def test_svg_module_uses_only_the_standard_library_and_the_core(module: str, allowed_local: set[str]) -> None:
    source = Path(suanfan.__file__).with_name(module).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                assert (node.module or "") in allowed_local, node.module
            else:
                assert node.module is not None
                assert node.module.split(".")[0] in sys.stdlib_module_names, node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in sys.stdlib_module_names, alias.name
    assert not re.search(r"https?://(?!www\.w3\.org)", source)  # no external art


@pytest.mark.parametrize("text", ["[567m2][999s3]11p345s78s 6s 1258f", "[EEEE][CCCC5][FFFF2][PPPP1]N N",
                                  "[0m46m1]123p0s45s789s 5s"])
def test_shared_symbols_draw_the_same_tiles_for_a_fraction(text: str) -> None:
    """A page of many hands (the review's report) holds the tile pictures once as symbols; each
    hand drawn with ``shared=True`` then has the same tiles, titles and layout, as ``<use>``."""
    plain = _xml(hand_svg(text))
    shared_text = hand_svg(text, shared=True)
    shared = _xml(shared_text)
    assert plain.get("viewBox") == shared.get("viewBox") and plain.get("width") == shared.get("width")
    a, b = _tile_groups(plain), _tile_groups(shared)
    assert [g.get("transform") for g in a] == [g.get("transform") for g in b]
    assert [g.findtext(NS + "title") for g in a] == [g.findtext(NS + "title") for g in b]
    defs = _xml(tile_symbols())
    ids = {el.get("id") for el in defs.iter(NS + "symbol")}
    assert len(ids) == ALL_TILES + 8 + 1
    refs = [u.get("href") for u in shared.iter(NS + "use")]
    assert len(refs) == len(b) and all(r is not None and r[1:] in ids for r in refs)
    # each face as a symbol is the face of the plain picture
    hand = parse_hand(text)
    first = hand.concealed[0]
    sym = next(el for el in defs.iter(NS + "symbol") if el.get("id") == f"sf-t{first}")
    assert ET.tostring(sym).count(b"<") > 3 and len(shared_text) * 3 < len(hand_svg(text))
