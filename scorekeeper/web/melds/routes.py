"""The meld checker page: open to anyone, no table needed.

One URL, ``/melds``, read-only and driven by query parameters, so a verdict is a link. A plain GET
form gives the whole page; an htmx request (the card picker's live preview, or a change of mode,
deal or upcard) gets only the verdict fragment, the same template the page includes. Input that
cannot be judged (a token that is not a card, more copies than the deck holds, a bad upcard) comes
back beside its field with status 422, never a 500.
"""

from __future__ import annotations

from flask import Blueprint, request, url_for

from ..i18n import lazy_gettext, refusal
from ...engine.limits import hand_cards_limit, solver_cards_limit
from ...engine.variants import find_variant
from ...engine.decks import StandardPack
from ..picker import cards_text
from ..util import render_page, wants_fragment
from .checker import CheckError, Verdict, ask, deck_for, parse_upcard, read_cards
from .forms import MeldCheckForm, default_players, default_variant

bp = Blueprint("melds", __name__)

#: the most copies of each card the picker's grid offers: a deck of five packs (Hand and Foot) would draw
#: five boxes a card, and three are more than a meld of one rank needs (four suits); more can be typed
GRID_COPIES = 3

#: what the page says before any card is chosen, by mode
PROMPTS = {
    "meld": lazy_gettext("Tap the cards of one meld to check it."),
    "hand": lazy_gettext("Tap every card of the hand to see its best arrangement."),
    "laid": lazy_gettext("Tap every card laid in one turn to see its melds and what they are worth."),
}


@bp.get("/melds")
def check():
    form = MeldCheckForm(request.args)
    variant = find_variant(form.chosen("variant", default_variant()))
    form.variant.data = variant.key
    form.offer(variant)
    mode = form.chosen("mode", "meld")
    form.mode.data = mode
    players = int(form.chosen("players", str(default_players(variant))))
    form.players.data = str(players)
    deal = int(form.chosen("deal", "1"))
    form.deal.data = str(deal)
    upcard = (form.upcard.data or "").strip()
    # the deal's wild rank, by the name the game's entry fields give it
    rank = form.chosen("rank", "")
    form.rank.data = rank
    wild = {form.rank_field.name: rank} if form.rank_field is not None and rank else {}

    rules, copies, jokers = deck_for(variant, players)
    deck = variant.deck(rules) if variant.uses_cards else None
    if deck is not None and not isinstance(deck, StandardPack):
        copies = deck.copies()  # a game's own deck: its copies of each card (its specials say their own)
    text = cards_text(request.args, "cards", deck)
    errors: dict[str, str] = {}
    laid = variant.checks_laid_melds and mode == "hand"
    minimum = None
    if form.first_meld:
        # the first meld's minimum, as the table picks it (by the side's total, by the round): a link may
        # carry one, else the game's usual one (a match's start)
        key = form.chosen("opening", form.first_meld_usual)
        form.opening.data = key
        minimum = form.first_meld[key] if laid else None
    verdict = Verdict(None, PROMPTS["laid" if laid else mode])
    try:
        # A whole hand is arranged, so it is held to what the search is given anywhere (the deal and the
        # draw); one meld is only checked, so it may be as long as any hand of the game.
        # Melds laid together are checked card by card, not arranged: they take what the game says.
        limit = (variant.laid_cards_limit if laid else solver_cards_limit(variant) if mode == "hand"
                 else hand_cards_limit(variant))
        laid_off = mode == "meld" and "/" in text and variant.lays_off(rules)
        cards = [] if laid_off else read_cards(text, variant, copies, jokers, limit, players)
        if laid_off:
            # a game where lay-offs score: "KC / 10C JC QC" is a card laid off on a meld on the table
            verdict = ask(variant, rules, text, "lay_off")
        elif cards:
            # the deal, the upcard and the first meld's minimum go with every whole hand: the game reads
            # those it has
            verdict = ask(variant, rules, cards, mode, deal=deal, minimum=minimum,
                          upcard=parse_upcard(upcard) if variant.upcard_required else None, **wild)
    except CheckError as exc:
        errors[exc.field] = refusal(exc)
        verdict = Verdict(None, "")
    if "upcard" in errors:
        form.upcard.errors = [errors["upcard"]]
    return render_page(
        "melds/check.html", "melds/partials/verdict.html", status=422 if errors else 200,
        form=form, variant=variant, mode=mode, cards_value=text, copies=min(copies, GRID_COPIES), jokers=jokers,
        verdict=verdict, errors=errors, preview_url=url_for("melds.check"), as_fragment=wants_fragment(),
        deck=deck,
    )
