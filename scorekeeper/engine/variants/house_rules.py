"""House rules: the switches a game offers (``Switch``), the rules they resolve to (``Rules``), the
rebuy switches several games share (``rebuy_switches``), and the refusals (``InvalidRulesError``,
``UnknownVariantError``).

How a game's switches are resolved (docs/rules/common.md#house-rules: *variant defaults <- preset bundle
<- explicit overrides*) is ``Variant.rules``; this module owns the shapes and the checks of one value.

>>> Switch("target", "int", 100, "Points to win.", min=50, max=500).allowed()
'50–500'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ..errors import Refusal
from ..i18n import _, joined
from ..limits import POINTS_CEILING
from ..switch_words import CHOICES, LABELS, NONE_WORDS

__all__ = ["Switch", "SwitchType", "Rules", "InvalidRulesError", "UnknownVariantError", "rebuy_switches",
           "REBUY_SCORES"]


#: ``int_list``: a list of whole numbers (Hand and Foot's minimum of each round); ``pairs``: a list of
#: pairs of whole numbers (its score bands, [from, minimum]); the variant checks what they must hold
#: ``text_list``: a list of short texts (Phase 10's own phases, "set 3 + run 4"), null when not set
SwitchType = Literal["bool", "int", "enum", "int_or_null", "int_list", "pairs", "text_list"]


class InvalidRulesError(Refusal):
    """House rules (or a player count) that a variant refuses; the message names the switch and why."""


class UnknownVariantError(Refusal):
    """No variant has that key or alias."""


@dataclass(frozen=True)
class Switch:
    """One house-rule switch, as a form shows it (the house-rule tables of docs/rules/).

    ``choices`` lists the allowed values of an ``enum`` (or of an ``int`` that takes only a few values,
    such as Rummy's ``ace_value``); ``min``/``max`` bound an ``int`` or ``int_or_null`` (None: no bound).
    ``only_when`` names the preset/mode values under which the switch applies, as pairs
    ``(switch, allowed values)``; a form hides the switch otherwise and ``rules()`` refuses it.
    ``preset_defaults`` gives the default under each preset when it differs. ``choice_words`` says each
    choice in the game's own words (``{"losers_pay": _("the losers pay the winner")}``); they come before
    the words the games share (``engine.switch_words.CHOICES``), and a choice with neither is its value
    with spaces.

    >>> s = Switch("scoring", "enum", "zero_sum", "How a hand is scored.", choices=("zero_sum", "no_words"),
    ...            choice_words={"zero_sum": "the losers pay the winner"})
    >>> s.value_words("zero_sum"), s.value_words("no_words")
    ('the losers pay the winner', 'no words')
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
    #: the switch's name on a form, before the shared words (``engine.switch_words``) for its name
    label: str | None = None
    #: what an empty (null) value means ("no bonus"), where "no limit" would not say it
    none_words: str | None = None
    #: each choice in the game's own words, by value; they win over the shared words of the same value
    choice_words: Mapping[Any, str] | None = field(default=None, hash=False)

    def label_words(self) -> str:
        """What a player calls this switch ("Opening at least")."""
        return self.label or LABELS.get(self.name) or self.name.replace("_", " ").capitalize()

    def value_words(self, value: Any) -> str | int:
        """A value as a player says it: "yes", "no limit", "the stake"; a number stays a number, for
        the page to write the way its language does."""
        if self.type == "int_list" and isinstance(value, (list, tuple)):
            return joined(" / ", [_("{value:,}", value=v) for v in value])
        if self.type == "pairs" and isinstance(value, (list, tuple)):
            return joined(", ", [_("{minimum:,} from {start:,}", minimum=b, start=a) for a, b in value])
        if self.type == "text_list" and isinstance(value, (list, tuple)):
            return joined("; ", [str(v) for v in value])
        if self.type == "bool":
            return _("yes") if value else _("no")
        if value is None:
            return self.none_words or NONE_WORDS.get(self.name) or _("no limit")
        if self.choice_words and value in self.choice_words:
            return self.choice_words[value]
        if isinstance(value, str):
            return CHOICES.get(value) or value.replace("_", " ")
        return value

    def is_default(self, value: Any) -> bool:
        """Whether ``value`` is the default (a list read from a form or a document is the default's
        tuple)."""
        if self.type in ("int_list", "pairs", "text_list") and isinstance(value, (list, tuple)):
            return _plain(value) == _plain(self.default)
        return value == self.default

    def allowed(self) -> str:
        """The allowed values in words, for messages and forms."""
        if self.type == "int_list":
            return _("a list of whole numbers")
        if self.type == "pairs":
            return _("a list of [from, minimum] pairs")
        if self.type == "text_list":
            return _("a list of texts")
        if self.type == "bool":
            return _("true or false")
        if self.choices is not None:
            return joined(", ", [as_json(c) for c in self.choices])
        if self.min is not None and self.max is not None:
            rng = _("{min}–{max}", min=self.min, max=self.max)
        elif self.min is not None:
            rng = _("{min} or more", min=self.min)
        elif self.max is not None:
            rng = _("{max} or less", max=self.max)
        else:
            rng = _("any whole number")
        return _("{range}, or null", range=rng) if self.type == "int_or_null" else rng

    def check(self, value: Any) -> None:
        """Refuse a value of the wrong JSON type or outside the allowed set."""
        if self.type in ("int_list", "pairs"):
            if not isinstance(value, (list, tuple)):
                raise InvalidRulesError(_("{name} must be {allowed}, not {value}", name=self.name,
                                          allowed=self.allowed(), value=as_json(value)))
            return  # what the list must hold, the variant checks
        if self.type == "text_list":
            if value is None:
                return
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and len(v) <= 100 for v in value):
                raise InvalidRulesError(_("{name} must be {allowed}, not {value}", name=self.name,
                                          allowed=self.allowed(), value=as_json(value)))
            return
        if self.type == "bool":
            if not isinstance(value, bool):
                raise InvalidRulesError(_("{name} must be true or false, not {value}", name=self.name,
                                          value=as_json(value)))
            return
        if self.type == "enum":
            if not isinstance(value, str) or value not in (self.choices or ()):
                raise InvalidRulesError(_("{name} must be one of {allowed}, not {value}", name=self.name,
                                          allowed=self.allowed(), value=as_json(value)))
            return
        if value is None and self.type == "int_or_null":
            return
        # bool is a subclass of int in Python, but JSON true is not a number
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidRulesError(_("{name} must be a whole number ({allowed}), not {value}", name=self.name,
                                      allowed=self.allowed(), value=as_json(value)))
        outside = (self.choices is not None and value not in self.choices) \
            or (self.min is not None and value < self.min) or (self.max is not None and value > self.max)
        if outside:
            raise InvalidRulesError(_("{name} must be {allowed}, not {value}", name=self.name, allowed=self.allowed(),
                                      value=value))
        if abs(value) > POINTS_CEILING:
            # a switch with no bound of its own (a target, a penalty) still holds a number of points
            raise InvalidRulesError(_("{name} must be between −{ceiling:,} and {ceiling:,}", name=self.name,
                                      ceiling=POINTS_CEILING))


