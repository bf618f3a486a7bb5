"""Knock Rummy (Poker Rum), a knock game in one module.

2-5 players, 7 cards each (10 with two), one pack without jokers; sets of 3-4 of one rank and runs of 3
or more in one suit, ace low. Any player may knock, whatever their deadwood; then everyone shows their
melds (no lay-offs). The player with the least deadwood (ace 1, pictures 10) collects from each other
player the difference between their deadwood and theirs; a player who knocks with no deadwood at all
("rummy") collects 25 more from each. The first to ``target`` (100) or more wins.

Ties for the least deadwood: the knocker wins a tie; otherwise the first of the tied players after the
knocker in the order of play.
"""

from __future__ import annotations

from scorekeeper.engine.ends import End
from scorekeeper.engine.hands import Hand, HandScore, MatchState
from scorekeeper.engine.i18n import _, _n
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.variants import Rules, Switch, Variant
from scorekeeper.engine.variants.base import card_values, values_sentence
from scorekeeper.engine.variants.knock import KnockGame

RUMMY_BONUS = 25


class KnockRummy(KnockGame, Variant):
    """No ``knock_limit`` switch: any deadwood may knock (``KnockGame.knock_limit_with`` says None)."""

    key = "knockrummy"
    #: the end a hand with every card melded is, as the meld checker names it
    all_melded_end = "rummy"
    name = "Knock Rummy"
    aliases = ("poker rum", "knock rummy")
    summary = _("Knock any time; the least deadwood collects the differences; first to 100 wins.")
    order = 610
    min_players, max_players = 2, 5
    ends = ("knock", "rummy")
    own_ends = (End("rummy", _("Rummy"), _("rummy"), "rummy",
                    lambda n: _n("{count} rummy", "{count} rummies", n, count=n)),)
    SWITCHES = (
        Switch("target", "int", 100, _("The first to this many points or more wins the match."), min=10, max=1000),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 10 if n_players == 2 else 7

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return card_values(1, 0)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True, run_min=3,
                         run_max=None, ace_run="low_only", decks=1, jokers_in_deck=0)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        return [_("One pack, no jokers; 7 cards each, 10 with two players."),
                _("Melds: sets of 3 or 4 of one rank, runs of 3 or more in one suit, ace low."),
                values_sentence(self.values(r), jokers=False),
                _("Anyone may knock; everyone shows their melds, with no lay-offs."),
                _("The least deadwood collects from each other player the difference; a knock with no "
                  "deadwood (rummy) collects {bonus} more from each.", bonus=RUMMY_BONUS),
                _("The first to {target} or more wins.", target=r.target)]

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return 10 * 10

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        # a rummy's knocker has no deadwood to show; a plain knock's must be given
        return hand.end == "rummy" and player == hand.by

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_copies(hand)
        dealt = self.cards_dealt(len(self.players))
        seats = list(self.players)
        i = seats.index(hand.by)
        order = [n for n in seats[i:] + seats[:i] if n == hand.by or n in hand.others]
        dead, texts = {}, {}
        for name in order:
            held = hand.held.get(name)
            if held is None:
                dead[name], texts[name] = 0, _("deadwood 0")
                continue
            self.card_count(hand, held, [dealt], _("must hold"))
            dead[name], texts[name] = self.defender_deadwood(hand, held, None)
        rummy = hand.end == "rummy"
        if rummy and dead[hand.by]:
            raise hand.error(_("{by} called rummy but has deadwood {points}", by=hand.by, points=dead[hand.by]),
                             player=hand.by, field="cards" if hand.held[hand.by].cards is not None else "points")
        if not rummy and not dead[hand.by]:
            raise hand.error(_("{by} has no deadwood: that is a rummy, not a knock", by=hand.by),
                             player=hand.by, field="end")
        low = min(dead.values())
        winner = next(n for n in order if dead[n] == low)
        scored = HandScore(winner=winner, summary=_("{by} knocked; {winner} collects", by=hand.by, winner=winner)
                           if not rummy else _("{by} went rummy", by=hand.by))
        total = 0
        for name in order:
            if name == winner:
                continue
            owed = dead[name] - low + (RUMMY_BONUS if rummy else 0)
            total += owed
            scored.scores[name] = 0
            scored.explanations[name] = _("{said}: pays {owed}", said=texts[name], owed=owed)
        scored.scores[winner] = total
        scored.explanations[winner] = _("{said}: collects {total}", said=texts[winner], total=total)
        return scored

    def target(self) -> int | None:
        # reaching it ends the match, the best total winning (Variant.match_over)
        return self.house.target

    def high_wins(self, rules: Rules | None = None) -> bool:
        return True
