"""Hollywood Gin: Gin Rummy's hands scored into three games at once (docs/rules/hollywood_gin.md).

This module owns the sheet of several games: where a hand's points go (a winner's points go into every
open game where the winner already has an entry, plus the lowest open game where the winner has none),
when a game closes (the hand's winner reaches ``game_target`` in it), each game's settlement (Gin's game
bonus, a box per hand entered in that game, the shutout by ``shutout_mode``) and the match's net (the sum
over closed games of ± each game's difference, game 3 × ``third_game_multiplier``), plus continuous play
with its ``stop`` entry. Every hand is scored by Gin Rummy itself (``gin.KnockRummy``): knock, gin, big
gin, the derived undercut, lay-offs and the presets are Gin's, unchanged.

What the game keeps between hands is in ``state.kept``: ``open`` and ``closed`` (the games still being
played, at most three, and those settled, each a dict of the shape of
:class:`scorekeeper.engine.match.GameStanding`) and ``stopped``. A closed game never changes again, so a
hand copies only the open games: a hand costs the same on hand 2,000 of continuous play as on hand 2.

>>> from scorekeeper.engine.variants import find_variant
>>> hw = find_variant("hollywood_gin")
>>> hw.rules().game_target, hw.rules().continuous, hw.rules().third_game_multiplier
(100, False, 1)
>>> hw.rules(continuous=True).third_game_multiplier is None
True
>>> hw.entry_fields().games, [k.key for k in hw.entry_kinds()]
(3, ['stop'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

from ..hands import Hand, HandScore, InvalidMatchError, MatchState
from ..i18n import _, joined
from ..entry_fields import EntryKind, EntryFields
from .base import InvalidRulesError, Rules, Switch, values_sentence
from .gin import _SHUTOUT_WORDS, HAND_SIZE, Gin, KnockRummy

#: games on the sheet when play starts (and, in continuous play, open until the table says stop)
GAMES = 3
#: the game whose difference ``third_game_multiplier`` multiplies
THIRD = 3
#: Gin's switches that belong to its 3–4 player scheme, which a 2-player game never has
_SEED_ONLY = ("multiplayer_scheme", "target", "match_length_deals")


def _gin_switch(spec: Switch) -> Switch:
    # Gin gates its 2-player switches on its player-count scheme; Hollywood is always two players
    spec = replace(spec, only_when=())
    # the switches that speak of "the game" speak of each of the games here
    helps = {"game_target": _("Points that close each game."),
             "game_bonus": _("Bonus for winning a game."),
             "box_bonus": _("Bonus per hand entered in a game, for each player, added when it closes.")}
    return replace(spec, help=helps[spec.name]) if spec.name in helps else spec


@dataclass
class _Scored(HandScore):
    """Gin's score of the hand, with the sheet as it stands after it (kept once the hand is applied)."""

    after: dict[str, Any] = field(default_factory=dict)


#: what Gin's score of a hand holds, carried into Hollywood's (read once: ``fields`` is slow)
_HAND_SCORE_FIELDS = tuple(f.name for f in fields(HandScore))


def _copied(g: dict[str, Any]) -> dict[str, Any]:
    """An open game's copy, to change for one hand (its totals, boxes and hands are its own)."""
    return {**g, "totals": dict(g["totals"]), "boxes": dict(g["boxes"]), "hands": list(g["hands"])}


def _fresh(number: int, players: tuple[str, ...]) -> dict[str, Any]:
    return {"number": number, "open": True, "totals": {p: 0 for p in players}, "boxes": {p: 0 for p in players},
            "hands": [], "winner": None, "shutout": False, "finals": None, "difference": None}


