"""Gin Rummy: 2-player knock rummy to 100 with gin, big gin, undercut, boxes and shutouts (docs/rules/gin.md).

Presets ``modern_25`` (default) and ``classic_pagat`` bundle the bonuses. With 3–4 players the seed's
penalty scheme (``multiplayer_scheme = seed_penalty``, docs/rules/oklahoma.md#three-or-four-players)
applies automatically, with 7 cards each.

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

from abc import abstractmethod

from typing import Any, Mapping

from ..solver import Arrangement
from ..cards import format_cards
from ..hands import Hand, HandScore, MatchState, check_typed
from ..i18n import _
from ..melds import MeldRules
from .base import Rules, Switch, Variant, card_values, values_sentence
from .going_out import not_melded
from .knock import KnockGame

#: The seed scheme's fixed winner points (docs/rules/oklahoma.md#three-or-four-players): the scheme has
#: no bonuses to switch.
SEED_WINNER_POINTS = {"gin": 25, "undercut": 20, "knock": 10}
#: Cards each player holds: 10 with two players, 7 with three or four (the seed).
HAND_SIZE, SEED_HAND_SIZE = 10, 7

_TWO = (("multiplayer_scheme", (None,)),)
_SEED = (("multiplayer_scheme", ("seed_penalty",)),)
_SHUTOUT = ("game_bonus_200", "double_hand_points", "double_total")
#: a shutout mode in words, for the rules summary
_SHUTOUT_WORDS = {"game_bonus_200": _("game bonus 200"), "double_hand_points": _("double hand points"),
                  "double_total": _("double total")}
#: how the seed scheme's winner won, in words
_WAY_WON = {"gin": _("gin"), "big_gin": _("big gin"), "undercut": _("undercut"), "knock": _("knock")}


class KnockRummy(KnockGame, Variant):
    """What Gin and Oklahoma share: one pack, no jokers, ace low, deadwood counted A1 pictures 10, and
    the scoring of docs/rules/gin.md#the-game (two players) and of
    docs/rules/oklahoma.md#three-or-four-players (the seed's penalty scheme for three or four)."""

    ends = ("knock", "gin", "big_gin")
    min_players, max_players = 2, 4
    declared_melds_use = _("lay-offs are worked out against them")

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if n_players is None and rules is not None:
            n_players = rules.n_players
        return SEED_HAND_SIZE if n_players is not None and n_players >= 3 else HAND_SIZE

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        return card_values(1, 0)  # no jokers in the deck; index 0 is never looked up

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        self.resolved(rules)
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True,
                         run_min=3, run_max=None, ace_run="low_only", max_jokers_per_meld=0,
                         min_naturals_per_meld=1, decks=self.PACKS, jokers_in_deck=0)  # no jokers: no switch adds any

    def seed_summary(self, r: Rules) -> list[str]:
        """The rules summary's lines for the seed's penalty scheme (docs/rules/oklahoma.md#three-or-four-players)."""
        pts = SEED_WINNER_POINTS
        return [
            _("Winner points: gin +{gin}, undercut +{undercut}, knock +{knock}; each loser's penalty is their deadwood "
              "minus the winner's (twice their deadwood after gin).", gin=pts['gin'], undercut=pts['undercut'],
              knock=pts['knock']),
            _("The match ends when a net score reaches {target} or after {deals} deals; the highest net wins.",
              target=r.target, deals=r.match_length_deals) if r.match_length_deals else
            _("The match ends when a net score reaches {target}; the highest net wins.", target=r.target),
        ]

    # -- the hand's own facts -------------------------------------------------------------------------

    @abstractmethod
    def seed_scheme(self, rules: Rules | None = None) -> bool:
        """Whether these rules use the seed's penalty scheme (3–4 players, or chosen)."""

    def high_wins(self, rules: Rules | None = None) -> bool:
        return True  # points are won, in both schemes

    def keeps_win_points(self, rules: Rules | None = None) -> bool:
        return self.seed_scheme(rules)

    def has_boxes(self, rules: Rules | None = None) -> bool:
        return not self.seed_scheme(rules)

    def big_gin_allowed(self, rules: Rules | None = None) -> bool:
        # the seed scheme scores big gin as gin; two players need its bonus switched on
        return self.seed_scheme(rules) or self.resolved(rules).big_gin_bonus is not None

    def hand_knock_limit(self, hand: Hand) -> int:
        """Highest deadwood a knock may show in this hand (0: only gin)."""
        return self.house.knock_limit

    def multiplier(self, hand: Hand) -> tuple[int, str]:
        return 1, ""

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return player == hand.by and hand.end != "knock"

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int:
        rules = self.resolved(rules)
        return self.cards_dealt(n_players or len(self.players) or None, rules) * max(self.melds_and_values(rules)[1][1:])

    # -- scoring: one method per way a hand ends -------------------------------------------------------

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        by_cards = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=by_cards is None or by_cards.typed)
        hand_size = self.cards_dealt(len(self.players))
        for name, held in hand.held.items():
            if name == hand.by:
                size = hand_size + (1 if hand.end == "big_gin" else 0)
                self.card_count(hand, held, [size],
                                _("must show") if hand.end != "big_gin" else _("must show (big gin)"))
            else:
                self.card_count(hand, held, [hand_size], _("must show"))
        if hand.end == "big_gin":
            if not self.big_gin_allowed():
                raise hand.error(_("big gin is off in these rules: record it as gin"), field="end")
            return self.score_gin(hand, big=True)
        if hand.end == "gin":
            return self.score_gin(hand, big=False)
        return self.score_knock(hand)

    def score_gin(self, hand: Hand, big: bool) -> HandScore:
        """Gin or big gin: no lay-offs, cannot be undercut."""
        held = hand.held.get(hand.by)
        word = _("big gin") if big else _("gin")
        if held is not None:
            if held.typed and held.points:
                raise hand.error(_("{by} went {word}: the points must be 0", by=hand.by, word=word), player=hand.by,
                                 field="points")
            if not held.typed:
                left = self.in_hand_order(self.arrange(held.cards).deadwood, held.cards)
                if left:
                    raise not_melded(hand, hand.by, _("went {word}", word=word), left)
        others = {n: self.defender_deadwood(hand, hand.held[n], None) for n in hand.others}
        return self.result(hand, "big_gin" if big else "gin", hand.by, 0, others)

    def score_knock(self, hand: Hand) -> HandScore:
        """A knock: the knocker's deadwood against each defender's after lay-offs; 0 deadwood is gin."""
        limit = self.hand_knock_limit(hand)
        knocker = hand.held[hand.by]
        defenders = hand.others

        def over(points: int, fld: str) -> None:
            if points > limit:
                if limit == 0:
                    raise hand.error(_("the upcard is an ace: only gin is allowed, not a knock"), field="end")
                raise hand.error(_("cannot knock with {points}: the limit is {limit}", points=points, limit=limit),
                                 player=hand.by, field=fld)

        if knocker.typed:
            kdw = check_typed(hand, knocker, maximum=None)
            over(kdw, "points")
            if kdw == 0:
                # docs/rules/gin.md#knock: a knock with no deadwood is gin (bonus, no lay-offs)
                return self.result(hand, "gin", hand.by, 0,
                                   {n: self.defender_deadwood(hand, hand.held[n], None) for n in defenders})
            if hand.melds is None and any(not hand.held[n].typed for n in defenders):
                raise hand.error(_("enter the knocker's melds, or the defender's points after lay-offs"),
                                 field="melds")
            self.check_melds(hand)
            others = {n: self.defender_deadwood(hand, hand.held[n], hand.melds or [], _(" after lay-offs"))
                      for n in defenders}
            return self.knock_result(hand, kdw, others)
        if hand.melds is not None:
            lay = self.declared_arrangement(hand, knocker)
            over(lay.points, "melds")
            candidates = [lay]
        else:
            if limit == 0 and self.arrange(knocker.cards).points > 0:
                over(1, "cards")
            candidates = self.knock_candidates(hand, knocker, limit)

        def result_of(lay: Arrangement) -> HandScore:
            if lay.points == 0:
                return self.result(hand, "gin", hand.by, 0,
                                   {n: self.defender_deadwood(hand, hand.held[n], None) for n in defenders})
            others = {n: self.defender_deadwood(hand, hand.held[n], lay.melds, _(" after lay-offs"))
                      for n in defenders}
            return self.knock_result(hand, lay.points, others)

        # best for the knocker: most for the knocker against the others; ties to lower deadwood
        result, lay = self.best_for_knocker(
            hand, candidates, result_of,
            lambda lay, result: (result.scores.get(hand.by, 0)
                                 - sum(v for n, v in result.scores.items() if n != hand.by), -lay.points))
        shown = self.melds_text(lay.melds)
        said = result.explanations.get(hand.by)
        result.explanations[hand.by] = (_("{said} [melds {shown}]", said=said, shown=shown) if said
                                        else _("[melds {shown}]", shown=shown))
        if hand.melds is None:
            result.arrangement = shown
            result.notes.append(_("hand {number}: {by}'s melds taken as {shown} (best for the knocker)",
                                   number=hand.index + 1, by=hand.by, shown=shown))
        return result

    # -- results --------------------------------------------------------------------------------------

    def knock_result(self, hand: Hand, kdw: int, others: dict[str, tuple[int, str]]) -> HandScore:
        if self.seed_scheme():
            under = [n for n in self.clockwise_from(hand.by, hand.players_in) if others[n][0] <= kdw]
            if under:
                low = min(others[n][0] for n in under)
                who = next(n for n in under if others[n][0] == low)
                return self.result(hand, "undercut", who, kdw, others)
            return self.result(hand, "knock", hand.by, kdw, others)
        (defender,) = others
        ddw = others[defender][0]
        if ddw < kdw or (ddw == kdw and self.house.undercut_on_tie):
            return self.result(hand, "undercut", defender, kdw, others)
        if ddw == kdw:
            return self.result(hand, "tie", None, kdw, others)
        return self.result(hand, "knock", hand.by, kdw, others)

    def result(self, hand: Hand, how: str, winner: str | None, kdw: int,
               others: dict[str, tuple[int, str]]) -> HandScore:
        return self.seed_result(hand, how, winner, kdw, others) if self.seed_scheme() else \
            self.two_player_result(hand, how, winner, kdw, others)

    def two_player_result(self, hand: Hand, how: str, winner: str | None, kdw: int,
                          others: dict[str, tuple[int, str]]) -> HandScore:
        (defender,) = others
        ddw, dtext = others[defender]
        mult, mtext = self.multiplier(hand)
        scored = HandScore(scores={p: 0 for p in hand.players_in}, winner=winner)
        knocker = hand.by
        if how in ("gin", "big_gin"):
            bonus = self.house.big_gin_bonus if how == "big_gin" else self.house.gin_bonus
            base, formula = ddw + bonus, _("{ddw} + {bonus}", ddw=ddw, bonus=bonus)
            word = _("big gin") if how == "big_gin" else _("gin")
            scored.summary = _("{knocker} went {word}", knocker=knocker, word=word)
        elif how == "undercut":
            bonus = self.house.undercut_bonus
            base, formula = (kdw - ddw) + bonus, _("({kdw} − {ddw}) + {bonus}", kdw=kdw, ddw=ddw, bonus=bonus)
            word = _("undercut")
            scored.summary = _("{knocker} knocked with {kdw}; {defender} undercut with {ddw}",
                               knocker=knocker, kdw=kdw, defender=defender, ddw=ddw)
        elif how == "tie":
            scored.summary = _("{knocker} knocked with {kdw}; {defender} tied: no score",
                               knocker=knocker, kdw=kdw, defender=defender)
            scored.explanations = {knocker: _("knock: {kdw}, tied: 0", kdw=kdw),
                                   defender: _("{dtext}; tie: 0", dtext=dtext)}
            return scored
        else:
            base, formula = ddw - kdw, _("{ddw} − {kdw}", ddw=ddw, kdw=kdw)
            word = _("knock")
            scored.summary = _("{knocker} knocked with {kdw}; {defender} had {ddw}",
                               knocker=knocker, kdw=kdw, defender=defender, ddw=ddw)
        points = base * mult
        text = (_("{word}: {formula} = {base}", word=word, formula=formula, base=base) if formula != str(base)
                else _("{word}: {base}", word=word, base=base))
        if mult != 1:
            text = _("{word}: ({formula}) × {mult}{mtext} = {points}", word=word, formula=formula, mult=mult,
                     mtext=mtext, points=points)
        assert winner is not None
        scored.scores[winner] = points
        scored.explanations[winner] = text
        loser = defender if winner == knocker else knocker
        scored.explanations[loser] = dtext if loser == defender else _("knock: deadwood {kdw}", kdw=kdw)
        scored.boxes = {winner: 1 + self.extra_boxes(how)}
        return scored

    def extra_boxes(self, how: str) -> int:
        return 0

    def seed_result(self, hand: Hand, how: str, winner: str | None, kdw: int,
                    others: dict[str, tuple[int, str]]) -> HandScore:
        assert winner is not None
        mult, mtext = self.multiplier(hand)
        kind = "gin" if how in ("gin", "big_gin") else how
        win = SEED_WINNER_POINTS[kind]
        deadwood = {n: v for n, (v, _) in others.items()}
        texts = {n: t for n, (_, t) in others.items()}
        deadwood.setdefault(hand.by, kdw)
        texts.setdefault(hand.by, _("knock: deadwood {kdw}", kdw=kdw))
        scored = HandScore(winner=winner)
        for name in hand.players_in:
            if name == winner:
                points = win * mult
                scored.win_points[name] = points
                scored.scores[name] = points
                word = _WAY_WON[how]
                scored.explanations[name] = (
                    _("{word}: +{win} × {mult}{mtext} = +{points}", word=word, win=win, mult=mult, mtext=mtext,
                      points=points) if mult != 1 else _("{word}: +{win}", word=word, win=win))
                continue
            own = deadwood[name]
            if kind == "gin":
                penalty, formula = 2 * own, _("2 × {own}", own=own)
            else:
                ref = deadwood[winner]
                penalty, formula = max(0, own - ref), _("{own} − {ref}", own=own, ref=ref)
            total = penalty * mult
            scored.scores[name] = -total
            scored.win_points[name] = 0
            scored.explanations[name] = (
                _("{said}; penalty {formula} = {penalty} × {mult}{mtext} = {total}", said=texts[name],
                  formula=formula, penalty=penalty, mult=mult, mtext=mtext, total=total) if mult != 1 else
                _("{said}; penalty {formula} = {penalty}", said=texts[name], formula=formula, penalty=penalty))
        if kind == "gin":
            scored.summary = _("{winner} went gin", winner=winner)
        elif kind == "undercut":
            scored.summary = _("{by} knocked with {kdw}; {winner} undercut", by=hand.by, kdw=kdw, winner=winner)
        else:
            scored.summary = _("{winner} knocked with {kdw}", winner=winner, kdw=kdw)
        return scored

    @staticmethod
    def clockwise_from(knocker: str, players_in: list[str]) -> list[str]:
        i = players_in.index(knocker)
        return players_in[i + 1:] + players_in[:i]

    # -- the match ------------------------------------------------------------------------------------

    def target(self) -> int:
        return self.house.target if self.seed_scheme() else self.house.game_target

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.seed_scheme():
            deals = self.house.match_length_deals
            reached = any(state.players[p].total >= self.target() for p in state.players)
            if reached or (deals is not None and state.hands_played >= deals):
                return self.best_of(list(state.players), state)
            return None
        if scored.winner and state.players[scored.winner].total >= self.target():
            return [scored.winner]
        return None

    def dealer_by_hand(self) -> bool:
        return not self.seed_scheme()

    def next_dealer(self, state: MatchState, hand: Hand, scored: HandScore) -> str | None:
        if self.seed_scheme():
            return None
        # 2 players: the winner of the hand deals next; a tie keeps the dealer (docs/rules/common.md#next-dealer)
        return scored.winner or hand.dealer

    def finish(self, state: MatchState) -> list[str]:
        """Game bonus, boxes and shutout (docs/rules/gin.md#the-game), added once the game is won (2 players only)."""
        if self.seed_scheme() or len(state.winners) != 1:
            return []
        winner = state.winners[0]
        (loser,) = [p for p in state.players if p != winner]
        w, l = state.players[winner], state.players[loser]
        game, box, mode = self.house.game_bonus, self.house.box_bonus, self.house.shutout_mode
        shutout = l.hand_points == 0
        notes = []
        w_boxes, l_boxes = w.boxes * box, l.boxes * box
        if shutout and mode == "game_bonus_200":
            game_added = 2 * game
            w.total = w.hand_points + game_added + w_boxes
            notes.append(_("shutout: game bonus doubled to {game_added}", game_added=game_added))
        elif shutout and mode == "double_hand_points":
            w.total = 2 * w.hand_points + game + w_boxes
            game_added = game
            notes.append(_("shutout: {winner}'s hand points doubled, {hand_points} × 2 = {doubled}", winner=winner,
                           hand_points=w.hand_points, doubled=2 * w.hand_points))
        elif shutout and mode == "double_total":
            game_added = game
            w.total = 2 * (w.hand_points + game + w_boxes)
            notes.append(_("shutout: {winner}'s total doubled, ({hand_points} + {game} + {w_boxes}) × 2 = {total}",
                           winner=winner, hand_points=w.hand_points, game=game, w_boxes=w_boxes, total=w.total))
        else:
            game_added = game
            w.total = w.hand_points + game + w_boxes
        l.total = l.hand_points + l_boxes
        notes.insert(0, _("game bonus: {winner} +{game_added}", winner=winner, game_added=game_added))
        notes.insert(1, _("box bonuses added at the end: {winner} {boxes} × {box} = +{w_boxes}, "
                          "{loser} {loser_boxes} × {box} = +{l_boxes}", winner=winner, boxes=w.boxes, box=box,
                          w_boxes=w_boxes, loser=loser, loser_boxes=l.boxes, l_boxes=l_boxes))
        return notes

    def differences(self, state: MatchState) -> dict[str, int]:
        """Two players: the difference between the final totals is the settlement
        (docs/rules/gin.md#the-game), which the winner collects."""
        if self.seed_scheme() or not state.finished or len(state.winners) != 1:
            return {}
        top = state.players[state.winners[0]].total
        return {ps.name: top - ps.total for ps in state.players.values() if ps.name != state.winners[0]}

    def context(self, state: MatchState) -> dict[str, Any]:
        return {"knock_limit": self.house.knock_limit, "seed_scheme": self.seed_scheme()}