def _plain(value: Any) -> Any:
    """Lists and tuples alike, nested: how a list rule is compared."""
    return [_plain(v) for v in value] if isinstance(value, (list, tuple)) else value


def as_json(value: Any) -> str:
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

    __slots__ = ("_values", "variant", "overrides", "n_players", "_memo", "__dict__")

    def __init__(self, variant: str, values: Mapping[str, Any], overrides: Mapping[str, Any],
                 n_players: int | None) -> None:
        # every value is an attribute too (``rules.gin_bonus``), read as fast as any attribute: replay reads a
        # few for every player of every hand, and ``__getattr__`` costs twenty times more. One dict serves
        # both ways (``_values`` is a read-only view of it). A value named like one of the class's own
        # attributes would hide it (or be hidden), so none may be.
        own = dict(values)
        clash = sorted(own.keys() & _RULES_ATTRIBUTES)
        if clash:
            raise ValueError(f"a rule cannot be called {clash[0]!r}: Rules has an attribute of that name")
        object.__setattr__(self, "__dict__", own)
        object.__setattr__(self, "_values", MappingProxyType(own))
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "overrides", dict(overrides))
        object.__setattr__(self, "n_players", n_players)
        # what the variant derives from these rules once (meld rules, values): rules never change
        object.__setattr__(self, "_memo", {})

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


#: the names ``Rules`` itself answers to (its methods and slots), which no rule may take
_RULES_ATTRIBUTES = frozenset(dir(Rules))


#: each game's word for coming back after elimination, and the rebuy switches' help in that word
_REBUY_WORDS = {
    "rebuy": (_("Players who must still be in for rebuys to open."), _("Rebuys per player."),
              _("How each rebuy's stake grows.")),
    "buy-in": (_("Players who must still be in for a buy-in."), _("Buy-ins per player."), _("What a buy-in costs.")),
    "re-entry": (_("Players who must still be in for re-entry."), _("Re-entries per player."),
                 _("What each re-entry costs.")),
}
#: the totals a rebuying player may come back on (``RebuyPolicy``)
REBUY_SCORES = ("highest_remaining", "highest_remaining_minus_1", "zero")


def rebuy_switches(word: str = "rebuy", *, min_remaining: int = 2, most_remaining: int | None = 6,
                   max_rebuys: int | None = None, cost: str = "double_per_entry",
                   costs: tuple[str, ...] = ("double_per_entry", "first_rebuy_equals_stake"),
                   cost_switch: str = "rebuy_cost_mode", score: str | None = "highest_remaining",
                   only_when: tuple = ()) -> tuple[Switch, ...]:
    """The switches of a game where an eliminated player may come back, in the game's own ``word``
    (``rebuy``, ``buy-in``, ``re-entry``): the total they come back on (unless the game fixes it:
    ``score=None``), how many must still be in, how many times, and what it costs. They are what
    ``Variant.rebuys_from_switches`` reads."""
    remaining_help, most_help, cost_help = _REBUY_WORDS[word]
    switches = []
    if score is not None:
        switches.append(Switch("rebuy_score", "enum", score, _("The total a rebuying player comes back on."),
                               choices=REBUY_SCORES, only_when=only_when))
    switches += [
        Switch("rebuy_min_remaining", "int", min_remaining, remaining_help, min=2, max=most_remaining,
               only_when=only_when),
        Switch("max_rebuys", "int_or_null", max_rebuys, most_help, min=0, only_when=only_when),
        Switch(cost_switch, "enum", cost, cost_help, choices=costs, only_when=only_when),
    ]
    return tuple(switches)
