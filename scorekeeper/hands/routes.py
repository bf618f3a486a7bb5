"""Hand routes: record, void, view, edit, delete and restore a hand.

Every save goes through the matches service, which replays the whole match first: a hand the engine
refuses comes back with the form filled in and the reason beside the field (422), a stale sheet comes
back with the typed values kept (409), and a double tap records one hand.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from ..engine.variants import find_variant
from ..engine.cards import check_copies, parse_cards
from ..engine.limits import check_hand_cards, solver_cards_limit
from ..extensions import db
from ..picker import cards_text
from ..matches import service
from ..matches.routes import scoreboard_context
from ..util import ButtonForm, render_page, wants_fragment
from .forms import build_hand_form, form_data_from_payload, payload_from_form

bp = Blueprint("hands", __name__)

def _players_in(match, standings) -> list[Any]:
    players = service.seated_players(match)
    if standings is None:
        return players
    state = {p.name: p.state for p in standings.players}
    return [p for p in players if state.get(p.name) == "in"]


def entry_form_context(table, match, standings=None, form=None) -> dict[str, Any]:
    """The hand form for the scoreboard (or the record page), for the players still in."""
    variant = find_variant(match.variant)
    if form is None:
        form = build_hand_form(variant, _players_in(match, standings), version=match.version)
    return {"entry_form": form,
            "entry_action": url_for("hands.new", token=table.token, match_id=match.id),
            "preview_url": url_for("hands.preview", token=table.token, match_id=match.id),
            "cards_url": url_for("hands.cards_value", token=table.token, match_id=match.id),
            "deck": _deck(match, variant)}


def _edit_context(table, match) -> dict[str, Any]:
    """What the hand form needs on the edit page (its card pickers; no live preview of a new hand)."""
    return {"deck": _deck(match, find_variant(match.variant)),
            "cards_url": url_for("hands.cards_value", token=table.token, match_id=match.id)}


def _deck(match, variant) -> dict[str, int]:
    """How many copies of each card and how many jokers the card picker offers for this match."""
    if not variant.uses_cards:
        return {"copies": 1, "jokers": 0}
    n = len(match.seats)
    try:
        rules = variant.rules(n, **(match.rules or {}))
        return {"copies": variant.decks(n), "jokers": variant.jokers(n, rules)}
    except ValueError:
        return {"copies": variant.decks(n), "jokers": 0}


def _apply_engine_error(form, exc: ValueError, players) -> None:
    """Put the engine's reason beside the field it is about."""
    message = str(exc)
    field_name = getattr(exc, "field", None)
    player = getattr(exc, "player", None)
    target = None
    if player is not None:
        pid = next((p.id for p in players if p.name == player), None)
        if pid is not None:
            kind = "cards" if field_name == "cards" and hasattr(form, f"cards_{pid}") else "points"
            target = getattr(form, f"{kind}_{pid}", None)
            if field_name in ("by",) and hasattr(form, "by"):
                target = form.by
    if target is None and field_name in ("end", "by", "upcard") and hasattr(form, field_name):
        target = getattr(form, field_name)
    if target is not None:
        target.errors = list(target.errors) + [message]
    else:
        form.form_errors.append(message)


def _form_version(form) -> int:
    """The version the form was drawn from (-1, a stale sheet, for anything that is not one)."""
    text = form.version.data or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else -1


def _form_page(table, match, form, status: int, message: str | None = None, entry=None):
    """The hand form again, filled in, with its errors (the scoreboard, or the edit page)."""
    if status == 409:
        # What was typed is kept, but the form now carries the sheet's new version, so that
        # "save again" (after checking the scores) goes through.
        db.session.refresh(match)
        form.version.data = str(match.version)
    if entry is not None:
        return render_template("hands/edit.html", table=table, match=match, entry=entry, form=form,
                               variant=find_variant(match.variant), message=message,
                               **_edit_context(table, match)), status
    context = scoreboard_context(table, match, message=message)
    context.update(entry_form_context(table, match, context["standings"], form=form))
    return render_page("hands/new.html", "matches/partials/scoreboard.html", status=status, **context)


