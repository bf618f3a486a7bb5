"""The meld checker's verdicts: what the engine says about some cards, put in the table's words.

This module owns turning one question ("is this a meld in Ramino?", "what is this Gin hand worth, may
it knock?") into a ``Verdict`` value a template can show: one sentence with the reason, a few facts
(kind, opening value), and for a whole hand the best arrangement, the deadwood and what the hand may
do. It asks the engine everything and decides nothing about the rules itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _, ngettext

from ..engine.errors import Refusal
from ..i18n import lazy_gettext as _l, refusal, speak
from ..engine.cards import Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..engine.melds import MeldCheck
from ..engine.variants import InvalidRulesError, Variant
from ..util import signed


class CheckError(Refusal):
    """Input that cannot be judged; ``field`` names the form field it belongs beside."""

    def __init__(self, message: str, field: str = "cards") -> None:
        super().__init__(message)
        self.field = field


@dataclass
class Note:
    """One line of a whole-hand verdict: ``tone`` is ``yes``, ``no`` or ``info``."""

    tone: str
    text: str


@dataclass
class Verdict:
    """What the checker shows. ``valid`` is None when there is nothing to judge yet."""

    valid: bool | None
    sentence: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    cards: tuple[Card, ...] = ()
    #: whole hand: the best arrangement, its leftover cards and their points
    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood: tuple[Card, ...] = ()
    points: int | None = None
    leftover_word: str = _l("Deadwood")
    #: the title over ``melds``, and whether the leftover line follows (not for melds laid together)
    melds_title: str = _l("Best arrangement")
    show_leftover: bool = True
    discard: Card | None = None
    notes: list[Note] = field(default_factory=list)


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _vowel(word: str) -> bool:
    """English says "an" before these (the Italian sentences need no article chosen here)."""
    return word[:1].lower() in "aeiou"


def deck_for(variant: Variant, players: int | None) -> tuple[Any, int, int]:
    """The rules (defaults) and the deck the picker offers: copies of each card, jokers."""
    n = players if variant.deck_grows_with_players else None
    rules = variant.rules(n) if n is not None else variant.rules()
    return rules, variant.decks(n), variant.jokers(n, rules)


def read_cards(text: str, variant: Variant, decks: int, jokers: int, limit: int,
               players: int | None = None) -> list[Card]:
    """Parse and check the cards against the deck; ``CheckError`` says what is wrong."""
    try:
        cards = parse_cards(text)
    except InvalidCardError as exc:
        raise CheckError(_sentence(refusal(exc))) from None
    if not cards:
        return []
    if len(cards) > limit:
        raise CheckError(_("That is %(count)s cards: the checker takes at most %(most)s.", count=len(cards), most=limit))
    try:
        check_copies(cards, decks, jokers)
    except InvalidCardError as exc:
        if variant.deck_grows_with_players and players:
            said = _("%(refusal)s in %(game)s with %(count)s players", refusal=refusal(exc), game=speak(variant.name),
                     count=players)
        else:
            said = _("%(refusal)s in %(game)s", refusal=refusal(exc), game=speak(variant.name))
        raise CheckError(_sentence(said)) from None
    return cards


def check_one_meld(variant: Variant, rules: Any, cards: list[Card], **deal: Any) -> Verdict:
    """One meld: valid or not, with the engine's reason; the kind and the opening value. ``deal``: the
    deal's own fields the game reads (a wild rank)."""
    game = speak(variant.name)
    rumino = variant.instant_win(cards, rules)
    if rumino is not None:
        return Verdict(True, _sentence(_("A rumino, %(what)s: it wins the match at once", what=_what_rumino(rumino))),
                       [(_("Kind"), speak(rumino.word or ""))], rumino.declared)
    m: MeldCheck = variant.check_meld(cards, rules, **deal)
    if m.valid and m.facts:
        # the game says what the meld is in its own words, and the facts that go with it
        return Verdict(True, _sentence(_("Yes: %(what)s", what=speak(m.reason))),
                       [(speak(label), speak(text)) for label, text in m.facts], m.declared)
    if not m.valid:
        said = (_("Not an %(game)s meld: %(reason)s", game=game, reason=speak(m.reason)) if _vowel(game)
                else _("Not a %(game)s meld: %(reason)s", game=game, reason=speak(m.reason)))
        return Verdict(False, _sentence(said), [], tuple(cards))
    word = speak(m.word or m.kind or "")
    facts = [(_("Kind"), word)]
    minimum = variant.opening_minimum(rules)
    if minimum:
        facts.append((_("Opening value"), _("%(value)s (an opening needs %(minimum)s)", value=m.value, minimum=minimum)))
    elif minimum is not None:  # a game with openings, set to no minimum
        facts.append((_("Opening value"), _("%(value)s (no minimum in %(game)s)", value=m.value, game=game)))
    worth = variant.meld_points(m.declared, rules)
    if worth is not None:
        # a game where a meld laid scores for its player says what this one scores
        facts.append((_("Scores"), ngettext("%(num)s point", "%(num)s points", worth)))
    for joker in m.jokers:
        facts.append((_("Joker"), _("stands for %(card)s", card=joker.symbol)))
    values = {"game": game, "kind": speak(m.word) if m.word else _("meld"), "count": len(cards),
              "cards": format_cards(m.declared)}
    sentence = (_("Yes, an %(game)s %(kind)s of %(count)s: %(cards)s", **values) if _vowel(game)
                else _("Yes, a %(game)s %(kind)s of %(count)s: %(cards)s", **values))
    if m.ambiguous:
        sentence += _(" (the joker is read as the card worth most; type JK=9S to say which)")
    return Verdict(True, _sentence(sentence), facts, m.declared)


