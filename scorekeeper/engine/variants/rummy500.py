"""Rummy 500 (500 Rum, Pinochle Rummy): what a player laid on the table counts for them, what they still
hold counts against them; the first hand to end with a total of 500 or more ends the match, and the
highest total wins, whoever went out (docs/rules/rummy500.md).

This module owns the game: its entry fields (per player, the points or the groups of cards laid on the table,
lay-offs included, and the points or the cards still held), how a melded group is worth (the ace by
where it sits: 1 at the bottom of a sequence, 15 elsewhere), the checks on a hand (the deck's copies, the
deck's total value, the one who went out holds nothing), the stock running out, the end of the match
with its ties, and the margins the winner collects (``differences``).

>>> from scorekeeper.engine.variants import find_variant
>>> r500 = find_variant("rummy500")
>>> r500.rules(3).decks, r500.rules(5).decks, r500.rules(5).jokers_in_deck
(1, 2, 4)
>>> r500.meld_points("AD 2D 3D"), r500.meld_points("QH KH AH"), r500.meld_points("AS AH AC")
(6, 35, 45)
>>> r500.group_value("KC / 10C JC QC")[0]
10
>>> r500.rules(card_values="five_flat", low_ace_value=5)
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: low_ace_value does not apply when card_values is "five_flat": it is used only when card_values is "pip"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Refusal
from ..cards import Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..hands import Hand, HandScore, Held, InvalidHandError, MatchState
from ..i18n import _, _n, joined, message_of
from ..melds import MeldCheck, MeldRules, check_meld
from ..entry_fields import EntryField, EntryFields
from .base import InvalidRulesError, Rules, Switch, Variant, card_values

#: Fixed, not switches (docs/rules/rummy500.md#house-rules): pictures 10, a joker 15 wherever it is,
#: an ace 15 except at the bottom of a sequence; no going-out bonus.
PICTURE_VALUE = 10
JOKER_VALUE = 15
ACE_VALUE = 15
#: one pack at its highest values (every ace 15): the most its cards can be worth, under each valuation
PACK_VALUE = {"pip": 4 * (ACE_VALUE + sum(range(2, 11)) + 3 * PICTURE_VALUE),
              "five_flat": 4 * (ACE_VALUE + 8 * 5 + 4 * PICTURE_VALUE)}
#: 13 cards each with two players, 7 with three or more (docs/rules/rummy500.md#equipment)
DEALT_TWO, DEALT_MORE = 13, 7
#: two packs from this many players on (docs/rules/rummy500.md#equipment)
TWO_PACKS_FROM = 5
MAX_DECKS = 3
#: the mark between a player's own cards and the meld on the table they were laid off on
CONTEXT_MARK = "/"
#: separates the groups of a player's melds when they are given as one text
GROUP_MARK = "|"
#: groups valued and kept per set of rules (``Rummy500.group_value``)
GROUPS_KEPT = 4096
#: the most groups one player can lay in a hand (a whole three-pack deck in melds of three)
MAX_GROUPS = (MAX_DECKS * 52 + 12) // 3


@dataclass(frozen=True)
class Group:
    """One group of a player's melds: the cards they laid (``own``) and, for a lay-off, the cards of the
    meld on the table they were added to (``context``, which score for whoever laid them)."""

    own: tuple[Card, ...]
    context: tuple[Card, ...] = ()

    def text(self) -> str:
        own = format_cards(self.own)
        return f"{own} {CONTEXT_MARK} {format_cards(self.context)}" if self.context else own


@dataclass
class Laid(Held):
    """A Rummy 500 player's entry: what they laid (typed ``meld_points`` or the ``melds`` groups) and,
    as in every game, what they hold (``points`` typed as ``hand_points``, or ``cards``)."""

    meld_points: int | None = None
    melds: tuple[Group, ...] | None = None


class InvalidGroupError(Refusal):
    """A player's melds that cannot be read or are not melds; the message says which group and why."""


