"""The hand entry form, built for one match: only the choices its variant has, a points box and a
cards box for each player still in, and the two hidden guards (the match's version, against a stale
sheet, and an idempotency key, against a double tap)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, StringField
from wtforms.validators import ValidationError

from ..engine.errors import Refusal
from ..bidi import isolated
from ..engine.cards import RANK_LABELS, SUIT_NAMES, SUITS, Card
from ..engine.limits import POINTS_CEILING
from ..engine.sheet import Sheet
from ..picker import cards_text
from ..i18n import speak
from ..util import Form, choices, number

def end_words(end: str, game: str | None = None) -> str:
    """An end (``out_in_one_turn``) of the match's game (its variant key) in the page's words, lower
    case, as the game declares it (``Variant.end``: the shared ends' words, or an end of its own)."""
    from ..engine.ends import END_KINDS, unknown_end
    from ..engine.variants import find_variant

    try:
        said = find_variant(game).end(end) if game else END_KINDS.get(end) or unknown_end(end)
    except Refusal:  # a stored match of a game no longer installed: its end is still said
        said = END_KINDS.get(end) or unknown_end(end)
    return speak(said.word)


def _integer(form: FlaskForm, field: Field) -> None:
    text = (field.data or "").strip().replace("−", "-")
    if not text:
        field.data = ""
        return
    try:
        # a thousand-digit number is refused by its length before it is read
        value = int(text) if len(text) <= len(str(POINTS_CEILING)) + 1 else None
    except ValueError:  # int() of text that is not a number
        raise ValidationError(_("Type a whole number.")) from None
    if value is None or abs(value) > POINTS_CEILING:
        if not text.lstrip("+-").isdigit():
            raise ValidationError(_("Type a whole number."))
        raise ValidationError(_("Points must be between %(low)s and %(high)s.", low=number(-POINTS_CEILING), high=number(POINTS_CEILING)))
    field.data = str(value)


def split_melds(text: str) -> list[str]:
    """Melds typed in one box, separated by | ; or new lines."""
    return [m.strip() for m in re.split(r"[|;\n]+", text or "") if m.strip()]


class _HandBase(Form):
    version = HiddenField()
    key = HiddenField()


def build_hand_form(variant: Any, players: list[Any], formdata: Any = None,
                    data: dict[str, Any] | None = None, version: int | None = None,
                    sheet: Sheet | None = None) -> FlaskForm:
    """The entry form for ``players`` (those still in): one box or row of taps for each field of the
    game's sheet (``variant.sheet``), per hand and per player, with the sheet's words."""
    sheet = sheet or variant.sheet()

    class HandForm(_HandBase):
        pass

    for spec in sheet.per_hand:
        if spec.kind == "end":
            HandForm.end = RadioField(speak(spec.label), choices=choices(
                (e, speak(variant.end(e).label)) for e in variant.ends), validate_choice=False)
        elif spec.kind == "player":
            setattr(HandForm, spec.name, RadioField(speak(spec.label), choices=choices(
                (str(p.id), isolated(p.name)) for p in players), validate_choice=False))
        elif spec.kind == "card":
            # tapped: the rank, then the suit (two rows of buttons rather than a typed "7D")
            setattr(HandForm, spec.name, RadioField(speak(spec.label), choices=choices(
                (RANK_LABELS[r], RANK_LABELS[r]) for r in range(1, 14)), validate_choice=False))
            setattr(HandForm, f"{spec.name}_suit", RadioField(_("Upcard suit"), choices=choices(
                (s, speak(SUIT_NAMES[s])) for s in SUITS), validate_choice=False))
        elif spec.kind == "rank":
            # one rank tapped, or none (the deal's wild rank): the value stored is the rank as the
            # document spells it ("7", "K")
            setattr(HandForm, spec.name, RadioField(speak(spec.label), choices=choices(
                [("", _("none"))] + [(RANK_LABELS[r], RANK_LABELS[r]) for r in range(1, 14)]),
                validate_choice=False, description=speak(spec.help or "")))
        elif spec.kind == "melds":
            setattr(HandForm, spec.name, StringField(
                speak(spec.label), description=speak(spec.help or ""),
                render_kw={"autocomplete": "off", "autocapitalize": "characters"}))
    points = sheet.field("points")
    # No "pattern": the browser's generic "match the requested format" would speak instead of the
    # app. A box that takes negatives gets the full keyboard (iOS's numeric pad has no minus key); with
    # JavaScript it gets the number pad and a "±" button beside it (data-signed; static/js/table.js).
    points_kw = {"autocomplete": "off"}
    points_kw.update({"inputmode": "text", "autocapitalize": "off", "autocorrect": "off", "spellcheck": "false",
                      "data-signed": ""}
                     if points is not None and points.minimum is not None and points.minimum < 0
                     else {"inputmode": "numeric"})
    for p in players:
        for spec in sheet.per_player:
            if spec.kind == "points":
                setattr(HandForm, f"points_{p.id}", StringField(
                    isolated(p.name), validators=[_integer], render_kw=dict(points_kw)))
            elif spec.kind == "flag":
                setattr(HandForm, player_field(spec, p.id), BooleanField(speak(spec.label)))
            elif spec.kind == "choice":
                # the first tap is "none of these": the player's points (or cards) stand, in the
                # sheet's own word for them ("Count")
                none = speak(points.label) if spec.instead and points is not None else _("none")
                setattr(HandForm, player_field(spec, p.id), RadioField(speak(spec.label), choices=choices(
                    [("", none)] + [(value, speak(words)) for value, words in spec.choices]),
                    validate_choice=False, default=""))
            elif spec.kind == "cards":
                setattr(HandForm, f"cards_{p.id}", StringField(
                    _("%(name)s's cards", name=isolated(p.name)), render_kw={
                        "autocomplete": "off", "placeholder": _("e.g. 8d kc jk"), "autocapitalize": "characters"}))
    free = not sheet.has("cards")
    # formdata=None must be explicit: Flask-WTF otherwise fills a fresh form from the request it is
    # answering, and the blank form after a save would come back holding the hand just saved.
    form = HandForm(formdata=formdata, data=data or {})
    if formdata is not None and not free:
        # The card picker sends the text box and, without JavaScript, its ticked boxes: merge them.
        for p in players:
            getattr(form, f"cards_{p.id}").data = cards_text(formdata, f"cards_{p.id}")
    if formdata is None:
        form.key.data = secrets.token_urlsafe(16)
        if sheet.has("end") and not form.end.data:
            # The usual end (knock, or out) is chosen already: one tap fewer for most hands.
            form.end.data = variant.ends[0]
        if version is not None:
            form.version.data = str(version)
    form.free = free
    form.sheet = sheet
    # the deal's ranks to tap (a wild rank), drawn after who ended the hand and how
    form.rank_fields = [getattr(form, spec.name) for spec in sheet.per_hand if spec.kind == "rank"]
    # each player's own fields beyond points and cards (a drop, a wrong show), drawn in their row
    form.player_extras = {p.id: [getattr(form, player_field(spec, p.id)) for spec in sheet.per_player
                                 if spec.kind == "choice" or (spec.kind == "flag" and spec.instead)]
                          for p in players}
    form.variant = variant
    form.players = players
    return form


def player_field(spec: Any, pid: Any) -> str:
    """The form field of one player's ``spec`` (a flag or a choice of the game's sheet): named by the
    field (``drop_3``), but Ramino's and Russian's "never opened" keeps its old name (``unopened_3``)."""
    return f"unopened_{pid}" if spec.name == "opened" else f"{spec.name}_{pid}"


def payload_from_form(form: FlaskForm, variant: Any) -> dict[str, Any]:
    """The stored entry (players by id) that the filled-in form describes."""
    sheet = form.sheet
    held: dict[str, Any] = {}
    for p in form.players:
        points = getattr(form, f"points_{p.id}").data
        cards = (getattr(form, f"cards_{p.id}").data or "").strip() if sheet.has("cards") else ""
        instead: dict[str, Any] = {}
        for spec in sheet.per_player:
            if not spec.instead:
                continue
            box = getattr(form, player_field(spec, p.id))
            if spec.kind == "flag" and box.data:
                instead[spec.name] = spec.ticked
            elif spec.kind == "choice" and box.data:
                instead[spec.name] = box.data
        if instead:
            # what the player is entered as instead of a count; a count typed as well is sent too, for
            # the engine to refuse with its reason beside the box
            held[str(p.id)] = dict(instead)
            if cards:
                held[str(p.id)]["cards"] = cards
            elif points not in ("", None):
                held[str(p.id)]["points"] = int(points)
        elif cards:
            held[str(p.id)] = {"cards": cards}
        elif points not in ("", None):
            held[str(p.id)] = {"points": int(points)}
        for spec in sheet.per_player:
            box = getattr(form, player_field(spec, p.id), None) if spec.kind == "flag" and not spec.instead else None
            if box is not None and box.data and str(p.id) in held:
                held[str(p.id)][spec.name] = spec.ticked
    if not sheet.has("by"):
        # a hand with no "by": every player's points typed, the game's one way of ending it
        return {"kind": "hand", "end": variant.ends[0], "held": held}
    payload: dict[str, Any] = {"kind": "hand", "end": form.end.data or None,
                               "by": int(form.by.data) if form.by.data else None, "held": held}
    for spec in sheet.per_hand:
        if spec.kind == "card":
            # the rank and suit tapped; a whole card sent in the field ("4C") is taken as it is
            value = f"{getattr(form, spec.name).data or ''}{getattr(form, spec.name + '_suit').data or ''}".strip()
            payload[spec.name] = value
        elif spec.kind == "melds":
            melds = split_melds(getattr(form, spec.name).data)
            if melds:
                payload[spec.name] = melds
        elif spec.kind == "rank" and getattr(form, spec.name).data:
            payload[spec.name] = getattr(form, spec.name).data
    return payload


def form_data_from_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """The form's values for an existing entry (to edit it)."""
    data: dict[str, Any] = {}
    if payload.get("end"):
        data["end"] = payload["end"]
    if payload.get("by") is not None:
        data["by"] = str(payload["by"])
    if payload.get("upcard"):
        try:
            card = Card.parse(str(payload["upcard"]))
            data["upcard"], data["upcard_suit"] = RANK_LABELS[card.rank], card.suit
        except (Refusal, KeyError):
            pass
    if payload.get("melds"):
        data["melds"] = " | ".join(m if isinstance(m, str) else " ".join(m) for m in payload["melds"])
    for name, value in payload.items():
        # the game's own fields of a hand (a wild rank), kept as the form's field of that name
        if name not in ("kind", "end", "by", "held", "upcard", "melds", "deal", "note") and isinstance(value, str):
            data[name] = value
    for pid, held in (payload.get("held") or {}).items():
        if "points" in held:
            data[f"points_{pid}"] = str(held["points"])
        if "cards" in held:
            data[f"cards_{pid}"] = held["cards"]
        if held.get("opened") is False:
            data[f"unopened_{pid}"] = True
        for name, value in held.items():
            # a player entered as something else than a count (a drop, a wrong show)
            if name not in ("points", "cards", "opened"):
                data[f"{name}_{pid}"] = value if isinstance(value, bool) else str(value)
    return data