def check_laid(variant: Variant, rules: Any, cards: list[Card], minimum: int | None) -> Verdict:
    """Cards laid in one turn (the Canasta family): the melds they make, each in the game's words with its
    card points, and whether together they reach the first meld's ``minimum``."""
    laid = variant.check_laid(cards, rules, minimum)
    notes = [Note("info", _sentence(_("Meld %(number)s: %(what)s, %(points)s", number=i, what=speak(m.reason),
                                      points=ngettext("%(num)s point", "%(num)s points", m.value))))
             for i, m in enumerate(laid.melds, start=1)] if laid.valid else []
    return Verdict(laid.valid, _sentence(speak(laid.reason)), [], tuple(cards),
                   melds=tuple(m.declared for m in laid.melds if m.valid) if laid.valid else (),
                   points=laid.value if laid.valid else None, melds_title=_("The melds"), show_leftover=False,
                   notes=notes)


def check_lay_off(variant: Variant, rules: Any, text: str) -> Verdict:
    """Cards laid off on a meld on the table ("KC / 10C JC QC"), in a game where lay-offs score for the
    player who lays them: whether they fit, and what they score."""
    try:
        found = variant.laid_groups(text, rules) or []
    except Refusal as exc:
        return Verdict(False, _sentence(_("Not a lay-off in %(game)s: %(reason)s", game=variant.name,
                                           reason=refusal(exc))))
    if len(found) != 1:
        return Verdict(False, _sentence(_("One lay-off at a time: the cards, / and the meld they go on")))
    said, points = found[0]
    return Verdict(True, _sentence(_("Yes, a lay-off: %(cards)s", cards=said)),
                   [(_("Scores"), ngettext("%(num)s point", "%(num)s points", points))])


def _what_rumino(rumino: MeldCheck) -> str:
    """"7 of a kind: 7♠ 7♠ …": what the engine says the rumino is, and its cards (never a cut of the
    engine's sentence, which another language words differently)."""
    return _("%(what)s: %(cards)s", what=speak(rumino.what or ""), cards=format_cards(rumino.declared))


