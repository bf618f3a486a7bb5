"""The two searches' entry points, ``arrange`` and ``best_discard``: the fast path when the hand allows
it (no joker, no duplicate card, sets of three or more), else the general search. Both answer exactly
and alike for the same cards in any order.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..cards import Card
from ..melds import MeldRules
from .common import Arrangement, _check_values, _last
from .fast import _BIT, _fast_arrange, _fast_discard, _get_tables
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
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    tables = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if tables is not None:
        bit = _BIT
        # a sum, not an or: a duplicate carries into another bit, so the bit count falls short
        m = sum([bit[c.suit][c.rank] for c in cards])
        if m.bit_count() == len(cards) and not m & 0x0001000100010001:
            return _fast_arrange(
                (m >> 1) & 0x1FFF, (m >> 17) & 0x1FFF, (m >> 33) & 0x1FFF, (m >> 49) & 0x1FFF, tables
            )
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
        bit = _BIT
        m = sum([bit[c.suit][c.rank] for c in cards])
        if m.bit_count() == len(cards) and not m & 0x0001000100010001:
            ms = (m >> 1) & 0x1FFF, (m >> 17) & 0x1FFF, (m >> 33) & 0x1FFF, (m >> 49) & 0x1FFF
            found = _fast_discard(ms, tables)
            if found is not None:
                return found
    values = _check_values(values)
    arrangement, discard = _general(cards, rules, values, discard=True)
    assert discard is not None
    return discard, arrangement
