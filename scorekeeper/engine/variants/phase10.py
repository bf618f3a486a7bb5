"""Phase 10 (docs/rules/phase10.md): its deck, its ten phases, and a match decided by phases, not points.

Each player climbs a list of phases (contracts), at most one a hand; the points a player holds at the
end of a hand only rank players who finish the list in the same hand. This module owns the Phase 10
deck (numbers 1–12 in four colours, Wild and Skip), the phase lists and their words, what one hand may
hold after a phase (the bounds that catch a wrong "completed" tap), who attempts which phase, the
tie-break hand of the tied players only, and the table's finish.

>>> from scorekeeper.engine.variants import find_variant
>>> p10 = find_variant("phase10")
>>> p10.deck().count(p10.deck().parse("7R 12G W S"))
(55, '5 + 10 + 25 + 15')
>>> [phase.words for phase in p10.phase_list(p10.rules(phase_list="even"))][:2]
['Phase 2: 1 set of 3 + 1 run of 4', 'Phase 4: 1 run of 7']
>>> p10.rules(phases=["run 5"])
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: phases does not apply when phase_list is "standard": it is used only when phase_list is "custom"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..cards import InvalidCardError
from ..decks import Colour, NumberDeck, Special, Tile
from ..hands import Hand, HandScore, Held, InvalidHandError, InvalidMatchError, MatchState, PlayerState
from ..i18n import _, _n, joined, message_of
from .. import verdicts as _verdicts
from ..melds import InvalidMeldError, MeldCheck, MeldRules
from ..verdicts import Verdict
from ..entry_fields import EntryField, EntryKind, EntryFields
from .base import InvalidRulesError, Rules, Switch, Variant

#: the deck (docs/rules/phase10.md#the-deck): two of each number in each colour, 8 Wild, 4 Skip
COLOURS = (Colour("R", _("red")), Colour("B", _("blue")), Colour("G", _("green")), Colour("Y", _("yellow")))
WILD, SKIP = "W", "S"
DECK = NumberDeck("phase10", numbers=range(1, 13), colours=COLOURS, copies=2,
                  specials=(Special(WILD, _("Wild"), 8, 25, ("WILD",), wild=True),
                            Special(SKIP, _("Skip"), 4, 15, ("SKIP",))),
                  values={n: 5 if n <= 9 else 10 for n in range(1, 13)}, group_values=True)
#: cards dealt to each player; each turn is one draw and one discard, so a player who never lays his
#: phase down ends the hand with exactly these
DEALT = 10
#: the most one card counts (a Wild), and what 10 cards can count at most (8 Wilds and 2 Skips)
CARD_MOST = 25
HAND_MOST = 8 * 25 + 2 * 15
#: every card counts a multiple of this
STEP = 5

STANDARD = ("set 3 + set 3", "set 3 + run 4", "set 4 + run 4", "run 7", "run 8", "run 9", "set 4 + set 4",
            "color 7", "set 5 + set 2", "set 5 + set 3")
PART_KINDS = ("set", "run", "color", "color_run", "even_odd")
_PART = re.compile(r"^\s*(set|run|color_run|color|even_odd)\s+(\d{1,2})\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Phase:
    """One phase of the list: its place in the list (1-based), the number players call it by, its parts
    (kind, size) and the fewest cards it needs."""

    position: int
    number: int
    parts: tuple[tuple[str, int], ...]

    @property
    def fewest(self) -> int:
        return sum(size for _kind, size in self.parts)

    @property
    def contract(self) -> str:
        """The phase's contract in words: "1 set of 3 + 1 run of 4", "7 cards of one color"."""
        said: list[str] = []
        i = 0
        while i < len(self.parts):
            kind, size = self.parts[i]
            count = 1
            while i + count < len(self.parts) and self.parts[i + count] == (kind, size):
                count += 1
            said.append(_part_words(kind, size, count))
            i += count
        return joined(" + ", said)

    @property
    def words(self) -> str:
        return _("Phase {number}: {contract}", number=self.number, contract=self.contract)


