"""A small riichi game simulator: random legal four-player games, written as Tenhou mjlog XML.

For testing the log readers and writers: :func:`simulate` plays a seeded game (Tenhou rules with
red fives) with draws, discards chosen to lower the shanten, pon and open kongs of value tiles,
chi and pon for an all-simples hand, closed and added kongs (with their kong dora and
replacement draws), riichi, tsumo and ron wins (a double ron when two seats can win on one
discard, a robbed kong when a seat can win on an added tile) and exhaustive draws with tenpai
payments. It keeps its own list of the events (:class:`Played`) and scores each win with the
situation flags it tracked itself, so a reader that infers different flags from the log, or a
writer that loses a fact, is caught: ``read`` the XML, write it in another format, read that
back, compare with :attr:`Played.events` and replay.
"""

from __future__ import annotations

import random
from typing import Final

from ..errors import MahjongError
from ..game import CallMeld, liable, suanfan_meld, tile_text
from ..hand import Hand, Meld
from ..riichi import PRESETS, Result, score, settle, shanten
from .mjlog import encode_meld
from .replay import TENHOU_YAKU

__all__ = ["Played", "simulate"]

_TENHOU_ID: Final = {name: i for i, name in TENHOU_YAKU.items()}
_LIMITS: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_RED: Final = {16: 34, 52: 35, 88: 36}
_WINDS: Final = "ESWN"
_RULES: Final = PRESETS["tenhou"].replace(name="tenhou", red_fives=True, open_tanyao=True)


