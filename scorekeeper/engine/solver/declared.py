"""Declared melds: what shape a player's meld has, checking a knocker's declared arrangement, the
defenders' lay-offs on the knocker's melds, and every layout of a hand within a deadwood limit.

These honour what a player typed (a joker declared as a card must play as that card); ``arrange``
treats every joker as free.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Iterable, Sequence

from ..cards import Card, format_cards
from ..i18n import _
from ..melds import MeldRules
from .common import (_CARD, _FIELD, _FIELD_MASK, _SUIT_INDEX, Arrangement, DeclaredCheck, _check_values, _Params,
                     _rank_at)
from .general import _set_cards
from .search import arrange


def _layout(meld: Sequence[Card], p: _Params) -> tuple | str:
    """What a declared meld is: ``("set", rank, suits, jokers)`` or ``("run", suit, lo, hi, jokers)``,
    with run positions 1..14 (14 = ace high); or, when it is no meld, the reason as a string.

    A joker with ``stands_for`` must play as that card; a joker without one plays wherever it fits (in a
    run, gaps first, then above the naturals, then below).
    """
    size = len(meld)
    jokers = [c for c in meld if c.is_joker]
    naturals = [c for c in meld if not c.is_joker]
    k = len(jokers)
    if k > p.max_jokers:
        return _("holds {count} jokers; a meld may hold at most {limit}", count=k, limit=p.max_jokers)
    if len(naturals) < max(p.min_naturals, 0):
        return _("needs at least {count} natural card(s)", count=p.min_naturals)
    effective = naturals + [c.stands_for for c in jokers if c.stands_for is not None]
    ranks = {c.rank for c in effective}
    suits = {c.suit for c in effective}
    set_reason = run_reason = ""
    # a set?
    if len(ranks) > 1:
        set_reason = _("is not all one rank")
    elif not p.set_min <= size <= p.set_max:
        set_reason = (_("has {size} cards; a set has {low}-{high}", size=size, low=p.set_min, high=p.set_max)
                      if p.set_max < 10**6
                      else _("has {size} cards; a set has at least {low}", size=size, low=p.set_min))
    elif p.distinct and len(suits) != len(effective):
        set_reason = _("repeats a suit; a set needs different suits")
    else:
        rank = next(iter(ranks), 0)
        return ("set", rank, [_SUIT_INDEX[c.suit] for c in effective], k)
    # a run?
    if len(suits) > 1:
        run_reason = _("is not all one suit")
    elif not p.run_min <= size <= p.run_max:
        run_reason = _("has {size} cards; a run has {low}-{high}", size=size, low=p.run_min, high=p.run_max)
    else:
        fixed = sorted(c.rank for c in effective if c.rank != 1)
        aces = sum(1 for c in effective if c.rank == 1)
        if len(set(fixed)) != len(fixed):
            run_reason = _("repeats a card")
        else:
            windows = []
            for lo in range(p.minpos, p.maxpos - size + 2):
                hi = lo + size - 1
                if not p.window_ok(lo, hi):
                    continue
                if fixed and (fixed[0] < lo or fixed[-1] > hi):
                    continue
                if aces > sum(1 for x in (1, 14) if lo <= x <= hi):
                    continue
                windows.append(lo)
            if windows:
                # free jokers fill gaps, then extend upwards: the lowest window that starts at a natural
                low_nat = fixed[0] if fixed else 14
                if aces and 1 in [lo for lo in windows] and p.low:
                    low_nat = 1
                starts = [lo for lo in windows if lo >= min(low_nat, windows[-1])]
                lo = starts[0] if starts else windows[0]
                suit = _SUIT_INDEX[next(iter(suits))] if suits else 0
                return ("run", suit, lo, lo + size - 1, k)
            run_reason = (
                _("is not consecutive") if not aces or (p.high and p.low)
                else _("is not consecutive (the ace is low only)") if p.low
                else _("is not consecutive (the ace is high only)")
            )
    if len(ranks) <= 1:
        return set_reason
    if len(suits) <= 1:
        return run_reason
    return _("is neither a set nor a run")


def check_declared(
    melds: Iterable[Iterable[Card]], deadwood: Iterable[Card], rules: MeldRules, values: Sequence[int]
) -> DeclaredCheck:
    """Check a knocker's declared arrangement: every meld legal, no card more often than the deck holds.

    ``points`` is the deadwood's value, given even when the arrangement is refused.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> values = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> check_declared([parse_cards("AS 2S 3S"), parse_cards("8H 8C 8D")], parse_cards("6D"), rumino, values)
    DeclaredCheck(valid=True, reason='', points=6)
    >>> check_declared([parse_cards("QS KS AS")], parse_cards("6D"), rumino, values).reason
    'meld 1 (Q♠ K♠ A♠) is not consecutive (the ace is low only)'
    """
    values = _check_values(values)
    melds = [tuple(m) for m in melds]
    deadwood = tuple(deadwood)
    points = sum(values[c.rank] for c in deadwood)
    p = _Params(rules)
    for n, meld in enumerate(melds, 1):
        shape = _layout(meld, p)
        if isinstance(shape, str):
            return DeclaredCheck(False, _("meld {number} ({cards}) {why}", number=n, cards=format_cards(meld),
                                          why=shape), points)
    counts = Counter(Card.joker() if c.is_joker else c for m in melds for c in m)
    counts.update(Card.joker() if c.is_joker else c for c in deadwood)
    for card, n in sorted(counts.items(), key=lambda item: item[0].sort_key()):
        limit = rules.jokers_in_deck if card.is_joker else rules.decks
        if n > limit:
            what = _("jokers") if card.is_joker else card.symbol
            return DeclaredCheck(False, _("{count} × {what} declared, but the deck holds {limit}", count=n, what=what,
                                          limit=limit), points)
    return DeclaredCheck(True, "", points)


def _encode(cards: Iterable[Card]) -> tuple[int, int]:
    """Pack a hand into (counters of naturals, number of jokers)."""
    state = 0
    jokers = 0
    for c in cards:
        if c.rank == 0:
            jokers += 1
        else:
            state += 1 << (_FIELD * (_SUIT_INDEX[c.suit] * 13 + c.rank - 1))
    return state, jokers


def _decode(state: int, jokers: int) -> list[Card]:
    cards = []
    for i in range(52):
        n = (state >> (_FIELD * i)) & _FIELD_MASK
        cards.extend([_CARD[i // 13][i % 13 + 1]] * n)
    return cards + [Card.joker() for _ in range(jokers)]


def _layoff_options(shape: tuple, st: int, j: int, p: _Params):
    """Every way to lay off on one knocker meld from (st, j): (new state, new jokers, cards laid off)."""
    out = [(st, j, ())]
    if shape[0] == "set":
        _, r, suits, k = shape
        if r == 0:
            return out  # a set of jokers alone: its rank is anybody's guess, nothing is laid off
        room = p.set_max - (len(suits) + k)
        caps = []
        for t in range(4):
            c = (st >> (_FIELD * (t * 13 + r - 1))) & _FIELD_MASK
            if p.distinct:
                c = 0 if t in suits else min(c, 1)
            caps.append(c)
        out = []
        for combo in product(*(range(c + 1) for c in caps)):
            nat = sum(combo)
            for jk in range(min(j, p.max_jokers - k) + 1):
                if nat + jk > room:
                    break
                st2 = st
                cards: list[Card] = []
                for t, n in enumerate(combo):
                    st2 -= n << (_FIELD * (t * 13 + r - 1))
                    cards.extend([_CARD[t][r]] * n)
                used = suits + [t for t, n in enumerate(combo) for _ in range(n)]
                cards.extend(_set_cards(r, used, jk, p.distinct)[len(used):])
                out.append((st2, j - jk, tuple(cards)))
        return out
    _, s, lo, hi, k = shape
    jmax = min(j, p.max_jokers - k)

    def grow(partials, q):
        shift = _FIELD * (s * 13 + _rank_at(q) - 1)
        nxt = []
        for st1, used, cards in partials:
            if (st1 >> shift) & _FIELD_MASK:
                nxt.append((st1 - (1 << shift), used, cards + (_CARD[s][_rank_at(q)],)))
            if used < jmax:
                nxt.append((st1, used + 1, cards + (Card.joker(_CARD[s][_rank_at(q)]),)))
        return nxt

    out = []
    # chained lay-offs: a cards below the run, then b above it, each one touching the last
    down = [(st, 0, ())]
    a = 0
    while down:
        up = down
        b = 0
        while up:
            if a + b == 0 or p.window_ok(lo - a, hi + b):
                out.extend((st1, j - used, cards) for st1, used, cards in up)
            b += 1
            q = hi + b
            if q > p.maxpos or (lo - a == 1 and q == 14 and not p.both) or hi + b - (lo - a) + 1 > p.run_max:
                break
            up = grow(up, q)
        a += 1
        q = lo - a
        if q < p.minpos or (q == 1 and hi == 14 and not p.both) or hi - q + 1 > p.run_max:
            break
        down = grow(down, q)
    return out


def layoff(
    defender_cards: Iterable[Card],
    knocker_melds: Iterable[Iterable[Card]],
    rules: MeldRules,
    values: Sequence[int],
) -> Arrangement:
    """The defender's least deadwood after forming their own melds and laying off on the knocker's.

    A run is extended at either end, card after card, up to the ace or king its ace rule allows and to
    the longest run the rules allow; a set takes more cards up to its largest size. Each card is used
    in the defender's own meld or laid off, whichever leaves less deadwood (the search is exact).

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> gin = MeldRules()
    >>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> knocker = [parse_cards(m) for m in ("3H 4H 5H", "8S 8D 8C", "JC QC KC")]
    >>> a = layoff(parse_cards("9D 9H 9S 5C 6C 7C 6H 10C KD 4S"), knocker, gin, values)
    >>> a.points, format_cards(a.laid_off), format_cards(a.deadwood)
    (14, '6♥ 10♣', '4♠ K♦')
    """
    values = _check_values(values)
    p = _Params(rules)
    shapes = []
    for n, meld in enumerate(knocker_melds, 1):
        meld = tuple(meld)
        shape = _layout(meld, p)
        if isinstance(shape, str):
            raise ValueError(f"knocker's meld {n} ({format_cards(meld)}) {shape}")
        shapes.append(shape)
    st0, j0 = _encode(defender_cards)
    best: list = [None, None]  # (points, laid-off count), arrangement

    def dfs(n: int, st: int, j: int, laid: tuple[Card, ...]) -> None:
        if n == len(shapes):
            own = arrange(_decode(st, j), rules, values)
            rank = (own.points, len(laid))
            if best[0] is None or rank < best[0]:
                best[0] = rank
                best[1] = Arrangement(own.melds, own.deadwood, own.points, laid)
            return
        for st2, j2, cards in _layoff_options(shapes[n], st, j, p):
            dfs(n + 1, st2, j2, laid + cards)

    dfs(0, st0, j0, ())
    return best[1]


def arrangements(
    cards: Iterable[Card], rules: MeldRules, values: Sequence[int], max_points: int
) -> list[Arrangement]:
    """Every way to lay ``cards`` out in disjoint legal melds whose deadwood is at most ``max_points``.

    A knocker who declared no melds may show any of these (docs/rules/gin.md#knock: the one best for the knocker
    once the defenders' lay-offs are counted, which ``layoff`` works out for each). Melds are the shapes
    ``check_declared`` accepts; identical cards from two decks give each layout once. Least deadwood comes
    first; melds and cards keep the order the cards were given in, so a layout reads as the player typed.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> found = arrangements(parse_cards("3C 4C 5C 6C 6D 6H 6S"), MeldRules(), values, 3)
    >>> [(" | ".join(format_cards(m) for m in a.melds), a.points) for a in found]
    [('3♣ 4♣ 5♣ | 6♣ 6♦ 6♥ 6♠', 0), ('3♣ 4♣ 5♣ 6♣ | 6♦ 6♥ 6♠', 0), ('4♣ 5♣ 6♣ | 6♦ 6♥ 6♠', 3)]
    """
    values = _check_values(values)
    p = _Params(rules)
    cards = tuple(cards)
    # naturals first, jokers last: the first card left is the one placed next
    cards = tuple(c for c in cards if not c.is_joker) + tuple(c for c in cards if c.is_joker)
    biggest = max(p.set_max, p.run_max if p.run_max < 10**6 else 14)
    found: dict[tuple, Arrangement] = {}

    def key(c: Card) -> tuple:
        return c.sort_key()

    def melds_with(first: Card, rest: tuple[Card, ...]):
        """Legal melds holding ``first`` and some of ``rest``: (the meld, what is left), each once."""
        seen: set[tuple] = set()
        if first.is_joker:
            groups = [[i for i, c in enumerate(rest) if c.is_joker]]
        else:
            groups = [
                [i for i, c in enumerate(rest) if c.is_joker or c.rank == first.rank],
                [i for i, c in enumerate(rest) if c.is_joker or c.suit == first.suit],
            ]
        for group in groups:
            for size in range(2, min(len(group), biggest - 1) + 1):
                for combo in combinations(group, size):
                    meld = (first,) + tuple(rest[i] for i in combo)
                    sig = tuple(sorted(key(c) for c in meld))
                    if sig in seen:
                        continue
                    seen.add(sig)
                    if isinstance(_layout(meld, p), str):
                        continue
                    chosen = set(combo)
                    yield meld, tuple(c for i, c in enumerate(rest) if i not in chosen)

    def walk(rest: tuple[Card, ...], melds: tuple, dead: tuple, points: int) -> None:
        if points > max_points:
            return
        if not rest:
            sig = (tuple(sorted(tuple(sorted(key(c) for c in m)) for m in melds)), tuple(sorted(key(c) for c in dead)))
            if sig not in found:
                found[sig] = Arrangement(tuple(melds), tuple(dead), points)
            return
        first, others = rest[0], rest[1:]
        for meld, left in melds_with(first, others):
            walk(left, melds + (meld,), dead, points)
        walk(others, melds, dead + (first,), points + values[first.rank])

    walk(cards, (), (), 0)
    return sorted(found.values(), key=lambda a: (a.points, -len(a.melds)))
