"""The meld checker's verdicts: what the engine says about some cards, put in the table's words.

This module owns turning one question ("is this a meld in Ramino?", "what is this Gin hand worth, may
it knock?") into a ``Verdict`` value a template can show: one sentence with the reason, a few facts
(kind, opening value), and for a whole hand the best arrangement, the deadwood and what the hand may
do. It asks the engine everything and decides nothing about the rules itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..engine.melds import MeldCheck
from ..engine.variants import InvalidRulesError, Variant


class CheckError(ValueError):
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
    leftover_word: str = "Deadwood"
    discard: Card | None = None
    notes: list[Note] = field(default_factory=list)


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _a(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


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
        raise CheckError(_sentence(str(exc))) from None
    if not cards:
        return []
    if len(cards) > limit:
        raise CheckError(f"That is {len(cards)} cards: the checker takes at most {limit}.")
    try:
        check_copies(cards, decks, jokers)
    except InvalidCardError as exc:
        table = f" with {players} players" if variant.deck_grows_with_players and players else ""
        raise CheckError(_sentence(f"{exc} in {variant.name}{table}")) from None
    return cards


def opening_min(rules: Any) -> int | None:
    return rules.get("opening_min") if hasattr(rules, "get") else None


def check_one_meld(variant: Variant, rules: Any, cards: list[Card]) -> Verdict:
    """One meld: valid or not, with the engine's reason; the kind and the opening value."""
    game = variant.name
    if _could_be_rumino(variant, cards):
        rumino = variant.is_rumino(cards, rules)
        if rumino.valid:
            return Verdict(True, _sentence(f"A rumino, {_what_rumino(rumino)}: it wins the match at once"),
                           [("Kind", "rumino")], rumino.declared)
    m: MeldCheck = variant.check_meld(cards, rules)
    if not m.valid:
        return Verdict(False, _sentence(f"Not {_a(game)} meld: {m.reason}"), [], tuple(cards))
    facts = [("Kind", m.word or m.kind or "")]
    minimum = opening_min(rules)
    if minimum:
        facts.append(("Opening value", f"{m.value} (an opening needs {minimum})"))
    else:
        facts.append(("Opening value", f"{m.value} (no minimum in {game})"))
    for joker in m.jokers:
        facts.append(("Joker", f"stands for {joker.symbol}"))
    sentence = f"Yes, {_a(game + ' ' + (m.word or 'meld'))} of {len(cards)}: {format_cards(m.declared)}"
    if m.ambiguous:
        sentence += " (the joker is read as the card worth most; type JK=9S to say which)"
    return Verdict(True, _sentence(sentence), facts, m.declared)


def _what_rumino(rumino: MeldCheck) -> str:
    """"7 of a kind: 7♠ 7♠ …" from the engine's "a rumino, 7 of a kind: …"."""
    return rumino.reason.removeprefix("a rumino, ")


def check_hand(variant: Variant, rules: Any, cards: list[Card], *, deal: int | None = None,
               upcard: str = "") -> Verdict:
    """A whole hand: the least-deadwood arrangement and what the hand may do in this game."""
    if variant.knock_game:
        return _knock_hand(variant, rules, cards, upcard)
    return _held_hand(variant, rules, cards, deal)


def _could_be_rumino(variant: Variant, cards: list[Card]) -> bool:
    """Rumino's instant win: a whole dealt hand that is one 7-card meld (the variant checks it)."""
    return hasattr(variant, "is_rumino") and len(cards) == variant.cards_dealt()


def _after_draw(variant: Variant, cards: list[Card]) -> bool:
    """One card more than a deal gives: the player drew and must throw one (or goes big gin)."""
    dealt = {variant.cards_dealt(n) for n in range(variant.min_players, variant.max_players + 1)}
    return len(cards) in {d + 1 for d in dealt if d}


