"""The variant registry: every game the app keeps score for, by key, in the order the app lists them.

``find_variant`` accepts a key or an alias in any case ("Gin Rummy", "kaluki"); an unknown name raises
``UnknownVariantError``. Each entry is a ``Variant`` instance (see ``base``).

>>> list(VARIANTS)
['rumino', 'russian', 'ramino', 'gin', 'oklahoma', 'kalooki', 'rummy', 'free']
>>> find_variant("Kaluki").key
'kalooki'
>>> find_variant("canasta")
Traceback (most recent call last):
...
scorekeeper.engine.variants.base.UnknownVariantError: no variant called 'canasta'; known: rumino, russian, ramino, gin, oklahoma, kalooki, rummy, free
"""

from __future__ import annotations

from ..cards import Card
from .base import InvalidRulesError, Rules, Switch, UnknownVariantError, Variant
from .free import Free
from .gin import Gin
from .kalooki import Kalooki
from .oklahoma import Oklahoma
from .ramino import Ramino
from .rumino import Rumino
from .rummy import Rummy
from .russian import Russian

#: key -> variant, in the order the new-match page lists them.
VARIANTS: dict[str, Variant] = {
    v.key: v for v in (Rumino(), Russian(), Ramino(), Gin(), Oklahoma(), Kalooki(), Rummy(), Free())
}


def _fold(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


_BY_NAME: dict[str, Variant] = {}
for _v in VARIANTS.values():
    for _name in (_v.key, _v.name, *_v.aliases):
        _BY_NAME.setdefault(_fold(_name), _v)


def find_variant(key: str) -> Variant:
    """The variant with this key, name or alias (case-insensitive; ``_``, ``-`` and spaces alike)."""
    if isinstance(key, Variant):
        return key
    if not isinstance(key, str) or _fold(key) not in _BY_NAME:
        raise UnknownVariantError(f"no variant called {key!r}; known: {', '.join(VARIANTS)}")
    return _BY_NAME[_fold(key)]


def warm_solvers() -> None:
    """Build the solver's tables for every card game's standard rules at every table size.

    The tables depend on the rules alone and are built when a rule set's first hand is arranged (up to
    a second on a busy machine); a server calls this as it starts, so that no player's first hand waits
    for them. A hand is what asks for them: a few cards are arranged, then with a second copy where the
    deck has two packs and with each number of jokers the deck holds, as hands of that game can come,
    and a knock game's hands are asked for their discard as well (the meld checker's question).
    """
    for variant in VARIANTS.values():
        if not variant.uses_cards:
            continue
        for n_players in range(variant.min_players, variant.max_players + 1):
            rules = variant.rules(n_players)
            deck = variant.meld_rules(rules)
            cards = [Card(2, "S"), Card(3, "S"), Card(4, "S"), Card(9, "H"), Card(9, "D"), Card(9, "C"), Card(12, "H")]
            variant.arrange(cards, rules)
            if deck.decks > 1:
                cards.append(Card(9, "H"))
            for jokers in range(deck.jokers_in_deck + 1):
                hand = cards + [Card.joker()] * jokers
                variant.arrange(hand, rules)
                if variant.knock_game:
                    variant.best_discard(hand, rules)  # type: ignore[attr-defined]


__all__ = ["VARIANTS", "find_variant", "warm_solvers", "Variant", "Switch", "Rules", "InvalidRulesError", "UnknownVariantError"]
