"""Gin Rummy: 2-player knock rummy to 100 with gin, big gin, undercut, boxes and shutouts (RULES §4, §10.4).

Presets ``modern_25`` (default) and ``classic_pagat`` bundle the bonuses. With 3–4 players the seed's
penalty scheme (``multiplayer_scheme = seed_penalty``, §5.2) applies automatically, with 7 cards each.

>>> from scorekeeper.engine.variants import find_variant
>>> gin = find_variant("gin")
>>> gin.rules(2).gin_bonus, gin.rules(2, preset="classic_pagat").gin_bonus
(25, 20)
>>> gin.rules(3).multiplayer_scheme, gin.rules(3).gin_bonus
('seed_penalty', None)
>>> gin.check_meld("KS QS AS").valid
False
>>> a = gin.arrange("3H 4H 5H 8S 8D 8C JC QC KC AD")
>>> a.points
1
>>> gin.layoff("9D 9H 9S 5C 6C 7C 6H 10C KD 4S", ["3H 4H 5H", "8S 8D 8C", "JC QC KC"]).points
14
"""

from __future__ import annotations

from typing import Any, Mapping

from ..melds import MeldRules
from .base import KnockGame, Rules, Switch, Variant, card_values, values_sentence

#: The seed scheme's fixed winner points (RULES §5.2): the scheme has no bonuses to switch.
SEED_WINNER_POINTS = {"gin": 25, "undercut": 20, "knock": 10}

_TWO = (("multiplayer_scheme", (None,)),)
_SEED = (("multiplayer_scheme", ("seed_penalty",)),)
_SHUTOUT = ("game_bonus_200", "double_hand_points", "double_total")


class KnockRummy(KnockGame, Variant):
    """What Gin and Oklahoma share: one pack, no jokers, ace low, deadwood counted A1 pictures 10."""

    ends = ("knock", "gin", "big_gin")
    min_players, max_players = 2, 4

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if n_players is None and rules is not None:
            n_players = rules.n_players
        return 7 if n_players is not None and n_players >= 3 else 10

    def decks(self, n_players: int | None = None) -> int:
        return 1

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 0

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self._resolve(rules)
        return card_values(1, 0)  # no jokers in the deck; index 0 is never looked up

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        self._resolve(rules)
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
                         run_min=3, run_max=None, ace_run="low_only", max_jokers_per_meld=0,
                         min_naturals_per_meld=1, decks=1, jokers_in_deck=0)



class Gin(KnockRummy):
    key = "gin"
    name = "Gin Rummy"
    aliases = ("gin rummy", "gin_rummy")
    summary = "2-player knock rummy: knock at 10 or less, gin and undercut bonuses, first to 100."
    PRESET_SWITCH = "preset"
    PRESETS = {
        "modern_25": {"knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "undercut_on_tie": True,
                      "big_gin_bonus": 31, "game_target": 100, "game_bonus": 100, "box_bonus": 25,
                      "shutout_mode": "game_bonus_200"},
        "classic_pagat": {"knock_limit": 10, "gin_bonus": 20, "undercut_bonus": 10, "undercut_on_tie": True,
                          "big_gin_bonus": None, "game_target": 100, "game_bonus": 100, "box_bonus": 20,
                          "shutout_mode": "game_bonus_200"},
    }
    SWITCHES = (
        Switch("preset", "enum", "modern_25", "Bundle of bonuses: modern 25/25 or pagat's classic 20/10.",
               choices=("modern_25", "classic_pagat"), only_when=_TWO),
        Switch("knock_limit", "int", 10, "Highest deadwood a player may knock with.", min=0, max=10),
        Switch("gin_bonus", "int", 25, "Bonus for gin.", min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 20))),
        Switch("undercut_bonus", "int", 25, "Bonus for an undercut.", min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 10))),
        Switch("undercut_on_tie", "bool", True, "A tie is an undercut (false: both score 0).", only_when=_TWO),
        Switch("big_gin_bonus", "int_or_null", 31, "Bonus for big gin (all 11 cards); null turns it off.",
               min=0, only_when=_TWO, preset_defaults=(("modern_25", 31), ("classic_pagat", None))),
        Switch("game_target", "int", 100, "Points that win the game.", min=1, only_when=_TWO),
        Switch("game_bonus", "int", 100, "Bonus for winning the game.", min=0, only_when=_TWO),
        Switch("box_bonus", "int", 25, "Bonus per hand won, added at the end.", min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 20))),
        Switch("shutout_mode", "enum", "game_bonus_200", "What a shutout does.", choices=_SHUTOUT,
               only_when=_TWO),
        Switch("multiplayer_scheme", "enum", None, "The seed's penalty scheme; applied automatically with 3–4 players.",
               choices=("seed_penalty",)),
        Switch("target", "int", 100, "Net points that end a 3–4 player match.", min=1, only_when=_SEED),
        Switch("match_length_deals", "int_or_null", None, "Deals in a 3–4 player match; null for no limit.",
               min=1, only_when=_SEED),
    )

    def _player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        if n_players is not None and n_players >= 3:
            return {"multiplayer_scheme": "seed_penalty"}
        return {}

    def _fits_players(self, spec: Switch, n_players: int) -> bool:
        # The scheme follows from the player count, so a scheme-gated switch fits a count or never does.
        scheme = "seed_penalty" if n_players >= 3 else None
        if spec.name == "multiplayer_scheme":
            return scheme is not None
        return all(scheme in allowed for cond, allowed in spec.only_when if cond == "multiplayer_scheme")

    def _players_refusal(self, spec: Switch, n_players: int) -> str:
        if spec.name == "multiplayer_scheme":
            return "multiplayer_scheme applies only with 3–4 players; 2-player Gin is standard Gin"
        if n_players >= 3:
            return (f"{spec.name} does not apply with {n_players} players: 3–4 players use the seed's "
                    "penalty scheme (multiplayer_scheme seed_penalty)")
        return f"{spec.name} applies only with 3–4 players (the seed's penalty scheme)"

    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        r = self._resolve(rules)
        lines = [
            "One pack, no jokers; " + ("7 cards each." if r.multiplayer_scheme else "10 cards each."),
            "Melds: sets of 3 or 4 of a kind, runs of 3 or more in one suit; the ace is low only (A-2-3, not Q-K-A).",
            values_sentence(self.values(r), jokers=False) + " Only deadwood counts.",
            f"Knock with deadwood {r.knock_limit} or less; the defender lays off on the knocker's melds (not after gin).",
        ]
        if r.multiplayer_scheme:
            lines += [
                "Winner points: gin +25, undercut +20, knock +10; each loser's penalty is their deadwood minus the "
                "winner's (twice their deadwood after gin).",
                f"The match ends when a net score reaches {r.target}"
                + (f" or after {r.match_length_deals} deals" if r.match_length_deals else "")
                + "; the highest net wins.",
            ]
            return lines
        tie = "a tie counts as an undercut" if r.undercut_on_tie else "a tie scores 0 for both"
        lines += [
            f"Knock: the difference. Undercut (defender at or below the knocker; {tie}): the difference + "
            f"{r.undercut_bonus}.",
            f"Gin: the defender's deadwood + {r.gin_bonus}."
            + (f" Big gin (all 11 cards): + {r.big_gin_bonus}." if r.big_gin_bonus is not None else ""),
            f"First to {r.game_target} wins the game: + {r.game_bonus}, and {r.box_bonus} per hand won for both "
            f"players; shutout: {r.shutout_mode.replace('_', ' ')}.",
        ]
        return lines
