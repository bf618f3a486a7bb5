"""Gin Rummy's scoring (RULES.md §4, §10.4), shared by Oklahoma Gin (§5, §10.5): the knock games for two.

Two players: only one side scores each hand. A knock scores the difference after the defender's
lay-offs; an undercut (the defender at or below the knocker, a tie included unless ``undercut_on_tie`` is
off) gives the defender the difference plus the undercut bonus; gin and big gin score the defender's own
deadwood plus their bonus, with no lay-offs. The game ends after the hand in which the hand's winner
reaches the target; game bonus, boxes and shutout are added at the end. The winner of a hand deals next.

Three or four players: the seed's penalty scheme (§5.2): winner points (+25 gin, +20 undercut, +10
knock) and penalties for everyone else, kept apart; the net decides.

>>> from scorekeeper.engine.match import replay
>>> g1 = {"kind": "hand", "end": "knock", "by": "N", "melds": [["3H", "4H", "5H"], ["8S", "8D", "8C"], ["JC", "QC", "KC"]],
...       "held": {"N": {"points": 1}, "S": {"cards": "9D 9H 9S 5C 6C 7C 6H 10C KD 4S"}}}
>>> replay({"variant": "gin", "players": ["N", "S"], "entries": [g1]}).hands[0].scores
{'N': 13, 'S': 0}
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, format_cards
from .base import Hand, HandScore, Held, MatchState, Scorer, check_typed
from .going_out import not_melded
from .knock import Layout, Shape, defender_deadwood, layouts, least_deadwood

#: The seed scheme's fixed winner points (§5.2).
SEED_POINTS = {"gin": 25, "undercut": 20, "knock": 10}

DEFAULTS: dict[str, Any] = {
    "preset": "modern_25", "knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "undercut_on_tie": True,
    "big_gin_bonus": 31, "game_target": 100, "game_bonus": 100, "box_bonus": 25, "shutout_mode": "game_bonus_200",
    "multiplayer_scheme": None, "target": 100, "match_length_deals": None,
}


class GinScorer(Scorer):
    key = "gin"
    ends = ("knock", "gin", "big_gin")
    lower_wins = False
    DEFAULTS = DEFAULTS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seed = self.is_seed_scheme()
        self.has_boxes = not self.seed
        self.keeps_win_points = self.seed
        self.hand_size = 7 if len(self.players) >= 3 else 10

    def is_seed_scheme(self) -> bool:
        return self.rules.get("multiplayer_scheme") == "seed_penalty" or len(self.players) >= 3

    # -- the hand's own facts -------------------------------------------------------------------------

    def knock_limit(self, hand: Hand) -> int | None:
        """Highest deadwood a knock may show; None when only gin is allowed."""
        return int(self.rules.get("knock_limit", 10))

    def multiplier(self, hand: Hand) -> tuple[int, str]:
        return 1, ""

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return player == hand.by and hand.end != "knock"

    def shape(self) -> Shape:
        return Shape(run_max=None, set_max=4, distinct_suits=True, min_naturals=1)

    def decks(self) -> int:
        return 1

    def jokers(self) -> int:
        return 0

    # -- scoring: one function per way a hand ends -----------------------------------------------------

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        by_cards = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=by_cards is None or by_cards.typed)
        for name, held in hand.held.items():
            if name == hand.by:
                size = self.hand_size + (1 if hand.end == "big_gin" else 0)
                self.card_count(hand, held, [size], "must show" if hand.end != "big_gin" else "must show (big gin)")
            else:
                self.card_count(hand, held, [self.hand_size], "must show")
        if hand.end == "big_gin":
            if not self.seed and self.rules.get("big_gin_bonus") is None:
                raise hand.error("big gin is off in these rules: record it as gin", field="end")
            return self.gin(hand, big=True)
        if hand.end == "gin":
            return self.gin(hand, big=False)
        return self.knock(hand)

    def gin(self, hand: Hand, big: bool) -> HandScore:
        """Gin or big gin: no lay-offs, cannot be undercut."""
        held = hand.held.get(hand.by)
        word = "big gin" if big else "gin"
        if held is not None:
            if held.typed and held.points:
                raise hand.error(f"{hand.by} went {word}: the points must be 0", player=hand.by, field="points")
            if not held.typed:
                left = least_deadwood(held.cards, self.values(), self.shape()).deadwood
                if left:
                    raise not_melded(hand, hand.by, f"went {word}", left)
        others = {n: self.own_deadwood(hand, hand.held[n]) for n in hand.others}
        return self.result(hand, "big_gin" if big else "gin", hand.by, 0, others)

    def knock(self, hand: Hand) -> HandScore:
        limit = self.knock_limit(hand)
        knocker = hand.held[hand.by]
        if limit is None:
            raise hand.error("the upcard is an ace: only gin is allowed, not a knock", field="end")
        defenders = hand.others
        if knocker.typed:
            kdw = check_typed(hand, knocker, maximum=None)
            if kdw > limit:
                raise hand.error(f"cannot knock with {kdw}: the limit is {limit}", player=hand.by, field="points")
            if kdw == 0:
                # §10.4: a knock with no deadwood is gin (bonus, no lay-offs)
                return self.result(hand, "gin", hand.by, 0,
                                   {n: self.own_deadwood(hand, hand.held[n]) for n in defenders})
            if hand.melds is None and any(not hand.held[n].typed for n in defenders):
                raise hand.error("enter the knocker's melds, or the defender's points after lay-offs",
                                 field="melds")
            for meld in hand.melds or []:
                self.check_declared_meld(hand, meld)
            others = {n: self.laid_off_deadwood(hand, hand.held[n], hand.melds or []) for n in defenders}
            return self.knock_result(hand, kdw, others)
        if hand.melds is not None:
            lay = self.declared_layout(hand, knocker)
            candidates = [lay]
            if lay.points > limit:
                raise hand.error(f"cannot knock with {lay.points}: the limit is {limit}", player=hand.by,
                                 field="melds")
        else:
            candidates = [lay for lay in layouts(knocker.cards, self.values(), self.shape()) if lay.points <= limit]
            if not candidates:
                least = least_deadwood(knocker.cards, self.values(), self.shape()).points
                raise hand.error(f"cannot knock with {least}: the limit is {limit}", player=hand.by, field="cards")
        best: tuple | None = None
        for lay in candidates:
            if lay.points == 0:
                result = self.result(hand, "gin", hand.by, 0,
                                     {n: self.own_deadwood(hand, hand.held[n]) for n in defenders})
            else:
                others = {n: self.laid_off_deadwood(hand, hand.held[n], lay.melds) for n in defenders}
                result = self.knock_result(hand, lay.points, others)
            # best for the knocker: most for the knocker against the others; ties to lower deadwood
            edge = result.scores.get(hand.by, 0) - sum(v for n, v in result.scores.items() if n != hand.by)
            key = (edge, -lay.points)
            if best is None or key > best[0]:
                best = (key, result, lay)
        assert best is not None
        _, result, lay = best
        shown = " | ".join(format_cards(m) for m in lay.melds)
        result.explanations[hand.by] = f"{result.explanations.get(hand.by, '')} [melds {shown}]".strip()
        if hand.melds is None:
            result.arrangement = shown
            result.notes.append(f"hand {hand.index + 1}: {hand.by}'s melds taken as {shown} (best for the knocker)")
        return result

    # -- results --------------------------------------------------------------------------------------

    def knock_result(self, hand: Hand, kdw: int, others: dict[str, tuple[int, str]]) -> HandScore:
        if self.seed:
            under = [n for n in self.clockwise_from(hand.by, hand.players_in) if others[n][0] <= kdw]
            if under:
                low = min(others[n][0] for n in under)
                who = next(n for n in under if others[n][0] == low)
                return self.result(hand, "undercut", who, kdw, others)
            return self.result(hand, "knock", hand.by, kdw, others)
        (defender,) = others
        ddw = others[defender][0]
        if ddw < kdw or (ddw == kdw and self.rules.get("undercut_on_tie", True)):
            return self.result(hand, "undercut", defender, kdw, others)
        if ddw == kdw:
            return self.result(hand, "tie", None, kdw, others)
        return self.result(hand, "knock", hand.by, kdw, others)

    def result(self, hand: Hand, how: str, winner: str | None, kdw: int,
               others: dict[str, tuple[int, str]]) -> HandScore:
        return self.seed_result(hand, how, winner, kdw, others) if self.seed else \
            self.two_player_result(hand, how, winner, kdw, others)

    def two_player_result(self, hand: Hand, how: str, winner: str | None, kdw: int,
                          others: dict[str, tuple[int, str]]) -> HandScore:
        (defender,) = others
        ddw, dtext = others[defender]
        mult, mtext = self.multiplier(hand)
        scored = HandScore(scores={p: 0 for p in hand.players_in}, winner=winner)
        knocker = hand.by
        if how in ("gin", "big_gin"):
            bonus = int(self.rules.get("big_gin_bonus" if how == "big_gin" else "gin_bonus"))
            base, formula = ddw + bonus, f"{ddw} + {bonus}"
            word = "big gin" if how == "big_gin" else "gin"
            scored.summary = f"{knocker} went {word}"
        elif how == "undercut":
            bonus = int(self.rules.get("undercut_bonus"))
            base, formula = (kdw - ddw) + bonus, f"({kdw} − {ddw}) + {bonus}"
            word = "undercut"
            scored.summary = f"{knocker} knocked with {kdw}; {defender} undercut with {ddw}"
        elif how == "tie":
            scored.summary = f"{knocker} knocked with {kdw}; {defender} tied: no score"
            scored.explanations = {knocker: f"knock: {kdw}, tied: 0", defender: f"{dtext}; tie: 0"}
            return scored
        else:
            base, formula = ddw - kdw, f"{ddw} − {kdw}"
            word = "knock"
            scored.summary = f"{knocker} knocked with {kdw}; {defender} had {ddw}"
        points = base * mult
        text = f"{word}: {formula} = {base}" if formula != str(base) else f"{word}: {base}"
        if mult != 1:
            text = f"{word}: ({formula}) × {mult}{mtext} = {points}"
        assert winner is not None
        scored.scores[winner] = points
        scored.explanations[winner] = text
        loser = defender if winner == knocker else knocker
        scored.explanations[loser] = dtext if loser == defender else f"knock: deadwood {kdw}"
        scored.boxes = {winner: 1 + self.extra_boxes(how)}
        return scored

    def extra_boxes(self, how: str) -> int:
        return 0

    def seed_result(self, hand: Hand, how: str, winner: str | None, kdw: int,
                    others: dict[str, tuple[int, str]]) -> HandScore:
        assert winner is not None
        mult, mtext = self.multiplier(hand)
        kind = "gin" if how in ("gin", "big_gin") else how
        win = SEED_POINTS[kind]
        deadwood = {n: v for n, (v, _) in others.items()}
        texts = {n: t for n, (_, t) in others.items()}
        deadwood.setdefault(hand.by, kdw)
        texts.setdefault(hand.by, f"knock: deadwood {kdw}")
        scored = HandScore(winner=winner)
        for name in hand.players_in:
            if name == winner:
                points = win * mult
                scored.win_points[name] = points
                scored.scores[name] = points
                scored.explanations[name] = f"{how.replace('_', ' ')}: +{win}" + (f" × {mult}{mtext} = +{points}" if mult != 1 else "")
                continue
            own = deadwood[name]
            if kind == "gin":
                penalty, formula = 2 * own, f"2 × {own}"
            else:
                ref = deadwood[winner]
                penalty, formula = max(0, own - ref), f"{own} − {ref}"
            total = penalty * mult
            scored.scores[name] = -total
            scored.win_points[name] = 0
            scored.explanations[name] = f"{texts[name]}; penalty {formula} = {penalty}" + (
                f" × {mult}{mtext} = {total}" if mult != 1 else "")
        scored.summary = {"gin": f"{winner} went gin", "undercut": f"{hand.by} knocked with {kdw}; {winner} undercut",
                          "knock": f"{winner} knocked with {kdw}"}[kind]
        return scored

    # -- counting -------------------------------------------------------------------------------------

    def typed_maximum(self) -> int:
        return self.hand_size * 10

    def own_deadwood(self, hand: Hand, held: Held) -> tuple[int, str]:
        if held.typed:
            points = check_typed(hand, held, maximum=self.typed_maximum())
            return points, f"deadwood {points}"
        lay = least_deadwood(held.cards, self.values(), self.shape())
        return lay.points, f"deadwood {show(lay, self.values())}"

    def laid_off_deadwood(self, hand: Hand, held: Held, melds: list) -> tuple[int, str]:
        if held.typed:
            points = check_typed(hand, held, maximum=self.typed_maximum())
            return points, f"deadwood {points} after lay-offs"
        lay = defender_deadwood(held.cards, melds, self.values(), self.shape())
        return lay.points, f"deadwood {show(lay, self.values())}"

    def check_declared_meld(self, hand: Hand, meld: list[Card]) -> None:
        from ..melds import check_meld
        check = check_meld(meld, self.meld_rules())
        if not check.valid:
            raise hand.error(f"{format_cards(meld)}: {check.reason}", player=hand.by, field="melds")

    def declared_layout(self, hand: Hand, held: Held) -> Layout:
        rest = list(held.cards)
        for meld in hand.melds or []:
            self.check_declared_meld(hand, meld)
            for card in meld:
                if card not in rest:
                    raise hand.error(f"{card} is in a meld but not in {hand.by}'s cards", player=hand.by,
                                     field="melds")
                rest.remove(card)
        vals = self.values()
        return Layout(list(hand.melds or []), rest, sum(vals[c.rank] for c in rest))

    @staticmethod
    def clockwise_from(knocker: str, players_in: list[str]) -> list[str]:
        i = players_in.index(knocker)
        return players_in[i + 1:] + players_in[:i]

    # -- the match ------------------------------------------------------------------------------------

    def target(self) -> int:
        return int(self.rules.get("target" if self.seed else "game_target"))

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.seed:
            deals = self.rules.get("match_length_deals")
            reached = any(state.players[p].total >= self.target() for p in state.players)
            if reached or (deals is not None and state.hands_played >= int(deals)):
                return self.best_of(list(state.players), state)
            return None
        if scored.winner and state.players[scored.winner].total >= self.target():
            return [scored.winner]
        return None

    def next_dealer(self, state: MatchState, hand: Hand, scored: HandScore) -> str | None:
        if self.seed:
            return None
        # 2 players: the winner of the hand deals next; a tie keeps the dealer (§10.0.7, §10.4)
        return scored.winner or hand.dealer

    def finish(self, state: MatchState) -> list[str]:
        """Game bonus, boxes and shutout (§4.4, §10.4), added once the game is won (2 players only)."""
        if self.seed or len(state.winners) != 1:
            return []
        winner = state.winners[0]
        (loser,) = [p for p in state.players if p != winner]
        w, l = state.players[winner], state.players[loser]
        game = int(self.rules.get("game_bonus"))
        box = int(self.rules.get("box_bonus"))
        mode = self.rules.get("shutout_mode", "game_bonus_200")
        shutout = l.hand_points == 0
        notes = []
        w_boxes, l_boxes = w.boxes * box, l.boxes * box
        if shutout and mode == "game_bonus_200":
            game_added = 2 * game
            w.total = w.hand_points + game_added + w_boxes
            notes.append(f"shutout: game bonus doubled to {game_added}")
        elif shutout and mode == "double_hand_points":
            w.total = 2 * w.hand_points + game + w_boxes
            game_added = game
            notes.append(f"shutout: {winner}'s hand points doubled, {w.hand_points} × 2 = {2 * w.hand_points}")
        elif shutout and mode == "double_total":
            game_added = game
            w.total = 2 * (w.hand_points + game + w_boxes)
            notes.append(f"shutout: {winner}'s total doubled, ({w.hand_points} + {game} + {w_boxes}) × 2 = {w.total}")
        else:
            game_added = game
            w.total = w.hand_points + game + w_boxes
        l.total = l.hand_points + l_boxes
        notes.insert(0, f"game bonus: {winner} +{game_added}")
        notes.insert(1, f"box bonuses added at the end: {winner} {w.boxes} × {box} = +{w_boxes}, "
                        f"{loser} {l.boxes} × {box} = +{l_boxes}")
        return notes

    def context(self, state: MatchState) -> dict[str, Any]:
        return {"knock_limit": None if self.key == "oklahoma" else int(self.rules.get("knock_limit", 10)),
                "seed_scheme": self.seed}


def show(lay: Layout, values: tuple[int, ...]) -> str:
    if not lay.deadwood:
        return "0"
    parts = [values[c.rank] for c in lay.deadwood]
    laid = f", after laying off {format_cards(lay.laid_off)}" if lay.laid_off else ""
    if len(parts) == 1:
        return f"{format_cards(lay.deadwood)} = {lay.points}{laid}"
    return f"{format_cards(lay.deadwood)} = {' + '.join(map(str, parts))} = {lay.points}{laid}"
