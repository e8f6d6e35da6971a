"""The statistics as one self-contained HTML page (``suanfan stats ... --html OUT``): no script,
no request, inline CSS and SVG bar charts, so it opens from a file in any browser with no server.

:func:`stats_html` takes the entries of ``suanfan stats --json`` (riichi entries, and MCR ones
with ``"system": "mcr"``) and a language of :data:`LANGS`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Final

from ..mcr import FAN_BY_ID

__all__ = ["CHART_PLAYERS", "LANGS", "stats_html"]

#: the languages of the page
LANGS: Final = ("en", "zh-Hans", "zh-Hant", "ja")
#: at most this many players (the first of the table) are drawn in each chart
CHART_PLAYERS: Final = 40
#: at most this many fans are drawn per seat
CHART_FANS: Final = 15

_W: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "suanfan statistics", "riichi": "Riichi", "mcr": "MCR (Botzone)",
        "name": "player", "seats": "players", "games": "games", "rounds": "rounds",
        "wins": "wins", "tsumo_wins": "tsumo", "deal_ins": "deal-ins", "riichi_n": "riichi",
        "calls": "calls", "draws": "draws", "tenpai_at_draw": "tenpai at draw",
        "win_rate": "win rate", "deal_in_rate": "deal-in rate", "riichi_rate": "riichi rate",
        "call_rate": "call rate", "tsumo_rate": "tsumo rate", "average_win": "average win",
        "average_deal_in": "average deal-in", "average_placement": "average placement",
        "self_drawn_wins": "self-drawn", "self_drawn_rate": "self-drawn rate (of wins)",
        "average_fans": "average fans", "average_recorded_fans": "average fans recorded",
        "fan_differences": "totals differing",
        "rates": "Rates", "placements": "Placements",
        "place": "{n}th", "place1": "1st", "place2": "2nd", "place3": "3rd",
        "fans": "Fans in the wins of {name}", "fan_note": "share of the wins with the fan",
        "no_wins": "no wins", "more": "The charts show the first {n} players of the table.",
        "seat_note": "Botzone logs name no player: each entry is a seat (0-3 = East, South, "
                     "West, North of each match), not a person. Fans as suanfan's engine scores "
                     "each win.",
        "empty": "No player in the logs.",
    },
    "zh-Hans": {
        "title": "suanfan 统计", "riichi": "日麻", "mcr": "国标麻将（Botzone）",
        "name": "玩家", "seats": "人数", "games": "对局", "rounds": "局数",
        "wins": "和牌", "tsumo_wins": "自摸", "deal_ins": "放铳", "riichi_n": "立直",
        "calls": "副露", "draws": "流局", "tenpai_at_draw": "流局听牌",
        "win_rate": "和牌率", "deal_in_rate": "放铳率", "riichi_rate": "立直率",
        "call_rate": "副露率", "tsumo_rate": "自摸率", "average_win": "平均打点",
        "average_deal_in": "平均放铳", "average_placement": "平均顺位",
        "self_drawn_wins": "自摸", "self_drawn_rate": "自摸率（占和牌）",
        "average_fans": "平均番数", "average_recorded_fans": "记录的平均番数",
        "fan_differences": "番数不同",
        "rates": "比率", "placements": "顺位分布",
        "place": "{n}位", "place1": "1位", "place2": "2位", "place3": "3位",
        "fans": "{name} 和牌中的番种", "fan_note": "含该番种的和牌比例",
        "no_wins": "无和牌", "more": "图表只画表中前 {n} 名玩家。",
        "seat_note": "Botzone 记录不写玩家名：每一项是一个座位（每局的 0-3 = 东南西北），"
                     "不是一个人。番数按 suanfan 引擎的计算。",
        "empty": "记录中没有玩家。",
    },
    "zh-Hant": {
        "title": "suanfan 統計", "riichi": "日麻", "mcr": "國標麻將（Botzone）",
        "name": "玩家", "seats": "人數", "games": "對局", "rounds": "局數",
        "wins": "和牌", "tsumo_wins": "自摸", "deal_ins": "放銃", "riichi_n": "立直",
        "calls": "副露", "draws": "流局", "tenpai_at_draw": "流局聽牌",
        "win_rate": "和牌率", "deal_in_rate": "放銃率", "riichi_rate": "立直率",
        "call_rate": "副露率", "tsumo_rate": "自摸率", "average_win": "平均打點",
        "average_deal_in": "平均放銃", "average_placement": "平均順位",
        "self_drawn_wins": "自摸", "self_drawn_rate": "自摸率（佔和牌）",
        "average_fans": "平均番數", "average_recorded_fans": "記錄的平均番數",
        "fan_differences": "番數不同",
        "rates": "比率", "placements": "順位分佈",
        "place": "{n}位", "place1": "1位", "place2": "2位", "place3": "3位",
        "fans": "{name} 和牌中的番種", "fan_note": "含該番種的和牌比例",
        "no_wins": "無和牌", "more": "圖表只畫表中前 {n} 名玩家。",
        "seat_note": "Botzone 記錄不寫玩家名：每一項是一個座位（每局的 0-3 = 東南西北），"
                     "不是一個人。番數按 suanfan 引擎的計算。",
        "empty": "記錄中沒有玩家。",
    },
    "ja": {
        "title": "suanfan 成績", "riichi": "リーチ麻雀", "mcr": "中国麻将（Botzone）",
        "name": "プレイヤー", "seats": "人数", "games": "対局", "rounds": "局数",
        "wins": "和了", "tsumo_wins": "ツモ", "deal_ins": "放銃", "riichi_n": "立直",
        "calls": "副露", "draws": "流局", "tenpai_at_draw": "流局聴牌",
        "win_rate": "和了率", "deal_in_rate": "放銃率", "riichi_rate": "立直率",
        "call_rate": "副露率", "tsumo_rate": "ツモ率", "average_win": "平均打点",
        "average_deal_in": "平均放銃打点", "average_placement": "平均順位",
        "self_drawn_wins": "自摸", "self_drawn_rate": "自摸率（和了中）",
        "average_fans": "平均番数", "average_recorded_fans": "記録の平均番数",
        "fan_differences": "番数の相違",
        "rates": "各率", "placements": "順位分布",
        "place": "{n}位", "place1": "1位", "place2": "2位", "place3": "3位",
        "fans": "{name} の和了の番種", "fan_note": "その番種を含む和了の割合",
        "no_wins": "和了なし", "more": "グラフは表の最初の {n} 人だけを描きます。",
        "seat_note": "Botzone の記録にはプレイヤー名がない：各行は席（各局の 0-3 = 東南西北）"
                     "で、人ではない。番数は suanfan のエンジンによる。",
        "empty": "記録にプレイヤーがいない。",
    },
}

_RIICHI_COLUMNS: Final = ("name", "seats", "games", "rounds", "wins", "tsumo_wins", "deal_ins",
                          "riichi_n", "calls", "draws", "tenpai_at_draw", "win_rate",
                          "deal_in_rate", "riichi_rate", "call_rate", "tsumo_rate",
                          "average_win", "average_deal_in", "average_placement")
_MCR_COLUMNS: Final = ("name", "games", "rounds", "wins", "self_drawn_wins", "deal_ins", "draws",
                       "win_rate", "self_drawn_rate", "deal_in_rate", "average_fans",
                       "average_recorded_fans", "fan_differences")
_COLOURS: Final = ("#2e7d32", "#c62828", "#1565c0", "#ef6c00")
_PLACE_COLOURS: Final = ("#1b5e20", "#66bb6a", "#ffb74d", "#e53935")
_STYLE: Final = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1rem;color:#1b1b1b}
h1{font-size:1.4rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}
h3{font-size:1rem;margin:1.2rem 0 .3rem}.wrap{overflow-x:auto}
table{border-collapse:collapse;margin:.3rem 0;font-size:.9rem}
td,th{padding:.15rem .45rem;text-align:right;white-space:nowrap}th{background:#eef}
td:first-child,th:first-child{text-align:left}tr:nth-child(even) td{background:#f7f7fb}
svg.chart{max-width:100%;height:auto;display:block}.note{color:#444;font-size:.9rem}
"""


