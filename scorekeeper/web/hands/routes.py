"""Hand routes: record, void, view, edit, delete and restore a hand.

Every save goes through the matches service, which replays the whole match first: a hand the engine
refuses comes back with the form filled in and the reason beside the field (422), a stale sheet comes
back with the typed values kept (409), and a double tap records one hand.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask import Blueprint, redirect, render_template, request, url_for

from ...engine.errors import Refusal
from ..i18n import refusal as refusal_of, speak
from ...engine.variants import find_variant
from ...engine.cards import check_copies, parse_cards
from ...engine.decks import StandardPack
from ..extensions import db
from ..guards import form_id
from ..picker import cards_text
from ... import service
from ...service import worth
# the module, not its names: scoreboard imports this package's forms while it loads
from .. import scoreboard
from ..util import ButtonForm, wants_fragment
from ..hand_form import build_hand_form, entry_sides, form_data_from_payload, match_fields, payload_from_form

bp = Blueprint("hands", __name__)

def _edit_context(table, match, entry) -> dict[str, Any]:
    """What the hand form needs on the edit page: its card pickers and its own live preview."""
    variant = find_variant(match.variant)
    return {"deck": scoreboard.deck_for(match, variant), "upcard_limits": scoreboard.upcard_limits(match, variant),
            "cards_url": url_for("hands.cards_value", token=table.token, match_id=match.id),
            "preview_url": url_for("hands.edit_preview", token=table.token, match_id=match.id,
                                   entry_id=entry.id)}


def _apply_engine_error(form, exc: ValueError, players) -> None:
    """Put the engine's reason beside the field it is about."""
    message = scoreboard.refusal_words(form.variant, refusal_of(exc))
    field_name = getattr(exc, "field", None)
    player = getattr(exc, "player", None)
    side = getattr(exc, "side", None)
    target = None
    for fs in list(getattr(form, "sides", None) or ()) + list(getattr(form, "alone_sides", None) or ()):
        # a side's refusal beside that side's box (the side as the engine names it: the document's name)
        if side is not None and side in (fs.name, fs.key):
            target = getattr(form, fs.prefix + str(field_name), None)
    if target is None and player is not None:
        pid = next((p.id for p in players if p.name == player), None)
        if pid is not None:
            # the player's box for that field (points_7, cards_7, melds_7), else the player's first points box
            target = getattr(form, f"{field_name}_{pid}", None) if field_name else None
            # a field of the whole hand about this player (the winner's declared melds): that field
            if target is None and field_name and field_name != "points":
                target = form._fields.get(field_name)
            if target is None:
                first = form.piles[0][0].name if form.piles else "points"
                target = getattr(form, f"{first}_{pid}", None)
            if field_name in ("by",) and hasattr(form, "by"):
                target = form.by
    if target is None and player is not None and field_name and getattr(form, "sides", None):
        pid = next((p.id for p in players if p.name == player), None)
        target = getattr(form, f"{field_name}_{pid}", None)
    if target is None and field_name in ("end", "by", "upcard", "concealed", "lone") and hasattr(form, field_name):
        target = getattr(form, field_name)
    if target is not None:
        target.errors = list(target.errors) + [message]
    else:
        form.form_errors.append(message)


def _form_version(form) -> int:
    """The version the form was drawn from (-1, a stale sheet, for anything that is not one)."""
    text = form.version.data or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else -1


def _form_page(table, match, form, status: int, entry=None, stale_version: int | None = None):
    """The hand form again, filled in, with its errors (the scoreboard, or the edit page): the first
    refusal is focused beside its field and said again at the Save button, and nowhere else (the live
    preview below the boxes stays empty until something is typed again); a stale sheet says what
    the other phone changed, at the Save button, and keeps the form's old version so that a plain
    second tap on Save cannot record the hand twice."""
    extra: dict[str, Any] = {"first_error": scoreboard.first_error(form) if status == 422 else None}
    if status == 409:
        db.session.refresh(match)
        extra["conflict"] = scoreboard.conflict_context(match, stale_version if stale_version is not None else -1)
    if entry is not None:
        return render_template("hands/edit.html", table=table, match=match, entry=entry, form=form,
                               variant=find_variant(match.variant), number=scoreboard.entry_label(match, entry),
                               **extra, **_edit_context(table, match, entry)), status
    return scoreboard.render_scoreboard(table, match, status=status, page="hands/new.html", form=form, **extra)


