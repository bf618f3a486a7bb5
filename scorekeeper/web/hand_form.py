"""The hand entry form, built for one match: only the choices its variant has, a points box and a
cards box for each player still in, and the two hidden guards (the match's version, against a stale
sheet, and an idempotency key, against a double tap)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectChoice, StringField
from wtforms.validators import ValidationError

from ..engine.errors import Refusal
from .bidi import isolated
from ..engine.cards import RANK_LABELS, SUIT_NAMES, SUITS, Card
from ..engine.limits import POINTS_CEILING
from ..engine.entry_fields import EntryFields
from .picker import cards_text
from .i18n import speak
from .i18n import whole
from .util import Form, choices

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
        raise ValidationError(_("Points must be between %(low)s and %(high)s.", low=whole(-POINTS_CEILING), high=whole(POINTS_CEILING)))
    field.data = str(value)


def split_melds(text: str) -> list[str]:
    """Melds typed in one box, separated by | ; or new lines."""
    return [m.strip() for m in re.split(r"[|;\n]+", text or "") if m.strip()]


class _HandBase(Form):
    version = HiddenField()
    key = HiddenField()


class FormSide:
    """One side of a match as the hand form asks for it: how a stored entry keys it, its name, its
    members (``Player`` rows) and the prefix of its boxes (``s0_``, ``s1_``, …)."""

    def __init__(self, index: int, key: str, name: str, members: list[Any]) -> None:
        self.index, self.key, self.name, self.members = index, key, name, members
        self.prefix = f"s{index}_"


def match_sides(match: Any) -> list[FormSide]:
    """The sides of ``match`` (a game scored by sides; [] otherwise): the ones it names (``Match.teams``),
    else the game's default sides, keyed by their members' ids (``service.side_key``)."""
    from ..engine.sides import default_sides
    from ..engine.variants import find_variant
    from .. import service

    variant = find_variant(match.variant)
    players = service.seated_players(match)
    rules = service.rules_of(match)
    if rules is None or not variant.scored_by_sides(rules, len(players)):
        return []
    by_id = {p.id: p for p in players}
    if match.teams:
        return [FormSide(i, name, name, [by_id[pid] for pid in ids if pid in by_id])
                for i, (name, ids) in enumerate(match.teams)]
    sides = default_sides([str(p.id) for p in players], variant.partnerships)
    return [FormSide(i, service.side_key(side.members), " & ".join(by_id[int(pid)].name for pid in side.members),
                     [by_id[int(pid)] for pid in side.members]) for i, side in enumerate(sides)]


def match_deck(match: Any) -> Any:
    """The deck ``match`` is played with (``engine.decks``), or None when its rules cannot be read."""
    from ..engine.variants import find_variant
    from .. import service

    rules = service.rules_of(match)
    if rules is None:
        return None
    try:
        return find_variant(match.variant).for_match(rules, match.seats).deck()
    except Refusal:
        return None


def match_fields(match: Any, before: Any = None) -> EntryFields | None:
    """The game's entry fields under the match's own rules and table, for the next hand or, given ``before``
    (an entry), for that entry (``Variant.entry_fields_at``: a game whose hands change shape during a match);
    None if the rules no longer resolve."""
    from ..engine.match import MatchReplay
    from ..engine.variants import find_variant
    from .. import service

    variant = find_variant(match.variant)
    rules = service.rules_of(match)
    if rules is None:
        return None
    try:
        entry_fields = variant.entry_fields(rules, len(match.seats))
    except Refusal:
        return None
    if not variant.changes_entry_fields:
        return entry_fields
    try:
        if before is None:
            return service.replayed(match).next_entry_fields()
        earlier = [e for e in service.live_entries(match) if e.position < before.position]
        return MatchReplay(service.to_document(match, entries=earlier)).next_entry_fields()
    except Refusal:
        return entry_fields


#: a count or points box: no "pattern", or the browser's generic "match the requested format" would
#: speak instead of the app
_NUMERIC = {"autocomplete": "off", "inputmode": "numeric"}
#: a box of cards or melds, typed as the cards are written ("8D KC")
_CARDS_TYPED = {"autocomplete": "off", "autocapitalize": "characters"}


def _points_kw(spec: Any) -> dict[str, str]:
    """A points box that takes negatives gets the full keyboard (iOS's numeric pad has no minus key);
    with JavaScript it gets the number pad and a "±" button beside it (data-signed; static/js/match.js)."""
    if spec.minimum is not None and spec.minimum < 0:
        return {"autocomplete": "off", "inputmode": "text", "autocapitalize": "off", "autocorrect": "off",
                "spellcheck": "false", "data-signed": ""}
    return dict(_NUMERIC)


def _side_fields(spec: Any, prefix: str) -> dict[str, Field]:
    """A side's boxes for ``spec``: a tick (Burraco's "pozzetto not taken"), or a count or points box,
    and for points counted by class a box per class."""
    if spec.kind == "flag":
        return {prefix + spec.name: BooleanField(speak(spec.label), description=speak(spec.help or ""))}
    fields = {prefix + spec.name: StringField(speak(spec.label), validators=[_integer], render_kw=_NUMERIC)}
    for cls in spec.classes:
        fields[f"{prefix}{spec.name}__{cls.name}"] = StringField(
            speak(cls.label), validators=[_integer], render_kw=_NUMERIC)
    return fields


def _ranks(*first: tuple[str, str]) -> list[SelectChoice]:
    return choices(list(first) + [(RANK_LABELS[r], RANK_LABELS[r]) for r in range(1, 14)])


def _hand_end(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    return {"end": RadioField(speak(spec.label), choices=choices(
        (e, speak(variant.end(e).label)) for e in variant.ends), validate_choice=False)}


def _hand_player(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    nobody = [(NOBODY, speak(spec.nobody))] if spec.nobody else []
    return {spec.name: RadioField(speak(spec.label), choices=choices(
        [(str(p.id), isolated(p.name)) for p in players] + nobody), validate_choice=False)}


def _hand_card(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    # tapped: the rank, then the suit (two rows of buttons rather than a typed "7D")
    return {spec.name: RadioField(speak(spec.label), choices=_ranks(), validate_choice=False),
            f"{spec.name}_suit": RadioField(_("Upcard suit"), choices=choices(
                (s, speak(SUIT_NAMES[s])) for s in SUITS), validate_choice=False)}


def _hand_rank(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    # one rank tapped, or none (the deal's wild rank): the value stored is the rank as the document
    # spells it ("7", "K")
    return {spec.name: RadioField(speak(spec.label), choices=_ranks(("", _("none"))),
                                  validate_choice=False, description=speak(spec.help or ""))}


def _hand_melds(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    return {spec.name: StringField(speak(spec.label), description=speak(spec.help or ""), render_kw=_CARDS_TYPED)}


def _hand_flag(spec: Any, variant: Any, players: list[Any]) -> dict[str, Field]:
    return {spec.name: BooleanField(speak(spec.label), description=speak(spec.help or ""))}


#: the hand's own fields by kind: each gives the form's fields for one of the game's ``EntryField``
_HAND_FIELDS = {"end": _hand_end, "player": _hand_player, "card": _hand_card, "rank": _hand_rank,
                "melds": _hand_melds, "flag": _hand_flag}


def _player_points(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    several = len([f for f in entry_fields.per_player if f.kind == "points"]) > 1
    label = _("%(name)s: %(what)s", name=isolated(p.name), what=speak(spec.label)) if several else isolated(p.name)
    return {f"{spec.name}_{p.id}": StringField(label, validators=[_integer], render_kw=_points_kw(spec))}


def _player_flag(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    return {player_field(spec, p.id): BooleanField(speak(spec.label))}


def _player_choice(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    # the first tap is "none of these": the player's points (or cards) stand, in the game's own word
    # for them ("Count")
    points = entry_fields.field("points")
    none = speak(points.label) if spec.instead and points is not None else _("none")
    return {player_field(spec, p.id): RadioField(speak(spec.label), choices=choices(
        [("", none)] + [(value, speak(words)) for value, words in spec.choices]), validate_choice=False, default="")}


def _player_count(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    return {f"{spec.name}_{p.id}": StringField(isolated(p.name), validators=[_integer], render_kw=_NUMERIC)}


def _player_cards(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    return {f"{spec.name}_{p.id}": StringField(_("%(name)s's cards", name=isolated(p.name)), render_kw={
        "autocomplete": "off", "placeholder": _("e.g. 8d kc jk"), "autocapitalize": "characters"})}


def _player_melds(spec: Any, p: Any, entry_fields: EntryFields) -> dict[str, Field]:
    return {f"{spec.name}_{p.id}": StringField(_("%(name)s: %(what)s", name=isolated(p.name), what=speak(spec.label)),
                                               description=speak(spec.help or ""), render_kw=_CARDS_TYPED)}


#: each player's fields by kind, named after the entry fields (points_7, cards_7; meld_points_7, melds_7)
_PLAYER_FIELDS = {"points": _player_points, "flag": _player_flag, "choice": _player_choice,
                  "count": _player_count, "cards": _player_cards, "melds": _player_melds}


def _form_entry_fields(variant: Any, entry_fields: EntryFields | None, match: Any, before: Any) -> EntryFields:
    """The entry fields the form asks by: those given, else the match's own (its words follow the match's
    rules: Pool 201's drops are 25 and 50), else the game's."""
    own = match_fields(match, before) if match is not None and entry_fields is None else None
    return entry_fields or own or variant.entry_fields()


def _form_sides(entry_fields: EntryFields, match: Any, players: list[Any]) -> list[FormSide]:
    """The side boxes the form draws: each player alone, the hand's own units (the lone hand and the
    pair: a box per unit, as the engine names them), or the match's sides."""
    if entry_fields.each_alone:
        # every player a unit of his own this hand, keyed as a stored entry keys a side of one
        return each_alone_sides(players)
    if entry_fields.units:
        return [FormSide(i, key, speak(label), []) for i, (key, label) in enumerate(entry_fields.units)]
    return match_sides(match) if match is not None and entry_fields.scored == "sides" else []


