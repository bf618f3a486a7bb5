"""The variant registry: every game the app keeps score for, by key, in the order the app lists them.

``find_variant`` accepts a key or an alias in any case ("Gin Rummy", "kaluki"); an unknown name raises
``UnknownVariantError``. Each entry is a ``Variant`` instance (see ``base``).

>>> list(VARIANTS)
['rumino', 'russian', 'ramino', 'gin', 'hollywood_gin', 'oklahoma', 'kalooki', 'rummy', 'rummy500', 'canasta', 'hand_and_foot', 'burraco', 'pool_rummy', 'free']
>>> find_variant("Kaluki").key
'kalooki'
>>> find_variant("bridge")
Traceback (most recent call last):
...
scorekeeper.engine.variants.base.UnknownVariantError: no variant called 'bridge'; known: rumino, russian, ramino, gin, hollywood_gin, oklahoma, kalooki, rummy, rummy500, canasta, hand_and_foot, burraco, pool_rummy, free
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points

from ..cards import Card
from .base import InvalidRulesError, Rules, Switch, UnknownVariantError, Variant

#: the entry-point group a game registers under (pyproject.toml; docs/engine.md, "Adding a game")
GROUP = "scorekeeper.variants"

log = logging.getLogger(__name__)


class _Registry(Mapping[str, Variant]):
    """Every game by key, read from the entry points the first time it is asked (not when this module
    is imported: a game's own module imports this one, so reading the group at import would import the
    game half-made), and again whenever ``load_variants`` is called."""

    def __init__(self) -> None:
        self._games: dict[str, Variant] | None = None

    def _loaded(self) -> dict[str, Variant]:
        if self._games is None:
            load_variants()
        return self._games  # type: ignore[return-value]

    def __getitem__(self, key: str) -> Variant:
        return self._loaded()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __repr__(self) -> str:
        return f"VARIANTS({list(self)!r})"


#: key -> variant, in the order the new-match page lists them (``Variant.order``, then the key). The
#: same object for the life of the process, so every module that imported it sees a game registered later.
VARIANTS = _Registry()
_BY_NAME: dict[str, Variant] = {}


def _fold(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def _built_in() -> list[type[Variant]]:
    """This package's own games, for a checkout run without being installed (no entry points are then
    on record); an installed Scorekeeper finds them through its entry points like any other game."""
    from .free import Free
    from .gin import Gin
    from .hollywood_gin import HollywoodGin
    from .kalooki import Kalooki
    from .oklahoma import Oklahoma
    from .ramino import Ramino
    from .rumino import Rumino
    from .rummy import Rummy
    from .russian import Russian

    return [Rumino, Russian, Ramino, Gin, HollywoodGin, Oklahoma, Kalooki, Rummy, Free]


def load_variants() -> dict[str, Variant]:
    """Read every game registered under the entry-point group ``scorekeeper.variants`` (each entry point
    names a ``Variant`` subclass; its name is the game's key) and make the registry of them anew. A
    separately installed package adds a game this way with no change to Scorekeeper."""
    found = []
    for point in entry_points(group=GROUP):
        try:
            found.append(point.load())
        except Exception:  # noqa: BLE001 - one broken game must not take every other game down with it
            log.exception("the game %r registered under %s (%s) could not be loaded; it is left out",
                          point.name, GROUP, point.value)
    if not any(getattr(cls, "__module__", "").startswith(__name__ + ".") for cls in found):
        found = _built_in() + found
    games: dict[str, Variant] = {}
    for cls in found:
        variant = cls() if isinstance(cls, type) else cls
        if not isinstance(variant, Variant) or not variant.key:
            raise TypeError(f"{cls!r}, registered under {GROUP}, is not a Variant with a key")
        if variant.key in games and type(games[variant.key]) is not type(variant):
            raise ValueError(f"two games registered as {variant.key!r}: {games[variant.key]!r} and {variant!r}")
        games[variant.key] = variant
    VARIANTS._games = dict(sorted(games.items(), key=lambda item: (item[1].order, item[0])))
    _BY_NAME.clear()
    for variant in VARIANTS._games.values():
        for name in (variant.key, variant.name, *variant.aliases):
            _BY_NAME.setdefault(_fold(name), variant)
    return VARIANTS


def find_variant(key: str) -> Variant:
    """The variant with this key, name or alias (case-insensitive; ``_``, ``-`` and spaces alike)."""
    if isinstance(key, Variant):
        return key
    VARIANTS._loaded()
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
        if not variant.uses_cards or not variant.arranged_in_play:
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


__all__ = ["VARIANTS", "GROUP", "find_variant", "load_variants", "warm_solvers", "Variant", "Switch", "Rules", "InvalidRulesError", "UnknownVariantError"]
