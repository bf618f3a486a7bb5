"""The meld checker's verdicts: what the engine says about some cards, put in the table's words.

This module owns turning one question ("is this a meld in Ramino?", "what is this Gin hand worth, may
it knock?") into a ``Verdict`` value a template can show: one sentence with the reason, a few facts
(kind, opening value), and for a whole hand the best arrangement, the deadwood and what the hand may
do. It asks the engine everything and decides nothing about the rules itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import arrange as arrange_mod
from ..engine.cards import Card, InvalidCardError, check_copies, format_cards, parse_cards
from ..engine.melds import CONTRACTS, MeldCheck
from ..engine.variants import InvalidRulesError, Variant

#: the knock games (deadwood counts, a player may knock); the others count every card held
KNOCK_GAMES = ("rumino", "gin", "oklahoma")


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
    n = players if variant.key == "russian" else None
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
        table = f" with {players} players" if variant.key == "russian" and players else ""
        raise CheckError(_sentence(f"{exc} in {variant.name}{table}")) from None
    return cards


def opening_min(rules: Any) -> int | None:
    return rules.get("opening_min") if hasattr(rules, "get") else None


def check_one_meld(variant: Variant, rules: Any, cards: list[Card]) -> Verdict:
    """One meld: valid or not, with the engine's reason; the kind and the opening value."""
    game = variant.name
    if variant.key == "rumino" and len(cards) == 7:
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
    if variant.key in KNOCK_GAMES:
        return _knock_hand(variant, rules, cards, upcard)
    return _held_hand(variant, rules, cards, deal)


def _after_draw(variant: Variant, cards: list[Card]) -> bool:
    """One card more than a deal gives: the player drew and must throw one (or goes big gin)."""
    dealt = {variant.cards_dealt(n) for n in range(variant.min_players, variant.max_players + 1)}
    return len(cards) in {d + 1 for d in dealt if d}


def _knock_hand(variant: Variant, rules: Any, cards: list[Card], upcard: str) -> Verdict:
    limit, limit_source = _knock_limit(variant, rules, upcard)
    notes: list[Note] = []
    if variant.key == "rumino" and len(cards) == 7:
        rumino = variant.is_rumino(cards, rules)
        if rumino.valid:
            return Verdict(True, _sentence(f"Rumino! {_what_rumino(rumino)}: it wins the match at once"),
                           [("Kind", "rumino")], rumino.declared, melds=(rumino.declared,), deadwood=(),
                           points=0, notes=[Note("yes", "A rumino may be claimed out of turn, on another "
                                                        "player's discard.")])
    discard = None
    if _after_draw(variant, cards):
        whole = variant.arrange(cards, rules)
        if whole.points == 0 and variant.key != "rumino" and rules.get("big_gin_bonus") is not None:
            return Verdict(True, "Big gin: every card is in a meld, no discard needed.", [], tuple(cards),
                           melds=whole.melds, deadwood=(), points=0)
        discard, best = variant.best_discard(cards, rules)
    else:
        best = variant.arrange(cards, rules)
    if best.points == 0:
        sentence = "Gin: every card is in a meld" + (f" after throwing {discard.symbol}" if discard else "")
        valid = True
        if variant.key == "rumino" and len(best.melds) > 0:
            notes.append(Note("yes", f"Gin in Rumino: {rules.gin_score} to your own total.".replace("-", "−")))
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
    if variant.key != "oklahoma":
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
    if variant.key == "russian" and deal is not None:
        notes.append(_contract_note(variant, rules, cards, deal))
    return Verdict(valid, _sentence(sentence), [], tuple(cards), melds=best.melds, deadwood=best.deadwood,
                   points=best.points, leftover_word="Left over", notes=notes)


def _contract_note(variant: Variant, rules: Any, cards: list[Card], deal: int) -> Note:
    """Does the hand hold deal ``deal``'s contract?

    The engine checks declared melds, not hands; so the hand is arranged for the contract: books of
    exactly three (as many books as the cards allow), and no straights when the deal asks for none
    or no books when it asks for none. The melds found are then checked as a lay-down.
    """
    books, straights = CONTRACTS[deal]
    mr = variant.meld_rules(rules)
    if deal != 5:
        # deal 5 lays every card, so its book may be long; otherwise three cards make the most books
        mr = replace(mr, set_max=3)
    if not straights:
        mr = replace(mr, run_min=99)
    if not books:
        mr = replace(mr, set_min=99)
    found = arrange_mod.arrange(cards, mr, variant.values(rules))
    kinds = [(m, variant.check_meld(list(m), rules).kind) for m in found.melds]
    have_books = [m for m, kind in kinds if kind == "set"]
    have_straights = [m for m, kind in kinds if kind == "run"]
    if deal == 5:
        # deal 5 lays the whole hand at once: two straights of one suit may sit end to end
        have_straights = _split_long(have_straights, straights, 4)
    if len(have_books) < books or len(have_straights) < straights:
        return Note("no", _sentence(
            f"Not deal {deal}'s contract: it asks for {_count(books, 'book')}"
            f"{' and ' + _count(straights, 'straight') if books and straights else ''}"
            f"{_count(straights, 'straight') if straights and not books else ''}; these cards hold "
            f"{_count(len(have_books), 'book')} and {_count(len(have_straights), 'straight')}"))
    chosen = [list(m) for m in have_books[:books] + have_straights[:straights]]
    verdict = variant.check_contract(deal, chosen, rules, hand=cards if deal == 5 else None)
    if verdict.valid:
        laid = " | ".join(format_cards(m) for m in chosen)
        return Note("yes", _sentence(f"Meets deal {deal}'s contract: {laid}"))
    return Note("no", _sentence(f"Not deal {deal}'s contract: {verdict.reason}"))


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _split_long(straights: list[tuple[Card, ...]], wanted: int, shortest: int) -> list[tuple[Card, ...]]:
    """Deal 5 needs two straights; one long straight of the same suit may be two laid side by side."""
    out = list(straights)
    while len(out) < wanted:
        long = next((s for s in out if len(s) >= 2 * shortest), None)
        if long is None:
            break
        out.remove(long)
        out.extend([long[:shortest], long[shortest:]])
    return out