def _part_words(kind: str, size: int, count: int) -> str:
    if kind == "set":
        return _n("{count} set of {size}", "{count} sets of {size}", count, size=size)
    if kind == "run":
        return _n("{count} run of {size}", "{count} runs of {size}", count, size=size)
    if kind == "color_run":
        return _n("{count} run of {size} in one color", "{count} runs of {size} in one color", count, size=size)
    if kind == "color":
        one = _("{size} cards of one color", size=size)
    else:
        one = _("{size} cards all even or all odd", size=size)
    return one if count == 1 else joined(" + ", [one] * count)


def _part_holds(kind: str, cards: tuple[Tile, ...]) -> bool:
    """Whether these cards (no Skip) make one part of a phase: at least one natural card, Wilds fill."""
    naturals = [c for c in cards if not c.special]
    if not naturals:
        return False
    numbers = [c.number for c in naturals]
    if kind == "set":
        return len(set(numbers)) == 1
    if kind == "even_odd":
        return len({n % 2 for n in numbers}) == 1
    if kind in ("color", "color_run") and len({c.colour for c in naturals}) > 1:
        return False
    if kind == "color":
        return True
    # a run: the numbers once each, in a row with the Wilds filling, within 1–12
    return (len(set(numbers)) == len(numbers) and max(numbers) - min(numbers) + 1 <= len(cards)
            and len(cards) <= 12)


def _holds(cards: list[Tile], parts: tuple[tuple[str, int], ...]) -> list[tuple[Tile, ...]] | None:
    """Disjoint groups of ``cards`` making each part (the largest parts first), or None: an exact search,
    bounded by a hand's dozen cards."""
    from itertools import combinations

    order = sorted(parts, key=lambda p: -p[1])

    def search(left: tuple[int, ...], i: int) -> list[tuple[Tile, ...]] | None:
        if i == len(order):
            return []
        kind, size = order[i]
        seen: set = set()
        for pick in combinations(left, size):
            group = tuple(cards[k] for k in pick)
            key = tuple(sorted(c.code for c in group))
            if key in seen or not _part_holds(kind, group):
                continue
            seen.add(key)
            rest = search(tuple(k for k in left if k not in pick), i + 1)
            if rest is not None:
                return [group] + rest
        return None

    if sum(size for _kind, size in parts) > len(cards):
        return None
    return search(tuple(range(len(cards))), 0)


def parse_phase(spec: Any, position: int, number: int | None = None) -> Phase:
    """A phase written as parts joined by ``+`` (``set 3 + run 4``); refused with the reason."""
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidRulesError(_("phase {position} must be written as parts such as \"set 3 + run 4\"",
                                  position=position))
    parts = []
    for text in spec.split("+"):
        m = _PART.match(text)
        if not m:
            raise InvalidRulesError(_("phase {position}: {part!r} is not a part (set, run, color, color_run or "
                                      "even_odd, and a size 2–10)", position=position, part=text.strip()))
        size = int(m.group(2))
        if not 2 <= size <= 10:
            raise InvalidRulesError(_("phase {position}: a part holds 2 to 10 cards, not {size}", position=position,
                                      size=size))
        parts.append((m.group(1).lower(), size))
    total = sum(size for _kind, size in parts)
    if not 2 <= total <= DEALT:
        raise InvalidRulesError(_("phase {position} needs {total} cards: a phase needs 2 to {most}",
                                  position=position, total=total, most=DEALT))
    return Phase(position, number if number is not None else position, tuple(parts))


