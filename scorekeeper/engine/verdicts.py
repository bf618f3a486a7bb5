"""The meld checker's verdicts: what a game says about some cards, as one value a page can draw.

This module owns the answer to every question the meld checker asks a game: one meld, a whole hand
(what could be laid and what is left; whether it may knock and within which limit; whether it opens;
whether it holds the deal's contract; whether the game's own declaration test passes), melds laid
together in one turn and a lay-off on the table. ``Variant.verdict`` is the one entry point; the
families' hooks (``Variant.meld_verdict``, ``Variant.hand_verdict``) call the functions here, which ask
the game only through documented methods of ``Variant``. Every sentence is the engine's (``_``), so a
page says it in its language with the engine's catalog, and decides nothing about the rules itself.

>>> from scorekeeper.engine.variants import find_variant
>>> v = find_variant("gin").verdict("3H 4H 5H 8S 8D 8C JC QC KC AD 9D", mode="hand")
>>> v.valid, v.sentence, v.discard.symbol
(True, 'May knock: deadwood 1 after throwing 9♦, within the limit of 10', '9♦')
>>> print(as_sentence(find_variant("russian").verdict("9S 9H 9D 9C 4H 5H 6H JK KD", mode="hand", deal=3).notes[0].text))
Not deal 3's contract: deal 3 asks for 2 books and 1 straight; these cards hold 1 book and 1 straight at once: 4♥ 5♥ 6♥ JKR=7♥ | 9♠ 9♥ 9♦.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .cards import Card, format_cards
from .i18n import Message, _, _n
from .melds import MeldCheck
from .errors import Refusal

__all__ = ["Note", "Verdict", "as_sentence", "one_meld", "held_hand", "knock_hand", "laid_together", "lay_off"]


@dataclass(frozen=True)
class Note:
    """One line under a verdict: ``tone`` is ``yes``, ``no`` or ``info``."""

    tone: str
    text: str


@dataclass
class Verdict:
    """What a game says about some cards. ``valid`` is None when the cards settle nothing (a hand that
    may or may not go on; a knock limit still to be given).

    ``sentence`` leads; ``facts`` are (label, value) pairs (the kind, the opening value, what a joker
    stands for, what the meld scores); ``cards`` are the cards as judged (jokers carrying what they
    stand for). A whole hand adds its best arrangement (``melds``, titled ``melds_title``), what is left
    (``leftover``, called ``leftover_word``, worth ``points``; drawn when ``show_leftover``), the card to
    throw (``discard``) and ``notes``: the opening, the contract, the knock limit's source.
    ``no_melds`` says why the arrangement holds no meld where the cards hold some that count nothing.
    """

    valid: bool | None
    sentence: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    leftover: tuple[Card, ...] = ()
    points: int | None = None
    leftover_word: str = _("Deadwood")
    melds_title: str = _("Best arrangement")
    show_leftover: bool = True
    discard: Card | None = None
    notes: list[Note] = field(default_factory=list)
    no_melds: str | None = None


def as_sentence(text: str) -> str:
    """A verdict's words, once said in the page's language, as a sentence: the first letter capital
    and a full stop at the end (the engine's sentences are phrased to sit inside others, so they are
    kept lower-case until shown)."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _an(game: str) -> bool:
    """English says "an" before these names."""
    return game[:1].lower() in "aeiou"


def _what_rumino(rumino: MeldCheck) -> Message:
    return _("{what}: {cards}", what=rumino.what or "", cards=format_cards(rumino.declared))


# -- one meld -----------------------------------------------------------------------------------------


def one_meld(game: Any, cards: list[Card], rules: Any, **deal: Any) -> Verdict:
    """One meld: valid or not with the game's reason; its kind, the opening value where the game has
    openings, what it scores where melds score, what each joker stands for. A hand that wins the match
    at once (``instant_win``) says so first."""
    rumino = game.instant_win(cards, rules)
    if rumino is not None:
        return Verdict(True, (_("A rumino, {what}: it wins the match at once", what=_what_rumino(rumino))),
                       [(_("Kind"), rumino.word or "")], rumino.declared)
    m: MeldCheck = game.check_meld(cards, rules, **deal)
    if m.valid and m.facts:
        # the game says what the meld is in its own words, and the facts that go with it
        return Verdict(True, (_("Yes: {what}", what=m.reason)), list(m.facts), m.declared)
    name = game.name
    if not m.valid:
        said = (_("Not an {game} meld: {reason}", game=name, reason=m.reason) if _an(name)
                else _("Not a {game} meld: {reason}", game=name, reason=m.reason))
        return Verdict(False, (said), [], tuple(cards))
    facts: list[tuple[str, str]] = [(_("Kind"), m.word or m.kind or "")]
    minimum = game.opening_minimum(rules)
    if minimum:
        facts.append((_("Opening value"), _("{value} (an opening needs {minimum})", value=m.value, minimum=minimum)))
    elif minimum is not None:  # a game with openings, set to no minimum
        facts.append((_("Opening value"), _("{value} (no minimum in {game})", value=m.value, game=name)))
    worth = game.meld_points(m.declared, rules)
    if worth is not None:
        facts.append((_("Scores"), _n("{count} point", "{count} points", worth)))
    for joker in m.jokers:
        facts.append((_("Joker"), _("stands for {card}", card=joker.symbol)))
    values = {"game": name, "kind": m.word or _("meld"), "count": len(cards), "cards": format_cards(m.declared)}
    sentence = (_("Yes, an {game} {kind} of {count}: {cards}", **values) if _an(name)
                else _("Yes, a {game} {kind} of {count}: {cards}", **values))
    if m.ambiguous:
        sentence = _("{said} (the joker is read as the card worth most; type JK=9S to say which)", said=sentence)
    return Verdict(True, (sentence), facts, m.declared)