def _form_fields(variant: Any, entry_fields: EntryFields, sides: list[FormSide], alone: list[FormSide],
                 players: list[Any]) -> dict[str, Field]:
    """Every field of the form, in the order it is drawn: the sides', the hand's, each player's."""
    fields: dict[str, Field] = {}
    for side in sides + alone:
        for spec in (alone_fields(entry_fields) if side in alone else entry_fields.per_side):
            fields.update(_side_fields(spec, side.prefix))
    for spec in entry_fields.per_hand:
        if spec.kind == "player" and spec.name != "by" and not entry_fields.units:
            continue
        if spec.kind in _HAND_FIELDS:
            fields.update(_HAND_FIELDS[spec.kind](spec, variant, players))
    members = [p for side in sides for p in side.members] if sides and not entry_fields.units else players
    for p in members:
        for spec in entry_fields.per_player:
            if spec.kind in _PLAYER_FIELDS:
                fields.update(_PLAYER_FIELDS[spec.kind](spec, p, entry_fields))
    return fields


def build_hand_form(variant: Any, players: list[Any], formdata: Any = None,
                    data: dict[str, Any] | None = None, version: int | None = None,
                    entry_fields: EntryFields | None = None, match: Any = None, before: Any = None) -> FlaskForm:
    """The entry form for ``players`` (those still in): one box or row of taps for each field of the
    game's entry fields (``variant.entry_fields``, under ``match``'s rules when given, as it stands before the entry
    ``before`` when one is edited), per hand, per player and per side, with the game's words."""
    entry_fields = _form_entry_fields(variant, entry_fields, match, before)
    sides = _form_sides(entry_fields, match, players)
    alone = alone_sides(entry_fields, players, len(sides))
    HandForm = type(_HandBase)("HandForm", (_HandBase,), _form_fields(variant, entry_fields, sides, alone, players))
    if sides and not entry_fields.units:
        players = [p for side in sides for p in side.members]
    # formdata=None must be explicit: Flask-WTF otherwise fills a fresh form from the request it is
    # answering, and the blank form after a save would come back holding the hand just saved.
    form = HandForm(formdata=formdata, data=data or {})
    form.free = not any(spec.kind == "cards" for spec in entry_fields.per_player)
    if formdata is not None and not form.free:
        _merge_picked_cards(form, formdata, entry_fields, match, players)
    _fill_fresh_form(form, variant, entry_fields, formdata, version)
    form.sides = sides
    form.alone_sides = alone
    form.entry_fields = entry_fields
    # the deal's ranks to tap (a wild rank), drawn after who ended the hand and how
    form.rank_fields = [getattr(form, spec.name) for spec in entry_fields.per_hand if spec.kind == "rank"]
    # each player's own fields beyond points and cards (a drop, a wrong show), drawn in their row
    form.player_extras = {p.id: [getattr(form, player_field(spec, p.id)) for spec in entry_fields.per_player
                                 if spec.kind == "choice" or (spec.kind == "flag" and spec.instead)]
                          for p in players}
    form.piles = piles(entry_fields)
    form.variant = variant
    form.players = players
    return form