class Phase10(Variant):
    key = "phase10"
    order = 90
    name = "Phase 10"
    aliases = ("phase 10", "phase_10", "phase ten")
    summary = _("Climb ten phases, one a hand at most; the first to complete the last phase wins.")
    min_players, max_players = 2, 6
    ends = ("out",)
    arranged_in_play = False
    #: the hand is for the phase a player attempts; the bounds follow from it
    FINISH = EntryKind("finish", _("Finish: most phases wins"), _("finish"),
                       _("Finish the match now? The most phases completed wins, then the lowest total."),
                       ends_match=True, summary=_("finished by the table: most phases, then the lowest total"),
                       confirm=_("Yes, end it here"))
    SWITCHES = (
        Switch("phase_list", "enum", "standard", _("Which phases are played: all ten, the even or odd ones, or a "
                                                   "list of the table's own."),
               choices=("standard", "even", "odd", "custom"), label=_("Phases played")),
        Switch("phases", "text_list", None, _("The table's own phases, such as \"set 3 + run 4\", one after the "
                                              "other (with the custom list)."),
               only_when=(("phase_list", ("custom",)),), label=_("The table's own phases")),
        Switch("phases_to_win", "int_or_null", None, _("How many phases win the match."), min=1, max=20,
               none_words=_("all of them"), label=_("Phases to win")),
        Switch("phase_order", "enum", "in_order", _("Phases in order, or each player chooses which to attempt "
                                                    "(Masters)."), choices=("in_order", "any"), label=_("Order of the phases")),
        Switch("everyone_advances", "bool", False, _("Everyone moves to the next phase every hand; the lowest total "
                                                     "after the last wins."), label=_("Everyone advances every hand")),
        Switch("tie_break", "enum", "replay_phase", _("Equal totals among those who finish: the tied players "
                                                      "replay the last phase, or share the win."),
               choices=("replay_phase", "shared")),
        Switch("skips_in_deck", "int", 4, _("Skip cards in the deck (the Masters Edition has 2)."), min=0, max=4,
               label=_("Skips in the deck")),
    )

    # -- house rules --------------------------------------------------------------------------------

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        if values["phase_list"] == "custom":
            phases = values.get("phases")
            if not phases:
                raise InvalidRulesError(_("phase_list \"custom\" needs phases: a list of 1 to 20 phases"))
            if not 1 <= len(phases) <= 20:
                raise InvalidRulesError(_("phases holds 1 to 20 phases, not {count}", count=len(phases)))
            for i, spec in enumerate(phases, start=1):
                parse_phase(spec, i)
        elif house.get("phases") is not None:
            raise InvalidRulesError(_("phases is given only with phase_list \"custom\""))
        length = len(self._phases(values))
        if values["phases_to_win"] is not None and values["phases_to_win"] > length:
            raise InvalidRulesError(_("phases_to_win is at most the {count} phases of the list, not {value}",
                                      count=length, value=values["phases_to_win"]))
        if values["everyone_advances"] and values["phase_order"] == "any":
            raise InvalidRulesError(_("everyone_advances does not apply when phase_order is \"any\""))

    @staticmethod
    def _phases(values: Mapping[str, Any]) -> tuple[Phase, ...]:
        kind = values["phase_list"]
        if kind == "custom":
            return tuple(parse_phase(spec, i) for i, spec in enumerate(values.get("phases") or (), start=1))
        numbers = {"standard": range(1, 11), "even": range(2, 11, 2), "odd": range(1, 10, 2)}[kind]
        return tuple(parse_phase(STANDARD[n - 1], i, n) for i, n in enumerate(numbers, start=1))

    def phase_list(self, rules: Rules | None = None) -> tuple[Phase, ...]:
        """The phases in play, in order."""
        r = self.resolved(rules)
        found = r._memo.get("phases")
        if found is None:
            found = r._memo["phases"] = self._phases(r)
        return found

    def to_win(self, rules: Rules | None = None) -> int:
        r = self.resolved(rules)
        return r.phases_to_win or len(self.phase_list(r))

    # -- the deck and the entry fields --------------------------------------------------------------

    def deck(self, rules: Rules | None = None, n_players: int | None = None) -> NumberDeck:
        r = self.resolved(rules)
        skips = r.skips_in_deck
        return DECK if skips == 4 else DECK.with_specials(S=(skips, 15))

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return DEALT

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        # the standard pack's table is not this deck's: the deck counts (docs/rules/phase10.md#card-values)
        return (CARD_MOST,) * 14

    def card_value(self, card: Any, rules: Rules | None = None) -> int:
        deck = self.deck(rules)
        return deck.value(deck.token(card) if isinstance(card, str) else card)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        raise InvalidMeldError(_("Phase 10 is played with its own deck: check a phase instead"))

    def check_meld(self, cards: Any, rules: Rules | None = None, phase: int | None = None,
                   **deal: Any) -> MeldCheck:
        """Whether these cards hold a phase of the list (``phase``, its position; by default the first
        phase they hold, else why not the first): disjoint parts of the sizes the phase needs, each
        with at least one natural card, Wilds filling, no Skip (docs/rules/phase10.md#the-phases)."""
        r = self.resolved(rules)
        deck = self.deck(r)
        tiles = deck.parse(cards) if isinstance(cards, str) else list(cards)
        deck.check_copies(tiles)
        phases = self.phase_list(r)
        if any(t.special == SKIP for t in tiles):
            return MeldCheck(False, None, _("a Skip is never part of a phase"), cards=tuple(tiles))
        wanted = [phases[phase - 1]] if phase is not None and 1 <= phase <= len(phases) else list(phases)
        for candidate in wanted:
            found = _holds(tiles, candidate.parts)
            if found is not None:
                return MeldCheck(True, "phase", _("these cards hold {phase}", phase=candidate.words),
                                 cards=tuple(tiles), declared=tuple(t for part in found for t in part),
                                 word=_("phase"), what=candidate.words,
                                 facts=((_("Phase"), candidate.words),
                                        (_("Laid as"), joined(" | ", [deck.format(part) for part in found]))))
        first = wanted[0]
        if len(tiles) < first.fewest:
            why = _("{phase} needs {count} cards, not {n}", phase=first.words, count=first.fewest, n=len(tiles))
        else:
            why = _("these cards do not hold {phase}", phase=first.words)
        return MeldCheck(False, None, why, cards=tuple(tiles))

    def verdict(self, cards: Any, rules: Rules | None = None, *, mode: str = "meld", deal: int | None = None,
                upcard: Any = None, minimum: int | None = None, **fields: Any) -> Verdict:
        """The meld checker's question in Phase 10: one phase the cards hold ("meld"), or for a whole hand
        each phase of the list, held or not ("hand")."""
        r = self.resolved(rules)
        deck = self.deck(r)
        held = deck.parse(cards) if isinstance(cards, str) else list(cards)
        if mode != "hand":
            return _verdicts.one_meld(self, held, r)
        notes = []
        first = None
        for phase in self.phase_list(r):
            m = self.check_meld(held, r, phase=phase.position)
            notes.append(_verdicts.Note("yes" if m.valid else "no", m.reason))
            if m.valid and first is None:
                first = m
        if first is None:
            return _verdicts.Verdict(False, _("These cards hold no phase of the list"), [], tuple(held), notes=notes)
        return _verdicts.Verdict(True, first.reason, list(first.facts), tuple(held), notes=notes, show_leftover=False)

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        fields = [
            EntryField("by", "player", _("Who went out?"), required=True),
            EntryField("end", "end", _("How?"), required=True),
            EntryField("points", "points", _("Points"), per="player", minimum=0, maximum=HAND_MOST,
                       multiple_of=STEP, ender_default=0),
            EntryField("cards", "cards", _("Cards"), per="player", minimum=0, maximum=DEALT + 1,
                       instead_of="points"),
            EntryField("completed", "flag", _("Completed the phase"), per="player", ticked=True),
        ]
        if r.phase_order == "any":
            fields.append(EntryField("phase", "choice", _("Which phase"), per="player",
                                     choices=tuple((str(p.position), p.words) for p in self.phase_list(r))))
        return EntryFields(tuple(fields), help=_("For each player, the cards or points held and whether the phase was "
                                           "completed this hand."))

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [_("Phase 10's deck: 1–12 twice in four colours, 8 Wild, {skips} Skip; 10 cards each.",
                   skips=r.skips_in_deck),
                 _("Cards held count: 1–9 count 5, 10–12 count 10, Skip 15, Wild 25; the one out 0."),
                 _("The phases: {phases}.", phases=joined("; ", [p.words for p in self.phase_list(r)]))]
        if r.everyone_advances:
            lines.append(_("Everyone moves on every hand; after {count} hands the lowest total wins.",
                           count=self.to_win(r)))
        elif r.phase_order == "any":
            lines.append(_("Each player chooses the phase to attempt; {count} completed win, the lowest total "
                           "among several.", count=self.to_win(r)))
        else:
            lines.append(_("A player who completes his phase attempts the next one; {count} completed win, the "
                           "lowest total among several.", count=self.to_win(r)))
        lines.append(_("Equal totals: the tied players replay the last phase, the first out wins.")
                     if r.tie_break == "replay_phase" else _("Equal totals share the win."))
        return lines

    # -- reading a hand -----------------------------------------------------------------------------

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        if not isinstance(value, Mapping):
            return super().parse_held(index, player, value, fields, instead)
        own = {k: value[k] for k in ("completed", "phase") if k in value}
        rest = {k: v for k, v in value.items() if k not in own}
        held = _parse(index, player, rest, self.deck())
        completed = own.get("completed")
        if completed is not None and not isinstance(completed, bool):
            raise InvalidHandError(_("{player}: 'completed' must be true or false", player=player), entry=index,
                                   player=player, field="completed")
        phase = own.get("phase")
        if isinstance(phase, str) and phase.strip().isdigit():
            phase = int(phase)  # a form's choice
        if phase is not None and (isinstance(phase, bool) or not isinstance(phase, int)):
            raise InvalidHandError(_("{player}: 'phase' must be a whole number", player=player), entry=index,
                                   player=player, field="phase")
        held.marks = {"completed": completed, "phase": phase}
        return held

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        # who plays the hand depends on a tie the match keeps: ``score`` asks for the missing
        return True

    # -- what the match keeps -----------------------------------------------------------------------

    def _kept(self, state: MatchState) -> dict[str, Any]:
        kept = state.kept.get("phase10")
        if kept is None:
            kept = {"done": {p: [] for p in state.players}, "hands": 0, "tie": [],
                    "completed": {p: 0 for p in state.players}}
        return kept

    def attempting(self, kept: Mapping[str, Any], name: str) -> Phase | None:
        """The phase ``name`` attempts next (None: he chooses, or has nothing left to attempt)."""
        r = self.house
        phases = self.phase_list(r)
        if r.phase_order == "any":
            return None
        if r.everyone_advances:
            k = kept["hands"]
            return phases[k] if k < self.to_win(r) else None
        k = len(kept["done"][name])
        return phases[k] if k < self.to_win(r) else None

    # -- scoring ------------------------------------------------------------------------------------

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        r = self.house
        kept = self._kept(state)
        tie = list(kept["tie"])
        phases = self.phase_list(r)
        deck = self.deck(r)
        players = tie or list(hand.players_in)
        if hand.by not in players:
            raise hand.error(_("only {names} replay the last phase", names=joined(_(" and "), tie)),
                             player=hand.by, field="by")
        for name in hand.held:
            if name not in players:
                raise hand.error(_("only {names} replay the last phase", names=joined(_(" and "), tie)),
                                 player=name, field="player")
        for name in players:
            if name != hand.by and name not in hand.held:
                raise hand.error(_("{name} is missing: give {name}'s cards or points", name=name), player=name,
                                 field="points")
        marks = {name: hand.held[name].marks if name in hand.held else {"completed": None, "phase": None}
                 for name in players}
        # 4. the fields a hand of this kind may carry
        for name in players:
            mark = marks[name]
            if tie and mark["completed"] is not None:
                raise hand.error(_("{player}: a tie-break hand records only who went out and the points",
                                   player=name), player=name, field="completed")
            if mark["phase"] is not None and (r.phase_order != "any" or tie):
                raise hand.error(_("{player}: 'phase' is given only when each player chooses his phase",
                                   player=name) if not tie else
                                 _("{player}: a tie-break hand records only who went out and the points",
                                   player=name), player=name, field="phase")
        # 5. the one who went out
        by = hand.by
        out_mark = marks[by]
        if out_mark["completed"] is False:
            raise hand.error(_("{player} went out, so {player} completed the phase", player=by), player=by,
                             field="completed")
        out_held = hand.held.get(by)
        if out_held is not None and ((out_held.cards is not None and out_held.cards)
                                     or (out_held.points is not None and out_held.points != 0)):
            raise hand.error(_("{player} went out and holds nothing: 0 points", player=by), player=by,
                             field="cards" if out_held.cards else "points")
        completed = {name: (name == by or bool(marks[name]["completed"])) for name in players}
        # 6. the phase each player attempted, when he chooses it
        attempted: dict[str, Phase | None] = {}
        for name in players:
            if tie:
                attempted[name] = None
            elif r.phase_order == "any":
                chosen = marks[name]["phase"]
                if completed[name]:
                    if chosen is None:
                        raise hand.error(_("{player}: say which phase {player} completed", player=name),
                                         player=name, field="phase")
                    if not 1 <= chosen <= len(phases):
                        raise hand.error(_("{player}: phase {phase} is not in the list (1 to {count})", player=name,
                                           phase=chosen, count=len(phases)), player=name, field="phase")
                    if chosen in kept["done"][name]:
                        raise hand.error(_("{player} has already completed phase {phase}", player=name,
                                           phase=phases[chosen - 1].number), player=name, field="phase")
                    attempted[name] = phases[chosen - 1]
                else:
                    if chosen is not None:
                        raise hand.error(_("{player} did not complete a phase, so names none", player=name),
                                         player=name, field="phase")
                    attempted[name] = None
            else:
                attempted[name] = self.attempting(kept, name)
        # 7–8. the points and the cards
        cards: list[Tile] = []
        for name in players:
            held = hand.held.get(name)
            if held is None:
                continue
            if held.points is not None and (held.points < 0 or held.points % STEP):
                raise hand.error(_("{player}: points are a multiple of {step}, 0 or more, not {points}",
                                   player=name, step=STEP, points=held.points), player=name, field="points")
            if held.cards:
                cards.extend(held.cards)
        try:
            deck.check_copies(cards)
        except InvalidCardError as exc:
            raise hand.error(message_of(exc), field="cards") from None
        # 9–10. what a player can hold after his hand
        for name in players:
            held = hand.held.get(name)
            if held is None or name == by:
                continue
            n = len(held.cards) if held.cards is not None else None
            if tie:
                if n is not None and n > DEALT:
                    raise hand.error(_("{player} holds at most {most} cards, not {count}", player=name, most=DEALT,
                                       count=n), player=name, field="cards")
                if held.points is not None and held.points > HAND_MOST:
                    raise hand.error(_("{player}: {count} cards are worth at most {most}", player=name,
                                       count=DEALT, most=HAND_MOST), player=name, field="points")
                continue
            phase = attempted[name]
            said = self._phase_said(phase)
            if not completed[name]:
                if n is not None and n != DEALT:
                    raise hand.error(_("{player} did not complete {phase}, so {player} holds {count} cards, not "
                                       "{n}", player=name, phase=said, count=DEALT, n=n), player=name, field="cards")
                if held.points is not None and held.points < DEALT * STEP:
                    raise hand.error(_("{player} did not complete {phase}, so {player} holds {count} cards: at "
                                       "least {least}", player=name, phase=said, count=DEALT, least=DEALT * STEP),
                                     player=name, field="points")
                if held.points is not None and held.points > HAND_MOST:
                    raise hand.error(_("{player}: {count} cards are worth at most {most}", player=name,
                                       count=DEALT, most=HAND_MOST), player=name, field="points")
            else:
                keep = DEALT - phase.fewest
                if n is not None and n > keep:
                    raise hand.error(_("{player} completed {phase}, so {player} holds at most {keep} cards, not "
                                       "{n}", player=name, phase=said, keep=keep, n=n), player=name, field="cards")
                if held.points is not None and held.points > keep * CARD_MOST:
                    raise hand.error(_("{player} completed {phase}, so {player} holds at most {keep} cards: at "
                                       "most {most}", player=name, phase=said, keep=keep, most=keep * CARD_MOST),
                                     player=name, field="points")
        # the score
        scored = HandScore(winner=by, summary=_("{by} went out", by=by))
        for name in players:
            held = hand.held.get(name)
            if name == by or held is None:
                points, text = 0, _("went out: 0")
            elif held.cards is not None:
                points, sums = deck.count(held.cards)
                text = (_("{cards}: {sum} = {total}", cards=deck.format(held.cards), sum=sums, total=points)
                        if len(held.cards) > 1 else
                        _("{cards}: {total}", cards=deck.format(held.cards), total=points))
            else:
                points, text = held.points, _("{points}", points=held.points)
            scored.scores[name] = points
            if tie:
                scored.explanations[name] = _("{said} (tie-break hand)", said=text)
            elif attempted[name] is None and not completed[name]:
                scored.explanations[name] = text
            else:
                scored.explanations[name] = (_("{said}; {phase} completed", said=text,
                                               phase=self._phase_said(attempted[name]))
                                             if completed[name] else
                                             _("{said}; {phase} not completed", said=text,
                                               phase=self._phase_said(attempted[name])))
        # what the phases become once the hand counts (read by next_dealer and after_hand, which follow)
        state.kept = {**state.kept, "phase10_next": self._advance(kept, players, completed, attempted)}
        return scored

    def _phase_said(self, phase: Phase | None) -> str:
        if phase is None:
            return _("the phase")
        if self.house.phase_list == "custom":
            return _("phase {number} ({contract})", number=phase.number, contract=phase.contract)
        return _("phase {number}", number=phase.number)

    def _advance(self, kept: Mapping[str, Any], players: list[str], completed: Mapping[str, bool],
                 attempted: Mapping[str, Phase | None]) -> dict[str, Any]:
        """What the match keeps once this hand is scored (step 5: the phases move)."""
        r = self.house
        done = {p: list(v) for p, v in kept["done"].items()}
        count = dict(kept["completed"])
        hands = kept["hands"]
        if kept["tie"]:
            return {"done": done, "hands": hands, "tie": [], "completed": count, "tie_played": True}
        for name in players:
            if completed[name]:
                count[name] += 1
                phase = attempted[name]
                if r.everyone_advances:
                    continue
                if phase is not None:
                    done[name] = sorted(done[name] + [phase.position])
        if r.everyone_advances:
            for name in players:
                done[name] = done[name] + [hands + 1]
        return {"done": done, "hands": hands + 1, "tie": [], "completed": count}

    def _after(self, state: MatchState) -> dict[str, Any]:
        return state.kept["phase10_next"]

    def _decide(self, state: MatchState, kept: Mapping[str, Any]) -> tuple[list[str] | None, list[str]]:
        """(winners, tied players) once a hand is scored: winners None while the match goes on."""
        r = self.house
        if kept.get("tie_played"):
            return None, []
        if r.everyone_advances:
            if kept["hands"] < self.to_win(r):
                return None, []
            field_ = list(state.players)
        else:
            field_ = [p for p in state.players if len(kept["done"][p]) >= self.to_win(r)]
            if not field_:
                return None, []
        best = min(state.players[p].total for p in field_)
        lowest = [p for p in field_ if state.players[p].total == best]
        if len(lowest) == 1 or r.tie_break == "shared":
            return lowest, []
        return None, lowest

    def next_dealer(self, state: MatchState, hand: Hand, scored: HandScore) -> str | None:
        kept = self._after(state)
        winners, tied = self._decide(state, kept)
        if not tied:
            return None
        seats = list(state.players)
        i = seats.index(hand.dealer) if hand.dealer in seats else -1
        return next(seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1) if seats[(i + k) % len(seats)] in tied)

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        kept = dict(self._after(state))
        winners, tied = self._decide(state, kept)
        kept["tie"] = tied
        if kept.get("tie_played"):
            kept["winner"] = hand.by
        state.kept = {"phase10": kept}

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        kept = state.kept["phase10"]
        if kept.get("winner"):
            return [kept["winner"]]
        winners, _tied = self._decide(state, kept)
        return winners

    # -- the standings ------------------------------------------------------------------------------

    def place_key_in(self, state: MatchState, ps: PlayerState) -> tuple:
        if self.house.everyone_advances:
            return (ps.total,)
        kept = self._kept(state)
        return (-len(kept["done"][ps.name]), ps.total)

    def player_facts(self, state: MatchState, name: str) -> dict[str, Any]:
        kept = self._kept(state)
        r = self.house
        if kept["tie"] and name in kept["tie"] and not state.finished:
            phase = self.phase_list(r)[self.to_win(r) - 1] if r.phase_order != "any" else None
        elif state.finished and state.players[name].state == "winner":
            phase = None
        else:
            phase = self.attempting(kept, name)
        facts = {"phase": phase.position if phase is not None else None,
                 "phase_name": phase.words if phase is not None else None,
                 "phases_done": kept["completed"][name] if r.everyone_advances else len(kept["done"][name])}
        if r.phase_order == "any":
            facts["phases_done_list"] = list(kept["done"][name])
        return facts

    def next_hand_players(self, state: MatchState) -> list[str] | None:
        tie = self._kept(state)["tie"]
        return [p for p in state.players if p in tie] if tie else None

    def player_note(self, state: MatchState, name: str) -> str | None:
        facts = self.player_facts(state, name)
        if facts["phase_name"] is not None:
            return facts["phase_name"]
        if self.house.phase_order == "any" and not state.finished:
            done = facts["phases_done_list"]
            return (_("phases done: {phases}", phases=joined(", ", [str(self.phase_list()[k - 1].number)
                                                                    for k in done])) if done else
                    _("no phase done yet"))
        return None

    def player_short_note(self, state: MatchState, name: str) -> str | None:
        facts = self.player_facts(state, name)
        if facts["phase"] is not None:
            return _("Phase {number}", number=self.phase_list()[facts["phase"] - 1].number)
        if self.house.phase_order == "any" and not state.finished:
            return _n("{count} phase done", "{count} phases done", facts["phases_done"], count=facts["phases_done"])
        return None

    def match_facts(self, state: MatchState) -> dict[str, Any]:
        kept = self._kept(state)
        return {"tie_break_players": [] if state.finished else list(kept["tie"]),
                "phase_list": [p.words for p in self.phase_list(self.house)]}

    def context(self, state: MatchState) -> dict[str, Any]:
        kept = self._kept(state)
        return {"phases": {p: self.player_facts(state, p) for p in state.players},
                "tie_break_players": list(kept["tie"])}

    def notes(self, state: MatchState) -> list[str]:
        kept = self._kept(state)
        if kept["tie"] and not state.finished:
            return [_("{names} tie: only they play the next hand, the first out wins",
                      names=joined(_(" and "), kept["tie"]))]
        return []

    # -- the table's finish -------------------------------------------------------------------------

    def entry_kinds(self) -> tuple[EntryKind, ...]:
        return (self.FINISH,)

    def entry_kinds_allowed(self, state: MatchState) -> list[str]:
        return ["finish"] if state.hands_played and not state.finished else []

    def table_end(self, key: str, state: MatchState) -> list[str]:
        """Most phases completed wins, then the lowest total; still equal, shared (during a due tie-break,
        the tied players share)."""
        if state.hands_played == 0:
            raise InvalidMatchError(_("a match cannot be finished before its first hand"))
        kept = self._kept(state)
        if kept["tie"]:
            return list(kept["tie"])
        names = list(state.players)
        done = {p: kept["completed"][p] if self.house.everyone_advances else len(kept["done"][p]) for p in names}
        if not self.house.everyone_advances:
            most = max(done.values())
            names = [p for p in names if done[p] == most]
        best = min(state.players[p].total for p in names)
        return [p for p in names if state.players[p].total == best]


def _parse(index: int, player: str, value: Mapping[str, Any], deck: NumberDeck) -> Held:
    """A player's cards (in the deck's notation) or points."""
    from ..hands import parse_held
    return parse_held(index, player, dict(value), fields=("cards", "points"), parse=deck.parse)