class HollywoodGin(KnockRummy):
    key = "hollywood_gin"
    order = 45
    name = "Hollywood Gin"
    aliases = ("hollywood", "hollywood gin rummy")
    summary = _("Gin Rummy scored in three games at once: each closes at 100 with its own bonuses; "
                "the games' differences decide.")
    min_players, max_players = 2, 2
    PRESET_SWITCH = "preset"
    REFUSED = {
        "multiplayer_scheme": _("multiplayer_scheme is not a house rule of Hollywood Gin: it is a game for two"),
        "target": _("target is not a house rule of Hollywood Gin: each game closes at game_target"),
        "match_length_deals": _("match_length_deals is not a house rule of Hollywood Gin: "
                                "the match ends when every game has closed"),
    }
    SWITCHES = tuple(_gin_switch(s) for s in Gin.SWITCHES if s.name not in _SEED_ONLY) + (
        Switch("continuous", "bool", False,
               _("A closed game opens the next one, until a player gives notice to stop.")),
        Switch("third_game_multiplier", "int", 1, _("Game 3's difference counts this many times."),
               choices=(1, 2), only_when=(("continuous", (False,)),)),
    )
    #: the entry a player makes to give notice in continuous play (docs/rules/hollywood_gin.md#continuous-play)
    STOP = EntryKind("stop", _("Stop after these games"), _("notice to stop"),
                     _("Notice to stop: no new game opens; the games still open are played to their ends."))

    # -- Gin's two-player scoring, always ------------------------------------------------------------------

    def seed_scheme(self, rules: Rules | None = None) -> bool:
        return False

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        if values.get("continuous") and "third_game_multiplier" in house:
            # the only_when check already refuses it; this says why in the game's words
            raise InvalidRulesError(_("third_game_multiplier does not apply with continuous play: "
                                      "there is no last game to double"))

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        base = super().entry_fields(rules, n_players)
        return EntryFields(base.fields, base.scored, games=GAMES)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        tie = _("a tie counts as an undercut") if r.undercut_on_tie else _("a tie scores 0 for both")
        # Gin Rummy's hands, in Gin's words
        lines = [
            _("One pack, no jokers; {count} cards each.", count=HAND_SIZE),
            _("Melds: sets of 3 or 4 of a kind, runs of 3 or more in one suit; the ace is low only "
              "(A-2-3, not Q-K-A)."),
            _("{values} Only deadwood counts.", values=values_sentence(self.values(r), jokers=False)),
            _("Knock with deadwood {knock_limit} or less; the defender lays off on the knocker's melds "
              "(not after gin).", knock_limit=r.knock_limit),
            _("Knock: the difference. Undercut (defender at or below the knocker; {tie}): the difference + "
              "{undercut_bonus}.", tie=tie, undercut_bonus=r.undercut_bonus),
            _("Gin: the defender's deadwood + {gin_bonus}. Big gin (all 11 cards): + {big_gin_bonus}.",
              gin_bonus=r.gin_bonus, big_gin_bonus=r.big_gin_bonus) if r.big_gin_bonus is not None else
            _("Gin: the defender's deadwood + {gin_bonus}.", gin_bonus=r.gin_bonus),
        ]
        lines += [
            _("Each hand's points go into every open game where the winner already has a score, and into the "
              "lowest open game where the winner has none; the loser enters nothing."),
            _("A game closes when the hand's winner reaches {game_target} in it: + {game_bonus} to its winner, "
              "{box_bonus} per hand entered in it for each player; shutout: {shutout}.",
              game_target=r.game_target, game_bonus=r.game_bonus, box_bonus=r.box_bonus,
              shutout=_SHUTOUT_WORDS[r.shutout_mode]),
            _("Each game is settled by the difference of its two finals; the sum over the games (the net) "
              "decides, and a net of 0 is a shared win."),
        ]
        if r.continuous:
            lines.append(_("Continuous play: each game that closes opens the next one, until a player gives "
                           "notice to stop; the open games are then played to their ends."))
        else:
            lines.append(_("The match ends when all three games have closed."))
            if r.third_game_multiplier and r.third_game_multiplier != 1:
                lines.append(_("Game 3 counts {times} times.", times=r.third_game_multiplier))
        return lines

    # -- the sheet of games --------------------------------------------------------------------------------

    def sheet_state(self, state: MatchState) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
        """The games still open and those closed (as kept after the last hand), and whether notice to
        stop was given."""
        opened = state.kept.get("open")
        if opened is None:
            opened = [_fresh(n, self.players) for n in range(1, GAMES + 1)]
        return opened, state.kept.get("closed") or [], bool(state.kept.get("stopped"))

    def multiplier_of(self, number: int) -> int:
        if number == THIRD and not self.house.continuous:
            return self.house.third_game_multiplier or 1
        return 1

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        gin = super().score(hand, state)  # Gin Rummy's own score of the hand: only the winner scores
        opened, settled, stopped = self.sheet_state(state)
        # only the open games (at most three) are copied for this hand; the closed ones are kept as they are
        open_games = [_copied(g) for g in opened]
        winner = gin.winner
        points = gin.scores.get(winner, 0) if winner else 0
        scored = _Scored(**{name: getattr(gin, name) for name in _HAND_SCORE_FIELDS})
        scored.scores = {p: 0 for p in hand.players_in}
        scored.boxes = {}
        scored.hand_points = {winner: points} if winner and points > 0 else {}
        scored.after = {"open": open_games, "closed": settled, "stopped": stopped}
        if not scored.hand_points:
            return scored  # a 0–0 hand: nothing is entered anywhere, nobody gets a box
        assert winner is not None
        (loser,) = [p for p in hand.players_in if p != winner]
        into = [g for g in open_games if g["boxes"][winner] > 0]
        first = next((g for g in open_games if g["boxes"][winner] == 0), None)
        if first is not None:
            into.append(first)
        into.sort(key=lambda g: g["number"])
        closed: list[dict[str, Any]] = []
        for g in into:
            g["totals"][winner] += points
            g["boxes"][winner] += 1
            g["hands"].append(hand.number)
            if g["totals"][winner] >= self.house.game_target:
                closed.append(g)
        scored.games = [g["number"] for g in into]
        scored.closed = [g["number"] for g in closed]
        scored.boxes = {winner: len(into)}
        words = joined(", ", [_("game {number}", number=g["number"]) for g in into])
        said = scored.explanations.get(winner, "")
        scored.explanations[winner] = _("{said}; into {games}", said=said, games=words) if said else words
        for g in closed:
            self.settle(g, winner, loser)
            net = g["difference"] * self.multiplier_of(g["number"])
            scored.scores[winner] += net
            scored.scores[loser] -= net
            scored.notes.append(self.settlement_words(g, winner, loser))
        if closed:
            still = [g for g in open_games if g["open"]]
            if self.house.continuous and not stopped:
                # docs/rules/hollywood_gin.md#continuous-play: each game that closes opens the next one
                last = max(g["number"] for g in open_games)
                still += [_fresh(last + k, self.players) for k in range(1, len(closed) + 1)]
            scored.after = {"open": still, "closed": settled + closed, "stopped": stopped}
        if closed:
            scored.summary = _("{summary}; {games} closed", summary=scored.summary,
                               games=joined(_(" and "), [_("game {number}", number=g["number"]) for g in closed]))
        return scored

    def settle(self, g: dict[str, Any], winner: str, loser: str) -> None:
        """Close game ``g``, won by ``winner``: its finals with Gin's bonuses, and its difference."""
        game, box, mode = self.house.game_bonus, self.house.box_bonus, self.house.shutout_mode
        points, boxes = g["totals"][winner], g["boxes"][winner] * box
        shutout = g["boxes"][loser] == 0
        if shutout and mode == "game_bonus_200":
            final = points + 2 * game + boxes
        elif shutout and mode == "double_hand_points":
            final = 2 * points + game + boxes
        elif shutout and mode == "double_total":
            final = 2 * (points + game + boxes)
        else:
            final = points + game + boxes
        loser_final = g["totals"][loser] + g["boxes"][loser] * box
        g.update(open=False, winner=winner, shutout=shutout, finals={winner: final, loser: loser_final},
                 difference=final - loser_final)
        # the finals in seat order, like the totals
        g["finals"] = {p: g["finals"][p] for p in g["totals"]}

    def settlement_words(self, g: dict[str, Any], winner: str, loser: str) -> str:
        """Game ``g``'s settlement in one line: each final and the difference."""
        game, box, mode = self.house.game_bonus, self.house.box_bonus, self.house.shutout_mode
        points, n = g["totals"][winner], g["boxes"][winner]
        if g["shutout"] and mode == "game_bonus_200":
            won = _("{winner} {points} + {game} (shutout) + {n} × {box} = {final}", winner=winner, points=points,
                    game=2 * game, n=n, box=box, final=g["finals"][winner])
        elif g["shutout"] and mode == "double_hand_points":
            won = _("{winner} {points} × 2 (shutout) + {game} + {n} × {box} = {final}", winner=winner,
                    points=points, game=game, n=n, box=box, final=g["finals"][winner])
        elif g["shutout"] and mode == "double_total":
            won = _("{winner} ({points} + {game} + {n} × {box}) × 2 (shutout) = {final}", winner=winner,
                    points=points, game=game, n=n, box=box, final=g["finals"][winner])
        else:
            won = _("{winner} {points} + {game} + {n} × {box} = {final}", winner=winner, points=points, game=game,
                    n=n, box=box, final=g["finals"][winner])
        lost = _("{loser} {points} + {n} × {box} = {final}", loser=loser, points=g["totals"][loser],
                 n=g["boxes"][loser], box=box, final=g["finals"][loser])
        times = self.multiplier_of(g["number"])
        if times != 1:
            return _("game {number} to {winner}: {won}; {lost}; difference {difference} × {times}",
                     number=g["number"], winner=winner, won=won, lost=lost, difference=g["difference"], times=times)
        return _("game {number} to {winner}: {won}; {lost}; difference {difference}", number=g["number"],
                 winner=winner, won=won, lost=lost, difference=g["difference"])

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        if isinstance(scored, _Scored):
            state.kept = {**state.kept, **scored.after}

    # -- the match -------------------------------------------------------------------------------------

    def target(self) -> int | None:
        # each game has its target; no total ends the match (a chart draws no target line for the nets)
        return None

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        opened, settled, stopped = self.sheet_state(state)
        if opened:
            return None
        return self.by_net(state)

    def by_net(self, state: MatchState) -> list[str]:
        """The player with the positive net; both when the nets are 0 (a shared win)."""
        best = max(ps.total for ps in state.players.values())
        return [p for p, ps in state.players.items() if ps.total == best]

    def finish(self, state: MatchState) -> list[str]:
        # every game was settled as it closed; the nets are the totals already
        return []

    def differences(self, state: MatchState) -> dict[str, int]:
        """The winner collects the net (the nets add up to 0: what one wins the other loses)."""
        if not state.finished or len(state.winners) != 1:
            return {}
        won = state.players[state.winners[0]].total
        return {ps.name: won for ps in state.players.values() if ps.name != state.winners[0]}

    def entry_kinds(self) -> tuple[EntryKind, ...]:
        return (self.STOP,)

    def entry_kinds_allowed(self, state: MatchState) -> list[str]:
        opened, settled, stopped = self.sheet_state(state)
        return ["stop"] if self.house.continuous and not stopped and not state.finished else []

    def play_entry(self, state: MatchState, index: int, entry: Mapping[str, Any]) -> str:
        unknown = set(entry) - {"kind", "note"}
        if unknown:
            raise InvalidMatchError(_("a stop has no {name}", name=sorted(unknown)[0]), entry=index, field="stop")
        if not self.house.continuous:
            raise InvalidMatchError(_("a stop is only for continuous play: these three games end by themselves"),
                                    entry=index, field="stop")
        opened, settled, stopped = self.sheet_state(state)
        if stopped:
            raise InvalidMatchError(_("notice to stop was already given"), entry=index, field="stop")
        state.kept = {**state.kept, "open": opened, "closed": settled, "stopped": True}
        still = [g["number"] for g in opened]
        return _("notice to stop: no new game opens; {games} to play out",
                 games=joined(_(" and "), [_("game {number}", number=n) for n in still]))

    def games(self, state: MatchState) -> list[dict[str, Any]]:
        opened, settled, stopped = self.sheet_state(state)
        return copy.deepcopy(sorted(settled + opened, key=lambda g: g["number"]))

    def notes(self, state: MatchState) -> list[str]:
        opened, settled, stopped = self.sheet_state(state)
        if stopped and not state.finished:
            return [_("notice to stop given: no new game opens")]
        return []