def _knock_hand(variant: Variant, rules: Any, cards: list[Card], upcard: str) -> Verdict:
    limit, limit_source = _knock_limit(variant, rules, upcard)
    notes: list[Note] = []
    if _could_be_rumino(variant, cards):
        rumino = variant.is_rumino(cards, rules)
        if rumino.valid:
            return Verdict(True, _sentence(f"Rumino! {_what_rumino(rumino)}: it wins the match at once"),
                           [("Kind", "rumino")], rumino.declared, melds=(rumino.declared,), deadwood=(),
                           points=0, notes=[Note("yes", "A rumino may be claimed out of turn, on another "
                                                        "player's discard.")])
    discard = None
    if _after_draw(variant, cards):
        whole = variant.arrange(cards, rules)
        if whole.points == 0 and variant.big_gin_allowed(rules):
            return Verdict(True, "Big gin: every card is in a meld, no discard needed.", [], tuple(cards),
                           melds=whole.melds, deadwood=(), points=0)
        discard, best = variant.best_discard(cards, rules)
    else:
        best = variant.arrange(cards, rules)
    if best.points == 0:
        sentence = "Gin: every card is in a meld" + (f" after throwing {discard.symbol}" if discard else "")
        valid = True
        if rules.get("gin_score") is not None and len(best.melds) > 0:
            # a gin that scores on the gin player's own total (Rumino's "ten less")
            notes.append(Note("yes", f"Gin in {variant.name}: {rules.gin_score} to your own total.".replace("-", "−")))
    elif limit is None:
        sentence = f"Deadwood {best.points}" + (f" after throwing {discard.symbol}" if discard else "")
        sentence += ": give the upcard to see the knock limit"
        valid = None
    elif best.points <= limit:
        sentence = (f"May knock: deadwood {best.points}" + (f" after throwing {discard.symbol}" if discard else "")
                    + f", within the limit of {limit}")
        valid = True
    else:
        sentence = (f"Cannot knock: deadwood {best.points}" + (f" after throwing {discard.symbol}" if discard else "")
                    + f" is over the limit of {limit}")
        valid = False
    if limit_source:
        notes.insert(0, Note("info", limit_source))
    return Verdict(valid, _sentence(sentence), [], tuple(cards), melds=best.melds, deadwood=best.deadwood,
                   points=best.points, discard=discard, notes=notes)


def _knock_limit(variant: Variant, rules: Any, upcard: str) -> tuple[int | None, str]:
    """The knock limit and, for Oklahoma, where it came from."""
    if not variant.upcard_required:
        return rules["knock_limit"], ""
    if not upcard.strip():
        return None, ""
    try:
        card = Card.parse(upcard.strip())
        limit = variant.knock_limit(card, rules)
    except (InvalidCardError, InvalidRulesError) as exc:
        raise CheckError(_sentence(str(exc)), field="upcard") from None
    text = f"Upcard {card.symbol}: knock with {limit} or less" if limit else f"Upcard {card.symbol}: gin only"
    if card.suit == "S" and rules.get("spade_upcard_doubles"):
        text += "; a spade doubles this hand's score"
    return limit, text + "."


def _held_hand(variant: Variant, rules: Any, cards: list[Card], deal: int | None) -> Verdict:
    """A going-out game: every card held counts, so say what could be laid and what is left."""
    best = variant.arrange(cards, rules)
    notes: list[Note] = []
    if best.points == 0 and not best.deadwood:
        sentence = "Every card fits a meld"
        valid = True
    else:
        n = len(best.deadwood)
        sentence = (f"{n} card{'s' if n != 1 else ''} in no meld, worth {best.points}: "
                    f"held at the end, every card counts")
        valid = None
    minimum = opening_min(rules)
    if minimum and best.melds:
        opening = variant.check_opening([list(m) for m in best.melds], rules)
        if opening.valid:
            notes.append(Note("yes", _sentence(f"Laid in one turn, these melds {opening.reason.replace('opens', 'open', 1)}")))
        else:
            notes.append(Note("no", _sentence(f"Not enough to open: {opening.reason}")))
    if variant.contract_deals and deal is not None:
        notes.append(_contract_note(variant, rules, cards, deal))
    return Verdict(valid, _sentence(sentence), [], tuple(cards), melds=best.melds, deadwood=best.deadwood,
                   points=best.points, leftover_word="Left over", notes=notes)


def _contract_note(variant: Variant, rules: Any, cards: list[Card], deal: int) -> Note:
    """Does the hand hold deal ``deal``'s contract? The engine answers (any arrangement that holds it)."""
    found = variant.contract_in_hand(deal, cards, rules)
    if found.valid:
        laid = " | ".join(format_cards(m.declared) for m in found.melds)
        return Note("yes", _sentence(f"Meets deal {deal}'s contract: {laid}"))
    closest = " | ".join(format_cards(m.declared) for m in found.melds)
    why = found.reason.removeprefix(f"deal {deal} ")
    return Note("no", _sentence(f"Not deal {deal}'s contract: it {why}" + (f": {closest}" if closest else "")))
