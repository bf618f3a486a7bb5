"""The ``Variant`` base class, house-rule switches (``Switch``), resolved rules (``Rules``) and their errors.

This module owns what every variant shares: how house rules are described for forms, how they are
validated and resolved (RULES.md Part II §10.0.10: *variant defaults <- preset bundle <- explicit
overrides*), and the thin wrappers that turn a variant's rules into the generic meld checks of
``scorekeeper.engine.melds``. A variant module subclasses ``Variant`` and overrides class-level metadata
(as python-chess variants do) plus the few methods whose answer differs.

>>> from scorekeeper.engine.variants import find_variant
>>> rules = find_variant("gin").rules(preset="classic_pagat", gin_bonus=25)
>>> rules.gin_bonus, rules["undercut_bonus"], rules.overrides
(25, 10, {'preset': 'classic_pagat', 'gin_bonus': 25})
>>> find_variant("gin").rules(knock_limit=True)
Traceback (most recent call last):
...
scorekeeper.engine.variants.base.InvalidRulesError: knock_limit must be a whole number (0–10), not true
"""

from __future__ import annotations

from abc import ABC, abstractmethod
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Iterable, Literal

from .. import arrange as _arrange
from .. import melds as _melds
from ..arrange import Arrangement, DeclaredCheck
from ..cards import Card, InvalidCardError, parse_cards
from ..melds import ContractCheck, MeldCheck, MeldRules, OpeningCheck

SwitchType = Literal["bool", "int", "enum", "int_or_null"]


class InvalidRulesError(ValueError):
    """House rules (or a player count) that a variant refuses; the message names the switch and why."""


class UnknownVariantError(ValueError):
    """No variant has that key or alias."""


@dataclass(frozen=True)
class Switch:
    """One house-rule switch, as a form shows it (RULES.md Part II tables).

    ``choices`` lists the allowed values of an ``enum`` (or of an ``int`` that takes only a few values,
    such as Rummy's ``ace_value``); ``min``/``max`` bound an ``int`` or ``int_or_null`` (None: no bound).
    ``only_when`` names the preset/mode values under which the switch applies, as pairs
    ``(switch, allowed values)``; a form hides the switch otherwise and ``rules()`` refuses it.
    ``preset_defaults`` gives the default under each preset when it differs.
    """

    name: str
    type: SwitchType
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None
    only_when: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    preset_defaults: tuple[tuple[str, Any], ...] = ()

    def allowed(self) -> str:
        """The allowed values in words, for messages and forms."""
        if self.type == "bool":
            return "true or false"
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        if self.min is not None and self.max is not None:
            rng = f"{self.min}–{self.max}"
        elif self.min is not None:
            rng = f"{self.min} or more"
        elif self.max is not None:
            rng = f"{self.max} or less"
        else:
            rng = "any whole number"
        return rng + (", or null" if self.type == "int_or_null" else "")

    def check(self, value: Any) -> None:
        """Refuse a value of the wrong JSON type or outside the allowed set."""
        if self.type == "bool":
            if not isinstance(value, bool):
                raise InvalidRulesError(f"{self.name} must be true or false, not {_show(value)}")
            return
        if self.type == "enum":
            if not isinstance(value, str) or value not in (self.choices or ()):
                raise InvalidRulesError(f"{self.name} must be one of {self.allowed()}, not {_show(value)}")
            return
        if value is None and self.type == "int_or_null":
            return
        # bool is a subclass of int in Python, but JSON true is not a number
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidRulesError(f"{self.name} must be a whole number ({self.allowed()}), not {_show(value)}")
        if self.choices is not None and value not in self.choices:
            raise InvalidRulesError(f"{self.name} must be {self.allowed()}, not {value}")
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise InvalidRulesError(f"{self.name} must be {self.allowed()}, not {value}")