class Gin(KnockRummy):
    key = "gin"
    order = 40
    name = "Gin Rummy"
    aliases = ("gin rummy", "gin_rummy")
    summary = _("2-player knock rummy: knock at 10 or less, gin and undercut bonuses, first to 100.")
    PRESET_SWITCH = "preset"
    SWITCHES = (
        Switch("preset", "enum", "modern_25", _("Bundle of bonuses: modern 25/25 or pagat's classic 20/10."),
               choices=("modern_25", "classic_pagat"), only_when=_TWO),
        Switch("knock_limit", "int", 10, _("Highest deadwood a player may knock with."), min=0, max=10),
        Switch("gin_bonus", "int", 25, _("Bonus for gin."), min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 20))),
        Switch("undercut_bonus", "int", 25, _("Bonus for an undercut."), min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 10))),
        Switch("undercut_on_tie", "bool", True, _("A tie is an undercut; otherwise both score 0."), only_when=_TWO),
        Switch("big_gin_bonus", "int_or_null", 31, _("Bonus for big gin (all 11 cards)."),
               min=0, only_when=_TWO, preset_defaults=(("modern_25", 31), ("classic_pagat", None))),
        Switch("game_target", "int", 100, _("Points that win the game."), min=1, only_when=_TWO),
        Switch("game_bonus", "int", 100, _("Bonus for winning the game."), min=0, only_when=_TWO),
        Switch("box_bonus", "int", 25, _("Bonus per hand won, added at the end."), min=0, only_when=_TWO,
               preset_defaults=(("modern_25", 25), ("classic_pagat", 20))),
        Switch("shutout_mode", "enum", "game_bonus_200", _("What a shutout does."), choices=_SHUTOUT,
               only_when=_TWO),
        Switch("multiplayer_scheme", "enum", None,
               _("The seed's penalty scheme; applied automatically with 3–4 players."),
               choices=("seed_penalty",)),
        Switch("target", "int", 100, _("Net points that end a 3–4 player match."), min=1, only_when=_SEED),
        Switch("match_length_deals", "int_or_null", None, _("Deals in a 3–4 player match."),
               min=1, only_when=_SEED),
    )

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        if n_players is not None and n_players >= 3:
            return {"multiplayer_scheme": "seed_penalty"}
        return {}

    def seed_scheme(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).multiplayer_scheme == "seed_penalty"

    def fits_players(self, spec: Switch, n_players: int) -> bool:
        # The scheme follows from the player count, so a scheme-gated switch fits a count or never does.
        scheme = "seed_penalty" if n_players >= 3 else None
        if spec.name == "multiplayer_scheme":
            return scheme is not None
        return all(scheme in allowed for cond, allowed in spec.only_when if cond == "multiplayer_scheme")

    def players_refusal(self, spec: Switch, n_players: int) -> str:
        if spec.name == "multiplayer_scheme":
            return _("multiplayer_scheme applies only with 3–4 players; 2-player Gin is standard Gin")
        if n_players >= 3:
            return _("{name} does not apply with {n_players} players: 3–4 players use the seed's penalty scheme "
                     "(multiplayer_scheme seed_penalty)", name=spec.name, n_players=n_players)
        return _("{name} applies only with 3–4 players (the seed's penalty scheme)", name=spec.name)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [
            _("One pack, no jokers; {count} cards each.", count=SEED_HAND_SIZE if r.multiplayer_scheme else HAND_SIZE),
            _("Melds: sets of 3 or 4 of a kind, runs of 3 or more in one suit; the ace is low only "
              "(A-2-3, not Q-K-A)."),
            _("{values} Only deadwood counts.", values=values_sentence(self.values(r), jokers=False)),
            _("Knock with deadwood {knock_limit} or less; the defender lays off on the knocker's melds "
              "(not after gin).",
              knock_limit=r.knock_limit),
        ]
        if r.multiplayer_scheme:
            return lines + self.seed_summary(r)
        tie = _("a tie counts as an undercut") if r.undercut_on_tie else _("a tie scores 0 for both")
        lines += [
            _("Knock: the difference. Undercut (defender at or below the knocker; {tie}): the difference + "
              "{undercut_bonus}.", tie=tie, undercut_bonus=r.undercut_bonus),
            _("Gin: the defender's deadwood + {gin_bonus}. Big gin (all 11 cards): + {big_gin_bonus}.",
              gin_bonus=r.gin_bonus, big_gin_bonus=r.big_gin_bonus) if r.big_gin_bonus is not None else
            _("Gin: the defender's deadwood + {gin_bonus}.", gin_bonus=r.gin_bonus),
            _("First to {game_target} wins the game: + {game_bonus}, and {box_bonus} per hand won for both "
              "players; shutout: {shutout}.", game_target=r.game_target, game_bonus=r.game_bonus,
              box_bonus=r.box_bonus, shutout=_SHUTOUT_WORDS[r.shutout_mode]),
        ]
        return lines