def _merge_picked_cards(form: FlaskForm, formdata: Any, entry_fields: EntryFields, match: Any,
                        players: list[Any]) -> None:
    """The card picker sends the text box and, without JavaScript, its ticked boxes: merge them (by
    the match's deck, which may be the game's own)."""
    deck = match_deck(match) if match is not None else None
    for p in players:
        for spec in entry_fields.per_player:
            if spec.kind == "cards":
                getattr(form, f"{spec.name}_{p.id}").data = cards_text(formdata, f"{spec.name}_{p.id}", deck)


def _fill_fresh_form(form: FlaskForm, variant: Any, entry_fields: EntryFields, formdata: Any,
                     version: int | None) -> None:
    """A fresh form gets its idempotency key, the match's version and the usual end (knock, or out)
    chosen already: one tap fewer for most hands (the form's template marks it, for the phone to tap it
    again after a hand kept offline)."""
    form.usual_end = variant.ends[0] if entry_fields.has("end") else None
    if formdata is not None:
        return
    form.key.data = secrets.token_urlsafe(16)
    if form.usual_end is not None and not form.end.data:
        form.end.data = form.usual_end
    if version is not None:
        form.version.data = str(version)


#: the value of a player field's "nobody" choice (``EntryField.nobody``), stored as null
NOBODY = "nobody"