def parse_groups(value: Any) -> tuple[Group, ...]:
    """A player's ``melds``: a text with ``|`` between groups, or a list of groups, each a text (or a list of
    card tokens) in which ``/`` parts the player's own cards from the meld they were laid off on.

    >>> [g.text() for g in parse_groups("7S 7H 7D | KC / 10C JC QC")]
    ['7♠ 7♥ 7♦', 'K♣ / 10♣ J♣ Q♣']
    >>> parse_groups(["AD", "JK=2D 3D"])[1].own
    (Card.parse('JK=2D'), Card.parse('3D'))
    >>> parse_groups("/ 2D 3D 4D")
    Traceback (most recent call last):
    ...
    scorekeeper.engine.variants.rummy500.InvalidGroupError: group 1 has no cards of the player's own before /
    """
    if isinstance(value, str):
        parts: list[Any] = [p for p in value.split(GROUP_MARK) if p.strip()]
    elif isinstance(value, list):
        parts = value
    else:
        raise InvalidGroupError(_("melds must be a list of groups, or groups separated by |"))
    if len(parts) > MAX_GROUPS:
        raise InvalidGroupError(_("at most {limit} groups of melds", limit=MAX_GROUPS))
    groups = []
    for number, part in enumerate(parts, start=1):
        if isinstance(part, list):
            if not all(isinstance(t, str) for t in part):
                raise InvalidGroupError(_("melds must be a list of groups, or groups separated by |"))
            part = " ".join(part)
        if not isinstance(part, str):
            raise InvalidGroupError(_("melds must be a list of groups, or groups separated by |"))
        own_text, mark, context_text = part.partition(CONTEXT_MARK)
        if CONTEXT_MARK in context_text:
            raise InvalidGroupError(_("group {number} has more than one /", number=number))
        try:
            own, context = parse_cards(own_text), parse_cards(context_text) if mark else []
        except InvalidCardError as exc:
            raise InvalidGroupError(_("group {number}: {why}", number=number, why=message_of(exc))) from None
        if not own:
            raise InvalidGroupError(_("group {number} has no cards of the player's own before /", number=number))
        if mark and not context:
            raise InvalidGroupError(_("group {number}: after / come the cards already on the table", number=number))
        groups.append(Group(tuple(own), tuple(context)))
    return tuple(groups)


def _whole_number(value: Any) -> bool:
    # a JSON true is not a number of points
    return isinstance(value, int) and not isinstance(value, bool)