def _boxes_ok(form, match, variant) -> bool:
    """Each player's cards box on its own: a card typed more often than the deck holds is refused
    beside that box (the whole hand's check would say it at the top of the form)."""
    deck = scoreboard.deck_for(match, variant)
    ok = True
    suit = getattr(form, "upcard_suit", None)
    if suit is not None and not suit.data and form.upcard.data in [c.value for c in form.upcard.choices]:
        form.upcard.errors = list(form.upcard.errors) + [gettext("Tap the upcard's suit too.")]
        ok = False
    own = deck["deck"] is not None and not isinstance(deck["deck"], StandardPack)
    names = [spec.name for spec in form.entry_fields.per_player if spec.kind == "cards"]
    for p in form.players:
        field = next((getattr(form, f"{name}_{p.id}") for name in names
                      if getattr(form, f"{name}_{p.id}", None) is not None), None)
        if field is None or not (field.data or "").strip():
            continue
        try:
            if own:
                deck["deck"].check_copies(deck["deck"].parse(field.data))
            else:
                check_copies(parse_cards(field.data), decks=deck["copies"], jokers=deck["jokers"])
        except Refusal as exc:
            field.errors = list(field.errors) + [refusal_of(exc)]
            ok = False
    return ok


def _posted_version(form) -> tuple[int, int]:
    """The version the form was drawn from, and the one to save against: the same, unless the user
    chose "add mine as the next hand" after a stale sheet (that button carries the new version)."""
    drawn = _form_version(form)
    accepted = request.form.get("accept_version", "")
    ok = accepted.isascii() and accepted.isdigit() and len(accepted) <= 18
    return drawn, int(accepted) if ok else drawn


@bp.route("/t/<token>/m/<dbid:match_id>/hands/new", methods=["GET", "POST"])
def new(token: str, match_id: int):
    match = service.match_of_table(token, match_id)
    table = match.table
    variant = find_variant(match.variant)
    if request.method == "GET":
        return render_template("hands/new.html", **scoreboard.scoreboard_context(table, match))
    standings = service.current_standings_or_none(match)
    form = build_hand_form(variant, scoreboard.players_in(match, standings), formdata=request.form,
                           match=match)
    if not (form.validate_on_submit() & _boxes_ok(form, match, variant)):
        return _form_page(table, match, form, 422)
    drawn, version = _posted_version(form)
    try:
        entry = service.add_entry(match, payload_from_form(form, variant), version=version,
                                  key=form.key.data)
    except service.StaleMatchError:
        if _over(match):
            return _match_over(table, match, 409)
        return _with_version(_form_page(table, match, form, 409, stale_version=drawn), match)
    except service.MatchClosedError as exc:
        # the scoreboard of a match ended early has no hand form: say it at the top, with Reopen below
        return _match_over(table, match, 422, speak(exc.message))
    except Refusal as exc:
        if _over(match):
            return _match_over(table, match, 409)
        _apply_engine_error(form, exc, form.players)
        return _form_page(table, match, form, 422)
    # the page that sent it was drawn at ``drawn``: only its grid's changes are sent (not after "add mine
    # as the next hand", whose page is older than the version it saved against)
    return _after_save(table, match, entry, since=drawn if drawn == version else None)


#: response headers that say, to a script (static/js/offline.js), the match's version now and, when it
#: takes no more hands, why: "finished" (its hands ended it) or "abandoned" (ended early)
VERSION_HEADER = "Scorekeeper-Match-Version"
OVER_HEADER = "Scorekeeper-Match-Over"


def _over(match) -> bool:
    """Whether the match takes no more hands (read afresh: another phone may just have ended it)."""
    db.session.refresh(match)
    return match.status in ("finished", "abandoned")


def _with_version(answer, match):
    body, status = answer
    return body, status, {VERSION_HEADER: str(match.version)}


def _match_over(table, match, status: int, message: str | None = None):
    """A hand sent to a match that is over: a form drawn before another phone recorded the last hand
    or ended the match early, or a hand kept on a phone while it had no connection. No version makes
    it fit (there is nothing to add it after), so it is said in words at the top of the scoreboard,
    brought into view, and in headers for the phone's queue of kept hands, which then keeps the hand
    for the player to copy or discard instead of offering to send it again."""
    if message is None:
        message = (speak(service.MatchClosedError().message) if match.status == "abandoned"
                   else gettext("This match is over: no more hands can be recorded in it."))
    body, status = scoreboard.render_scoreboard(table, match, status=status, page="hands/new.html", message=message)
    return body, status, {VERSION_HEADER: str(match.version), OVER_HEADER: match.status}


