"""The review as one self-contained HTML file (``suanfan review LOG --html OUT``): no script, no
request, every picture inline SVG, so it opens from a file in any browser with no server."""

from __future__ import annotations

from html import escape
from typing import Final

from ..errors import MahjongError
from ..svg import hand_svg, tile_symbols
from .records import Choice, Decision, Review

__all__ = ["review_html"]

_SHOWN: Final = 6  # options shown per decision
_STYLE: Final = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1b1b}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.3rem 0}td,th{padding:.15rem .5rem;text-align:right}
th{background:#eef}td:first-child,th:first-child{text-align:left}
.d{border:1px solid #ddd;border-radius:6px;padding:.5rem .8rem;margin:.6rem 0}
.bad{border-color:#c62828;background:#fff5f5}.ok{border-color:#2e7d32}
.meta{color:#444;font-size:.9rem}.mine{font-weight:700}.best{background:#e8f5e9}
.river{font-family:ui-monospace,monospace;font-size:.85rem;color:#333}
.summary td{text-align:left}svg.plot{max-width:100%;height:auto}
"""


def _num(x: float | None, pct: bool = False) -> str:
    if x is None:
        return "–"
    return f"{100 * x:.1f}%" if pct else f"{x:.0f}"


def _plot(ds: list[Decision]) -> str:
    """The player's expected score through a round: the best choice's value and the chosen
    one's, decision by decision (judged decisions only)."""
    pts = []
    for d in ds:
        if d.loss is None or not d.choices or d.choices[0].value is None:
            continue
        best = d.choices[0].value
        pts.append((d.turn, best, best - d.loss))
    if len(pts) < 2:
        return ""
    w, h, pad = 560, 160, 36
    top = max(max(b for _, b, _ in pts), 1.0)
    lo = min(0.0, min(c for _, _, c in pts))
    span = top - lo or 1.0
    n = len(pts)

    def xy(i: int, v: float) -> str:
        x = pad + (w - 2 * pad) * i / (n - 1)
        y = h - pad / 2 - (h - pad) * (v - lo) / span
        return f"{x:.1f},{y:.1f}"

    best_line = " ".join(xy(i, b) for i, (_, b, _) in enumerate(pts))
    mine_line = " ".join(xy(i, c) for i, (_, _, c) in enumerate(pts))
    ticks = "".join(f'<text x="{xy(i, lo).split(",")[0]}" y="{h - 2}" font-size="10" '
                    f'text-anchor="middle">{t}</text>' for i, (t, _, _) in enumerate(pts))
    return (f'<svg class="plot" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="expected score by decision">'
            f'<text x="2" y="12" font-size="10">{top:.0f}</text>'
            f'<text x="2" y="{h - pad / 2:.0f}" font-size="10">{lo:.0f}</text>'
            f'<polyline fill="none" stroke="#2e7d32" stroke-width="2" points="{best_line}"/>'
            f'<polyline fill="none" stroke="#c62828" stroke-width="2" stroke-dasharray="4 3" '
            f'points="{mine_line}"/>{ticks}'
            f'<text x="{w - pad}" y="12" font-size="10" text-anchor="end" fill="#2e7d32">best</text>'
            f'<text x="{w - pad}" y="24" font-size="10" text-anchor="end" fill="#c62828">chosen</text>'
            "</svg>")


def _picture(hand: str) -> str:
    try:
        return hand_svg(hand, height=40, shared=True)
    except MahjongError:
        return f"<code>{escape(hand)}</code>"


def _choices(d: Decision) -> str:
    rows = []
    shown: list[Choice] = list(d.choices[:_SHOWN])
    mine = next((c for c in d.choices if c.action == d.actual), None)
    if mine is not None and mine not in shown:
        shown.append(mine)
    for c in shown:
        cls = " ".join(x for x in ("best" if c.action == d.best else "",
                                   "mine" if c.action == d.actual else "") if x)
        rows.append(f'<tr class="{cls}"><td>{escape(c.action)}</td><td>{_num(c.value)}</td>'
                    f"<td>{_num(c.expected_score)}</td><td>{_num(c.win_probability, True)}</td>"
                    f"<td>{_num(c.tenpai_probability, True)}</td>"
                    f"<td>{'–' if c.shanten is None else c.shanten}</td>"
                    f"<td>{'–' if c.useful is None else c.useful}</td>"
                    f"<td>{_num(c.danger, True)}</td></tr>")
    return ("<table><tr><th>choice</th><th>value</th><th>exp. score</th><th>win</th><th>tenpai</th>"
            "<th>shanten</th><th>useful</th><th>danger</th></tr>" + "".join(rows) + "</table>")


def _decision(d: Decision, threshold: float, names: tuple[str, ...]) -> str:
    bad = d.loss is not None and d.loss > threshold
    cls = "d bad" if bad else ("d ok" if d.agree else "d")
    loss = "" if d.loss is None else f" — lost {d.loss:.0f}"
    threats = ", ".join(escape(names[s]) if s < len(names) else str(s) for s in d.threats)
    rivers = "".join(f"<div>{escape(names[s]) if s < len(names) else s}: {escape(r) or '–'}</div>"
                     for s, r in enumerate(d.rivers))
    return (f'<div class="{cls}" id="r{escape(d.round)}-t{d.turn}-{escape(d.kind)}">'
            f'<div class="meta">{escape(d.round)}, turn {d.turn}: {escape(d.kind)}'
            f"{' after drawing ' + escape(d.tile) if d.tile and d.kind != 'call' else ''}"
            f"{' on ' + escape(d.tile) if d.kind == 'call' else ''}"
            f" · played <b>{escape(d.actual)}</b>, suanfan <b>{escape(d.best)}</b>{loss}"
            f" · {escape(d.model)}{' · threats: ' + threats if threats else ''}</div>"
            f"{_picture(d.hand)}{_choices(d)}"
            f'<details><summary>the table</summary><div class="river">{rivers}'
            f"<div>dora indicators: {escape(d.dora) or '–'}</div></div></details>"
            f"{'<div class=meta>' + escape(d.note) + '</div>' if d.note else ''}</div>")


def review_html(reviews: list[Review]) -> str:
    """One HTML page for the reviews of one or more games."""
    parts = []
    for r in reviews:
        s = r.summary
        parts.append(f"<h1>{escape(r.player)} (seat {r.seat}) — {escape(r.file)}</h1>")
        parts.append('<table class="summary">' + "".join(
            f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in (
                ("decisions", str(s.decisions)), ("judged in points", str(s.judged)),
                ("agreement", f"{100 * s.agreement_rate:.1f}% ({s.agreed} of {s.judged})"),
                (f"losing more than {s.threshold:.0f}", f"{100 * s.big_loss_rate:.1f}% ({s.big_losses})"),
                ("expected score lost", f"{s.expected_loss:.0f} ({s.loss_per_round:.0f} a round over "
                                        f"{s.rounds} rounds)"))) + "</table>")
        for e in r.errors:
            parts.append(f'<p class="meta">{escape(e)}</p>')
        names = _names(r)
        rounds: dict[str, list[Decision]] = {}
        for d in r.decisions:
            rounds.setdefault(d.round, []).append(d)
        for label, ds in rounds.items():
            parts.append(f"<h2>{escape(label)}</h2>{_plot(ds)}")
            parts.extend(_decision(d, s.threshold, names) for d in ds
                         if d.kind in ("discard", "riichi", "riichi_or_dama", "win")
                         or d.actual != d.best)
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>suanfan review</title><style>{_STYLE}</style></head><body>{tile_symbols()}"
            + "".join(parts) + "</body></html>\n")


def _names(r: Review) -> tuple[str, ...]:
    if r.names:
        return r.names
    n = max((len(d.rivers) for d in r.decisions), default=4)
    return tuple(r.player if i == r.seat else f"seat {i}" for i in range(n))
