"""Tenhou mjlog XML: write a :class:`~suanfan.logs.tenhou.Game` (the inverse of the reader).

:func:`dumps` writes ``<mjloggm ver="2.3">`` with ``<GO type lobby>``, ``<UN>`` (the names),
``<TAIKYOKU oya="0">`` and, for each round, its ``<INIT seed ten oya hai0..hai3>``, the events
in order (draws ``<T..>``-``<W..>``, discards ``<D..>``-``<G..>``, calls ``<N who m>``,
``<REACH who step>`` with the scores after the deposit at step 2, ``<DORA hai>``) and its end:
one ``<AGARI>`` per winner (``ba hai m machi ten yaku yakuman doraHai doraHaiUra who fromWho
paoWho sc``) or a ``<RYUUKYOKU type ba sc>``. The tile numbers are the records' own (a log read
from tenhou.net/6 or mjai has the copies its reader handed out), so a game read from an mjlog is
written back event for event; a round the log ends inside of is written as far as it goes.

What the records do not hold is not written: the ``<SHUFFLE>`` seed, the players' ranks and rates,
the hands shown at a drawn game, the final ``owari`` scores and uma. Ura dora indicators, which the
records keep by kind ("3m"), get a copy of that kind that the round does not otherwise use. A chip
lobby's ``sc`` has the chip changes with 0 chips before. A limit hand whose fu the log did not
record (tenhou.net/6 records none) is written with fu 0, a value Tenhou never writes (at least 20;
30 to 60 on its yakuman), which :func:`suanfan.logs.replay` takes for "no fu recorded" (it does
not compare it): :func:`unknown_fu` counts them. A win whose yaku,
han or points the log did not record (mjai logs record no yaku) cannot be written: ValueError.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import quote
from xml.sax.saxutils import quoteattr

from ..game import LIMITS, RED, Event, Game, Round, Win
from .mjlog import DISCARD_TAGS, DRAW_TAGS

__all__ = ["dumps", "unknown_fu"]

#: the Tenhou tile numbers of the red fives by suit
_RED_NUMBERS: Final = {"mps"[t // 36]: t for t in RED}


def _element(tag: str, attrs: list[tuple[str, str]]) -> str:
    return "<" + tag + "".join(f" {k}={quoteattr(v)}" for k, v in attrs) + "/>"


def _csv(values: list[int] | tuple[int, ...]) -> str:
    return ",".join(str(v) for v in values)


def _hundreds(points: int) -> int:
    """A score or score change in hundreds, as an mjlog writes them; ValueError when it is not a
    whole number of hundreds (which an mjlog cannot hold)."""
    if points % 100:
        raise ValueError(f"a score or score change of {points}, not a multiple of 100, which an "
                         "mjlog cannot hold")
    return points // 100


def unknown_fu(game: Game) -> int:
    """The wins of ``game`` that :func:`dumps` writes with fu 0 for want of a recorded fu (limit
    hands of a tenhou.net/6 log; a yakuman has no fu to record)."""
    return sum(1 for w in game.wins if "fu" not in w.recorded.known and not w.recorded.yakuman)


def _ura_numbers(rnd: Round, used: set[int], red: bool) -> dict[str, list[int]]:
    """Tile numbers for the ura indicators of the round's wins, by their text: copies of the kind
    that no other tile of the round is (the red five for "0m" "0p" "0s")."""
    texts = max((w.ura_indicators for w in rnd.wins), key=len, default=())
    free = set(range(136)) - used
    out: list[int] = []
    for text in texts:
        num, suit = int(text[0]), text[1]
        if num == 0:
            t = _RED_NUMBERS[suit]
            if t not in free:
                raise ValueError(f"round {rnd.label}: ura indicator {text}: the red five is "
                                 "already in play")
        else:
            kind = (27 + num - 1) if suit == "z" else "mps".index(suit) * 9 + num - 1
            copies = [kind * 4 + c for c in range(4)
                      if kind * 4 + c in free and not (red and kind * 4 + c in _RED_NUMBERS.values())]
            if not copies:
                raise ValueError(f"round {rnd.label}: ura indicator {text}: every copy is in play")
            t = copies[0]
        free.discard(t)
        out.append(t)
    return {"".join(texts[:i]): out[:i] for i in range(len(out) + 1)}


def _agari(w: Win, rnd: Round, n: int, tile: int, concealed: list[int], dora: list[int],
           ura: dict[str, list[int]], before: list[int]) -> str:
    rec = w.recorded
    where = f"round {rnd.label}, the win of seat {w.seat}"
    for fact in ("han", "points", "deltas"):
        if fact not in rec.known:
            raise ValueError(f"{where}: no recorded {fact}: an mjlog needs it")
    if "yaku" not in rec.known or not (rec.yaku or rec.yakuman):
        raise ValueError(f"{where}: no recorded yaku (an mjai log records none): an mjlog needs "
                         "them")
    if rec.limit not in LIMITS:
        raise ValueError(f"{where}: limit {rec.limit!r} is not one an mjlog writes")
    if len(rec.deltas) != n:
        raise ValueError(f"{where}: {len(rec.deltas)} score changes for {n} players")
    fu = rec.fu if "fu" in rec.known else 0
    attrs = [("ba", f"{rec.honba},{rec.sticks}"), ("hai", _csv(sorted([*concealed, tile])))]
    if w.melds:
        attrs.append(("m", _csv([m.code for m in w.melds])))
    attrs += [("machi", str(tile)), ("ten", f"{fu},{rec.points},{LIMITS.index(rec.limit)}")]
    if rec.yaku:
        attrs.append(("yaku", _csv([x for pair in rec.yaku for x in pair])))
    if rec.yakuman:
        attrs.append(("yakuman", _csv(rec.yakuman)))
    attrs.append(("doraHai", _csv(dora)))
    if w.ura_indicators:
        attrs.append(("doraHaiUra", _csv(ura["".join(w.ura_indicators)])))
    attrs += [("who", str(w.seat)), ("fromWho", str(w.seat if w.from_seat is None
                                                   else w.from_seat))]
    if rec.pao is not None:
        attrs.append(("paoWho", str(rec.pao)))
    scores = list(rec.scores) if len(rec.scores) == n else before
    sc = [x for s in range(4) for x in ((_hundreds(scores[s]), _hundreds(rec.deltas[s]))
                                          if s < n else (0, 0))]
    if rec.chips:
        sc += [x for s in range(4) for x in ((0, rec.chips[s]) if s < len(rec.chips) else (0, 0))]
    attrs.append(("sc", _csv(sc)))
    return _element("AGARI", attrs)


def _round(rnd: Round, n: int, red: bool) -> list[str]:
    if len(rnd.dealt) != n:
        raise ValueError(f"round {rnd.label} has no dealt tiles: it cannot be written")
    seed = rnd.seed.split(",")
    if len(seed) != 6:
        raise ValueError(f"round {rnd.label}: seed {rnd.seed!r} is not 6 numbers")
    attrs = [("seed", rnd.seed),
             ("ten", _csv([_hundreds(rnd.scores[s]) if s < n else 0 for s in range(4)])),
             ("oya", str(rnd.dealer))]
    attrs += [(f"hai{s}", _csv(rnd.dealt[s]) if s < n else "") for s in range(4)]
    out = [_element("INIT", attrs)]
    hands = [list(h) for h in rnd.dealt]
    dora = [int(seed[5])]
    used = {t for h in rnd.dealt for t in h} | {dora[0]}
    used |= {e.tile for e in rnd.events if e.tile is not None}
    ura = _ura_numbers(rnd, used, red)
    running = list(rnd.scores)
    wins = iter(rnd.wins)
    for e in rnd.events:
        s = e.seat
        if e.kind == "draw" and s is not None and e.tile is not None:
            hands[s].append(e.tile)
            out.append(f"<{DRAW_TAGS[s]}{e.tile}/>")
        elif e.kind == "discard" and s is not None and e.tile is not None:
            hands[s].remove(e.tile)
            out.append(f"<{DISCARD_TAGS[s]}{e.tile}/>")
        elif e.kind == "call" and s is not None and e.meld is not None:
            m = e.meld
            if m.kind == "kakan":
                if m.added is not None:
                    hands[s].remove(m.added)
            elif m.kind == "nuki":
                hands[s].remove(m.tiles[0])
            else:
                for t in m.tiles:
                    if t != m.called:
                        hands[s].remove(t)
            out.append(_element("N", [("who", str(s)), ("m", str(m.code))]))
        elif e.kind == "reach" and s is not None:
            attrs = [("who", str(s))]
            if e.step == 2:
                running[s] -= 1000
                attrs.append(("ten", _csv([_hundreds(running[x]) if x < n else 0
                                           for x in range(4)])))
            out.append(_element("REACH", [*attrs, ("step", str(e.step))]))
        elif e.kind == "dora" and e.tile is not None:
            dora.append(e.tile)
            out.append(_element("DORA", [("hai", str(e.tile))]))
        elif e.kind == "win" and s is not None and e.tile is not None:
            w = next(wins, None)
            if w is None or w.seat != s:
                raise ValueError(f"round {rnd.label}: a win event of seat {s} with no such win")
            concealed = list(hands[s])
            if w.tsumo:
                concealed.remove(e.tile)
            out.append(_agari(w, rnd, n, e.tile, concealed, dora, ura, running))
            running = [a + b for a, b in zip(running, w.recorded.deltas, strict=True)]
        elif e.kind == "draw_game":
            attrs = []
            if rnd.draw_game:
                attrs.append(("type", rnd.draw_game))
            attrs.append(("ba", f"{rnd.honba},{rnd.sticks + _accepted(rnd.events)}"))
            if rnd.deltas:
                if len(rnd.deltas) != n:
                    raise ValueError(f"round {rnd.label}: {len(rnd.deltas)} score changes for "
                                     f"{n} players")
                attrs.append(("sc", _csv([x for x in range(4) for x in (
                    (_hundreds(running[x]), _hundreds(rnd.deltas[x])) if x < n else (0, 0))])))
            out.append(_element("RYUUKYOKU", attrs))
    return out


def _accepted(events: tuple[Event, ...]) -> int:
    return sum(1 for e in events if e.kind == "reach" and e.step == 2)


def dumps(game: Game) -> str:
    """A game as Tenhou mjlog XML text (see the module's documentation for what it holds).
    ValueError when the game lacks what the format needs: the dealt hands, or a win's recorded
    yaku, han or points (mjai logs record no yaku)."""
    n = game.players
    red = game.rules.aka
    parts = ['<mjloggm ver="2.3">',
             _element("GO", [("type", str(game.rules.go_type)), ("lobby", str(game.rules.lobby))]),
             _element("UN", [(f"n{i}", quote(game.names[i] if i < len(game.names) else "",
                                             safe=""))
                             for i in range(4)]),
             _element("TAIKYOKU", [("oya", "0")])]
    for rnd in game.rounds:
        parts += _round(rnd, n, red)
    parts.append("</mjloggm>")
    return "".join(parts) + "\n"