def lay_off(game: Any, text: str, rules: Any) -> Verdict:
    """Cards laid off on a meld on the table ("KC / 10C JC QC"), in a game where lay-offs score for
    the player who lays them (``laid_groups``): whether they fit, and what they score."""
    try:
        found = game.laid_groups(text, rules) or []
    except Refusal as exc:
        return Verdict(False, (_("Not a lay-off in {game}: {reason}", game=game.name, reason=exc.args[0])))
    if len(found) != 1:
        return Verdict(False, (_("One lay-off at a time: the cards, / and the meld they go on")))
    said, points = found[0]
    return Verdict(True, (_("Yes, a lay-off: {cards}", cards=said)),
                   [(_("Scores"), _n("{count} point", "{count} points", points))])


def laid_together(game: Any, cards: list[Card], rules: Any, minimum: int | None) -> Verdict:
    """Cards laid in one turn (the Canasta family, ``check_laid``): the melds they make, each in the
    game's words with its card points, and whether together they reach the first meld's ``minimum``."""
    laid = game.check_laid(cards, rules, minimum)
    notes = [Note("info", (_("Meld {number}: {what}, {points}", number=i, what=m.reason,
                                      points=_n("{count} point", "{count} points", m.value))))
             for i, m in enumerate(laid.melds, start=1)] if laid.valid else []
    return Verdict(laid.valid, (laid.reason), [], tuple(cards),
                   melds=tuple(m.declared for m in laid.melds if m.valid) if laid.valid else (),
                   points=laid.value if laid.valid else None, melds_title=_("The melds"), show_leftover=False,
                   notes=notes)


# -- a whole hand -------------------------------------------------------------------------------------


def held_hand(game: Any, cards: list[Card], rules: Any, deal: int | None = None, **fields: Any) -> Verdict:
    """A going-out game's whole hand: every card held counts, so say what could be laid and what is
    left; then the game's own declaration test (``check_declaration``) where it has one, else whether
    the melds open (``opening_minimum``, ``check_opening``) and whether the hand holds deal ``deal``'s
    contract (``contract_in_hand``)."""
    best = game.arrange(cards, rules, **fields)
    declaration = game.check_declaration(cards, rules, **fields)
    if declaration is not None:
        # the game's own test of a whole hand (a declaration): its verdict leads, the count follows
        n = len(best.deadwood)
        if declaration.counted_whole:
            # the groups the cards hold count nothing: every card counts, and the reason is said
            left = _n("every card counts: {count} card, worth {points}",
                      "every card counts: {count} cards, worth {points}", n, points=best.points)
            no_melds = _("no group counts: {why}", why=declaration.counted_whole)
        else:
            left = (_n("{count} card in no group, worth {points}", "{count} cards in no group, worth {points}", n,
                       points=best.points) if n else _("Every card is in a group"))
            no_melds = None
        return Verdict(declaration.valid, (declaration.reason), [], tuple(cards), melds=best.melds,
                       leftover=best.deadwood, points=best.points, leftover_word=_("Left over"),
                       notes=[Note("info", (left))], no_melds=no_melds)
    notes: list[Note] = []
    if best.points == 0 and not best.deadwood:
        sentence, valid = _("Every card fits a meld"), True
    else:
        sentence = _n("{count} card in no meld, worth {points}: held at the end, every card counts",
                      "{count} cards in no meld, worth {points}: held at the end, every card counts",
                      len(best.deadwood), points=best.points)
        valid = None
    minimum = game.opening_minimum(rules)
    if minimum and best.melds:
        opening = game.check_opening([list(m) for m in best.melds], rules)
        if opening.valid:
            notes.append(Note("yes", (_("An opening, laid in one turn: {reason}", reason=opening.reason))))
        else:
            notes.append(Note("no", (_("Not enough to open: {reason}", reason=opening.reason))))
    if deal is not None and game.contract(deal, rules) is not None:
        notes.append(contract_note(game, cards, rules, deal))
    return Verdict(valid, (sentence), [], tuple(cards), melds=best.melds, leftover=best.deadwood,
                   points=best.points, leftover_word=_("Left over"), notes=notes)