@bp.post("/t/<token>/m/<dbid:match_id>/hands/preview")
def preview(token: str, match_id: int):
    """The hand's scores as typed so far, with their explanations (never saves anything)."""
    match = service.match_of_table(token, match_id)
    table = match.table
    variant = find_variant(match.variant)
    standings = service.current_standings_or_none(match)
    form = build_hand_form(variant, scoreboard.players_in(match, standings), formdata=request.form,
                           match=match)
    return _preview(form, match, variant, lambda payload: service.preview(match, payload))


def _preview(form, match, variant, score):
    """The live preview's answer: the hand's scores, or the first thing to fix, naming its box (the
    page marks that box: static/js/app.js reads ``data-field``)."""
    result, error, field = None, None, None
    if not (form.validate() & _boxes_ok(form, match, variant)):
        found = scoreboard.first_error(form)
        if found is not None:
            field, error = found
            label = next((f.label.text for f in form if f.id == field), None)
            if label and any(field.startswith(f"{spec.name}_") for spec, _other in form.piles):
                error = f"{label}: {error}"
    else:
        try:
            result = score(payload_from_form(form, variant))
        except Refusal as exc:
            _apply_engine_error(form, exc, form.players)
            found = scoreboard.first_error(form)
            error = scoreboard.refusal_words(variant, refusal_of(exc))
            field = found[0] if found and found[0] != "save-status" else None
    return render_template("hands/partials/preview.html",
                           preview={"result": result, "error": error, "field": field})


@bp.get("/t/<token>/m/<dbid:match_id>/hands/cards")
def cards_value(token: str, match_id: int):
    """What one player's tapped cards are worth: the counted penalty, or in a knock game the least
    deadwood with the melds found (the card picker's live line)."""
    match = service.match_of_table(token, match_id)
    variant = find_variant(match.variant)
    player = request.args.get("player", type=form_id)
    rules = service.rules_of(match)
    if player not in match.seats or not variant.uses_cards or rules is None:
        return render_template("hands/partials/cards_value.html", value=None, error=None)
    fields = variant.entry_fields(rules, len(match.seats))
    field = fields.field(request.args.get("field", "cards"))
    if field is not None and field.kind == "melds" and field.per == "player":
        return _melds_value(variant, rules, request.args.get(f"{field.name}_{player}", ""))
    deck = scoreboard.deck_for(match, variant)
    if deck["deck"] is not None and not isinstance(deck["deck"], StandardPack):
        return _own_deck_value(deck["deck"], cards_text(request.args, f"{field.name}_{player}", deck["deck"])
                               if field is not None else "")
    # the deal's own fields the form holds (a wild rank): the game counts the cards with them
    deal = {spec.name: request.args.get(spec.name) for spec in fields.per_hand
            if spec.kind == "rank" and request.args.get(spec.name)}
    value, error = None, None
    try:
        value = worth.cards_worth(match, parse_cards(cards_text(request.args, f"cards_{player}")), deal,
                                  copies=deck["copies"], jokers=deck["jokers"])
    except Refusal as exc:
        error = refusal_of(exc)
    return render_template("hands/partials/cards_value.html", value=value, error=error)


def _own_deck_value(deck, text: str):
    """What a player's cards of a game's own deck count (Phase 10's, Rummikub's tiles): every one held,
    by the deck's values."""
    value, error = None, None
    try:
        cards = deck.parse(text)
        deck.check_copies(cards)
        if cards:
            value = {"cards": cards, "arrangement": None, "counted": deck.count(cards)[0], "knock_game": False,
                     "loose": False, "wild": None}
    except Refusal as exc:
        error = refusal_of(exc)
    return render_template("hands/partials/cards_value.html", value=value, error=error)


def _melds_value(variant, rules, text: str):
    """What one player's melds are worth as they stand (the groups picker's live line): the points
    each group scores for them, or why a group is not a meld."""
    groups, error = [], None
    try:
        groups = variant.laid_groups(text, rules) or []
    except Refusal as exc:
        error = refusal_of(exc)
    return render_template("hands/partials/melds_value.html", groups=groups, error=error,
                           total=sum(points for _text, points in groups))


