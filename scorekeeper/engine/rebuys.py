"""Rebuys: a knocked-out player coming back into a match (docs/rules/common.md#rebuys).

It owns what replay does between the hand that knocks players out and the next hand: the window of
offers (who may come back, on what total), why a player may not, the rebuy entry itself, what the
standings say of rebuys between hands, and the words of each (the scoreboard's too: the offer, its button,
the badge, the entry's name in messages). When and how a player comes back is the
game's ``RebuyPolicy`` (``engine.hands``); what a table calls it, "rebuy" or "rejoin", is its ``word``,
and ``RebuyWords``/``RejoinWords`` are the sentences that differ between the two.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from .hands import InvalidRebuyError, MatchState, RebuyPolicy
from .i18n import _, _n
from .standings import EntryResult, RebuyOffer

__all__ = ["Rebuys", "RebuyWords", "RejoinWords", "words_for"]


class RebuyWords:
    """The sentences about coming back in a game whose players rebuy (Rumino, Kalooki's buy-in), and the
    name of the entry (``word``: what a row of the sheet says)."""

    word = _("rebuy")

    def used_up(self, name: str, count: int) -> str:
        return _n("{name} has used the {count} rebuy allowed", "{name} has used the {count} rebuys allowed", count,
                  name=name)

    def closed_for_want_of(self, count: int) -> str:
        return _n("Rebuys closed: they need {count} player still in.",
                  "Rebuys closed: they need {count} players still in.", count)

    def closed(self, why: str) -> str:
        return _("Rebuys closed: {why}.", why=why)

    def open_under_cutoff(self, total: int, cutoff: int) -> str:
        return _("Rebuys open, on {total}: nobody still in is above {cutoff}.", total=total, cutoff=cutoff)

    def open(self, total: int) -> str:
        return _("Rebuys open, on {total}.", total=total)

    def none_here(self, name: str) -> str:
        return _("{name} cannot rebuy: this game has no rebuys", name=name)

    def cannot(self, name: str, why: str) -> str:
        return _("{name} cannot rebuy: {why}", name=name, why=why)

    def already(self, name: str) -> str:
        return _("{name} has already rebought", name=name)

    def explanation(self, total: int, how: str, cost: Decimal | None) -> str:
        if cost is not None:
            return _("rebuy at {total} ({how}), stake {cost}", total=total, how=how, cost=cost)
        return _("rebuy at {total} ({how})", total=total, how=how)

    def summary(self, name: str, total: int) -> str:
        return _("{name} rebuys on {total}", name=name, total=total)

    # what the scoreboard says of it: the offer between hands, its button, the standings' badge and
    # the entry's name in messages (the page puts the player's name, isolated, before ``offer``)

    def question(self) -> str:
        return _("Rebuy?")

    def offer(self, total: int, comeback: int) -> str:
        return _("is out on {total}. Rebuy on {comeback}", total=total, comeback=comeback)

    def button(self, name: str) -> str:
        return _("Rebuy {name}", name=name)

    def last_call(self) -> str:
        return _("Whoever has not rebought when the next hand is saved is out for good.")

    def badge(self, count: int) -> str:
        return _("rebought ×{count}", count=count)

    def entry_label(self, name: str, hands: int) -> str:
        """The rebuy entry in messages ("Ann's rebuy after hand 3"): ``hands``, the live hands before it."""
        if hands:
            return _("{name}'s rebuy after hand {number}", name=name, number=hands)
        return _("{name}'s rebuy before the first hand", name=name)


class RejoinWords(RebuyWords):
    """The same sentences where the table rejoins (Pool Rummy, Scala 40)."""

    word = _("rejoin")

    def used_up(self, name: str, count: int) -> str:
        return _n("{name} has used the {count} rejoin allowed", "{name} has used the {count} rejoins allowed", count,
                  name=name)

    def closed_for_want_of(self, count: int) -> str:
        return _n("Rejoin closed: it needs {count} player still in.",
                  "Rejoin closed: it needs {count} players still in.", count)

    def closed(self, why: str) -> str:
        return _("Rejoin closed: {why}.", why=why)

    def open_under_cutoff(self, total: int, cutoff: int) -> str:
        return _("Rejoin open, on {total}: nobody still in is above {cutoff}.", total=total, cutoff=cutoff)

    def open(self, total: int) -> str:
        return _("Rejoin open, on {total}.", total=total)

    def none_here(self, name: str) -> str:
        # a game whose table may switch coming back off (Scala 40's rejoin = false) says so in its word
        return _("{name} cannot rejoin: this table plays without rejoining", name=name)

    def cannot(self, name: str, why: str) -> str:
        return _("{name} cannot rejoin: {why}", name=name, why=why)

    def already(self, name: str) -> str:
        return _("{name} has already rejoined", name=name)

    def explanation(self, total: int, how: str, cost: Decimal | None) -> str:
        if cost is not None:
            return _("rejoin at {total} ({how}), stake {cost}", total=total, how=how, cost=cost)
        return _("rejoin at {total} ({how})", total=total, how=how)

    def summary(self, name: str, total: int) -> str:
        return _("{name} rejoins on {total}", name=name, total=total)

    def question(self) -> str:
        return _("Rejoin?")

    def offer(self, total: int, comeback: int) -> str:
        return _("is out on {total}. Rejoin on {comeback}", total=total, comeback=comeback)

    def button(self, name: str) -> str:
        return _("Rejoin {name}", name=name)

    def last_call(self) -> str:
        return _("Whoever has not rejoined when the next hand is saved is out for good.")

    def badge(self, count: int) -> str:
        return _("rejoined ×{count}", count=count)

    def entry_label(self, name: str, hands: int) -> str:
        if hands:
            return _("{name}'s rejoin after hand {number}", name=name, number=hands)
        return _("{name}'s rejoin before the first hand", name=name)


_WORDS = {"rejoin": RejoinWords()}


def words_for(word: str) -> RebuyWords:
    """The sentences for a table's ``word`` for coming back ("rejoin"; anything else rebuys)."""
    return _WORDS.get(word) or RebuyWords()


class Rebuys:
    """The rebuys of one match being replayed: its policy (None where nobody comes back), the open window
    (who may still come back, on what total, after which hand) and, for those the last hand knocked out
    who may not, why. ``variant`` is the game bound to the match."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant
        self.policy: RebuyPolicy | None = variant.rebuy_policy()
        word = self.policy.word if self.policy is not None else variant.rebuy_word
        self.words = words_for(word)
        # an open rebuy window: who may still come back, on what total, after which hand
        self.window: dict[str, Any] | None = None
        # players the last hand knocked out who may not rebuy, and why
        self.refused: dict[str, str] = {}

    def copy(self) -> "Rebuys":
        """An independent copy, for a replay carried on apart."""
        twin = copy.copy(self)
        twin.window = copy.deepcopy(self.window)
        twin.refused = dict(self.refused)
        return twin

    def open_window(self, state: MatchState, index: int, eliminated: list[str]) -> bool:
        """After the hand at ``index`` knocked ``eliminated`` out: offer each a rebuy where the policy
        allows, finish the others (keeping why). Returns whether any offer is open."""
        policy = self.policy
        still_in = state.still_in
        offers: list[str] = []
        closed = self.closed(state) if policy is not None and len(still_in) >= policy.min_remaining else None
        if policy is not None and len(still_in) >= policy.min_remaining and closed is None:
            offers = [p for p in eliminated
                      if policy.max_rebuys is None or state.players[p].rebuys < policy.max_rebuys]
        for name in eliminated:
            if name not in offers:
                state.players[name].state = "finished"
                # kept so that a rebuy entry for them is refused with the real reason
                if policy is None:
                    self.refused[name] = _("this game has no rebuys")
                elif closed is not None:
                    self.refused[name] = closed
                elif len(still_in) < policy.min_remaining:
                    self.refused[name] = _n(
                        "rebuys are open only while {min_remaining} or more players are still in, and {count} is",
                        "rebuys are open only while {min_remaining} or more players are still in, and {count} are",
                        len(still_in), min_remaining=policy.min_remaining)
                else:
                    self.refused[name] = self.words.used_up(name, policy.max_rebuys)
        if offers:
            highest = max(state.players[p].total for p in still_in)
            self.window = {"after": index, "players": offers, "total": policy.comeback_total(highest),
                           "highest": highest}
        return bool(offers)

    def closed(self, state: MatchState) -> str | None:
        """Why no rebuy can open now although enough players are still in (None: it can): someone
        still in is above the policy's cutoff, or the comeback total would itself be out
        (docs/rules/common.md#rebuys)."""
        policy = self.policy
        still_in = state.still_in
        if not still_in:
            return None
        highest = max(state.players[p].total for p in still_in)
        if policy.cutoff is not None and highest > policy.cutoff:
            top = next(p for p in still_in if state.players[p].total == highest)
            return _("{name} is on {total}, above {cutoff}", name=top, total=highest, cutoff=policy.cutoff)
        limit = self.variant.elimination()
        if limit is not None:
            comeback = policy.comeback_total(highest)
            threshold, inclusive = limit
            if comeback >= threshold if inclusive else comeback > threshold:
                return _("coming back on {total} would be out at once", total=comeback)
        return None

    def status(self, state: MatchState) -> str | None:
        """Whether a rebuy (a rejoin) is open now and on what total, in words, between hands of a game
        that has them and no window open (an open window lists its offers instead); where a rebuy would
        come back is said once someone has been out."""
        policy, words = self.policy, self.words
        waiting = self.window is not None and any(state.players[n].state == "out" for n in self.window["players"])
        if policy is None or state.finished or waiting:
            return None
        still_in = state.still_in
        if len(still_in) < policy.min_remaining:
            return words.closed_for_want_of(policy.min_remaining)
        closed = self.closed(state)
        if closed is not None:
            return words.closed(closed)
        if not any(ps.state != "in" or ps.rebuys for ps in state.players.values()):
            return None  # nobody has been out yet: where one would come back is about no one yet
        highest = max(state.players[p].total for p in still_in)
        total = policy.comeback_total(highest)
        if policy.cutoff is not None:
            return words.open_under_cutoff(total, policy.cutoff)
        return words.open(total)

    def close_window(self, state: MatchState) -> None:
        """A hand or void follows: whoever did not rebuy is finished (the caller then sees whether the
        match is over)."""
        self.refused = {}
        if self.window is None:
            return
        for name in self.window["players"]:
            if state.players[name].state == "out":
                state.players[name].state = "finished"
        self.window = None

    def waiting(self) -> frozenset[str]:
        """The players an open window offers a rebuy to (empty when none is open)."""
        return frozenset(self.window["players"]) if self.window is not None else frozenset()

    def offers(self, state: MatchState, stake: Decimal | None) -> list[RebuyOffer]:
        """The rebuys open now, each on the window's total and at the next rebuy's cost."""
        offers: list[RebuyOffer] = []
        if self.window is not None:
            for name in self.window["players"]:
                if state.players[name].state == "out":
                    ps = state.players[name]
                    cost = self.policy.cost_of(stake, ps.rebuys + 1) if stake is not None else None
                    offers.append(RebuyOffer(name, self.window["total"], cost))
        return offers

    def rebuy(self, state: MatchState, stake: Decimal | None, index: int, entry: Mapping[str, Any]) -> EntryResult:
        """The rebuy entry at ``index``: the player comes back on the window's total, paying its cost;
        refused with the reason where they may not. The result's totals are the caller's to fill."""
        words = self.words
        unknown = set(entry) - {"kind", "player", "note"}
        if unknown:
            raise InvalidRebuyError(_("a rebuy has no {name}", name=sorted(unknown)[0]), entry=index, field="player")
        name = entry.get("player")
        if not isinstance(name, str) or name not in state.players:
            raise InvalidRebuyError(_("{name!r} is not a player in this match", name=name), entry=index,
                                    field="player")
        ps = state.players[name]
        window = self.window
        if self.policy is None:
            raise InvalidRebuyError(words.none_here(name), entry=index, player=name, field="player")
        if window is None or name not in window["players"]:
            if ps.state == "in":
                why = _("{name} is still in", name=name)
            elif name in self.refused:
                why = self.refused[name]
            elif window is None:
                why = _("rebuys are only open straight after the hand that knocked a player out")
            else:
                why = _("no rebuy is open for them")
            raise InvalidRebuyError(words.cannot(name, why), entry=index, player=name, field="player")
        if ps.state != "out":
            raise InvalidRebuyError(words.already(name), entry=index, player=name, field="player")
        old = ps.total
        ps.total = window["total"]
        ps.state = "in"
        ps.knocked_out, ps.out_at = False, 0
        ps.rebuys += 1
        cost = None
        if stake is not None:
            cost = self.policy.cost_of(stake, ps.rebuys)
            ps.paid = (ps.paid or Decimal(0)) + cost
        how = {"highest_remaining": _("highest still in"), "highest_remaining_minus_1": _("highest still in, less 1"),
               "highest_plus_one": _("highest still in, plus 1"), "zero": _("back to 0")}[self.policy.score]
        expl = words.explanation(window["total"], how, cost)
        summary = words.summary(name, window["total"])
        self.variant.after_rebuy(state, name)
        return EntryResult(index, "rebuy", None, None, None, {name: window["total"] - old}, {},
                           {name: expl}, {}, [], summary)