def alone_sides(entry_fields: EntryFields, players: list[Any], start: int) -> list[FormSide]:
    """Where the units are set by a player field that may name nobody (``EntryFields.alone``): a unit
    per player, keyed as a stored entry keys a side of one (``service.side_key``), after the units'
    boxes; [] otherwise."""
    from .. import service

    if not (entry_fields.units and entry_fields.alone):
        return []
    return [FormSide(start + i, service.side_key([p.id]), p.name, [p]) for i, p in enumerate(players)]


def each_alone_sides(players: list[Any]) -> list[FormSide]:
    """A unit per player, keyed as a stored entry keys a side of one (``service.side_key``): a hand
    whose entry fields have every player alone (``EntryFields.each_alone``)."""
    from .. import service

    return [FormSide(i, service.side_key([p.id]), p.name, [p]) for i, p in enumerate(players)]


def alone_fields(entry_fields: EntryFields) -> list[Any]:
    """What a player alone is asked: the per-side fields and his own per-player counts."""
    return entry_fields.per_side + [spec for spec in entry_fields.per_player if spec.kind == "count"]


def entry_sides(match: Any, players: list[Any], before: Any = None) -> list[FormSide]:
    """Every side box the hand form of ``match`` draws (the match's sides, or the hand's own units and
    each player alone), as a stored entry keys them: to fill the form from an entry (``before``, the
    entry edited)."""
    entry_fields = match_fields(match, before)
    if entry_fields is not None and entry_fields.each_alone:
        return each_alone_sides(players)
    if entry_fields is None or not entry_fields.units:
        return match_sides(match)
    units = [FormSide(i, key, speak(label), []) for i, (key, label) in enumerate(entry_fields.units)]
    return units + alone_sides(entry_fields, players, len(units))


def player_field(spec: Any, pid: Any) -> str:
    """The form field of one player's ``spec`` (a flag or a choice of the game's entry fields): named by the
    field (``drop_3``), but Ramino's and Russian's "never opened" keeps its old name (``unopened_3``)."""
    return f"unopened_{pid}" if spec.name == "opened" else f"{spec.name}_{pid}"


def piles(entry_fields: EntryFields) -> list[tuple[Any, Any]]:
    """Each player's piles as the entry fields declare them: a points field and the field given instead of it
    (its cards, its melds), or None. Most games have one pile (the cards held); a game where what is
    laid counts too has two (laid, held)."""
    out = []
    for spec in entry_fields.per_player:
        if spec.kind == "points":
            other = next((f for f in entry_fields.per_player if f.instead_of == spec.name), None)
            out.append((spec, other))
    return out