def _sid(t: int) -> int:
    return _RED.get(t, t // 4)


def _simple(t: int) -> bool:
    k = t // 4
    return k < 27 and k % 9 not in (0, 8)


class Played:
    """A simulated game: ``xml`` the mjlog text, ``events`` what happened, one tuple each:
    ``("draw", seat, tile)``, ``("discard", seat, tile)``, ``("call", seat, kind, tiles)``,
    ``("reach", seat, step)``, ``("dora", tile)``, ``("win", seat, from_seat, flags)``,
    ``("draw_game",)`` (tiles as Tenhou numbers), ``wins`` the number of wins."""

    __slots__ = ("events", "wins", "xml")

    def __init__(self, xml: str, events: list[tuple[object, ...]], wins: int) -> None:
        self.xml = xml
        self.events = events
        self.wins = wins


class _Seat:
    __slots__ = ("discards", "double", "hand", "ippatsu", "ippatsu_before", "melds", "riichi")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.melds: list[CallMeld] = []
        self.discards: list[int] = []
        self.riichi = False
        self.double = False
        self.ippatsu = False
        self.ippatsu_before = False


class _Game:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.out: list[str] = []
        self.events: list[tuple[object, ...]] = []
        self.scores = [25000] * 4
        self.wins = 0

    # -- output ---------------------------------------------------------------------------------
    def tag(self, text: str) -> None:
        self.out.append(text)

    # -- one round ------------------------------------------------------------------------------
    def round(self, kyoku: int, honba: int, sticks: int) -> tuple[bool, int]:
        """Play one round; (the dealer keeps the deal, the sticks left on the table)."""
        rng = self.rng
        wall = list(range(136))
        rng.shuffle(wall)
        dead, live = wall[:14], wall[14:]
        self.dealer = dealer = kyoku % 4
        self.round_wind = _WINDS[kyoku // 4]
        self.seats = seats = [_Seat() for _ in range(4)]
        for s in range(4):
            seats[s].hand = [live.pop() for _ in range(13)]
        self.dead = dead
        self.dora = [dead[0]]
        self.ura = [dead[5]]
        self.rinshan = dead[10:14]
        self.honba, self.sticks = honba, sticks
        self.calls = 0
        self.kongs = 0
        self.draws = 0
        self.pending_dora = 0
        self.reaches = 0
        self.tag(f'<INIT seed="{kyoku},{honba},{sticks},0,0,{dead[0]}" '
                 f'ten="{",".join(str(x // 100) for x in self.scores)}" oya="{dealer}" '
                 + " ".join(f'hai{s}="{",".join(map(str, seats[s].hand))}"' for s in range(4))
                 + "/>")
        cur = dealer
        rinshan = False
        while True:
            # draw
            if rinshan:
                tile = self.rinshan.pop()
                if live:
                    live.pop(0)  # the wall's last tile moves to the dead wall
            else:
                if not live:
                    return self.exhaustive(dealer)
                tile = live.pop()
            self.draws += 1
            p = seats[cur]
            p.hand.append(tile)
            self.tag(f"<{'TUVW'[cur]}{tile}/>")
            self.events.append(("draw", cur, tile))
            last = not live
            flags = {"tsumo": True, "rinshan": rinshan, "haitei": last and not rinshan,
                     "tenhou": self.calls == 0 and not p.discards and cur == dealer and not rinshan,
                     "chiihou": self.calls == 0 and not p.discards and cur != dealer
                     and not rinshan}
            res = self.try_win(cur, None, tile, p.hand[:-1], flags)
            if res is not None:
                self.win([(cur, res, tile, p.hand[:-1], flags)], None)
                return cur == dealer, 0
            # kongs
            kan = self.kong_choice(cur)
            if kan is not None:
                kind, tiles, pon = kan
                if kind == "kakan" and self.chankan(cur, tiles, pon):
                    return False, 0
                rinshan = True
                continue
            rinshan = False
            # riichi and discard
            reach = False
            if not p.riichi and all(m.kind == "ankan" for m in p.melds) and len(live) >= 4 \
                    and self.scores[cur] >= 1000:
                best = self.best_discards(cur, p.hand)
                if best[0] == 0 and rng.random() < 0.8:
                    reach = True
            t = p.hand[-1] if p.riichi else self.pick_discard(cur, p.hand, reach)
            self.flush_dora()
            if reach:
                self.tag(f'<REACH who="{cur}" step="1"/>')
                self.events.append(("reach", cur, 1))
                p.double = self.calls == 0 and not p.discards
            p.hand.remove(t)
            p.discards.append(t)
            p.ippatsu = False
            self.tag(f"<{'DEFG'[cur]}{t}/>")
            self.events.append(("discard", cur, t))
            # ron
            winners = []
            for s in ((cur + i) % 4 for i in (1, 2, 3)):
                q = seats[s]
                fl = {"houtei": last}
                r = self.try_win(s, cur, t, q.hand, fl)
                if r is not None:
                    winners.append((s, r, t, list(q.hand), fl))
            if len(winners) == 3:
                self.tag('<RYUUKYOKU type="ron3"/>')
                self.events.append(("draw_game",))
                return True, sticks + self.reaches
            if winners:
                self.win(winners, cur)
                return any(w[0] == dealer for w in winners), 0
            if reach:
                p.riichi = True
                p.ippatsu = True
                self.reaches += 1
                self.scores[cur] -= 1000
                self.tag(f'<REACH who="{cur}" ten="0,0,0,0" step="2"/>')
                self.events.append(("reach", cur, 2))
            # claims
            claim = self.claim(cur, t)
            if claim is None:
                cur = (cur + 1) % 4
                continue
            s, kind = claim
            cur = s
            if kind == "daiminkan":
                rinshan = True
                continue
            # a discard after the call
            q = seats[s]
            called_kind = t // 4
            choices = [x for x in q.hand if x // 4 != called_kind] or q.hand
            d = self.pick_discard(s, q.hand, False)
            if d // 4 == called_kind and choices != q.hand:
                d = self.rng.choice(choices)
            self.flush_dora()
            q.hand.remove(d)
            q.discards.append(d)
            self.tag(f"<{'DEFG'[s]}{d}/>")
            self.events.append(("discard", s, d))
            winners = []
            for w in ((s + i) % 4 for i in (1, 2, 3)):
                fl = {"houtei": False}
                r = self.try_win(w, s, d, seats[w].hand, fl)
                if r is not None:
                    winners.append((w, r, d, list(seats[w].hand), fl))
            if winners and len(winners) < 3:
                self.win(winners, s)
                return any(w[0] == dealer for w in winners), 0
            cur = (s + 1) % 4
            # no claim after a claim's discard, to keep it short

    # -- decisions ------------------------------------------------------------------------------
    def best_discards(self, s: int, hand: list[int]) -> tuple[int, list[int]]:
        """The lowest shanten a discard leaves, and the discards that leave it."""
        melds = [suanfan_meld(m, s, 4, True) for m in self.seats[s].melds]
        best, picks = 99, []
        for t in sorted(set(hand)):
            rest = list(hand)
            rest.remove(t)
            try:
                sh = shanten(Hand(melds, [_sid(x) for x in rest]))
            except MahjongError:
                sh = 8
            if sh < best:
                best, picks = sh, [t]
            elif sh == best:
                picks.append(t)
        return best, picks

    def pick_discard(self, s: int, hand: list[int], reach: bool) -> int:
        best, picks = self.best_discards(s, hand)
        if reach and best != 0:
            raise AssertionError("a riichi discard that leaves the hand not ready")
        return self.rng.choice(picks)

    def kong_choice(self, s: int) -> tuple[str, tuple[int, ...], CallMeld | None] | None:
        p = self.seats[s]
        if self.kongs >= 3 or not self.rinshan or self.rng.random() < 0.3:
            return None
        drawn = p.hand[-1]
        for m in p.melds:
            if m.kind == "pon" and drawn // 4 == m.tiles[0] // 4 and not p.riichi:
                tiles = (*m.tiles, drawn)
                m2 = CallMeld("kakan", encode_meld("kakan", s, m.from_seat, tiles, m.called,
                                                   drawn), s, m.from_seat, tuple(sorted(tiles)),
                              m.called, drawn)
                p.hand.remove(drawn)
                p.melds[p.melds.index(m)] = m2
                self.flush_dora(after_kong=True)
                self.tag(f'<N who="{s}" m="{m2.code}"/>')
                self.events.append(("call", s, "kakan", m2.tiles))
                self.after_kong(s, "kakan")
                return "kakan", m2.tiles, m2
        if p.riichi:
            return None
        kinds = [t // 4 for t in p.hand]
        for k in set(kinds):
            if kinds.count(k) == 4:
                tiles = tuple(sorted(t for t in p.hand if t // 4 == k))
                m2 = CallMeld("ankan", encode_meld("ankan", s, None, tiles), s, None, tiles,
                              None, None)
                for t in tiles:
                    p.hand.remove(t)
                p.melds.append(m2)
                self.flush_dora(after_kong=True)
                self.tag(f'<N who="{s}" m="{m2.code}"/>')
                self.events.append(("call", s, "ankan", tiles))
                self.after_kong(s, "ankan")
                return "ankan", tiles, None
        return None

    def after_kong(self, s: int, kind: str) -> None:
        self.kongs += 1
        self.calls += 1
        for q in self.seats:
            q.ippatsu_before = q.ippatsu
            q.ippatsu = False
        if kind == "ankan":
            self.turn_dora()
        else:
            self.pending_dora += 1

    def turn_dora(self) -> None:
        n = len(self.dora)
        t = self.dead[n]
        self.dora.append(t)
        self.ura.append(self.dead[5 + n])
        self.tag(f'<DORA hai="{t}"/>')
        self.events.append(("dora", t))

    def flush_dora(self, after_kong: bool = False) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self.turn_dora()

    def claim(self, d: int, t: int) -> tuple[int, str] | None:
        k = t // 4
        rng = self.rng
        for s in ((d + i) % 4 for i in (1, 2, 3)):
            p = self.seats[s]
            if p.riichi:
                continue
            same = [x for x in p.hand if x // 4 == k]
            value = k >= 31 or k == 27 + (s - self.dealer) % 4 or k == 27 + _WINDS.index(
                self.round_wind)
            tanyao = all(_simple(x) for m in p.melds for x in m.tiles) and _simple(t)
            if len(same) >= 2 and (value or (tanyao and rng.random() < 0.3)) and rng.random() < 0.8:
                if len(same) == 3 and self.kongs < 3 and self.rinshan and rng.random() < 0.4:
                    return s, self.call(s, d, "daiminkan", same, t)
                return s, self.call(s, d, "pon", same[:2], t)
        s = (d + 1) % 4
        p = self.seats[s]
        if p.riichi or k >= 27 or not _simple(t) or rng.random() < 0.6:
            return None
        if not all(_simple(x) for m in p.melds for x in m.tiles):
            return None
        for lo in (k - 2, k - 1, k):
            if lo // 9 != k // 9 or (lo + 2) // 9 != k // 9 or lo % 9 > 6:
                continue
            need = [x for x in (lo, lo + 1, lo + 2) if x != k]
            own = []
            for x in need:
                c = next((y for y in p.hand if y // 4 == x and y not in own), None)
                if c is None:
                    break
                own.append(c)
            else:
                if all(_simple(y) for y in own):
                    return s, self.call(s, d, "chi", own, t)
        return None

    def call(self, s: int, d: int, kind: str, own: list[int], t: int) -> str:
        p = self.seats[s]
        tiles = tuple(sorted((*own, t)))
        m = CallMeld(kind, encode_meld(kind, s, d, tiles, t), s, d, tiles, t, None)
        for x in own:
            p.hand.remove(x)
        p.melds.append(m)
        self.calls += 1
        for q in self.seats:
            q.ippatsu = False
        self.tag(f'<N who="{s}" m="{m.code}"/>')
        self.events.append(("call", s, kind, tiles))
        if kind == "daiminkan":
            self.kongs += 1
            self.pending_dora += 1
        return kind

    # -- wins -----------------------------------------------------------------------------------
    def try_win(self, s: int, frm: int | None, tile: int, concealed: list[int],
                flags: dict[str, bool], first: bool = True) -> Result | None:
        p = self.seats[s]
        if frm is not None and any(t // 4 == tile // 4 for t in p.discards):
            return None  # furiten on that tile
        standing = [_sid(x) for x in concealed]
        if len(standing) % 3 != 1:
            return None
        melds: list[Meld] = [suanfan_meld(m, s, 4, True) for m in p.melds]
        try:
            hand = Hand(melds, standing, _sid(tile))
            situ = dict(flags)
            if frm is not None:
                situ.pop("tsumo", None)
            return score(
                hand, riichi=p.riichi, double_riichi=p.riichi and p.double,
                ippatsu=p.ippatsu_before if flags.get("chankan") else p.ippatsu,
                seat_wind=_WINDS[(s - self.dealer) % 4], round_wind=self.round_wind,
                dora_indicators="".join(tile_text(t, True) for t in self.dora),
                ura_dora_indicators="".join(tile_text(t, True) for t in self.ura)
                if p.riichi else "",
                honba=self.honba if first else 0,
                riichi_sticks=self.sticks + self.reaches if first else 0, rules=_RULES, **situ)
        except MahjongError:
            return None

    def chankan(self, s: int, tiles: tuple[int, ...], pon: CallMeld | None) -> bool:
        assert pon is not None and pon.added is not None
        t = pon.added
        winners = []
        for w in ((s + i) % 4 for i in (1, 2, 3)):
            fl = {"chankan": True}
            r = self.try_win(w, s, t, self.seats[w].hand, fl)
            if r is not None:
                winners.append((w, r, t, list(self.seats[w].hand), fl))
        if not winners or len(winners) == 3:
            return False
        self.win(winners, s)
        return True

    def win(self, winners: list[tuple[int, Result, int, list[int], dict[str, bool]]],
            frm: int | None) -> None:
        for i, (s, res, tile, concealed, flags) in enumerate(winners):
            p = self.seats[s]
            if i:
                again = self.try_win(s, frm, tile, concealed, flags, first=False)
                assert again is not None
                res = again
            pao_seat = liable(tuple(p.melds))
            pao = pao_seat if pao_seat is not None and any(
                y.id in ("daisangen", "daisuushii") for y in res.yaku) else None
            deltas = settle(res, s, frm, self.dealer, 4, pao)
            limit = res.limit if res.limit in _LIMITS else "yakuman"
            if res.yakuman:
                yaku = ""
                yakuman = ",".join(str(_TENHOU_ID[y.id]) for y in res.yaku)
            else:
                yaku = ",".join(f"{_TENHOU_ID[y.id]},{y.han}" for y in res.yaku)
                yakuman = ""
            sc = ",".join(f"{self.scores[x] // 100},{deltas[x] // 100}" for x in range(4))
            ura = ",".join(map(str, self.ura[:len(self.dora)])) if p.riichi else ""
            attrs = [f'ba="{self.honba if i == 0 else 0},'
                     f'{self.sticks + self.reaches if i == 0 else 0}"',
                     f'hai="{",".join(map(str, sorted([*concealed, tile])))}"']
            if p.melds:
                attrs.append(f'm="{",".join(str(m.code) for m in p.melds)}"')
            attrs += [f'machi="{tile}"', f'ten="{res.fu},{res.payment.value},'
                      f'{_LIMITS.index(limit)}"']
            attrs.append(f'yaku="{yaku}"' if yaku else f'yakuman="{yakuman}"')
            attrs.append(f'doraHai="{",".join(map(str, self.dora))}"')
            if ura:
                attrs.append(f'doraHaiUra="{ura}"')
            attrs += [f'who="{s}"', f'fromWho="{s if frm is None else frm}"']
            if pao is not None:
                attrs.append(f'paoWho="{pao}"')
            attrs.append(f'sc="{sc}"')
            self.tag("<AGARI " + " ".join(attrs) + "/>")
            on = frozenset(k for k, v in flags.items() if v and k != "tsumo")
            self.events.append(("win", s, frm, on))
            self.scores = [a + b for a, b in zip(self.scores, deltas, strict=True)]
            self.wins += 1

    def tenpai(self, s: int) -> bool:
        p = self.seats[s]
        melds = [suanfan_meld(m, s, 4, True) for m in p.melds]
        standing = [_sid(x) for x in p.hand]
        for k in range(34):
            try:
                if Hand(melds, standing, k).is_complete:
                    return True
            except MahjongError:
                continue
        return False

    def exhaustive(self, dealer: int) -> tuple[bool, int]:
        ready = [s for s in range(4) if self.tenpai(s)]
        deltas = [0] * 4
        if 0 < len(ready) < 4:
            for s in range(4):
                deltas[s] = 3000 // len(ready) if s in ready else -3000 // (4 - len(ready))
        sc = ",".join(f"{self.scores[x] // 100},{deltas[x] // 100}" for x in range(4))
        hai = " ".join(f'hai{s}="{",".join(map(str, sorted(self.seats[s].hand)))}"'
                       for s in ready)
        self.tag(f'<RYUUKYOKU ba="{self.honba},{self.sticks + self.reaches}" sc="{sc}" {hai}/>')
        self.events.append(("draw_game",))
        self.scores = [a + b for a, b in zip(self.scores, deltas, strict=True)]
        return dealer in ready, self.sticks + self.reaches


def simulate(seed: int, rounds: int = 4) -> Played:
    """A seeded game of ``rounds`` rounds (an East game has 4 and more with repeated deals)."""
    g = _Game(seed)
    g.tag('<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
          '<UN n0="p0" n1="p1" n2="p2" n3="p3"/><TAIKYOKU oya="0"/>')
    kyoku = honba = sticks = 0
    for _ in range(rounds):
        before = g.wins
        keep, sticks = g.round(kyoku, honba, sticks)
        won = g.wins > before
        if keep or not won:
            honba += 1
        else:
            honba = 0
        if not keep:
            kyoku += 1
        if kyoku >= 16:
            break
    g.tag("</mjloggm>")
    return Played("".join(g.out), g.events, g.wins)
