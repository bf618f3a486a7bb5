"""The variant registry: every game the app keeps score for, by key, in the order the app lists them.

``find_variant`` accepts a key or an alias in any case ("Gin Rummy", "kaluki"); an unknown name raises
``UnknownVariantError``. Each entry is a ``Variant`` instance (see ``base``).

>>> list(VARIANTS)[:3], list(VARIANTS)[-1], package_of("gin")
(['rumino', 'russian', 'ramino'], 'free', 'scorekeeper')
>>> find_variant("Kaluki").key
'kalooki'
>>> find_variant("bridge")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.UnknownVariantError: no variant called 'bridge'; known: rumino, russian, ...
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from typing import Any
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
        self._packages: dict[str, str] = {}

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


#: the distribution whose games are registered first, so that a game installed beside it can never take
#: a built-in game's key or one of its names
_OWN_PACKAGE = "scorekeeper"


def _package(point: Any) -> str:
    """The distribution that registered an entry point (its name as installed), or "?" when unknown."""
    dist = getattr(point, "dist", None)
    return getattr(dist, "name", None) or "?"


def load_variants() -> dict[str, Variant]:
    """Read every game registered under the entry-point group ``scorekeeper.variants`` (each entry point
    names a ``Variant`` subclass; its name is the game's key) and make the registry of them anew. A
    separately installed package adds a game this way with no change to Scorekeeper.

    Scorekeeper's own games are registered first, then every other package's, by package name. A game
    whose key is taken is left out; a name or alias already taken is left out of the later game (it
    keeps its others); each is said in the log, naming both packages. A game that cannot be loaded is
    logged and left out: the other games play on."""
    points = sorted(entry_points(group=GROUP), key=lambda p: (_package(p).lower() != _OWN_PACKAGE, _package(p).lower(),
                                                              p.name))
    games: dict[str, Variant] = {}
    packages: dict[str, str] = {}
    names: dict[str, Variant] = {}
    for point in points:
        package = _package(point)
        try:
            cls = point.load()
            variant = cls() if isinstance(cls, type) else cls
            if not isinstance(variant, Variant) or not variant.key:
                raise TypeError(f"{cls!r} is not a Variant with a key")
        except Exception:  # noqa: BLE001 - one broken game must not take every other game down with it
            log.exception("the game %r registered under %s by the package %s (%s) could not be loaded; it is left out",
                          point.name, GROUP, package, point.value)
            continue
        if variant.key in games:
            if type(games[variant.key]) is not type(variant):
                log.error("the game %r of the package %s is left out: the key %r is already %s's, of the package %s",
                          point.value, package, variant.key, games[variant.key].name, packages[variant.key])
            continue
        games[variant.key] = variant
        packages[variant.key] = package
        for name in dict.fromkeys((variant.key, variant.name, *variant.aliases)):
            folded = _fold(name)
            other = names.get(folded)
            if other is None:
                names[folded] = variant
            elif other is not variant:
                log.error("%s (package %s) is not found by the name %r: that name is already %s's (package %s)",
                          variant.name, package, name, other.name, packages[other.key])
    if not games:
        log.error("no game is registered under %s: install Scorekeeper (pip install -e .) so that its entry "
                  "points are on record", GROUP)
    VARIANTS._games = dict(sorted(games.items(), key=lambda item: (item[1].order, item[0])))
    VARIANTS._packages = packages
    _BY_NAME.clear()
    _BY_NAME.update(names)
    return VARIANTS


def package_of(key: str) -> str:
    """The package (distribution) that registered the game ``key``: "scorekeeper" for a built-in game."""
    VARIANTS._loaded()
    return VARIANTS._packages[key]


def find_variant(key: str) -> Variant:
    """The variant with this key, name or alias (case-insensitive; ``_``, ``-`` and spaces alike)."""
    if isinstance(key, Variant):
        return key
    VARIANTS._loaded()
    if not isinstance(key, str) or _fold(key) not in _BY_NAME:
        raise UnknownVariantError(f"no variant called {key!r}; known: {', '.join(VARIANTS)}")
    return _BY_NAME[_fold(key)]


def warm_solvers() -> int:
    """Build the solver's tables for every card game's standard rules at every table size, and size the
    solver's cache from them; returns the cache's new bound.

    The tables depend on the rules alone and are built when a rule set's first hand is arranged (up to
    a second on a busy machine); a server calls this as it starts, so that no player's first hand waits
    for them. The cache then holds the tables of every game installed, plus ``limits.SOLVER_TABLES_SPARE``
    for matches with house rules of their own (never less than ``limits.SOLVER_TABLES``).
    """
    from ..limits import SOLVER_TABLES, SOLVER_TABLES_SPARE
    from ..solver import common

    built = set()
    for variant in VARIANTS.values():
        built |= warm_game(variant)
    common._cache.bound = max(SOLVER_TABLES, len(built) + SOLVER_TABLES_SPARE)
    return common._cache.bound


def warm_game(variant: Variant) -> set[tuple]:
    """Build one game's tables for its standard rules at every table size; returns the keys of the
    tables those rules use. A hand is what asks for them: a few cards are arranged, then with a second
    copy where the deck has two packs and with each number of jokers the deck holds, as hands of that
    game can come, and a knock game's hands are asked for their discard as well (the meld checker's
    question)."""
    from ..solver import common

    if not variant.uses_cards or not variant.arranged_in_play:
        return set()
    used: set[tuple] = set()
    for n_players in range(variant.min_players, variant.max_players + 1):
        before = set(common._cache.keys())
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
        used |= set(common._cache.keys()) - before
    return used


__all__ = ["VARIANTS", "GROUP", "find_variant", "load_variants", "package_of", "warm_game", "warm_solvers", "Variant", "Switch", "Rules", "InvalidRulesError", "UnknownVariantError"]
