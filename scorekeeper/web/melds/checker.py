"""The meld checker's verdicts, in the page's words.

This module owns reading what was typed (the cards, checked against the deck; the upcard) and saying
the game's answer: it asks the game its one question (``Variant.verdict``, ``engine.verdicts``) and
turns the engine's ``Verdict`` into a ``Verdict`` of the page's language that a template can show. Every
sentence and every rule is the engine's; nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from ...engine.errors import Refusal
from ..i18n import refusal, speak
from ...engine.cards import Card, InvalidCardError, check_copies, parse_cards
from ...engine.decks import StandardPack
from ...engine.variants import InvalidRulesError, Variant
from ...engine.verdicts import Verdict as EngineVerdict, as_sentence


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
    leftover_word: str = ""
    #: the title over ``melds``, and whether the leftover line follows (not for melds laid together)
    melds_title: str = ""
    show_leftover: bool = True
    discard: Card | None = None
    notes: list[Note] = field(default_factory=list)
    #: why the arrangement holds no meld, where the game says (else the page's own words)
    no_melds: str | None = None


def _sentence(text: str) -> str:
    return as_sentence(text)


def deck_for(variant: Variant, players: int | None) -> tuple[Any, int, int]:
    """The rules (defaults) and the deck the picker offers: copies of each card, jokers."""
    n = players if variant.deck_grows_with_players else None
    rules = variant.rules(n) if n is not None else variant.rules()
    return rules, variant.decks(n), variant.jokers(n, rules)


def read_cards(text: str, variant: Variant, decks: int, jokers: int, limit: int,
               players: int | None = None) -> list[Card]:
    """Parse and check the cards against the deck; ``CheckError`` says what is wrong."""
    deck = variant.deck()
    own = not isinstance(deck, StandardPack)
    try:
        cards = deck.parse(text) if own else parse_cards(text)
    except InvalidCardError as exc:
        raise CheckError(_sentence(refusal(exc))) from None
    if not cards:
        return []
    if len(cards) > limit:
        raise CheckError(_("That is %(count)s cards: the checker takes at most %(most)s.", count=len(cards), most=limit))
    try:
        if own:
            deck.check_copies(cards)
        else:
            check_copies(cards, decks, jokers)
    except InvalidCardError as exc:
        if variant.deck_grows_with_players and players:
            said = _("%(refusal)s in %(game)s with %(count)s players", refusal=refusal(exc), game=speak(variant.name),
                     count=players)
        else:
            said = _("%(refusal)s in %(game)s", refusal=refusal(exc), game=speak(variant.name))
        raise CheckError(_sentence(said)) from None
    return cards


def parse_upcard(text: str) -> Card | None:
    """The upcard typed beside a whole hand, or None when none was; ``CheckError`` beside its field."""
    if not text.strip():
        return None
    try:
        return Card.parse(text.strip())
    except InvalidCardError as exc:
        raise CheckError(_sentence(refusal(exc)), field="upcard") from None


def ask(variant: Variant, rules: Any, cards: Any, mode: str, **question: Any) -> Verdict:
    """The game's verdict on these cards (``Variant.verdict``, the engine's one question), said in the
    page's language. An upcard the game refuses (a rank it has no limit for) is said beside its field."""
    try:
        found = variant.verdict(cards, rules, mode=mode, **question)
    except (InvalidCardError, InvalidRulesError) as exc:
        if question.get("upcard") is not None:
            raise CheckError(_sentence(refusal(exc)), field="upcard") from None
        raise CheckError(_sentence(refusal(exc))) from None
    return said(found)


def said(found: EngineVerdict) -> Verdict:
    """An engine verdict in the page's words: every sentence spoken and made a sentence."""
    return Verdict(
        found.valid, _sentence(speak(found.sentence)), [(speak(label), speak(text)) for label, text in found.facts],
        tuple(found.cards), melds=tuple(found.melds), deadwood=tuple(found.leftover), points=found.points,
        leftover_word=speak(found.leftover_word), melds_title=speak(found.melds_title),
        show_leftover=found.show_leftover, discard=found.discard,
        notes=[Note(n.tone, _sentence(speak(n.text))) for n in found.notes],
        no_melds=_sentence(speak(found.no_melds)) if found.no_melds else None)