def _show(value: Any) -> str:
    """A value as the match document (JSON) spells it."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:
        return repr(value)


class Rules(Mapping[str, Any]):
    """The resolved house rules of one match: every switch's value plus the variant's fixed values.

    Read by item or attribute (``rules["gin_bonus"]`` or ``rules.gin_bonus``). A switch that cannot
    apply under the chosen preset or mode reads ``None``. ``overrides`` holds only what the table set
    explicitly (what a match document stores); ``n_players`` is the player count the rules were
    resolved for (None if not given).
    """

    __slots__ = ("_values", "variant", "overrides", "n_players")

    def __init__(self, variant: str, values: Mapping[str, Any], overrides: Mapping[str, Any],
                 n_players: int | None) -> None:
        object.__setattr__(self, "_values", MappingProxyType(dict(values)))
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "overrides", dict(overrides))
        object.__setattr__(self, "n_players", n_players)

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{self.variant} rules have no {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("rules are immutable: resolve new ones with variant.rules(...)")

    def __reduce__(self):
        # copy and pickle rebuild through __init__, since __setattr__ refuses
        return (Rules, (self.variant, dict(self._values), dict(self.overrides), self.n_players))

    def __hash__(self) -> int:
        return hash((self.variant, self.n_players, tuple(sorted(self._values.items(), key=lambda kv: kv[0]))))

    def __repr__(self) -> str:
        return f"Rules({self.variant!r}, n_players={self.n_players!r}, overrides={self.overrides!r})"


class Variant(ABC):
    """A rummy-family game: metadata, house rules, card values and meld rules.

    Subclasses override the class attributes and only the methods whose answer differs.
    """

    key: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: the ``end`` strings a hand entry may carry (RULES §10.9)
    ends: ClassVar[tuple[str, ...]] = ()
    #: values that are rules of the game, not switches (RULES Part II "Fixed, not switches")
    FIXED: ClassVar[Mapping[str, Any]] = {}
    #: name of the preset/bundle switch, and each preset's values (Gin, Oklahoma)
    PRESET_SWITCH: ClassVar[str | None] = None
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: names that are refused with a specific reason (Oklahoma's knock_limit)
    REFUSED: ClassVar[Mapping[str, str]] = {}
    #: the switches, in the order a form shows them
    SWITCHES: ClassVar[tuple[Switch, ...]] = ()
    #: cards a player may hold beyond the deal and the one card drawn (``limits.hand_cards_limit``)
    extra_cards_held: ClassVar[int] = 0

    # -- metadata -------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key!r}>"

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int | None:
        """Cards dealt to each player (None: the variant uses no cards)."""
        return 13

    def decks(self, n_players: int | None = None) -> int:
        """How many 52-card packs are in play."""
        return 1

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        """How many jokers the deck(s) hold."""
        rules = rules if rules is not None else self.rules(n_players)
        return int(rules.get("jokers_in_deck") or 0)

    # -- house rules ----------------------------------------------------------------------------------

    def switches(self, n_players: int | None = None) -> list[Switch]:
        """The house-rule switches for a form, with defaults resolved for ``n_players`` when given.

        With a player count, switches that cannot apply to it (Gin's 2-player bonuses with 3–4 players)
        are left out; switches gated by a preset or mode the form itself chooses keep ``only_when``.
        """
        if n_players is not None:
            self._check_players(n_players)
        defaults = self._defaults(n_players, {})
        out = []
        for s in self.SWITCHES:
            if n_players is not None and not self._fits_players(s, n_players):
                continue
            out.append(_replace(s, default=defaults.get(s.name, s.default)))
        return out

    def rules(self, n_players: int | None = None, **house: Any) -> Rules:
        """Resolve house rules: variant defaults <- preset bundle <- explicit overrides, all validated.

        Raises ``InvalidRulesError`` naming the switch and why (unknown name, wrong type, value outside
        the allowed set, a switch that cannot apply to the preset, mode or player count).
        """
        if n_players is not None:
            self._check_players(n_players)
        specs = {s.name: s for s in self.SWITCHES}
        for name, value in house.items():
            if name in self.REFUSED:
                raise InvalidRulesError(self.REFUSED[name])
            if name in self.FIXED:
                raise InvalidRulesError(
                    f"{name} is fixed in {self.name} ({_show(self.FIXED[name])}), not a house rule")
            if name not in specs:
                raise InvalidRulesError(f"{name} is not a house rule of {self.name}")
            specs[name].check(value)
        values = self._defaults(n_players, house)
        values.update(house)
        for name in house:
            spec = specs[name]
            if n_players is not None and not self._fits_players(spec, n_players):
                raise InvalidRulesError(self._players_refusal(spec, n_players))
            for cond, allowed in spec.only_when:
                if values.get(cond) not in allowed:
                    raise InvalidRulesError(
                        f"{name} does not apply when {cond} is {_show(values.get(cond))}: "
                        f"it is used only when {cond} is {' or '.join(_show(a) for a in allowed)}")
        self._validate(values, house, n_players)
        # A switch that cannot apply reads None, so nobody scores with a value the table never chose.
        for spec in self.SWITCHES:
            if any(values.get(cond) not in allowed for cond, allowed in spec.only_when):
                values[spec.name] = None
        values.update(self.FIXED)
        return Rules(self.key, values, house, n_players)

    def _defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        """Variant defaults, then the preset's bundle (the preset chosen, or the one for the players)."""
        values = {s.name: s.default for s in self.SWITCHES}
        values.update(self._player_defaults(n_players, house))
        if self.PRESET_SWITCH is not None:
            preset = house.get(self.PRESET_SWITCH, values.get(self.PRESET_SWITCH))
            values.update(self.PRESETS.get(preset, {}))
        return values

    def _player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults that depend on the player count (Rummy's cards dealt, Oklahoma's preset)."""
        return {}

    def _fits_players(self, spec: Switch, n_players: int) -> bool:
        """Whether a switch can apply at all with this many players."""
        return True

    def _players_refusal(self, spec: Switch, n_players: int) -> str:
        return f"{spec.name} does not apply to {self.name} with {n_players} players"

    def _validate(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        """Checks between switches; values may be completed here (for example a preset by player count)."""

    def _check_players(self, n_players: Any) -> None:
        if not isinstance(n_players, int) or isinstance(n_players, bool):
            raise InvalidRulesError(f"the number of players must be a whole number, not {_show(n_players)}")
        if not self.min_players <= n_players <= self.max_players:
            span = (f"{self.min_players}–{self.max_players}" if self.min_players != self.max_players
                    else str(self.min_players))
            raise InvalidRulesError(f"{self.name} is for {span} players, not {n_players}")

    def _resolve(self, rules: Rules | Mapping[str, Any] | None) -> Rules:
        """Accept resolved rules, a mapping of overrides, or None (the defaults)."""
        if rules is None:
            return self.rules()
        if isinstance(rules, Rules):
            if rules.variant != self.key:
                raise InvalidRulesError(f"these rules are for {rules.variant}, not {self.key}")
            return rules
        return self.rules(**dict(rules))

    # -- cards and melds ------------------------------------------------------------------------------

    @abstractmethod
    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        """Penalty (or deadwood) value of each card held: index 0 the joker, index r rank r."""

    def card_value(self, card: Card | str, rules: Rules | None = None) -> int:
        """What one card counts when it is held, not melded. A joker counts as a joker."""
        card = Card.parse(card) if isinstance(card, str) else card
        return self.values(self._resolve(rules))[card.rank]

    @abstractmethod
    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        """The ``MeldRules`` these house rules give."""

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck:
        """Check one meld under these rules (cards as text or ``Card`` values)."""
        return _melds.check_meld(cards, self.meld_rules(self._resolve(rules)))

    def arrange(self, cards: str | Iterable[Card], rules: Rules | None = None) -> Arrangement:
        """The arrangement of ``cards`` with the least deadwood (or least value left) under these rules.

        Delegates to ``scorekeeper.engine.arrange.arrange`` with this variant's meld rules and values.
        """
        rules = self._resolve(rules)
        return _arrange.arrange(_cards(cards), self.meld_rules(rules), self.values(rules))

    @abstractmethod
    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        """The rules in plain words for the new-match page, one sentence per line."""


class KnockGame:
    """Mixin for knock games (Rumino, Gin, Oklahoma): discards, lay-offs and declared arrangements.

    Each method delegates to the function of the same name in ``scorekeeper.engine.arrange``.
    """

    def best_discard(self, cards: str | Iterable[Card], rules: Rules | None = None) -> tuple[Card, Arrangement]:
        """The discard that leaves the least deadwood, and the arrangement of the cards kept."""
        rules = self._resolve(rules)  # type: ignore[attr-defined]
        return _arrange.best_discard(_cards(cards), self.meld_rules(rules), self.values(rules))  # type: ignore[attr-defined]

    def layoff(self, defender_cards: str | Iterable[Card], knocker_melds: Iterable[str | Iterable[Card]],
               rules: Rules | None = None) -> Arrangement:
        """The defender's least deadwood after their own melds and lay-offs on the knocker's melds."""
        rules = self._resolve(rules)  # type: ignore[attr-defined]
        return _arrange.layoff(_cards(defender_cards), [_cards(m) for m in knocker_melds],
                               self.meld_rules(rules), self.values(rules))  # type: ignore[attr-defined]

    def check_declared(self, melds: Iterable[str | Iterable[Card]], deadwood: str | Iterable[Card],
                       rules: Rules | None = None) -> DeclaredCheck:
        """Check a knocker's declared arrangement (legal melds, cards the deck can hold)."""
        rules = self._resolve(rules)  # type: ignore[attr-defined]
        return _arrange.check_declared([_cards(m) for m in melds], _cards(deadwood),
                                       self.meld_rules(rules), self.values(rules))  # type: ignore[attr-defined]


def _cards(cards: str | Iterable[Card] | Iterable[str]) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]