@bp.route("/t/<token>/m/<int:match_id>/hands/new", methods=["GET", "POST"])
def new(token: str, match_id: int):
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    variant = find_variant(match.variant)
    if request.method == "GET":
        context = scoreboard_context(table, match)
        context.update(entry_form_context(table, match, context["standings"]))
        return render_template("hands/new.html", **context)
    try:
        standings = service.standings(match)
    except ValueError:
        standings = None
    form = build_hand_form(variant, _players_in(match, standings), formdata=request.form)
    if not form.validate_on_submit():
        return _form_page(table, match, form, 422)
    version = _form_version(form)
    try:
        entry = service.add_entry(match, payload_from_form(form, variant), version=version,
                                  key=form.key.data)
    except service.StaleSheetError as exc:
        return _form_page(table, match, form, 409, message=exc.message)
    except service.MatchClosedError as exc:
        return _form_page(table, match, form, 422, message=exc.message)
    except ValueError as exc:
        _apply_engine_error(form, exc, form.players)
        return _form_page(table, match, form, 422)
    return _after_save(table, match, entry)


@bp.post("/t/<token>/m/<int:match_id>/hands/preview")
def preview(token: str, match_id: int):
    """The hand's scores as typed so far, with their explanations (never saves anything)."""
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    variant = find_variant(match.variant)
    try:
        standings = service.standings(match)
    except ValueError:
        standings = None
    form = build_hand_form(variant, _players_in(match, standings), formdata=request.form)
    result, error = None, None
    if not form.validate():
        error = "Fix the marked boxes to see the scores."
    else:
        try:
            result = service.preview(match, payload_from_form(form, variant))
        except ValueError as exc:
            error = str(exc)
    return render_template("hands/partials/preview.html", preview={"result": result, "error": error})


@bp.get("/t/<token>/m/<int:match_id>/hands/cards")
def cards_value(token: str, match_id: int):
    """What one player's tapped cards are worth: the counted penalty, or in a knock game the least
    deadwood with the melds found (the card picker's live line)."""
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    variant = find_variant(match.variant)
    player = request.args.get("player", type=int)
    if player not in match.seats or not variant.uses_cards:
        return render_template("hands/partials/cards_value.html", value=None, error=None)
    text = cards_text(request.args, f"cards_{player}")
    deck = _deck(match, variant)
    value, error = None, None
    try:
        cards = parse_cards(text)
        rules = variant.rules(len(match.seats), **(match.rules or {}))
        # Refused before the search: the solver's cost grows steeply with the cards it is given.
        check_hand_cards(cards, variant, len(match.seats), rules)
        check_copies(cards, decks=deck["copies"], jokers=deck["jokers"])
        if cards:
            # A longer hand than the deal and the draw (Russian's claims) is counted, not arranged.
            fits = len(cards) <= solver_cards_limit(variant, len(match.seats), rules)
            arrangement = variant.arrange(cards, rules) if fits else None
            counted = sum(variant.card_value(c, rules) for c in cards)
            value = {"cards": cards, "arrangement": arrangement, "counted": counted,
                     "knock_game": variant.knock_game}
    except ValueError as exc:
        error = str(exc)
    return render_template("hands/partials/cards_value.html", value=value, error=error)


@bp.post("/t/<token>/m/<int:match_id>/rebuy")
def rebuy(token: str, match_id: int):
    """Accept an open rebuy (buy-in) for a player who was knocked out by the last hand."""
    player = request.form.get("player", type=int)
    return _button_entry(token, match_id, lambda match: {"kind": "rebuy", "player": player}
                         if player in match.seats else None, "Choose a player of this match to rebuy.")


@bp.post("/t/<token>/m/<int:match_id>/void")
def void(token: str, match_id: int):
    """A void hand (a dead hand, a misdeal): nothing scores and the same dealer deals again."""
    return _button_entry(token, match_id, lambda match: {"kind": "void"}, "")


def _button_entry(token: str, match_id: int, make_payload, refusal: str):
    """Record the entry a one-button form stands for (a rebuy, a void hand)."""
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    if not ButtonForm().validate_on_submit():
        return redirect(url_for("matches.show", token=token, match_id=match_id))
    payload = make_payload(match)
    if payload is None:
        return _scoreboard_message(table, match, refusal, 422)
    version = request.form.get("version", type=int)
    try:
        entry = service.add_entry(match, payload, version=version if version is not None else -1,
                                  key=request.form.get("key") or None)
    except service.StaleSheetError as exc:
        return _scoreboard_message(table, match, exc.message, 409)
    except ValueError as exc:
        return _scoreboard_message(table, match, str(exc), 422)
    return _after_save(table, match, entry)


