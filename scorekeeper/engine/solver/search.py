"""The two searches' entry points, ``arrange`` and ``best_discard``: the fast path when the hand allows
it (no joker, no duplicate card, sets of three or more), else the general search. Both answer exactly
and alike for the same cards in any order.

``arrange`` is what ``variant.arrange(cards)`` reaches for every hand, so its fast path asks the compiled
lane first (``fast._Tables.compiled``, the same search in C), and without it goes on with a lane written
inline: a hand with no run possible in any suit is answered from the hand's mask and small
tables (``fast._Tables.lane``), exactly as the per-suit tables would answer it.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..cards import Card
from ..melds import MeldRules
from .common import Arrangement, _check_values, _last
from .fast import (
    _ACES,
    _BIT_OF,
    _GUARD,
    _HAND,
    _bytes,
    _fast_arrange,
    _fast_discard,
    _get_tables,
    _Blank,
    _split,
)
from .general import _general


def arrange(cards: Iterable[Card], rules: MeldRules, values: Sequence[int]) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood under ``rules`` (exact).

    ``values[0]`` is a joker's value, ``values[r]`` the value of rank ``r``. Jokers are free: each plays
    wherever it saves most, and the melds say what it stands for. Ties between equal arrangements are
    broken the same way for the same cards in any order.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> values = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> a = arrange(parse_cards("QS KS AS 4H 4C JK 9S"), rumino, values)
    >>> a.points, format_cards(a.deadwood)
    (18, 'A♠ 9♠ 4♥ 4♣')
    >>> [format_cards(m) for m in a.melds]
    ['JKR=J♠ Q♠ K♠']
    """
    tables = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if tables is not None:
        # The compiled lane first (fast._Tables.compiled, None without the extension), before anything
        # else is done with the cards: the same answer as the Python below, or None for a hand it does not
        # take (anything but a list or tuple of cards, a joker, a copy), and then the Python goes on as ever.
        compiled = tables.compiled
        if compiled is not None:
            found = compiled.arrange(cards)
            if found is not None:
                return found
        if not isinstance(cards, (list, tuple)):
            cards = list(cards)
        # The fast lane, every step inline (a call costs as much as a step here). The hand as one integer:
        # a sum, not an or, so that a duplicate carries into another bit and the bit count falls short (a
        # plain loop: it reads each card's slot faster than any builtin does; a Gin hand's ten cards in
        # one expression, faster still).
        bit = tables.bit_of
        if len(cards) == 10:
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
            m = (bit[c0.physical] + bit[c1.physical] + bit[c2.physical] + bit[c3.physical] + bit[c4.physical]
                 + bit[c5.physical] + bit[c6.physical] + bit[c7.physical] + bit[c8.physical] + bit[c9.physical])
        else:
            m = 0
            for c in cards:
                m += bit[c.physical]
        points = m >> 64  # the lane's: every card's value (see _Tables.bit_of)
        m &= _HAND
        if m.bit_count() == len(cards) and not m & _GUARD:
            mask = m.to_bytes(8, "little")
            a, b, c, d = _split(mask)
            ranks = ((a & b & (c | d)) | (c & d & (a | b))) if tables.sets else 0
            lane = tables.lane
            if lane is not None:
                # three cards in sequence (the aces after the kings too, in the guard bits above them)
                x = m | (m & _ACES) << 13 if lane else m
                if not x & (x >> 1) & (x >> 2):
                    # No run anywhere: the hand is its sets and its deadwood. A rank in three suits or
                    # more then gives its whole set (as _fast_arrange finds, when every card is worth
                    # something); the sets in rank order, then every card left, by suit and rank.
                    melds: tuple = ()
                    if ranks:
                        if not tables.sure_sets:
                            return _fast_arrange(a, b, c, d, tables)
                        set_cards = tables.set_cards
                        sets = []
                        r = ranks
                        while r:
                            low = r & -r
                            r ^= low
                            sets.append(set_cards[low.bit_length()][
                                (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)])
                        melds = tuple(sets)
                        keep = ~ranks
                        a, b, c, d = a & keep, b & keep, c & keep, d & keep
                        mask = (m & ~(ranks * _ACES)).to_bytes(8, "little")
                        dw = tables.dw
                        points = dw[a] + dw[b] + dw[c] + dw[d]
                    t0, t1, t2, t3, t4, t5, t6, t7 = tables.dead_bytes
                    b0, b1, b2, b3, b4, b5, b6, b7 = _bytes(mask)
                    found = _Blank()  # as fast._arrangement does, inline
                    found.melds = melds
                    found.deadwood = t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6] + t7[b7]
                    found.points = points
                    found.laid_off = ()
                    found.__class__ = Arrangement
                    return found
            if ranks:
                return _fast_arrange(a, b, c, d, tables)
            # no rank in three suits: runs only, three table reads per suit
            m0, m1, m2, m3, d0, d1, d2, d3 = tables.suit_tables
            dw = tables.dw
            found = _Blank()
            found.melds = m0[a] + m1[b] + m2[c] + m3[d]
            found.deadwood = d0[a] + d1[b] + d2[c] + d3[d]
            found.points = dw[a] + dw[b] + dw[c] + dw[d]
            found.laid_off = ()
            found.__class__ = Arrangement
            return found
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    values = _check_values(values)
    return _general(cards, rules, values, discard=False)[0]


def best_discard(cards: Iterable[Card], rules: MeldRules, values: Sequence[int]) -> tuple[Card, Arrangement]:
    """The discard that leaves the least deadwood, and the arrangement of the cards kept.

    One search over the whole hand (not one ``arrange`` per card): it minimises the deadwood left after
    throwing one card away. Among equal results the highest-valued card is discarded.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> discard, a = best_discard(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD 9D"), MeldRules(),
    ...                           (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
    >>> discard, a.points
    (Card.parse('9D'), 1)
    """
    cards = cards if isinstance(cards, (list, tuple)) else list(cards)
    if not cards:
        raise ValueError("best_discard needs at least one card")
    tables = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if tables is not None:
        bit = _BIT_OF
        m = 0
        for c in cards:
            m += bit[c.physical]
        if m.bit_count() == len(cards) and not m & _GUARD:
            found = _fast_discard(_split(m.to_bytes(8, "little")), tables)
            if found is not None:
                return found
    values = _check_values(values)
    arrangement, discard = _general(cards, rules, values, discard=True)
    assert discard is not None
    return discard, arrangement