@bp.post("/t/<token>/m/<dbid:match_id>/rebuy")
def rebuy(token: str, match_id: int):
    """Accept an open rebuy (buy-in) for a player who was knocked out by the last hand."""
    player = request.form.get("player", type=form_id)
    return _button_entry(token, match_id, lambda match: {"kind": "rebuy", "player": player}
                         if player in match.seats else None, gettext("Choose a player of this match to rebuy."))


@bp.post("/t/<token>/m/<dbid:match_id>/split")
def split(token: str, match_id: int):
    """The players still in agree to share the pot (a game that declares the split): the match ends."""
    def payload(match):
        standings = service.current_standings_or_none(match)
        if standings is None or standings.finished:
            return None
        return {"kind": "split", "players": [p.id for p in scoreboard.players_in(match, standings)]}
    return _button_entry(token, match_id, payload, gettext("This match has nobody left to share the pot."))


@bp.post("/t/<token>/m/<dbid:match_id>/void")
def void(token: str, match_id: int):
    """A void hand (a dead hand, a misdeal): nothing scores and the same dealer deals again."""
    return _button_entry(token, match_id, lambda match: {"kind": "void"}, "")


@bp.post("/t/<token>/m/<dbid:match_id>/entry")
def game_entry(token: str, match_id: int):
    """One of the entries a game declares besides hands (``Variant.entry_kinds``: a notice to stop, the
    table's finish): the form names its kind, and only a kind the game declares is recorded (the engine
    then says whether it is allowed now and, for a finish, who wins)."""
    kind = request.form.get("kind", "")

    def payload(match):
        return {"kind": kind} if kind in scoreboard.own_kinds(match) else None

    return _button_entry(token, match_id, payload, gettext("This match has no such entry."))


def _button_entry(token: str, match_id: int, make_payload, refusal: str):
    """Record the entry a one-button form stands for (a rebuy, a void hand)."""
    match = service.match_of_table(token, match_id)
    table = match.table
    if not ButtonForm().validate_on_submit():
        return redirect(url_for("matches.show", token=token, match_id=match_id))
    payload = make_payload(match)
    if payload is None:
        return scoreboard.render_scoreboard(table, match, message=refusal, status=422)
    version = request.form.get("version", type=int)
    # a refusal or a stale sheet is said on the scoreboard (web/errors.py)
    entry = service.add_entry(match, payload, version=version if version is not None else -1,
                              key=request.form.get("key") or None)
    return _after_save(table, match, entry)


def _after_save(table, match, entry, since: int | None = None):
    """PRG without JavaScript; the fresh scoreboard (with a new blank form) for htmx, which brings
    the standings into view with the new hand marked (static/js/app.js, ``data-saved``). ``since``: the
    version the saving page was drawn at, so that its grid is changed in place, not sent whole."""
    if wants_fragment():
        return scoreboard.render_scoreboard(table, match, highlight=entry.id, since=since, saved_entry=entry)
    # the hand that ended the match goes to who won; any other to the standings
    spot = "#result" if match.status == "finished" else "#standings"
    return redirect(url_for("matches.show", token=table.token, match_id=match.id, new=entry.id) + spot)


def _entry_result(match, entry):
    """The replayed result of ``entry`` (None if it is deleted or the match does not replay)."""
    try:
        standings = service.standings(match)
    except Refusal:
        return None, None
    live = service.live_entries(match)
    for i, e in enumerate(live):
        if e.id == entry.id:
            return standings, standings.hands[i]
    return standings, None


@bp.get("/t/<token>/m/<dbid:match_id>/hands/<dbid:entry_id>")
def show(token: str, match_id: int, entry_id: int):
    match = service.match_of_table(token, match_id)
    table = match.table
    entry = service.find_entry(match, entry_id)
    standings, result = _entry_result(match, entry)
    names = {str(p.id): p.name for p in table.players}
    trail = scoreboard.audit_trail(match, entry)
    number = sum(1 for e in service.live_entries(match) if e.position <= entry.position)
    return render_template("hands/show.html", table=table, match=match, entry=entry, result=result,
                           number=number, trail=trail, button=ButtonForm(),
                           variant=find_variant(match.variant),
                           own=scoreboard.own_kinds(match).get(entry.kind),
                           document_entry=service.payload_to_document(entry.payload, names))


