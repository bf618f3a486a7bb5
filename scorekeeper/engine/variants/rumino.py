"""Rumino: Italian-American knock rummy with 7 cards, two packs and four jokers (docs/rules/rumino.md).

Knock with deadwood 7 or less, go gin (a 4-lay and a 3-lay) for ten less, or make a rumino (7-card
straight flush or 7 of a kind) to win the match at once; this module owns the rumino check too
(``is_rumino``, ``rumino_outs``). A total of 100 or more is out; rebuys come back on the highest total
still in.

>>> from scorekeeper.engine.variants import find_variant
>>> rumino = find_variant("rumino")
>>> rumino.check_meld("3H 3S 3C JK").valid
True
>>> rumino.is_rumino("7S 7S 7H 7H 7D 7C JK").valid
True
>>> rumino.card_value("JK"), rumino.card_value("QS"), rumino.card_value("AS")
(10, 10, 1)
>>> rumino.arrange("QS KS AS 4H 4C JK 9S").points
18
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..cards import SUITS, Card, InvalidCardError, format_cards
from ..hands import Hand, HandScore, MatchState, RebuyPolicy, check_typed
from ..i18n import _, _n, message_of
from ..melds import MeldCheck, MeldRules, _as_cards, _check, _text
from .base import Rules, Switch, Variant, _cards, card_values, rebuy_switches, values_sentence
from .knock import KnockGame

#: Fixed, not switches (docs/rules/rumino.md).
KNOCK_LIMIT = 7
ELIMINATION_TARGET = 100
HAND_SIZE = 7


# -- the rumino: the instant win (docs/rules/rumino.md#r7) ---------------------------------------------



def _rumino_rules(mr: MeldRules) -> MeldRules:
    # A rumino ignores the usual size limits: 7 of a kind must repeat suits, and the straight flush
    # is 7 long whatever max_run_length says. The ace is low and runs never wrap (docs/rules/rumino.md#r7).
    return replace(mr, set_min=7, set_max=7, set_distinct_suits=False, natural_sets_may_repeat_suits=False,
                   run_min=7, run_max=7, ace_run="low_only", allow_ace_both_ends=False,
                   max_jokers_per_meld=None)


def is_rumino(cards: str | Iterable[Card], mrules: MeldRules, naturals_only: bool = False) -> MeldCheck:
    """Is this a rumino: a 7-card straight flush (ace low, no wrap) or 7 of a kind?

    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4, game_name="Rumino")
    >>> is_rumino("7S 7S 7H 7H 7D 7C JK", rumino).valid
    True
    >>> is_rumino("9H 10H JH QH KH AH 2H", rumino).valid
    False
    """
    try:
        cards = _as_cards(cards)
    except InvalidCardError as exc:
        return MeldCheck(False, None, message_of(exc))
    if len(cards) != 7:
        return MeldCheck(False, None, _("a rumino is exactly 7 cards, not {count}", count=len(cards)), 0, cards)
    if naturals_only and any(c.is_joker for c in cards):
        return MeldCheck(False, None, _("a rumino must be all natural cards here (rumino_naturals_only)"), 0, cards)
    verdict = _check(cards, _rumino_rules(mrules))
    if not verdict.valid:
        return replace(verdict, reason=_("not a rumino: {reason}", reason=verdict.reason))
    what = _("7 of a kind") if verdict.kind == "set" else _("a 7-card straight flush")
    return replace(verdict, kind="rumino", word="rumino", what=what,
                   reason=_("a rumino, {what}: {cards}", what=what, cards=_text(verdict.declared)))


def rumino_outs(six_cards: str | Iterable[Card], mrules: MeldRules, naturals_only: bool = False) -> list[Card]:
    """Every card that would make these six cards a rumino (the joker included if one would).

    Cards the deck has no copy left of are not outs.

    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> format_cards(rumino_outs("3H 4H 5H 6H 7H 8H", rumino))
    '2♥ 9♥ JKR'
    """
    six = _as_cards(six_cards)
    candidates = [Card(r, s) for s in SUITS for r in range(1, 14)] + [Card.joker()]
    return [c for c in candidates if is_rumino(six + (c,), mrules, naturals_only).valid]


class Rumino(KnockGame, Variant):
    key = "rumino"
    order = 10
    name = "Rumino"
    aliases = ("rummino", "ramino americano")
    summary = _("7-card knock rummy with two packs and four jokers: knock at 7, gin for −10, rumino wins.")
    min_players, max_players = 2, 6
    PACKS = 2
    ends = ("knock", "gin", "rumino")
    winner_deals_next_match = True  # the seed: the winner of a match deals the first hand of the next one
    FIXED = {"knock_limit": KNOCK_LIMIT, "elimination_target": ELIMINATION_TARGET}
    SWITCHES = (
        Switch("sets_distinct_suits", "bool", False, _("Sets must have distinct suits (no two identical cards).")),
        Switch("max_run_length", "int_or_null", 4, _("Longest run allowed."), min=3, max=13),
        Switch("min_naturals_per_meld", "int", 1, _("Natural cards each lay must hold."), min=0, max=3),
        Switch("allow_layoff", "bool", False, _("Others may lay off on the knocker's lays, as in Gin.")),
        Switch("joker_value", "int", 10, _("What a joker counts as deadwood."), min=0, max=50),
        Switch("knocker_scores_zero", "bool", False, _("The knocker scores 0 instead of their deadwood.")),
        Switch("knock_undercut_penalty", "int", 0,
               _("Extra points for a knocker who does not have strictly the lowest deadwood."), min=0, max=100),
        Switch("gin_score", "int", -10, _("What a gin adds to the gin player's total."), min=-100, max=0),
        Switch("elimination_inclusive", "bool", True, _("A total of exactly 100 is out, not only a total over 100.")),
        *rebuy_switches("rebuy"),
        Switch("three_gins_rule", "enum", "any_consecutive", _("Which three gins in a row win the match."),
               choices=("any_consecutive", "opening_three", "off")),
        Switch("all_bust_resolution", "enum", "lowest_total", _("What happens when everyone is out at once."),
               choices=("lowest_total", "replay_hand")),
        Switch("rumino_naturals_only", "bool", False, _("A rumino must be all natural cards.")),
        Switch("jokers_in_deck", "int", 4, _("Jokers in the two packs (4 makes 108 cards)."), min=0, max=4),
        Switch("floor_total_at_zero", "bool", False, _("Totals never go below 0.")),
    )

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        rules = self.resolved(rules)
        return card_values(1, rules.joker_value)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self.resolved(rules)
        return MeldRules(
            game_name=self.name,
            set_min=3, set_max=4, set_distinct_suits=rules.sets_distinct_suits,
            run_min=3, run_max=rules.max_run_length, ace_run="low_only",
            max_jokers_per_meld=None, min_naturals_per_meld=rules.min_naturals_per_meld,
            decks=self.PACKS, jokers_in_deck=rules.jokers_in_deck,
        )

    def is_rumino(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck:
        """A 7-card straight flush (ace low, no wrap) or 7 of a kind; jokers unless ``rumino_naturals_only``."""
        return is_rumino(cards, self.melds_and_values(rules)[0], self.resolved(rules).rumino_naturals_only)

    def instant_win(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck | None:
        """A whole dealt hand that is a rumino wins the match at once."""
        cards = _cards(cards)
        if len(cards) != self.cards_dealt():
            return None
        found = self.is_rumino(cards, rules)
        return found if found.valid else None

    def gin_own_total(self, rules: Rules | None = None) -> int | None:
        return self.resolved(rules).gin_score

    def rumino_outs(self, six_cards: str | Iterable[Card], rules: Rules | None = None) -> list[Card]:
        """Every card that completes a rumino with these six (claimable out of turn)."""
        return rumino_outs(six_cards, self.melds_and_values(rules)[0], self.resolved(rules).rumino_naturals_only)

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        run = _("3 or 4") if r.max_run_length == 4 else (
            _("3 or more") if r.max_run_length is None else _("3 to {longest}", longest=r.max_run_length))
        lines = [
            _("Two packs and {jokers} jokers; {count} cards each.", jokers=r.jokers_in_deck, count=HAND_SIZE),
            _("Lays: sets of 3 or 4 of a kind ({suits}), runs of {run} cards in one suit, ace low only, never "
              "wrapping.", suits=_("distinct suits") if r.sets_distinct_suits else _("suits may repeat"), run=run),
            _n("Jokers are wild; each lay needs at least {count} natural card.",
               "Jokers are wild; each lay needs at least {count} natural cards.", r.min_naturals_per_meld),
            _("{values} Cards in lays count 0.", values=values_sentence(self.values(r))),
            _("Knock with deadwood {limit} or less: everyone adds their own deadwood (the knocker scores 0).",
              limit=KNOCK_LIMIT) if r.knocker_scores_zero else
            _("Knock with deadwood {limit} or less: everyone adds their own deadwood, the knocker too.",
              limit=KNOCK_LIMIT),
            _("Gin (a 4-lay and a 3-lay after drawing) adds {gin_score} to the gin player's total.",
              gin_score=r.gin_score),
            _("A rumino (7-card straight flush or 7 of a kind, claimable out of turn) wins the match and the pot."),
        ]
        if r.knock_undercut_penalty:
            lines.append(_("A knocker without strictly the lowest deadwood adds {penalty}.",
                           penalty=r.knock_undercut_penalty))
        if r.three_gins_rule != "off":
            lines.append(_("Three gins in a row by the same player win the match.")
                         if r.three_gins_rule == "any_consecutive" else
                         _("Three gins in the first three hands by the same player win the match."))
        cap = (_("unlimited rebuys") if r.max_rebuys is None else
               _("at most {max_rebuys} rebuys each", max_rebuys=r.max_rebuys))
        lines += [
            _("A total of {target} or more is out.", target=ELIMINATION_TARGET) if r.elimination_inclusive else
            _("A total of over {target} is out.", target=ELIMINATION_TARGET),
            _("Rebuy on the highest total still in while at least {rebuy_min_remaining} players remain ({cap}); "
              "each rebuy doubles the stake.", rebuy_min_remaining=r.rebuy_min_remaining, cap=cap),
            _("The last player in takes the pot."),
        ]
        return lines

    # -- a hand: one method per way it ends (docs/rules/rumino.md#how-a-hand-ends) -------------------------

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        if hand.end == "rumino":
            return True  # a rumino ends the match: nobody else's hand is scored
        return player == hand.by and hand.end != "knock"

    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int:
        return HAND_SIZE * max(10, self.resolved(rules).joker_value)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_copies(hand, melds_are_extra=hand.held.get(hand.by) is None or hand.held[hand.by].typed)
        for held in hand.held.values():
            self.card_count(hand, held, [HAND_SIZE], _("must show"))
        if hand.end == "rumino":
            return self.score_rumino(hand)
        if hand.end == "gin":
            return self.score_gin(hand)
        return self.score_knock(hand)

    def score_rumino(self, hand: Hand) -> HandScore:
        """A rumino wins the match and the pot at once; nobody else's hand is scored."""
        held = hand.held.get(hand.by)
        if held is not None:
            if held.typed:
                if held.points:
                    raise hand.error(_("{by} made a rumino: no points are entered", by=hand.by), player=hand.by,
                                     field="points")
            else:
                check = self.is_rumino(held.cards)
                if not check.valid:
                    raise hand.error(_("{by}'s cards are not a rumino: {reason}", by=hand.by, reason=check.reason),
                                     player=hand.by,
                                     field="cards")
        return HandScore(summary=_("{by} made a rumino and wins the match", by=hand.by), wins_match=hand.by,
                         winner=hand.by, explanations={hand.by: _("rumino: wins the match and the pot")})

    def score_gin(self, hand: Hand) -> HandScore:
        """Gin ("ten less"): ``gin_score`` for the gin player, everyone else their own deadwood."""
        held = hand.held.get(hand.by)
        if held is not None:
            if held.typed and held.points:
                raise hand.error(_("{by} went gin: a gin hand has no deadwood, so its points must be 0", by=hand.by),
                                 player=hand.by, field="points")
            if not held.typed:
                left = self.in_hand_order(self.arrange(held.cards).deadwood, held.cards)
                if left:
                    # 7 cards with nothing over are a 4-lay and a 3-lay (a longer lay splits into them)
                    raise hand.error(_n("{by} went gin but {cards} is not in a meld: not gin, which is a 4-lay and "
                                        "a 3-lay",
                                        "{by} went gin but {cards} are not in a meld: not gin, which is a 4-lay and a "
                                        "3-lay", len(left), by=hand.by, cards=format_cards(left)),
                                     player=hand.by, field="cards")
        gin_score = self.house.gin_score
        scored = HandScore(summary=_("{by} went gin", by=hand.by), winner=hand.by)
        scored.scores[hand.by] = gin_score
        scored.explanations[hand.by] = _("gin: {score:+d}", score=gin_score) if gin_score else _("gin: 0")
        for name in hand.others:
            scored.scores[name], scored.explanations[name] = self.defender_deadwood(hand, hand.held[name], None,
                                                                                    deferred=True)
        return scored

    def score_knock(self, hand: Hand) -> HandScore:
        """A knock: everyone adds their own deadwood (after lay-offs with ``allow_layoff``)."""
        knocker = hand.held[hand.by]
        layoff = self.house.allow_layoff
        if knocker.typed:
            dw = check_typed(hand, knocker, maximum=None)
            if dw > KNOCK_LIMIT:
                raise hand.error(_("cannot knock with {points}: the limit is {limit}", points=dw, limit=KNOCK_LIMIT),
                                 player=hand.by,
                                 field="points")
            if layoff and hand.melds is None and any(not hand.held[n].typed for n in hand.others):
                raise hand.error(_("enter the knocker's melds, or the others' points after lay-offs"),
                                 field="melds")
            return self.knock_result(hand, dw, _("deadwood {points}", points=dw), hand.melds)
        if hand.melds is not None or not layoff or all(hand.held[n].typed for n in hand.others):
            # declared, or the arrangement cannot change anyone's lay-offs: least deadwood is best
            lay = self.knocker_arrangement(hand, knocker)
            if lay.points > KNOCK_LIMIT:
                raise hand.error(_("cannot knock with {points}: the limit is {limit}", points=lay.points, limit=KNOCK_LIMIT),
                                 player=hand.by,
                                 field="cards")
            return self.knock_result(hand, lay.points, self.deadwood_words(lay, knocker.cards),
                                     lay.melds)
        # allow_layoff (docs/rules/rumino.md#laying-off-a-house-rule) with Gin's rule (docs/rules/gin.md#knock):
        # of the legal arrangements (deadwood within the limit), the one best for the knocker once the others' lay-offs are counted: the least the knocker adds (an undercut
        # penalty included), then the lower knocker deadwood, then the fewest points laid off by the others
        result, lay = self.best_for_knocker(
            hand, self.knock_candidates(hand, knocker, KNOCK_LIMIT),
            lambda lay: self.knock_result(hand, lay.points, self.deadwood_words(lay, knocker.cards),
                                          lay.melds),
            lambda lay, result: (-result.scores[hand.by], -lay.points,
                                 sum(v for n, v in result.scores.items() if n != hand.by)))
        shown = self.melds_text(lay.melds) or _("none")
        result.explanations[hand.by] = _("{said} [melds {shown}]", said=result.explanations[hand.by], shown=shown)
        result.arrangement = shown
        result.notes.append(_("hand {number}: {by}'s melds taken as {shown} (best for the knocker)",
                               number=hand.index + 1, by=hand.by, shown=shown))
        return result

    def knock_result(self, hand: Hand, dw: int, why: str, melds) -> HandScore:
        """The knock scored with the knocker's deadwood ``dw`` and melds ``melds`` (lay-offs go on them)."""
        house = self.house
        scored = HandScore(summary=_("{by} knocked with {dw}", by=hand.by, dw=dw))
        others: dict[str, int] = {}
        for name in hand.others:
            points, text = self.defender_deadwood(hand, hand.held[name], melds if house.allow_layoff else None,
                                                  deferred=True)
            others[name] = points
            scored.scores[name] = points
            scored.explanations[name] = text
        penalty = house.knock_undercut_penalty
        score = 0 if house.knocker_scores_zero else dw
        text = (_("knock: {why} (knocker scores 0)", why=why) if house.knocker_scores_zero
                else _("knock: {why}", why=why))
        lower = [n for n, p in others.items() if p <= dw]
        if penalty and lower:
            score += penalty
            text = _("{said}, + {penalty}: {other} has {points}, not more than {dw} = {score}", said=text,
                     penalty=penalty, other=lower[0], points=others[lower[0]], dw=dw, score=score)
        scored.scores[hand.by] = score
        scored.explanations[hand.by] = text
        if not lower:
            scored.winner = hand.by
        return scored

    # -- the match (docs/rules/rumino.md#the-match) --------------------------------------------------------

    def elimination(self) -> tuple[int, bool] | None:
        return ELIMINATION_TARGET, self.house.elimination_inclusive

    def rebuy_policy(self) -> RebuyPolicy | None:
        return self.rebuys_from_switches()

    def floors_totals(self) -> bool:
        return self.house.floor_total_at_zero

    def all_bust_replays(self) -> bool:
        return self.house.all_bust_resolution == "replay_hand"

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        """Count the gins in a row by one player."""
        who, count = state.kept.get("gins", (None, 0))
        if hand.end == "gin":
            count = count + 1 if who == hand.by else 1
            who = hand.by
        else:
            who, count = None, 0
        state.kept = {**state.kept, "gins": (who, count)}

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        """Three gins by the same player: in a row anywhere, or in the first three hands
        (docs/rules/rumino.md#three-gins-in-a-row)."""
        rule = self.house.three_gins_rule
        who, count = state.kept.get("gins", (None, 0))
        if rule == "off" or count < 3:
            return None
        if rule == "opening_three" and hand.number != 3:
            return None
        return [hand.by]

    def notes(self, state: MatchState) -> list[str]:
        who, count = state.kept.get("gins", (None, 0))
        if not state.finished and who and count >= 1 and self.house.three_gins_rule != "off":
            return [_n("{who} has {count} gin in a row", "{who} has {count} gins in a row", count, who=who)]
        return []