def _after_save(table, match, entry):
    """PRG without JavaScript; the fresh scoreboard (with a new blank form) for htmx."""
    if wants_fragment():
        context = scoreboard_context(table, match)
        context["highlight"] = entry.id
        context.update(entry_form_context(table, match, context["standings"]))
        return render_template("matches/partials/scoreboard.html", **context)
    return redirect(url_for("matches.show", token=table.token, match_id=match.id, new=entry.id) + "#sheet")


def _scoreboard_message(table, match, message: str, status: int):
    context = scoreboard_context(table, match, message=message)
    context.update(entry_form_context(table, match, context["standings"]))
    return render_page("matches/show.html", "matches/partials/scoreboard.html", status=status, **context)


def _entry_result(match, entry):
    """The replayed result of ``entry`` (None if it is deleted or the match does not replay)."""
    try:
        standings = service.standings(match)
    except ValueError:
        return None, None
    live = service.live_entries(match)
    for i, e in enumerate(live):
        if e.id == entry.id:
            return standings, standings.hands[i]
    return standings, None


@bp.get("/t/<token>/m/<int:match_id>/hands/<int:entry_id>")
def show(token: str, match_id: int, entry_id: int):
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    entry = service.entry_or_404(match, entry_id)
    standings, result = _entry_result(match, entry)
    names = {str(p.id): p.name for p in table.players}
    trail = [{"at": h["at"], "change": h.get("change", "edited"),
              "was": service.payload_to_document(h["payload"], names)} for h in (entry.history or [])]
    number = sum(1 for e in service.live_entries(match) if e.position <= entry.position)
    return render_template("hands/show.html", table=table, match=match, entry=entry, result=result,
                           number=number, trail=trail, button=ButtonForm(),
                           variant=find_variant(match.variant),
                           document_entry=service.payload_to_document(entry.payload, names))


@bp.route("/t/<token>/m/<int:match_id>/hands/<int:entry_id>/edit", methods=["GET", "POST"])
def edit(token: str, match_id: int, entry_id: int):
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    entry = service.entry_or_404(match, entry_id)
    variant = find_variant(match.variant)
    if entry.kind != "hand" or entry.deleted_at is not None:
        return redirect(url_for("hands.show", token=token, match_id=match_id, entry_id=entry_id))
    # Everyone who was in for that hand: the players named in it, or everyone seated.
    seated = service.seated_players(match)
    held = set((entry.payload.get("held") or {}).keys())
    players = [p for p in seated if str(p.id) in held or str(p.id) == str(entry.payload.get("by"))] or seated
    if request.method == "GET":
        form = build_hand_form(variant, players, data=form_data_from_payload(entry.payload),
                               version=match.version)
        return render_template("hands/edit.html", table=table, match=match, entry=entry, form=form,
                               variant=variant, message=None, **_edit_context(table, match))
    form = build_hand_form(variant, players, formdata=request.form)
    if not form.validate_on_submit():
        return _form_page(table, match, form, 422, entry=entry)
    version = _form_version(form)
    try:
        service.edit_entry(match, entry, payload_from_form(form, variant), version=version)
    except service.StaleSheetError as exc:
        return _form_page(table, match, form, 409, message=exc.message, entry=entry)
    except service.MatchClosedError as exc:
        return _form_page(table, match, form, 422, message=exc.message, entry=entry)
    except ValueError as exc:
        _apply_engine_error(form, exc, players)
        return _form_page(table, match, form, 422, entry=entry)
    return redirect(url_for("matches.show", token=token, match_id=match_id, new=entry.id) + "#sheet")


def _change(token: str, match_id: int, entry_id: int, action):
    table = service.table_or_404(token)
    match = service.match_or_404(table, match_id)
    entry = service.entry_or_404(match, entry_id)
    form = ButtonForm()
    if form.validate_on_submit():
        version = request.form.get("version", type=int)
        try:
            action(match, entry, version=version if version is not None else -1)
        except service.StaleSheetError as exc:
            return _scoreboard_message(table, match, exc.message, 409)
        except ValueError as exc:
            return _scoreboard_message(table, match, str(exc), 422)
    return redirect(url_for("matches.show", token=token, match_id=match_id) + "#sheet")


@bp.post("/t/<token>/m/<int:match_id>/hands/<int:entry_id>/delete")
def delete(token: str, match_id: int, entry_id: int):
    return _change(token, match_id, entry_id, service.delete_entry)


@bp.post("/t/<token>/m/<int:match_id>/hands/<int:entry_id>/restore")
def restore(token: str, match_id: int, entry_id: int):
    return _change(token, match_id, entry_id, service.restore_entry)