def _words(lang: str) -> Mapping[str, str]:
    return _W.get(lang, _W["en"])


def _fan_name(fid: str, lang: str, entry: Mapping[str, object]) -> str:
    fan = FAN_BY_ID.get(fid)
    if fan is None:
        return str(entry.get("zh", fid))
    return fan.name("en" if lang == "en" else "zh-Hant" if lang in ("zh-Hant", "ja") else "zh")


def _cell(key: str, v: object) -> str:
    if isinstance(v, float):
        if key.endswith("_rate"):
            return f"{100 * v:.1f}%"
        return f"{v:.2f}" if "placement" in key or "fans" in key else f"{v:.0f}"
    return escape(str(v))


def _table(rows: Sequence[Mapping[str, object]], columns: Sequence[str],
           w: Mapping[str, str], cls: str) -> str:
    head = "".join(f"<th>{escape(w[c])}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(c, r['riichi' if c == 'riichi_n' else c])}</td>"
                         for c in columns) + "</tr>" for r in rows)
    return f'<div class="wrap"><table class="{cls}"><tr>{head}</tr>{body}</table></div>'


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at ``size`` px (wide characters twice a narrow one)."""
    return sum(size if ord(ch) > 0x2e7f else 0.6 * size for ch in text)


def _legend(keys: Sequence[tuple[str, str]], width: float) -> tuple[str, int]:
    """The colour keys laid out in rows within ``width``, and the height they take."""
    out = []
    x, y = 4.0, 4
    for name, colour in keys:
        span = 16 + _text_width(name, 11) + 18
        if x > 4 and x + span > width:
            x, y = 4.0, y + 16
        out.append(f'<rect class="key" x="{x:.0f}" y="{y}" width="12" height="12" '
                   f'fill="{colour}"/><text x="{x + 16:.0f}" y="{y + 10}" '
                   f'font-size="11">{escape(name)}</text>')
        x += span
    return "".join(out), y + 20


def _bars(label: str, names: Sequence[str],
          series: Sequence[tuple[str, str, Sequence[float]]], scale: float | None = None) -> str:
    """Grouped horizontal bars: one group a player, one bar a series (values 0-1, drawn on a
    scale up to ``scale``, else the largest value), each with its percentage."""
    bar, gap, left, width = 11, 9, 190, 380
    legend, top = _legend([(name, colour) for name, colour, _ in series], left + width + 60)
    top_value = scale or max((v for _, _, vs in series for v in vs), default=0.0) or 1.0
    group = bar * len(series) + gap
    h = top + group * len(names) + 4
    out = [f'<svg class="chart" viewBox="0 0 {left + width + 60} {h}" width="{left + width + 60}" '
           f'height="{h}" role="img" aria-label="{escape(label)}">', legend]
    for p, player in enumerate(names):
        y0 = top + p * group
        out.append(f'<text x="{left - 6}" y="{y0 + bar * len(series) / 2 + 4:.1f}" '
                   f'font-size="11" text-anchor="end">{escape(_short(player, left - 10))}</text>')
        for i, (name, colour, values) in enumerate(series):
            v = values[p]
            y = y0 + i * bar
            length = width * v / top_value
            out.append(f'<rect class="bar" x="{left}" y="{y}" width="{length:.1f}" '
                       f'height="{bar - 1}" fill="{colour}"><title>{escape(player)}: '
                       f'{escape(name)} {100 * v:.1f}%</title></rect>'
                       f'<text x="{left + length + 3:.1f}" y="{y + bar - 2}" '
                       f'font-size="9">{100 * v:.1f}%</text>')
    out.append("</svg>")
    return "".join(out)


def _short(text: str, width: float) -> str:
    """``text`` cut (with an ellipsis) to about ``width`` px at 11 px."""
    if _text_width(text, 11) <= width:
        return text
    while text and _text_width(text + "…", 11) > width:
        text = text[:-1]
    return text + "…"


def _placements(rows: Sequence[Mapping[str, object]], w: Mapping[str, str]) -> str:
    """One bar a player, split by the share of each final rank."""
    bar, left, width = 16, 190, 420
    seats = max(len(_ints(r.get("placements"))) for r in rows)
    legend, top = _legend([(_place(k + 1, w), _PLACE_COLOURS[k % 4]) for k in range(seats)],
                          left + width)
    h = top + (bar + 4) * len(rows) + 4
    out = [f'<svg class="chart placements" viewBox="0 0 {left + width + 10} {h}" '
           f'width="{left + width + 10}" height="{h}" role="img" '
           f'aria-label="{escape(w["placements"])}">', legend]
    for p, r in enumerate(rows):
        places = _ints(r.get("placements"))
        total = sum(places)
        y = top + p * (bar + 4)
        out.append(f'<text x="{left - 6}" y="{y + bar - 4}" font-size="11" '
                   f'text-anchor="end">{escape(_short(str(r["name"]), left - 10))}</text>')
        x = float(left)
        for k, n in enumerate(places):
            if not total or not n:
                continue
            length = width * n / total
            out.append(f'<rect class="bar" x="{x:.1f}" y="{y}" width="{length:.1f}" '
                       f'height="{bar}" fill="{_PLACE_COLOURS[k % 4]}"><title>'
                       f'{escape(str(r["name"]))}: {escape(_place(k + 1, w))} {n}</title></rect>')
            if length > 14:
                out.append(f'<text x="{x + length / 2:.1f}" y="{y + bar - 4}" font-size="10" '
                           f'text-anchor="middle" fill="#fff">{n}</text>')
            x += length
    out.append("</svg>")
    return "".join(out)


def _place(n: int, w: Mapping[str, str]) -> str:
    return w.get(f"place{n}", w["place"].format(n=n))


def _ints(v: object) -> list[int]:
    return [int(x) for x in v] if isinstance(v, list) else []


def _rates(rows: Sequence[Mapping[str, object]], keys: Sequence[str],
           w: Mapping[str, str]) -> str:
    names = [str(r["name"]) for r in rows]
    series = [(w[k], _COLOURS[i % len(_COLOURS)], [_float(r.get(k)) for r in rows])
              for i, k in enumerate(keys)]
    return _bars(w["rates"], names, series)


def _float(v: object) -> float:
    return float(v) if isinstance(v, (int, float)) else 0.0


def _fans(r: Mapping[str, object], w: Mapping[str, str], lang: str) -> str:
    title = w["fans"].format(name=r["name"])
    listed = r.get("fans")
    fans = [f for f in listed if isinstance(f, dict)][:CHART_FANS] if isinstance(listed, list) \
        else []
    if not fans:
        return f'<h3>{escape(title)}</h3><p class="note">{escape(w["no_wins"])}</p>'
    names = [f"{_fan_name(str(f['id']), lang, f)} ({f['wins']})" for f in fans]
    chart = _bars(w["fan_note"], names, [(w["fan_note"], "#6a1b9a",
                                          [_float(f.get("rate")) for f in fans])], scale=1.0)
    return f'<h3>{escape(title)}</h3><div class="fans">{chart}</div>'


def stats_html(rows: Sequence[Mapping[str, object]], lang: str = "en") -> str:
    """One HTML page for the entries of ``suanfan stats --json`` (``rows``), in ``lang``."""
    w = _words(lang)
    riichi = [r for r in rows if r.get("system") != "mcr"]
    mcr = [r for r in rows if r.get("system") == "mcr"]
    parts = [f"<h1>{escape(w['title'])}</h1>"]
    if not rows:
        parts.append(f'<p class="note">{escape(w["empty"])}</p>')
    for table_size in sorted({int(_float(r.get("seats"))) for r in riichi}, reverse=True):
        group = [r for r in riichi if int(_float(r.get("seats"))) == table_size]
        shown = group[:CHART_PLAYERS]
        parts.append(f'<section class="riichi"><h2>{escape(w["riichi"])} · '
                     f'{table_size} {escape(w["seats"])}</h2>')
        parts.append(_table(group, _RIICHI_COLUMNS, w, "stats"))
        if len(group) > CHART_PLAYERS:
            parts.append(f'<p class="note">{escape(w["more"].format(n=CHART_PLAYERS))}</p>')
        parts.append(f"<h3>{escape(w['rates'])}</h3>")
        parts.append(_rates(shown, ("win_rate", "deal_in_rate", "riichi_rate", "call_rate"), w))
        parts.append(f"<h3>{escape(w['placements'])}</h3>{_placements(shown, w)}</section>")
    if mcr:
        shown = mcr[:CHART_PLAYERS]
        parts.append(f'<section class="mcr"><h2>{escape(w["mcr"])}</h2>'
                     f'<p class="note">{escape(w["seat_note"])}</p>')
        parts.append(_table(mcr, _MCR_COLUMNS, w, "stats"))
        if len(mcr) > CHART_PLAYERS:
            parts.append(f'<p class="note">{escape(w["more"].format(n=CHART_PLAYERS))}</p>')
        parts.append(f"<h3>{escape(w['rates'])}</h3>")
        parts.append(_rates(shown, ("win_rate", "self_drawn_rate", "deal_in_rate"), w))
        parts.extend(_fans(r, w, lang) for r in shown)
        parts.append("</section>")
    html_lang = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant", "ja": "ja"}.get(lang, "en")
    return (f"<!doctype html><html lang={html_lang}><head><meta charset=utf-8>"
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(w['title'])}</title><style>{_STYLE}</style></head><body>"
            + "".join(parts) + "</body></html>\n")
