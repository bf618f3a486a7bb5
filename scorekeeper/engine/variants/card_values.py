"""Card values: the 14-long table a game counts cards by (``card_values``) and the sentence a rules
summary says it in (``values_sentence``)."""

from __future__ import annotations

from ..i18n import _

__all__ = ["card_values", "values_sentence"]


def card_values(ace: int, joker: int, *, pictures: int = 10, low: int | None = None) -> tuple[int, ...]:
    """A 14-long value table: joker, ace, 2–10 (face value, or ``low`` each for 2–9), J, Q, K.

    >>> card_values(1, 10)
    (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    """
    pips = [low if low is not None and r < 10 else r for r in range(2, 11)]
    return (joker, ace, *pips, pictures, pictures, pictures)


def values_sentence(values: tuple[int, ...], jokers: bool = True) -> str:
    """Card values in words, for a rules summary.

    >>> values_sentence(card_values(15, 25, low=5))
    'Cards held count: ace 15, 2–9 count 5 each, 10/J/Q/K 10, joker 25.'
    """
    if values[2] == values[9]:
        pips = _("2–9 count {low} each, 10/J/Q/K {high}", low=values[2], high=values[10])
    else:
        pips = _("2–10 face value, J/Q/K {pictures}", pictures=values[11])
    if jokers:
        return _("Cards held count: ace {ace}, {pips}, joker {joker}.", ace=values[1], pips=pips, joker=values[0])
    return _("Cards held count: ace {ace}, {pips}.", ace=values[1], pips=pips)