def check_hand(variant: Variant, rules: Any, cards: list[Card], *, deal: int | None = None,
               upcard: str = "", **fields: Any) -> Verdict:
    """A whole hand: the least-deadwood arrangement and what the hand may do in this game. ``fields``:
    the deal's own fields the game reads (a wild rank)."""
    if variant.knock_game:
        return _knock_hand(variant, rules, cards, upcard)
    return _held_hand(variant, rules, cards, deal, **fields)


def _after_draw(variant: Variant, cards: list[Card]) -> bool:
    """One card more than a deal gives: the player drew and must throw one (or goes big gin)."""
    dealt = {variant.cards_dealt(n) for n in range(variant.min_players, variant.max_players + 1)}
    return len(cards) in {d + 1 for d in dealt if d}


def _knock_hand(variant: Variant, rules: Any, cards: list[Card], upcard: str) -> Verdict:
    limit, limit_source = _knock_limit(variant, rules, upcard)
    notes: list[Note] = []
    rumino = variant.instant_win(cards, rules)
    if rumino is not None:
        return Verdict(True, _sentence(_("Rumino! %(what)s: it wins the match at once", what=_what_rumino(rumino))),
                       [(_("Kind"), speak(rumino.word or ""))], rumino.declared, melds=(rumino.declared,), deadwood=(),
                       points=0, notes=[Note("yes", _("A rumino may be claimed out of turn, on another "
                                                      "player's discard."))])
    discard = None
    if _after_draw(variant, cards):
        whole = variant.arrange(cards, rules)
        if whole.points == 0 and variant.big_gin_allowed(rules):
            return Verdict(True, _("Big gin: every card is in a meld, no discard needed."), [], tuple(cards),
                           melds=whole.melds, deadwood=(), points=0)
        discard, best = variant.best_discard(cards, rules)
    else:
        best = variant.arrange(cards, rules)
    if best.points == 0:
        # the game's own name for a hand with every card melded ("Gin")
        end = speak(variant.end(variant.all_melded_end).label)
        sentence = (_("%(end)s: every card is in a meld after throwing %(card)s", end=end, card=discard.symbol)
                    if discard else _("%(end)s: every card is in a meld", end=end))
        valid = True
        own = variant.gin_own_total(rules)
        if own is not None and len(best.melds) > 0:
            # a gin that scores on the gin player's own total (Rumino's "ten less")
            notes.append(Note("yes", _("Gin in %(game)s: %(score)s to your own total.", game=speak(variant.name),
                                       score=signed(own))))
    elif limit is None and not variant.upcard_required:
        sentence = (_("May knock: deadwood %(points)s after throwing %(card)s (any deadwood may knock)",
                      points=best.points, card=discard.symbol) if discard
                    else _("May knock: deadwood %(points)s (any deadwood may knock)", points=best.points))
        valid = True
    elif limit is None:
        sentence = (_("Deadwood %(points)s after throwing %(card)s: give the upcard to see the knock limit",
                      points=best.points, card=discard.symbol) if discard
                    else _("Deadwood %(points)s: give the upcard to see the knock limit", points=best.points))
        valid = None
    elif best.points <= limit:
        sentence = (_("May knock: deadwood %(points)s after throwing %(card)s, within the limit of %(limit)s",
                      points=best.points, card=discard.symbol, limit=limit) if discard
                    else _("May knock: deadwood %(points)s, within the limit of %(limit)s", points=best.points,
                           limit=limit))
        valid = True
    else:
        sentence = (_("Cannot knock: deadwood %(points)s after throwing %(card)s is over the limit of %(limit)s",
                      points=best.points, card=discard.symbol, limit=limit) if discard
                    else _("Cannot knock: deadwood %(points)s is over the limit of %(limit)s", points=best.points,
                           limit=limit))
        valid = False
    if limit_source:
        notes.insert(0, Note("info", limit_source))
    return Verdict(valid, _sentence(sentence), [], tuple(cards), melds=best.melds, deadwood=best.deadwood,
                   points=best.points, discard=discard, notes=notes)


