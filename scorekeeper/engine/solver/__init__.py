"""The least-deadwood solver: arranging a hand into melds, choosing a discard, laying off, checking a
declared arrangement.

It owns the *search* for the best arrangement of a knock-game hand: the smallest possible deadwood,
found exactly (docs/rules/gin.md#what-is-counted). What a legal meld is comes from a variant's
``MeldRules``; what a card is worth comes from a 14-value tuple ``values`` (``values[0]`` is the joker,
``values[r]`` rank ``r``). Every answer is exact, never greedy, and deterministic for a given multiset of
cards: the order in which the cards are given never changes the result.

- ``search``: ``arrange`` and ``best_discard``, which pick one of two searches:
- ``fast``: hands with no jokers and no duplicate cards, on per-suit tables;
- ``general``: everything else (two or three decks, jokers);
- ``declared``: a player's own melds (``check_declared``), lay-offs (``layoff``), every layout within a
  limit (``arrangements``);
- ``common``: the answer types, the rule fields as the searches read them, the bounded cache of tables.

Jokers: ``arrange`` treats every joker as free, whatever it was declared as; the result's melds say what
each joker stands for (``Card.joker(stands_for)``) and a joker left over is deadwood as a plain
``Card.joker()``. ``check_declared`` is the place where a player's own declarations are honoured.

>>> from scorekeeper.engine.cards import parse_cards, format_cards
>>> gin = MeldRules()
>>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
>>> a = arrange(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD"), gin, values)
>>> a.points, format_cards(a.deadwood)
(1, 'A♦')
>>> [format_cards(m) for m in a.melds]
['8♠ 8♦ 8♣', '3♥ 4♥ 5♥', 'J♣ Q♣ K♣']
"""

from __future__ import annotations

from ..melds import MeldRules
from .common import Arrangement, DeclaredCheck
from .declared import arrangements, check_declared, layoff
from .search import arrange, best_discard

__all__ = ["Arrangement", "DeclaredCheck", "MeldRules", "arrange", "best_discard", "layoff", "check_declared",
           "arrangements"]
