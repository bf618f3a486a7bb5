"""The one base class of everything Scorekeeper refuses: a card that is not a card, house rules a game
does not allow, a hand the rules cannot score, a bound passed, and the service's own refusals (a closed
match, a duplicate import). A caller catches ``Refusal`` to say a refusal to a person; anything else
that goes wrong is a fault in the program, never shown to a player as a rule.

It is a ``ValueError``, as the engine's errors always were, so code that caught those still does.

>>> from scorekeeper.engine.cards import InvalidCardError, parse_cards
>>> issubclass(InvalidCardError, Refusal)
True
>>> try:
...     parse_cards("ZZ")
... except Refusal as refused:
...     print(refused)
'ZZ' (card 1) is not a card
"""

from __future__ import annotations


class Refusal(ValueError):
    """Input the rules, a bound or the service refuse; its message says why, in a person's words."""


__all__ = ["Refusal"]