def payload_from_form(form: FlaskForm, variant: Any) -> dict[str, Any]:
    """The stored entry (players by id) that the filled-in form describes."""
    entry_fields = form.entry_fields
    if form.sides:
        return _side_payload(form, variant)
    held: dict[str, Any] = {}
    for p in form.players:
        entry = _player_entry(form, entry_fields, p)
        if entry:
            held[str(p.id)] = entry
        for spec in entry_fields.per_player:
            box = getattr(form, player_field(spec, p.id), None) if spec.kind == "flag" and not spec.instead else None
            if box is not None and box.data:
                # a flag may say all a player needs (Scala 40's "never opened" while that pays a flat
                # amount): the game decides whether it is enough
                held.setdefault(str(p.id), {})[spec.name] = spec.ticked
    if not entry_fields.has("by"):
        # a hand with no "by": every player's points typed, the game's one way of ending it
        return {"kind": "hand", "end": variant.ends[0], "held": held}
    end = form.end.data or None
    # an end nobody makes (the stock ran out) names nobody, whatever was tapped before it was chosen
    names_by = end not in variant.ends or variant.end(end).needs_by is not False
    payload: dict[str, Any] = {"kind": "hand", "end": end,
                               "by": int(form.by.data) if form.by.data and names_by else None, "held": held}
    if not names_by:
        del payload["by"]
    payload.update(_hand_values(form, entry_fields))
    return payload


def _player_entry(form: FlaskForm, entry_fields: EntryFields, p: Any) -> dict[str, Any]:
    """What one player's row of the form says: what he is entered as instead of a count, his choices
    and counts, and each of his piles' cards or points."""
    entry: dict[str, Any] = {}
    for spec in entry_fields.per_player:
        if not spec.instead:
            continue
        box = getattr(form, player_field(spec, p.id))
        if spec.kind == "flag" and box.data:
            entry[spec.name] = spec.ticked
        elif spec.kind == "choice" and box.data:
            entry[spec.name] = box.data
    # what the player is entered as instead of a count (a drop, a wrong show); a count typed as
    # well is sent too, for the engine to refuse with its reason beside the box
    instead = bool(entry)
    # a choice that goes with the points (which phase was completed) and the player's own counts
    # (jokers apart), sent when given
    for spec in entry_fields.per_player:
        if spec.instead:
            continue
        box = getattr(form, player_field(spec, p.id), None)
        if spec.kind == "choice" and box is not None and box.data:
            entry[spec.name] = box.data
        elif spec.kind == "count" and box is not None and box.data not in ("", None):
            entry[spec.name] = int(box.data)
    for points_spec, other in form.piles:
        points = getattr(form, f"{points_spec.name}_{p.id}").data
        shown = (getattr(form, f"{other.name}_{p.id}").data or "").strip() if other is not None else ""
        # cards (or melds) given win over the points box: they say more
        if shown:
            entry[other.name] = shown
        elif points not in ("", None):
            entry[points_spec.name] = int(points)
        elif (points_spec.ender_default is not None and not instead and entry_fields.has("by")
              and form.by.data == str(p.id)):
            # the one who went out holds nothing: a blank box says so
            entry[points_spec.name] = points_spec.ender_default
    return entry


def _hand_values(form: FlaskForm, entry_fields: EntryFields) -> dict[str, Any]:
    """The hand's own values beyond its end: the upcard, the melds laid, the deal's rank."""
    values: dict[str, Any] = {}
    for spec in entry_fields.per_hand:
        if spec.kind == "card":
            # the rank and suit tapped; a whole card sent in the field ("4C") is taken as it is
            value = f"{getattr(form, spec.name).data or ''}{getattr(form, spec.name + '_suit').data or ''}".strip()
            values[spec.name] = value
        elif spec.kind == "melds":
            melds = split_melds(getattr(form, spec.name).data)
            if melds:
                values[spec.name] = melds
        elif spec.kind == "rank" and getattr(form, spec.name).data:
            values[spec.name] = getattr(form, spec.name).data
    return values