class Rummy500(Variant):
    key = "rummy500"
    order = 72  # beside basic Rummy, its family
    name = "Rummy 500"
    aliases = ("500 rum", "500 rummy", "rummy 500", "pinochle rummy", "500", "rum 500")
    summary = _("Melds count for you, cards in hand against you; the first hand to end with 500 or more "
                "ends the match, highest total wins.")
    min_players, max_players = 2, 8
    #: the stock running out is the shared end that names nobody (``needs_by=False``)
    ends = ("out", "stock_exhausted")
    #: the melds laid are typed or given as groups, never searched for
    arranged_in_play = False
    #: the discard pile may be taken whole, so a hand may hold far more than the deal: its bound is the deck
    extra_cards_held = MAX_DECKS * 52 + 12
    FIXED = {"picture_value": PICTURE_VALUE, "joker_value": JOKER_VALUE, "going_out_bonus": 0}
    SWITCHES = (
        Switch("target", "int", 500, _("The first hand to end with a total this high or higher ends the match."),
               min=1),
        Switch("decks", "int", 1, _("Packs shuffled together (1 for 2–4 players, 2 for 5–8)."), min=1, max=MAX_DECKS,
               label=_("Packs")),
        Switch("jokers_in_deck", "int", 2, _("Jokers in the deck (2 for each pack)."), min=0, max=12),
        Switch("low_ace_value", "int", 1, _("What an ace at the bottom of a melded sequence (A-2-3) scores."),
               choices=(1, 5, 15), only_when=(("card_values", ("pip",)),), label=_("Low ace scores")),
        Switch("card_values", "enum", "pip", _("Cards at face value, or 2–9 (and the ace) 5 each."),
               choices=("pip", "five_flat"), label=_("Card values")),
        Switch("stock_out_hand_penalty", "bool", True,
               _("When the stock runs out, the cards still held count against their players."),
               label=_("Stock out: hands count")),
        Switch("tie_break", "enum", "shared", _("Equal highest totals at the end share the win, or play on."),
               choices=("shared", "play_another_hand"), label=_("Tie at the end")),
    )

    # -- the deck -------------------------------------------------------------------------------------

    def player_defaults(self, n_players: int | None, house: Mapping[str, Any]) -> dict[str, Any]:
        decks = house.get("decks")
        if not _whole_number(decks):
            decks = 2 if n_players is not None and n_players >= TWO_PACKS_FROM else 1
        return {"decks": decks, "jokers_in_deck": 2 * decks}

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return DEALT_TWO if n_players == 2 else DEALT_MORE if n_players else DEALT_TWO

    def decks(self, n_players: int | None = None) -> int:
        if self.house is not None:
            return self.house.decks
        return self.rules(n_players).decks if n_players is not None else MAX_DECKS

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if rules is None and self.house is None and n_players is None:
            return 12  # the meld checker: the largest deck any table may play with
        return super().jokers(n_players, rules)

    def deck_size(self) -> int:
        """Cards in the bound match's deck."""
        return 52 * self.house.decks + self.house.jokers_in_deck

    def deck_value(self, rules: Rules | None = None) -> int:
        """The most the whole deck can be worth: what a hand's laid and held points cannot pass
        (docs/rules/rummy500.md#checks)."""
        r = self.resolved(rules)
        return r.decks * PACK_VALUE[r.card_values] + JOKER_VALUE * r.jokers_in_deck

    # -- card values and melds ------------------------------------------------------------------------

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        """What a card held counts (an ace 15, or 5 under ``five_flat``; a joker 15)."""
        if self.resolved(rules).card_values == "five_flat":
            return card_values(5, JOKER_VALUE, low=5)
        return card_values(ACE_VALUE, JOKER_VALUE)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        r = self.resolved(rules)
        return MeldRules(game_name=self.name, set_min=3, set_max=4, set_distinct_suits=True, run_min=3, run_max=None,
                         ace_run="either_end", allow_ace_both_ends=False, max_jokers_per_meld=None,
                         min_naturals_per_meld=1, decks=r.decks, jokers_in_deck=r.jokers_in_deck,
                         set_word=_("group"), run_word=_("sequence"),
                         ace_low_opening_value=r.low_ace_value or 5, ace_high_opening_value=ACE_VALUE)

    def melded_card_value(self, card: Card, check: MeldCheck, rules: Rules | None = None) -> int:
        """What one card laid in the meld ``check`` scores: a joker 15; an ace by where it sits (the bottom
        of a sequence, which then holds its suit's 2: ``low_ace_value``, or 5 under ``five_flat``; the top
        of a sequence 15; in a group 15, or 5 under ``five_flat``); any other card as held."""
        r = self.resolved(rules)
        if card.is_joker:
            return JOKER_VALUE
        if card.rank == 1 and check.kind == "run":
            low = any(c.natural.rank == 2 for c in check.declared)
            if r.card_values == "five_flat":
                return 5 if low else ACE_VALUE
            return r.low_ace_value if low else ACE_VALUE
        return self.melds_and_values(r)[1][card.rank]

    def group_value(self, group: Group | str, rules: Rules | None = None) -> tuple[int, MeldCheck]:
        """What a group scores for the player who laid it (their own cards only), and the check of the
        whole meld it makes (own cards and, for a lay-off, the meld on the table). Raises
        ``InvalidGroupError`` saying why a group is not a meld."""
        if isinstance(group, str):
            found = parse_groups(group)
            if len(found) != 1:
                raise InvalidGroupError(_("one group, please"))
            group = found[0]
        r = self.resolved(rules)
        # a replay values the same groups hand after hand (a long match by cards): each group once per
        # set of rules, in a bounded table kept with the rules
        known = r._memo.setdefault("groups", {})
        found = known.get(group)
        if found is not None:
            return found
        if len(known) >= GROUPS_KEPT:
            known.clear()
        found = known[group] = self._group_value(group, r)
        return found

    def _group_value(self, group: Group, r: Rules) -> tuple[int, MeldCheck]:
        whole = group.own + group.context
        for card in whole:
            if card.is_joker and card.stands_for is None:
                # where a joker sits can move the ace to the other end (A JKR JKR): the table says it
                raise InvalidGroupError(_("{cards}: say what the joker stands for (JK=9S)", cards=format_cards(whole)))
        check = check_meld(list(whole), self.melds_and_values(r)[0])
        if not check.valid:
            shown = format_cards(whole)
            # the meld's reason names its cards already when it says where they break
            raise InvalidGroupError(check.reason if shown in check.reason else
                             _("{cards}: {reason}", cards=shown, reason=check.reason))
        return sum(self.melded_card_value(c, check, r) for c in group.own), check

    def meld_points(self, cards: str | Iterable[Card], rules: Rules | None = None) -> int | None:
        """What laying these cards as one meld scores (the meld checker says it); None when they are
        not one."""
        text = cards if isinstance(cards, str) else format_cards(cards, symbols=False)
        try:
            return self.group_value(text, rules)[0]
        except InvalidGroupError:
            return None

    def laid_groups(self, text: str, rules: Rules | None = None) -> list[tuple[str, int]]:
        """What a player's melds score, group by group (the melds picker's live line); raises
        ``InvalidGroupError`` for a group that is not a meld."""
        return [(group.text(), self.group_value(group, rules)[0]) for group in parse_groups(text)]

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None) -> MeldCheck:
        check = super().check_meld(cards, rules)
        if check.valid:
            # the meld checker's value is what the meld scores here (a joker 15, the ace by its place)
            points = sum(self.melded_card_value(c, check, rules) for c in check.declared)
            check = MeldCheck(check.valid, check.kind, check.reason, points, check.cards, check.jokers,
                              check.declared, check.word, False, check.what)
        return check

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        if r.card_values == "five_flat":
            values = _("Cards count: 2–9 and the ace 5 each, 10/J/Q/K 10, joker 15; an ace at the top of a "
                       "sequence (Q-K-A) 15.")
        else:
            values = _("Cards count: 2–10 face value, J/Q/K 10, ace 15, joker 15; an ace at the bottom of a "
                       "sequence (A-2-3) {low}.", low=r.low_ace_value)
        lines = [
            _n("{count} pack and {jokers} jokers; 13 cards each for two players, 7 for three or more.",
               "{count} packs and {jokers} jokers; 13 cards each for two players, 7 for three or more.", r.decks,
               jokers=r.jokers_in_deck),
            _("Melds: groups of 3 or 4 of one rank, sequences of 3 or more in one suit (ace low or high, not "
              "round the corner); jokers are wild."),
            _("Cards may be laid off on anyone's meld; they score for the player who lays them off."),
            values,
            _("Each player scores what they laid on the table minus what they still hold; totals may go "
              "below zero."),
            _("When the stock runs out the hand ends and is scored as usual.") if r.stock_out_hand_penalty else
            _("When the stock runs out the hand ends and only what was laid on the table counts."),
            _("The first hand to end with a total of {target} or more ends the match: the highest total wins, "
              "whoever went out.", target=r.target),
            _("Equal highest totals share the win.") if r.tie_break == "shared" else
            _("Equal highest totals play another hand, until one total is highest."),
        ]
        return lines

    # -- the entry fields -----------------------------------------------------------------------------

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        most = self.deck_value(r)
        cards = 52 * r.decks + r.jokers_in_deck
        return EntryFields((
            EntryField("by", "player", _("Who went out?"), required=True),
            EntryField("end", "end", _("How?"), required=True),
            EntryField("meld_points", "points", _("Laid on the table"), per="player", minimum=0, maximum=most,
                       help=_("Everything the player laid this hand, lay-offs included.")),
            EntryField("melds", "melds", _("Melds laid"), per="player", maximum=cards, instead_of="meld_points",
                       help=_("One group per meld, | between them; a lay-off: the cards, / and the meld it "
                              "went on, e.g. 7s 7h 7d | kc / 10c jc qc")),
            EntryField("hand_points", "points", _("Left in hand"), per="player", minimum=0, maximum=most,
                       ender_default=0),
            EntryField("cards", "cards", _("Cards in hand"), per="player", minimum=0, maximum=cards,
                       instead_of="hand_points"),
        ), help=_("For every player, the one who went out too: what they laid on the table and what they still "
                  "hold, as points or as cards."))

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        # the one who went out is entered too: what they laid scores for them
        return False

    # -- reading a player's entry ---------------------------------------------------------------------------

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        def bad(message: str, fld: str) -> InvalidHandError:
            return InvalidHandError(_("{player}: {why}", player=player, why=message), entry=index, player=player,
                                    field=fld)

        if not isinstance(value, Mapping):
            raise bad(_("give what they laid and what they hold"), "meld_points")
        unknown = set(value) - {"meld_points", "melds", "hand_points", "cards"}
        if unknown:
            raise bad(_("unknown field {name!r}", name=sorted(unknown)[0]), "meld_points")
        laid = Laid(player)
        for points_name, cards_name, laid_words in (("meld_points", "melds", _("what they laid")),
                                                    ("hand_points", "cards", _("what they hold"))):
            typed, shown = value.get(points_name), value.get(cards_name)
            # said in the player's words: the form's boxes, not the document's field names (the error's
            # ``field`` names those)
            if typed is not None and shown is not None:
                raise bad(_("give {what} as points or as cards, not both", what=laid_words), points_name)
            if typed is None and shown is None:
                raise bad(_("give {what}, as points or as cards", what=laid_words), points_name)
            if typed is not None:
                if not _whole_number(typed):
                    raise bad(_("the points of {what} must be a whole number", what=laid_words), points_name)
                if typed < 0:
                    raise bad(_("the points of {what} cannot be negative", what=laid_words), points_name)
                if typed > self.deck_value():
                    raise bad(_("{points} is more than the whole deck is worth ({most})", points=typed,
                                most=self.deck_value()), points_name)
                if points_name == "meld_points":
                    laid.meld_points = typed
                else:
                    laid.points = typed
                continue
            if cards_name == "melds":
                try:
                    laid.melds = parse_groups(shown)
                except InvalidGroupError as exc:
                    raise bad(message_of(exc), "melds") from None
                if sum(len(g.own) + len(g.context) for g in laid.melds) > 2 * self.deck_size():
                    raise bad(_("more cards than the deck holds"), "melds")
            else:
                if not isinstance(shown, str):
                    raise bad(_("cards must be given as text, e.g. 8d kc jk"), "cards")
                try:
                    laid.cards = parse_cards(shown)
                except InvalidCardError as exc:
                    raise bad(message_of(exc), "cards") from None
                if len(laid.cards) > self.deck_size():
                    raise bad(_("more cards than the deck holds"), "cards")
        return laid

    # -- a hand -------------------------------------------------------------------------------------------

    def laid_value(self, hand: Hand, held: Laid) -> tuple[int, str]:
        """What the player laid on the table this hand, and how it adds up."""
        if held.melds is None:
            return held.meld_points or 0, _("{points}", points=held.meld_points or 0)
        parts, total = [], 0
        for group in held.melds:
            try:
                points, _check = self.group_value(group)
            except InvalidGroupError as exc:
                raise hand.error(_("{player}: {why}", player=held.player, why=message_of(exc)), player=held.player,
                                 field="melds") from None
            total += points
            parts.append(_("{cards} {points}", cards=format_cards(group.own), points=points))
        if not parts:
            return 0, _("nothing")
        if len(parts) == 1:
            return total, parts[0]
        return total, _("{parts} = {total}", parts=joined(" + ", parts), total=total)

    def kept_value(self, held: Laid) -> tuple[int, str]:
        """What the player still holds, and how it adds up (an ace 15 in hand)."""
        if held.cards is None:
            return held.points or 0, _("{points}", points=held.points or 0)
        if not held.cards:
            return 0, _("nothing")
        return self.held_value(held)

    def check_hand(self, hand: Hand, laid: dict[str, tuple[int, str]], kept: dict[str, tuple[int, str]]) -> None:
        """The one who went out holds nothing; the cards shown fit the deck; all the points fit its value
        (docs/rules/rummy500.md#checks)."""
        if hand.end == "out":
            out = hand.held[hand.by]
            if out.cards:
                raise hand.error(_("{by} went out: they hold no cards", by=hand.by), player=hand.by, field="cards")
            if kept[hand.by][0]:
                raise hand.error(_("{by} went out: their hand points must be 0", by=hand.by), player=hand.by,
                                 field="hand_points")
        shown: list[Card] = []
        for held in hand.held.values():
            shown.extend(held.cards or ())
            for group in held.melds or ():  # type: ignore[attr-defined]
                shown.extend(group.own)  # the meld laid off on is someone else's own cards
        try:
            check_copies(shown, decks=self.house.decks, jokers=self.house.jokers_in_deck)
        except InvalidCardError as exc:
            raise hand.error(message_of(exc), field="cards") from None
        total = sum(v for v, _w in laid.values()) + sum(v for v, _w in kept.values())
        most = self.deck_value()
        if total > most:
            raise hand.error(_("laid and held add up to {total}, more than the whole deck is worth ({most})",
                               total=total, most=most), field="meld_points")

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        laid = {name: self.laid_value(hand, hand.held[name]) for name in hand.players_in}  # type: ignore[arg-type]
        kept = {name: self.kept_value(hand.held[name]) for name in hand.players_in}  # type: ignore[arg-type]
        self.check_hand(hand, laid, kept)
        counts = hand.end == "out" or self.house.stock_out_hand_penalty
        if hand.end == "out":
            scored = HandScore(winner=hand.by, summary=_("{by} went out", by=hand.by))
        else:
            scored = HandScore(summary=_("the stock ran out") if counts else
                               _("the stock ran out: cards held do not count"))
        for name in hand.players_in:
            (on_table, table_words), (in_hand, hand_words) = laid[name], kept[name]
            points = on_table - in_hand if counts else on_table
            scored.scores[name] = points
            if counts:
                scored.explanations[name] = _("laid {laid}; holds {held}; {on_table} − {in_hand} = {points:+d}",
                                              laid=table_words, held=hand_words, on_table=on_table,
                                              in_hand=in_hand, points=points)
            else:
                scored.explanations[name] = _("laid {laid}; holds {held}, not counted: {points:+d}",
                                              laid=table_words, held=hand_words, points=points)
        return scored

    # -- the match ------------------------------------------------------------------------------------

    def high_wins(self, rules: Rules | None = None) -> bool:
        return True

    def target(self) -> int | None:
        return self.house.target

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        if not state.kept.get("playing_on") and self.house.tie_break == "play_another_hand" \
                and any(ps.total >= self.house.target for ps in state.players.values()) \
                and len(self.best_of(state.players, state)) > 1:
            # the target was reached with the top shared: the match goes on until one total is highest,
            # whatever the totals do meanwhile (docs/rules/rummy500.md#the-match)
            state.kept = {**state.kept, "playing_on": True}

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        playing_on = bool(state.kept.get("playing_on"))
        if not playing_on and not any(ps.total >= self.house.target for ps in state.players.values()):
            return None
        best = self.best_of(state.players, state)
        if len(best) > 1 and self.house.tie_break == "play_another_hand":
            return None
        return best

    def differences(self, state: MatchState) -> dict[str, int]:
        """The winner collects from each other player the difference between their totals (once the
        match is over with one winner)."""
        if not state.finished or len(state.winners) != 1:
            return {}
        top = state.players[state.winners[0]].total
        return {ps.name: top - ps.total for ps in state.players.values() if ps.name != state.winners[0]}

    def notes(self, state: MatchState) -> list[str]:
        if state.kept.get("playing_on") and not state.finished:
            return [_("The top is shared past {target}: the match goes on until one total is highest.",
                      target=self.house.target)]
        return []
