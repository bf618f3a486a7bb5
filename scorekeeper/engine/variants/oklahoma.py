"""Oklahoma Gin: Gin Rummy where the first upcard sets the knock limit and a spade doubles (docs/rules/oklahoma.md).

Preset ``standard`` (2 players, game to 150) or the seed's ``seed_penalty`` scheme (chosen by default with
3–4 players). ``knock_limit`` is not a switch: the upcard sets it each hand.

>>> from scorekeeper.engine.variants import find_variant
>>> okla = find_variant("oklahoma")
>>> okla.rules(2).preset, okla.rules(3).preset
('standard', 'seed_penalty')
>>> okla.knock_limit("4C"), okla.knock_limit("KS"), okla.knock_limit("AD")
(4, 10, 1)
>>> okla.knock_limit("AD", okla.rules(oklahoma_ace="gin_only"))
0
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..cards import Card, InvalidCardError
from ..hands import Hand, MatchState
from ..i18n import _, message_of
from .base import InvalidRulesError, Rules, Switch, values_sentence
from .gin import HAND_SIZE, SEED_HAND_SIZE, KnockRummy

#: With ``extra_boxes``: boxes added to the hand's one (docs/rules/oklahoma.md#how-a-hand-ends-two-players).
EXTRA_BOXES = {"undercut": 1, "gin": 2, "big_gin": 2}

_STANDARD = (("preset", ("standard",)),)
_SEED = (("preset", ("seed_penalty",)),)


class Oklahoma(KnockRummy):
    key = "oklahoma"
    order = 50
    name = "Oklahoma Gin"
    aliases = ("oklahoma gin", "oklahoma_gin", "okla")
    summary = _("Gin Rummy where the upcard sets the knock limit and a spade upcard doubles; game to 150.")
    upcard_required = True
    PRESET_SWITCH = "preset"
    REFUSED = {"knock_limit": "knock_limit is not a house rule in Oklahoma Gin: the upcard sets it each hand"}
    SWITCHES = (
        Switch("preset", "enum", "standard", _("standard (2 players) or the seed's penalty scheme (3–4 players)."),
               choices=("standard", "seed_penalty")),
        Switch("oklahoma_ace", "enum", "one", _("An ace upcard allows knocking with 1, or gin only."),
               choices=("one", "gin_only")),
        Switch("spade_upcard_doubles", "bool", True, _("A spade upcard doubles the hand's score."),
               preset_defaults=(("standard", True), ("seed_penalty", False))),
        Switch("gin_bonus", "int", 25, _("Bonus for gin."), min=0, only_when=_STANDARD),
        Switch("undercut_bonus", "int", 25, _("Bonus for an undercut."), min=0, only_when=_STANDARD),
        Switch("undercut_on_tie", "bool", True, _("A tie is an undercut; otherwise both score 0."), only_when=_STANDARD),
        Switch("big_gin_bonus", "int_or_null", 31, _("Bonus for big gin."), min=0,
               only_when=_STANDARD),
        Switch("game_target", "int", 150, _("Points that win the game."), min=1, only_when=_STANDARD),
        Switch("game_bonus", "int", 100, _("Bonus for winning the game."), min=0, only_when=_STANDARD),
        Switch("box_bonus", "int", 25, _("Bonus per hand won, added at the end."), min=0, only_when=_STANDARD),
        Switch("extra_boxes", "bool", False,
               _("An undercut earns {undercut} extra box, a gin {gin}.", undercut=EXTRA_BOXES['undercut'],
                 gin=EXTRA_BOXES['gin']),
               only_when=_STANDARD),
        Switch("shutout_mode", "enum", "game_bonus_200", _("What a shutout does."),
               choices=("game_bonus_200", "double_hand_points", "double_total"), only_when=_STANDARD),
        Switch("target", "int", 150, _("Net points that end a seed-scheme match."), min=1, only_when=_SEED),
        Switch("match_length_deals", "int_or_null", None, _("Deals in a seed-scheme match."),
               min=1, only_when=_SEED),
    )

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        return {"preset": "seed_penalty" if n_players is not None and n_players >= 3 else "standard"}

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        if n_players is not None and n_players >= 3 and values["preset"] == "standard":
            raise InvalidRulesError(
                _("preset standard is for 2 players; with {n_players} players only seed_penalty is defined",
                  n_players=n_players))

    def switches(self, n_players: int | None = None) -> list[Switch]:
        out = super().switches(n_players)
        if n_players is not None and n_players >= 3:
            # standard is not offered with 3–4 players, so its switches cannot apply either
            out = [s for s in out if dict(s.only_when).get("preset") != ("standard",)]
            out = [replace(s, choices=("seed_penalty",), default="seed_penalty") if s.name == "preset" else s
                   for s in out]
        return out

    def seed_scheme(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).preset == "seed_penalty"

    def knock_limit_with(self, upcard: Card | None, rules: Rules | None = None) -> int | None:
        return None if upcard is None else self.knock_limit(upcard, rules)

    def upcard_note(self, upcard: Card, rules: Rules | None = None) -> str | None:
        if upcard.suit == "S" and self.resolved(rules).spade_upcard_doubles:
            return _("a spade doubles this hand's score")
        return None

    def knock_limit(self, upcard: Card | str, rules: Rules | None = None) -> int:
        """The hand's knock limit from its upcard: its value (ace 1), or 0 for an ace under ``gin_only``."""
        rules = self.resolved(rules)
        card = Card.parse(upcard) if isinstance(upcard, str) else upcard
        if card.is_joker:
            raise InvalidRulesError(_("the upcard must be a natural card, not a joker"))
        if card.rank == 1 and rules.oklahoma_ace == "gin_only":
            return 0
        return self.melds_and_values(rules)[1][card.rank]

    # -- a hand: Gin's, with the upcard's limit and the spade's doubling ---------------------------------

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        if entry.get("deal") is not None:
            raise hand.error(_("this game has no deal number"), field="deal")
        raw = entry.get("upcard")
        if raw is None or raw == "":
            raise hand.error(_("give the upcard: it sets the knock limit"), field="upcard")
        try:
            card = Card.parse(str(raw))
        except InvalidCardError as exc:
            raise hand.error(_("upcard: {why}", why=message_of(exc)), field="upcard") from None
        if card.is_joker:
            raise hand.error(_("the upcard cannot be a joker: Oklahoma is played without jokers"),
                             field="upcard")
        hand.upcard = card

    def hand_knock_limit(self, hand: Hand) -> int:
        assert hand.upcard is not None
        return self.knock_limit(hand.upcard)

    def multiplier(self, hand: Hand) -> tuple[int, str]:
        if hand.upcard is not None and hand.upcard.suit == "S" and self.house.spade_upcard_doubles:
            return 2, _(" (spade upcard)")
        return 1, ""

    def extra_boxes(self, how: str) -> int:
        if not self.house.extra_boxes:
            return 0
        return EXTRA_BOXES.get(how, 0)

    def context(self, state: MatchState) -> dict[str, Any]:
        return {"knock_limit": None, "seed_scheme": self.seed_scheme(), "upcard_required": True}

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        seed = r.preset == "seed_penalty"
        ace = _("an ace allows a knock with 1") if r.oklahoma_ace == "one" else _("an ace allows gin only")
        lines = [
            _("One pack, no jokers; {seed} cards each with 3–4 players, {count} with 2.", seed=SEED_HAND_SIZE,
              count=HAND_SIZE) if seed else _("One pack, no jokers; {count} cards each.", count=HAND_SIZE),
            _("Melds: sets of 3 or 4 of a kind, runs of 3 or more in one suit; the ace is low only."),
            _("{values} Only deadwood counts.", values=values_sentence(self.values(r), jokers=False)),
            _("The first upcard's value is the hand's knock limit ({ace}).", ace=ace),
        ]
        if r.spade_upcard_doubles:
            lines.append(_("A spade upcard doubles the hand's score, bonuses included (not boxes)."))
        if seed:
            return lines + self.seed_summary(r)
        tie = _("a tie counts as an undercut") if r.undercut_on_tie else _("a tie scores 0 for both")
        values = {"tie": tie, "undercut_bonus": r.undercut_bonus, "gin_bonus": r.gin_bonus,
                  "big_gin_bonus": r.big_gin_bonus, "game_target": r.game_target, "game_bonus": r.game_bonus,
                  "box_bonus": r.box_bonus}
        lines += [
            _("Knock: the difference. Undercut ({tie}): the difference + {undercut_bonus}. Gin: the defender's "
              "deadwood + {gin_bonus}. Big gin: + {big_gin_bonus}.", **values) if r.big_gin_bonus is not None else
            _("Knock: the difference. Undercut ({tie}): the difference + {undercut_bonus}. Gin: the defender's "
              "deadwood + {gin_bonus}.", **values),
            _("First to {game_target} wins the game: + {game_bonus}, and {box_bonus} per hand won (extra boxes for "
              "undercuts and gins).", **values) if r.extra_boxes else
            _("First to {game_target} wins the game: + {game_bonus}, and {box_bonus} per hand won.", **values),
        ]
        return lines