def _knock_limit(variant: Variant, rules: Any, upcard: str) -> tuple[int | None, str]:
    """The knock limit and, for Oklahoma, where it came from."""
    if not variant.upcard_required:
        return variant.knock_limit_with(None, rules), ""
    if not upcard.strip():
        return None, ""
    try:
        card = Card.parse(upcard.strip())
        limit = variant.knock_limit_with(card, rules)
    except (InvalidCardError, InvalidRulesError) as exc:
        raise CheckError(_sentence(refusal(exc)), field="upcard") from None
    text = (_("Upcard %(card)s: knock with %(limit)s or less", card=card.symbol, limit=limit) if limit
            else _("Upcard %(card)s: gin only", card=card.symbol))
    note = variant.upcard_note(card, rules)
    if note:
        text = _("%(limit)s; %(note)s", limit=text, note=speak(note))
    return limit, text + "."


def _held_hand(variant: Variant, rules: Any, cards: list[Card], deal: int | None, **fields: Any) -> Verdict:
    """A going-out game: every card held counts, so say what could be laid and what is left."""
    best = variant.arrange(cards, rules, **fields)
    notes: list[Note] = []
    declaration = variant.check_declaration(cards, rules, **fields)
    if declaration is not None:
        # the game's own test of a whole hand (a declaration): its verdict leads, the count follows
        n = len(best.deadwood)
        left = (ngettext("%(num)s card in no group, worth %(points)s", "%(num)s cards in no group, worth %(points)s",
                         n, points=best.points) if n else _("Every card is in a group"))
        return Verdict(declaration.valid, _sentence(speak(declaration.reason)), [], tuple(cards), melds=best.melds,
                       deadwood=best.deadwood, points=best.points, leftover_word=_("Left over"),
                       notes=[Note("info", _sentence(left))])
    if best.points == 0 and not best.deadwood:
        sentence = _("Every card fits a meld")
        valid = True
    else:
        n = len(best.deadwood)
        sentence = ngettext("%(num)s card in no meld, worth %(points)s: held at the end, every card counts",
                            "%(num)s cards in no meld, worth %(points)s: held at the end, every card counts", n,
                            points=best.points)
        valid = None
    minimum = variant.opening_minimum(rules)
    if minimum and best.melds:
        opening = variant.check_opening([list(m) for m in best.melds], rules)
        if opening.valid:
            notes.append(Note("yes", _sentence(_("An opening, laid in one turn: %(reason)s",
                                                 reason=speak(opening.reason)))))
        else:
            notes.append(Note("no", _sentence(_("Not enough to open: %(reason)s", reason=speak(opening.reason)))))
    if variant.contract_deals and deal is not None:
        notes.append(_contract_note(variant, rules, cards, deal))
    return Verdict(valid, _sentence(sentence), [], tuple(cards), melds=best.melds, deadwood=best.deadwood,
                   points=best.points, leftover_word=_("Left over"), notes=notes)


def _contract_note(variant: Variant, rules: Any, cards: list[Card], deal: int) -> Note:
    """Does the hand hold deal ``deal``'s contract? The engine answers (any arrangement that holds it)."""
    found = variant.contract_in_hand(deal, cards, rules)
    if found.valid:
        laid = " | ".join(format_cards(m.declared) for m in found.melds)
        return Note("yes", _sentence(_("Meets deal %(deal)s's contract: %(melds)s", deal=deal, melds=laid)))
    closest = " | ".join(format_cards(m.declared) for m in found.melds)
    said = _("Not deal %(deal)s's contract: %(why)s", deal=deal, why=speak(found.reason))
    return Note("no", _sentence(_("%(said)s: %(melds)s", said=said, melds=closest) if closest else said))