@bp.route("/t/<token>/m/<dbid:match_id>/hands/<dbid:entry_id>/edit", methods=["GET", "POST"])
def edit(token: str, match_id: int, entry_id: int):
    match = service.match_of_table(token, match_id)
    table = match.table
    entry = service.find_entry(match, entry_id)
    variant = find_variant(match.variant)
    if entry.kind != "hand":
        return redirect(url_for("hands.show", token=token, match_id=match_id, entry_id=entry_id))
    players = _edit_players(match, entry)
    if entry.deleted_at is not None:
        if request.method == "POST":
            form = build_hand_form(variant, players, formdata=request.form, match=match, before=entry)
            drawn = _form_version(form)
            db.session.refresh(match)  # the delete may have landed after the match was read
            if drawn != match.version:
                # deleted on another phone since this form was drawn: the sheet changed, and the form
                # says so with what was typed kept, as any other stale save (never a silent redirect)
                return _form_page(table, match, form, 409, entry=entry, stale_version=drawn)
        return redirect(url_for("hands.show", token=token, match_id=match_id, entry_id=entry_id))
    if request.method == "GET":
        form = build_hand_form(variant, players, data=form_data_from_payload(
            entry.payload, entry_sides(match, players, entry), match_fields(match, entry)), match=match, version=match.version,
            before=entry)
        return render_template("hands/edit.html", table=table, match=match, entry=entry, form=form,
                               variant=variant, number=scoreboard.entry_label(match, entry),
                               **_edit_context(table, match, entry))
    form = build_hand_form(variant, players, formdata=request.form, match=match, before=entry)
    if not (form.validate_on_submit() & _boxes_ok(form, match, variant)):
        return _form_page(table, match, form, 422, entry=entry)
    drawn, version = _posted_version(form)
    try:
        service.edit_entry(match, entry, payload_from_form(form, variant), version=version)
    except service.StaleMatchError:
        return _form_page(table, match, form, 409, entry=entry, stale_version=drawn)
    except service.LaterEntryError as exc:
        form.form_errors.append(scoreboard.later_entry_message(match, exc))
        return _form_page(table, match, form, 422, entry=entry)
    except service.MatchClosedError as exc:
        form.form_errors.append(speak(exc.message))
        return _form_page(table, match, form, 422, entry=entry)
    except Refusal as exc:
        _apply_engine_error(form, exc, players)
        return _form_page(table, match, form, 422, entry=entry)
    return redirect(url_for("matches.show", token=token, match_id=match_id, new=entry.id, edited=entry.id)
                    + "#standings")


def _edit_players(match, entry) -> list[Any]:
    """Everyone who was in for that hand: the players named in it, or everyone seated."""
    seated = service.seated_players(match)
    held = set((entry.payload.get("held") or {}).keys())
    return [p for p in seated if str(p.id) in held or str(p.id) == str(entry.payload.get("by"))] or seated


@bp.post("/t/<token>/m/<dbid:match_id>/hands/<dbid:entry_id>/preview")
def edit_preview(token: str, match_id: int, entry_id: int):
    """The edited hand's scores as typed so far, replayed in its place (never saves anything)."""
    match = service.match_of_table(token, match_id)
    table = match.table
    entry = service.find_entry(match, entry_id)
    variant = find_variant(match.variant)
    form = build_hand_form(variant, _edit_players(match, entry), formdata=request.form, match=match, before=entry)

    def score(payload):
        try:
            return service.preview_edit(match, entry, payload)
        except service.LaterEntryError as exc:
            raise Refusal(scoreboard.later_entry_message(match, exc)) from None

    return _preview(form, match, variant, score)


def _change(token: str, match_id: int, entry_id: int, action):
    match = service.match_of_table(token, match_id)
    table = match.table
    entry = service.find_entry(match, entry_id)
    form = ButtonForm()
    if form.validate_on_submit():
        version = request.form.get("version", type=int)
        # a refusal or a stale sheet is said on the scoreboard (web/errors.py)
        action(match, entry, version=version if version is not None else -1)
        if wants_fragment():
            return scoreboard.render_scoreboard(table, match, highlight=entry.id)
    return redirect(url_for("matches.show", token=token, match_id=match_id) + "#sheet")


@bp.post("/t/<token>/m/<dbid:match_id>/hands/<dbid:entry_id>/delete")
def delete(token: str, match_id: int, entry_id: int):
    return _change(token, match_id, entry_id, service.delete_entry)


@bp.post("/t/<token>/m/<dbid:match_id>/hands/<dbid:entry_id>/restore")
def restore(token: str, match_id: int, entry_id: int):
    return _change(token, match_id, entry_id, service.restore_entry)