def _replace(switch: Switch, **changes: Any) -> Switch:
    return replace(switch, **changes)


def card_values(ace: int, joker: int, *, pictures: int = 10, low: int | None = None) -> tuple[int, ...]:
    """A 14-long value table: joker, ace, 2–10 (face value, or ``low`` each for 2–9), J, Q, K.

    >>> card_values(1, 10)
    (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    """
    pips = [low if low is not None and r < 10 else r for r in range(2, 11)]
    return (joker, ace, *pips, pictures, pictures, pictures)


__all__ = ["Variant", "KnockGame", "Switch", "Rules", "InvalidRulesError", "UnknownVariantError", "card_values",
           "MeldCheck", "OpeningCheck", "ContractCheck", "InvalidCardError"]


def values_sentence(values: tuple[int, ...], jokers: bool = True) -> str:
    """Card values in words, for a rules sheet.

    >>> values_sentence(card_values(15, 25, low=5))
    'Cards held count: ace 15, 2–9 count 5 each, 10/J/Q/K 10, joker 25.'
    """
    if values[2] == values[9]:
        pips = f"2–9 count {values[2]} each, 10/J/Q/K {values[10]}"
    else:
        pips = f"2–10 face value, J/Q/K {values[11]}"
    text = f"Cards held count: ace {values[1]}, {pips}"
    return text + (f", joker {values[0]}." if jokers else ".")