def _side_payload(form: FlaskForm, variant: Any) -> dict[str, Any]:
    """A hand entered by side: each side's counts and points (a points total counted by class when any
    of its class boxes is filled, else as typed; a box left blank is 0), who went out, and the flags."""
    entry_fields = form.entry_fields
    sides: dict[str, Any] = {}
    # nobody named by the field that sets the units: each player is entered alone
    nobody = bool(entry_fields.alone) and getattr(form, entry_fields.alone).data == NOBODY
    for side in form.alone_sides if nobody else form.sides:
        values: dict[str, Any] = {}
        for spec in alone_fields(entry_fields) if nobody else entry_fields.per_side:
            if spec.kind == "flag":
                if getattr(form, side.prefix + spec.name).data:
                    values[spec.name] = spec.ticked
                continue
            counts = {cls.name: int(getattr(form, f"{side.prefix}{spec.name}__{cls.name}").data)
                      for cls in spec.classes
                      if getattr(form, f"{side.prefix}{spec.name}__{cls.name}").data not in ("", None)}
            typed = getattr(form, side.prefix + spec.name).data
            if any(counts.values()):
                values[spec.name] = counts
            elif typed not in ("", None):
                values[spec.name] = int(typed)
            elif spec.required:
                values[spec.name] = 0
        sides[side.key] = values
    end = form.end.data or None
    payload: dict[str, Any] = {"kind": "hand", "end": end}
    # an end nobody makes (the stock ran out) names nobody, whatever was tapped before it was chosen
    names_by = end not in variant.ends or variant.end(end).needs_by is not False
    for spec in entry_fields.per_hand:
        box = getattr(form, spec.name, None)
        if spec.kind == "flag" and box is not None and box.data:
            payload[spec.name] = spec.ticked
        elif spec.name == "by" and not names_by:
            continue
        elif spec.kind == "player" and box is not None and box.data == NOBODY and spec.nobody:
            payload[spec.name] = None
        elif spec.kind == "player" and box is not None and box.data and box.data.isdigit():
            payload[spec.name] = int(box.data)
    for spec in [] if nobody else entry_fields.per_player:
        # a hand of its own sides: what each player has apart from his side ({field: {player: n}})
        if spec.kind == "count":
            counts = {str(p.id): int(getattr(form, f"{spec.name}_{p.id}").data) for p in form.players
                      if getattr(form, f"{spec.name}_{p.id}").data not in ("", None)}
            if counts:
                payload[spec.name] = counts
    payload["sides"] = sides
    return payload


def form_data_from_payload(payload: dict[str, Any], sides: list[FormSide] | None = None,
                           entry_fields: EntryFields | None = None) -> dict[str, Any]:
    """The form's values for an existing entry (to edit it), under the entry fields it was entered by."""
    data: dict[str, Any] = {}
    prefixes = {side.key: side.prefix for side in sides or []}
    for key, values in (payload.get("sides") or {}).items():
        prefix = prefixes.get(key)
        if prefix is None or not isinstance(values, dict):
            continue
        for name, value in values.items():
            if isinstance(value, bool):
                # a flag per side: ticked when it holds what ticking it stores
                spec = entry_fields.field(name) if entry_fields is not None else None
                if value == (spec.ticked if spec is not None else True):
                    data[prefix + name] = True
            elif isinstance(value, dict):
                data.update({f"{prefix}{name}__{cls}": str(n) for cls, n in value.items()})
            else:
                data[prefix + name] = str(value)
    for name, value in payload.items():
        if value is True and name not in ("kind",):
            data[name] = True
        elif name == "lone" and value is not None:
            data[name] = str(value)
        elif value is None and name not in ("by", "end"):
            # a player field that names nobody (``EntryField.nobody``)
            data[name] = NOBODY
        elif name != "sides" and isinstance(value, dict) and sides:
            data.update({f"{name}_{pid}": str(n) for pid, n in value.items()})
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
        for name, value in held.items():
            if name == "opened":
                if value is False:
                    data[f"unopened_{pid}"] = True
            elif isinstance(value, list):
                # groups of melds stored as a list: one box, | between them
                data[f"{name}_{pid}"] = " | ".join(v if isinstance(v, str) else " ".join(v) for v in value)
            else:
                # a player entered as something else than a count keeps a ticked flag as it is
                data[f"{name}_{pid}"] = value if isinstance(value, bool) else str(value)
    return data