def contract_note(game: Any, cards: list[Card], rules: Any, deal: int) -> Note:
    """Does the hand hold deal ``deal``'s contract? The engine's one search answers (any arrangement
    that holds it), with the lay-down it found or the closest the hand comes."""
    found = game.contract_in_hand(deal, cards, rules)
    laid = " | ".join(format_cards(m.declared) for m in found.melds)
    if found.valid:
        return Note("yes", (_("Meets deal {deal}'s contract: {melds}", deal=deal, melds=laid)))
    said = _("Not deal {deal}'s contract: {why}", deal=deal, why=found.reason)
    return Note("no", (_("{said}: {melds}", said=said, melds=laid) if laid else said))


def _after_draw(game: Any, cards: list[Card]) -> bool:
    """One card more than a deal gives: the player drew and must throw one (or goes big gin)."""
    dealt = {game.cards_dealt(n) for n in range(game.min_players, game.max_players + 1)}
    return len(cards) in {d + 1 for d in dealt if d}


def knock_hand(game: Any, cards: list[Card], rules: Any, upcard: Card | None = None) -> Verdict:
    """A knock game's whole hand: the least deadwood (after the best discard when the hand holds the
    card drawn), and whether it may knock: gin, big gin, within the knock limit (``knock_limit_with``,
    from the upcard where the game needs one), or a rumino that wins at once."""
    limit, source = _knock_limit(game, rules, upcard)
    notes: list[Note] = []
    rumino = game.instant_win(cards, rules)
    if rumino is not None:
        return Verdict(True, (_("Rumino! {what}: it wins the match at once", what=_what_rumino(rumino))),
                       [(_("Kind"), rumino.word or "")], rumino.declared, melds=(rumino.declared,), leftover=(),
                       points=0, notes=[Note("yes", _("A rumino may be claimed out of turn, on another player's "
                                                      "discard"))])
    discard = None
    if _after_draw(game, cards):
        whole = game.arrange(cards, rules)
        if whole.points == 0 and game.big_gin_allowed(rules):
            return Verdict(True, _("Big gin: every card is in a meld, no discard needed"), [], tuple(cards),
                           melds=whole.melds, leftover=(), points=0)
        discard, best = game.best_discard(cards, rules)
    else:
        best = game.arrange(cards, rules)
    points = best.points
    if points == 0:
        # the game's own name for a hand with every card melded ("Gin")
        end = game.end(game.all_melded_end).label
        sentence = (_("{end}: every card is in a meld after throwing {card}", end=end, card=discard.symbol)
                    if discard else _("{end}: every card is in a meld", end=end))
        valid: bool | None = True
        own = game.gin_own_total(rules)
        if own is not None and len(best.melds) > 0:
            # a gin that scores on the gin player's own total (Rumino's "ten less")
            notes.append(Note("yes", _("Gin in {game}: {score:+d} to your own total", game=game.name, score=own)))
    elif limit is None and not game.upcard_required:
        sentence = (_("May knock: deadwood {points} after throwing {card} (any deadwood may knock)", points=points,
                      card=discard.symbol) if discard
                    else _("May knock: deadwood {points} (any deadwood may knock)", points=points))
        valid = True
    elif limit is None:
        sentence = (_("Deadwood {points} after throwing {card}: give the upcard to see the knock limit",
                      points=points, card=discard.symbol) if discard
                    else _("Deadwood {points}: give the upcard to see the knock limit", points=points))
        valid = None
    elif points <= limit:
        sentence = (_("May knock: deadwood {points} after throwing {card}, within the limit of {limit}",
                      points=points, card=discard.symbol, limit=limit) if discard
                    else _("May knock: deadwood {points}, within the limit of {limit}", points=points, limit=limit))
        valid = True
    else:
        sentence = (_("Cannot knock: deadwood {points} after throwing {card} is over the limit of {limit}",
                      points=points, card=discard.symbol, limit=limit) if discard
                    else _("Cannot knock: deadwood {points} is over the limit of {limit}", points=points,
                           limit=limit))
        valid = False
    if source:
        notes.insert(0, Note("info", source))
    return Verdict(valid, (sentence), [], tuple(cards), melds=best.melds, leftover=best.deadwood,
                   points=points, discard=discard, notes=notes)


def _knock_limit(game: Any, rules: Any, upcard: Card | None) -> tuple[int | None, str]:
    """The knock limit and, where an upcard sets it (Oklahoma), what the upcard said."""
    if not game.upcard_required:
        return game.knock_limit_with(None, rules), ""
    if upcard is None:
        return None, ""
    limit = game.knock_limit_with(upcard, rules)
    text = (_("Upcard {card}: knock with {limit} or less", card=upcard.symbol, limit=limit) if limit
            else _("Upcard {card}: gin only", card=upcard.symbol))
    note = game.upcard_note(upcard, rules)
    if note:
        text = _("{limit}; {note}", limit=text, note=note)
    return limit, text
