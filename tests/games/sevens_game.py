"""Seven-card Rummy ("Sevens"), a game in one module.

Seven cards each from one pack without jokers; sets of 3–4 of one rank and runs of 3 or more in one
suit, ace low. The player who goes out scores 0 and everyone else adds the cards they hold; going out
before anyone has drawn (a "tonk") doubles what the others add. A total of ``target`` (100) or more is
out of the match; the last one in wins.
"""

from __future__ import annotations

from scorekeeper.engine.ends import End
from scorekeeper.engine.hands import Hand, HandScore, MatchState
from scorekeeper.engine.i18n import _, _n
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.variants import Rules, Switch, Variant
from scorekeeper.engine.variants.base import card_values, values_sentence
from scorekeeper.engine.variants.going_out import GoingOut


class Sevens(GoingOut, Variant):
    key = "sevens"
    name = "Seven-card Rummy"
    aliases = ("sevens",)
    summary = _("Seven cards each; go out by melding them all; 100 or more is out.")
    min_players, max_players = 2, 5
    ends = ("out", "tonk")
    own_ends = (End("tonk", _("Tonk"), _("tonk"), "tonk", lambda n: _n("{count} tonk", "{count} tonks", n, count=n)),)
    SWITCHES = (
        Switch("target", "int", 100, _("A total of this many or more is out of the match."), min=10, max=1000),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 7

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return card_values(1, 0)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True, run_min=3,
                         run_max=None, ace_run="low_only", decks=1, jokers_in_deck=0)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        return [_("One pack, no jokers; 7 cards each."),
                _("Melds: sets of 3 or 4 of one rank, runs of 3 or more in one suit, ace low."),
                values_sentence(self.values(r), jokers=False),
                _("Going out before anyone draws (a tonk) doubles the hand."),
                _("Everyone adds their own cards; a total of {target} or more is out; the last one in wins.",
                  target=r.target)]

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int | None:
        return 8 * 10  # seven cards and the one drawn, each at most a picture's 10

    def loser_counts(self, hand: Hand, held) -> range:
        return range(1, 9)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        tonk = hand.end == "tonk"
        scored = HandScore(winner=hand.by, summary=_("{by} went out", by=hand.by))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            raw, text = self.raw_count(hand, hand.held[name])
            scored.scores[name] = raw * 2 if tonk else raw
            scored.explanations[name] = _("{said} × 2 = {points}", said=text, points=raw * 2) if tonk else text
        return scored

    def elimination(self) -> tuple[int, bool] | None:
        return self.house.target, True
