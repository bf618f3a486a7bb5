"""Match pages: new match, the scoreboard (the match's home), undo and redo, end a match early
(asked first) and reopen it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask_babel import gettext, ngettext
from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ...engine.errors import Refusal
from ...engine.sides import opposite_sides
from ..i18n import refusal, speak
from ...engine.variants import VARIANTS, find_variant
from ..extensions import db
from ..guards import form_id, optional_form_id
from ..home.remembered import remember_table
from ..util import ButtonForm, wants_fragment
from ... import service
from ...service import presets
from .. import house_rules as words
from ..scoreboard import describe_action, render_scoreboard
from .forms import NOT_PLAYING, box_text, build_match_form, chosen_teams, list_text, rule_value

bp = Blueprint("matches", __name__)


# what a match's rules change, said on its pages (the spectator sheet too)
bp.add_app_template_filter(words.house_rules_words, "house_rules_words")


def _chosen_variant(table, key: str | None):
    """The game the page is about: the one asked for, else the table's last one, else none yet."""
    if key is None and table.matches:
        key = table.matches[-1].variant
    try:
        return find_variant(key) if key else None
    except Refusal:
        return None


def _switches(variant, n_players: int | None) -> list[Any]:
    # A player count outside the variant's range is refused when the match is created, with the
    # reason beside the seats; until then the form shows the switches of any allowed count.
    if n_players is not None and not (variant.min_players <= n_players <= variant.max_players):
        n_players = None
    return list(variant.switches(n_players))


def _player_counts(variant) -> dict[str, str]:
    """For each switch, the player counts it applies to ("2 3 4"): the page hides the others once
    the players are tapped (the engine decides which apply; without JavaScript all show)."""
    counts: dict[str, list[str]] = {s.name: [] for s in variant.switches()}
    for n in range(variant.min_players, variant.max_players + 1):
        for s in variant.switches(n):
            counts.setdefault(s.name, []).append(str(n))
    return {name: " ".join(ns) for name, ns in counts.items()}


@bp.route("/t/<token>/matches/new", methods=["GET", "POST"])
def new(token: str):
    table = service.find_table(token)
    players = list(table.players)
    variant = _chosen_variant(table, request.values.get("variant"))
    if variant is None:
        return render_template("matches/new.html", table=table, variant=None,
                               variants=list(VARIANTS.values()), form=None), 200
    formdata = request.form if request.method == "POST" else None
    seated_count = _seated(players, formdata)
    switches = _switches(variant, None)
    offered = presets.for_game(table, variant.key)
    chosen = next((p for p in offered if p.id == request.values.get("preset", type=form_id)), None)
    data = None
    # where the house rules filled in come from, said beside them: a preset, the last match, the standard
    rules_from = None
    if formdata is None:
        again = _again(table, request.args.get("again", type=form_id), variant, switches)
        data = again or _last_seats(table, variant) or {}
        rules_from = "again" if again is not None and again.get("rules_from") else "standard"
        picked = data.pop("rules_from", None)  # the earlier match's rules, when it was of this game
        if chosen is not None:  # the preset's rules fill the house rules (the match keeps a copy)
            data.update(_rule_data(switches, chosen.rules))
            rules_from, picked = "preset", chosen.rules
        elif again is None:
            # the table's last choice for this game: its last match's house rules, not the standard ones
            last = next((m for m in reversed(table.matches) if m.variant == variant.key), None)
            if last is not None and last.rules:
                data.update(_rule_data(switches, last.rules))
                rules_from, picked = "last", last.rules
        seated_count = _seated(players, data)
        drawn = _drawn(variant, switches, seated_count, dict(picked or {}))
        form = build_match_form(players, drawn, None, data=data, sides=_side_count(variant))
    else:
        drawn, redrawn = _redraw(variant, switches, seated_count, formdata)
        form = build_match_form(players, drawn, redrawn, sides=_side_count(variant))
    status, saved = 200, None
    if request.method == "POST" and "save_rules" in request.form:
        chosen = saved = _save_preset(table, variant, drawn, form)
        status = 200 if saved is not None else 422
    elif request.method == "POST":
        match = _create_from_form(table, variant, drawn, seated_count, form)
        if match is not None:
            return redirect(url_for("matches.show", token=token, match_id=match.id))
        status = 422
    return render_template(
        "matches/new.html", table=table, form=form, variant=variant,
        variants=list(VARIANTS.values()), player_counts=_player_counts(variant),
        team_counts=" ".join(str(n) for n in range(variant.min_players, variant.max_players + 1)
                             if variant.teams_allowed(n)),
        # each table size's sides with partners opposite, seat by seat ("6:1,2,3,1,2,3"), for the picker
        opposite=" ".join(f"{n}:" + ",".join(map(str, opposite_sides(n)))
                          for n in range(variant.min_players, variant.max_players + 1) if variant.teams_allowed(n)),
        presets=presets.for_game(table, variant.key), chosen_preset=chosen, saved_preset=saved,
        describe=words.describe, rules_from=rules_from,
        **_drawn_context(variant, switches, drawn, seated_count, form),
    ), status


@bp.get("/t/<token>/matches/new/rules")
def house_rules(token: str):
    """The house rules' boxes drawn again for the choices and seats in the query, as the new-match form
    names them: a box left as drawn takes its default under them (Pool's 201 line, the decks for the
    players seated); a box the player changed keeps what was typed. The rules summary comes with it."""
    table = service.find_table(token)
    players = list(table.players)
    variant = _chosen_variant(table, request.args.get("variant"))
    if variant is None:
        return "", 204
    switches = _switches(variant, None)
    seated_count = _seated(players, request.args)
    drawn, redrawn = _redraw(variant, switches, seated_count, request.args)
    form = build_match_form(players, drawn, redrawn, sides=_side_count(variant))
    return render_template("matches/partials/house_rules.html", table=table, form=form, variant=variant,
                           player_counts=_player_counts(variant), fragment=True,
                           moved=_moved(switches, drawn, request.args, redrawn),
                           **_drawn_context(variant, switches, drawn, seated_count, form))


def _moved(switches, drawn, values, redrawn) -> set[str]:
    """The switches whose box or standard the redraw changes: only they are drawn again, so that a box
    the player is on stays as it is."""
    moved = set()
    for s, d in zip(switches, drawn):
        key = f"rule_{s.name}"
        try:
            before = rule_value(s, values[f"standard_{key}"]) if f"standard_{key}" in values else s.default
        except Refusal:
            before = s.default
        # a blank box and no box send the same (a rule with no value); a box not sent was not on the page
        sent = s.type == "bool" or key in values
        if not d.is_default(before) or sent and [v for v in redrawn.getlist(key) if v] != [v for v in values.getlist(key) if v]:
            moved.add(s.name)
    return moved


def _seated(players, values) -> int | None:
    """How many players the form's seats hold (None: none, or no form yet)."""
    if values is None:
        return None
    return sum(1 for p in players if values.get(f"seat_{p.id}", NOT_PLAYING) != NOT_PLAYING) or None


def _table_size(variant, n_players: int | None) -> int | None:
    """The seated count when the game takes it (the defaults follow it), else None."""
    if n_players is not None and variant.min_players <= n_players <= variant.max_players:
        return n_players
    return None


def _drawn(variant, switches, n_players: int | None, chosen: dict[str, Any]) -> list[Any]:
    """The switches as the form draws them: each default the one it has under the switches chosen and
    the players seated (``Variant.defaults``)."""
    defaults = variant.defaults(_table_size(variant, n_players), **chosen)
    return [replace(s, default=defaults.get(s.name, s.default)) for s in switches]


def _redraw(variant, switches, n_players: int | None, values) -> tuple[list[Any], MultiDict]:
    """The switches drawn for what the form sends, and the form's values to draw them with.

    The page says which defaults it was drawn with (``standard_rule_<name>``, where one differs from
    the game's own): a box still holding that value was left alone, so it takes the default under the
    choices and seats sent now, with or without JavaScript; a box changed keeps what was typed."""
    chosen: dict[str, Any] = {}
    kept: set[str] = set()
    for s in switches:
        key = f"rule_{s.name}"
        if s.type != "bool" and key not in values:
            continue
        try:
            value = rule_value(s, values.get(key))
        except Refusal:
            kept.add(s.name)  # not a value yet: kept as typed, and said beside the box on submit
            continue
        try:
            standard = rule_value(s, values[f"standard_{key}"]) if f"standard_{key}" in values else s.default
        except Refusal:
            standard = s.default
        if not replace(s, default=standard).is_default(value):
            chosen[s.name] = value
            kept.add(s.name)
    drawn = _drawn(variant, switches, n_players, chosen)
    redrawn = MultiDict(values.items(multi=True))
    for s in drawn:
        key = f"rule_{s.name}"
        if s.name in kept:
            continue
        redrawn.poplist(key)
        text = box_text(s, s.default)
        if text:
            redrawn[key] = text
    return drawn, redrawn


def _leaders(variant, switches) -> set[str]:
    """The switches whose value changes another switch's default (a preset, a pool, the decks): the
    page draws the house rules again when one changes. Each is tried with its choices, or a few values
    around its default."""
    plain = variant.defaults()
    leaders = set()
    for s in switches:
        if s.choices is not None:
            tries = list(s.choices)
        elif s.type == "bool":
            tries = [not s.default]
        elif s.type in ("int", "int_or_null") and isinstance(s.default, int):
            tries = [v for v in (s.min, s.max, s.default - 1, s.default + 1) if v is not None]
        else:
            tries = []
        for value in tries:
            moved = variant.defaults(**{s.name: value})
            if any(moved.get(k) != v for k, v in plain.items() if k != s.name):
                leaders.add(s.name)
                break
    return leaders


def _drawn_context(variant, switches, drawn, n_players: int | None, form) -> dict[str, Any]:
    """What the house rules' boxes and the rules summary are drawn with: the switches with their
    defaults as drawn, the defaults that differ from the game's own (carried back by the form), the
    switches that lead others, and the rules summary under the choices."""
    standards = {d.name: box_text(d, d.default) for s, d in zip(switches, drawn) if not s.is_default(d.default)}
    chosen = {}
    for s in drawn:
        try:
            value = rule_value(s, getattr(form, f"rule_{s.name}").data)
        except Refusal:
            continue
        if not s.is_default(value):
            chosen[s.name] = value
    return {"switches": drawn, "standards": standards, "leaders": _leaders(variant, switches), "seated": n_players,
            "rules_summary": _rules_summary(variant, _table_size(variant, n_players), chosen)}


def _side_count(variant) -> int:
    """How many sides the new-match form offers: a game that takes ``teams`` at some table size gets
    as many as half its largest table (at least two); 0 for the others. The picker shows as many as
    the seated players can fill in twos."""
    sizes = [n for n in range(variant.min_players, variant.max_players + 1) if variant.teams_allowed(n)]
    return max(2, max(sizes) // 2) if sizes else 0


def _save_preset(table, variant, switches, form):
    """"Save these rules as …": the house rules as the form sets them, checked by the engine like a
    match's; the form is kept as typed either way."""
    if not form.validate_on_submit():
        return None
    overrides = _overrides(form, switches, {s.name for s in switches}, None)
    if overrides is None:
        return None
    try:
        return presets.save(table, variant.key, form.preset_name.data, overrides)
    except presets.PresetRefused as exc:
        db.session.rollback()
        form.preset_name.errors = list(form.preset_name.errors) + [refusal(exc)]
        return None


def _rule_data(switches, rules: dict[str, Any]) -> dict[str, Any]:
    """Form values for a set of house rules (the switches as the form's boxes hold them)."""
    data: dict[str, Any] = {}
    for s in switches:
        if s.name in (rules or {}):
            value = rules[s.name]
            if s.type == "bool":
                data[f"rule_{s.name}"] = value
            elif s.type in ("int_list", "pairs", "text_list"):
                data[f"rule_{s.name}"] = list_text(s, value)
            else:
                data[f"rule_{s.name}"] = "" if value is None else str(value)
    return data


def _last_seats(table, variant) -> dict[str, Any] | None:
    """The players of the table's last match, in their seats, when they can play this game: most
    matches are played by the same people, so starting one is then a single tap."""
    if not table.matches:
        return None
    seats = table.matches[-1].seats
    if not (variant.min_players <= len(seats) <= variant.max_players):
        return None
    return {f"seat_{pid}": str(i) for i, pid in enumerate(seats, start=1)}


def _again(table, match_id: int | None, variant, switches) -> dict[str, Any] | None:
    """Form values for "new match, same players": the seats, rules and stake of an earlier match,
    with the first dealer the game's rule gives (the same as "Rematch")."""
    if match_id is None:
        return None
    previous = next((m for m in table.matches if m.id == match_id), None)
    if previous is None:
        return None
    data: dict[str, Any] = {f"seat_{pid}": str(i) for i, pid in enumerate(previous.seats, start=1)}
    data["stake"] = previous.stake or ""
    dealer = _next_first_dealer(table, previous, previous.seats)
    if dealer is not None:
        data["first_dealer"] = str(dealer)
    if previous.variant == variant.key:
        data.update(_rule_data(switches, previous.rules))
        data["rules_from"] = previous.rules or None
    return data


def _rules_summary(variant, n_players: int | None, chosen: dict[str, Any]) -> list[str]:
    """The rules summary under the house rules chosen so far, for the players seated; as much of it as
    resolves while a choice is refused."""
    for tried in ((n_players, chosen), (n_players, {}), (None, {})):
        try:
            return list(variant.rules_summary(variant.rules(tried[0], **tried[1])))
        except Refusal:
            continue
    return []


def _create_from_form(table, variant, switches, seated_count, form):
    if not form.validate_on_submit():
        return None
    seats: list[tuple[int, int]] = []
    for p in form.players:
        value = getattr(form, f"seat_{p.id}").data
        if value != NOT_PLAYING:
            seats.append((int(value), p.id))  # a choice: validate_on_submit checked it
    seats.sort()
    numbers = [n for n, _ in seats]
    if not seats:
        form.form_errors.append(gettext("Choose the players: tap each one who plays, in the order you sit."))
        return None
    if len(set(numbers)) != len(numbers):
        form.form_errors.append(gettext("Two players have the same seat: give each a different seat."))
        return None
    seat_ids = [pid for _, pid in seats]
    if not (variant.min_players <= len(seat_ids) <= variant.max_players):
        form.form_errors.append(
            ngettext("%(game)s is for %(least)s–%(most)s players; %(num)s is seated.",
                     "%(game)s is for %(least)s–%(most)s players; %(num)s are seated.", len(seat_ids),
                     game=speak(variant.name), least=variant.min_players, most=variant.max_players))
        return None
    refused = variant.refuse_players(len(seat_ids))
    if refused is not None:  # a count the game refuses within its range, in its words
        form.form_errors.append(speak(refused))
        return None
    dealer = form.first_dealer.data or ""
    # not an id of ours ("²" passes str.isdigit, "9"*30 no column holds) is refused like a stranger
    first_dealer = seat_ids[0] if not dealer else (optional_form_id(dealer) or -1)
    if first_dealer not in seat_ids:
        form.first_dealer.errors = list(form.first_dealer.errors) + [gettext("The first dealer must be one of the seated players.")]
        return None
    overrides = _overrides(form, switches, {s.name for s in variant.switches(len(seat_ids))}, len(seat_ids))
    if overrides is None:
        return None
    try:
        return service.create_match(table, variant=variant.key, rules=overrides, seats=seat_ids,
                                    first_dealer_id=first_dealer, stake=form.stake.data or None,
                                    teams=chosen_teams(form, variant, seat_ids))
    except Refusal as exc:
        db.session.rollback()
        message = refusal(exc)
        # beside the switch the refusal names first ("opening_minimums does not apply when match_mode …")
        named = sorted((message.find(s.name), s.name) for s in switches if s.name in message)
        target = getattr(form, f"rule_{named[0][1]}") if named else None
        if target is not None:
            target.errors = list(target.errors) + [message]
        else:
            form.form_errors.append(message)
        return None


def _overrides(form, shown, applicable: set[str], n_players: int | None) -> dict[str, Any] | None:
    """The house rules the form sets, as the engine takes them; None (with errors beside the fields)
    if a value is not a number or a changed switch cannot apply to this many players.

    The form draws each switch with its default under the choices and the players seated
    (``_redraw``): a value left as drawn is that default, and no house rule."""
    overrides: dict[str, Any] = {}
    ok = True
    for s in shown:
        field = getattr(form, f"rule_{s.name}")
        try:
            value = rule_value(s, field.data)
        except Refusal as exc:
            field.errors = list(field.errors) + [refusal(exc)]
            ok = False
            continue
        if s.is_default(value):
            continue
        if s.name not in applicable:
            field.errors = list(field.errors) + [gettext("Does not apply with %(count)s players: leave it as it is.", count=n_players)]
            ok = False
        else:
            overrides[s.name] = value
    return overrides if ok else None


@bp.get("/t/<token>/m/<dbid:match_id>")
def show(token: str, match_id: int):
    match = service.match_of_table(token, match_id)
    table = match.table
    remember_table(table.token)
    return render_scoreboard(table, match)


def _undo(token: str, match_id: int, *, redo: bool):
    """Undo the last action (or redo the last undone one) and say which, where Undo was tapped."""
    match = service.match_of_table(token, match_id)
    table = match.table
    if not ButtonForm().validate_on_submit():
        return redirect(url_for("matches.show", token=token, match_id=match_id))
    version = request.form.get("version", type=int)
    # a refusal or a stale sheet is said on the scoreboard (web/errors.py)
    action = service.undo(match, version=version if version is not None else -1, redo=redo)
    said = (gettext("Redone: %(action)s.", action=describe_action(match, action)) if redo
            else gettext("Undone: %(action)s.", action=describe_action(match, action)))
    if wants_fragment():
        return render_scoreboard(table, match, undone=said)
    return redirect(url_for("matches.show", token=token, match_id=match_id,
                            undone="redo" if redo else "undo") + "#standings")


@bp.post("/t/<token>/m/<dbid:match_id>/undo")
def undo(token: str, match_id: int):
    return _undo(token, match_id, redo=False)


@bp.post("/t/<token>/m/<dbid:match_id>/redo")
def redo(token: str, match_id: int):
    return _undo(token, match_id, redo=True)


@bp.post("/t/<token>/m/<dbid:match_id>/rematch")
def rematch(token: str, match_id: int):
    """The same game, players and rules again in one tap, less anyone ticked off as not playing; the
    first dealer as the rules say. If the rules do not fit the players left, the full form asks."""
    previous = service.match_of_table(token, match_id)
    table = previous.table
    if not ButtonForm().validate_on_submit():
        return redirect(url_for("matches.show", token=token, match_id=match_id))
    # no boxes at all: everyone again (the one-tap button); boxes sent: only the ids of ours they name
    posted = request.form.getlist("playing")
    playing = set(request.form.getlist("playing", type=form_id)) if posted else set(previous.seats)
    seats = [pid for pid in previous.seats if pid in playing]
    if posted and not seats:
        # boxes were sent, but none names a player of this match (a stale or made-up form): there is
        # no one to seat and no dealer to choose, so say so beside the boxes and create nothing
        said = gettext("Tick at least one player of this match to play the rematch.")
        try:
            finished = service.standings(previous).finished
        except Refusal:
            finished = False
        # the boxes are drawn only under a finished match's result; otherwise the banner says it
        return render_scoreboard(table, previous, status=422,
                                 **({"rematch_error": said} if finished else {"message": said}))
    try:
        match = service.create_match(table, variant=previous.variant, rules=dict(previous.rules or {}),
                                     seats=seats, first_dealer_id=_rematch_dealer(table, previous, seats),
                                     stake=previous.stake)
    except Refusal:  # too few players, or a rule that does not fit them: the whole form asks
        db.session.rollback()
        return redirect(url_for("matches.new", token=token, variant=previous.variant, again=previous.id))
    return redirect(url_for("matches.show", token=token, match_id=match.id))


def _rematch_dealer(table, previous, seats: list[int]) -> int:
    dealer = _next_first_dealer(table, previous, seats)
    return dealer if dealer is not None else -1


def _next_first_dealer(table, previous, seats: list[int]) -> int | None:
    """The next match's first dealer among ``seats``, by the game's own rule
    (``Variant.next_match_first_dealer``), as a player id."""
    if not seats:
        return None
    names = {p.id: p.name for p in table.players}
    ids = {name: pid for pid, name in names.items()}
    try:
        standings = service.standings(previous)
        dealers, winners = [h.dealer for h in standings.hands], standings.winners
    except Refusal:
        dealers, winners = [], []
    name = find_variant(previous.variant).next_match_first_dealer(
        [names.get(pid, "") for pid in previous.seats], dealers, winners, [names.get(pid, "") for pid in seats])
    return ids.get(name) if name is not None else None


@bp.post("/t/<token>/m/<dbid:match_id>/abandon")
def abandon(token: str, match_id: int):
    """End the match early (the scoreboard asks first; it can be reopened), with the version the
    sheet was drawn from."""
    return _status_change(token, match_id, service.abandon_match, "tables.show")


@bp.post("/t/<token>/m/<dbid:match_id>/reopen")
def reopen(token: str, match_id: int):
    """Reopen a match that was ended early: back to the scoreboard, ready for the next hand."""
    return _status_change(token, match_id, service.reopen_match, "matches.show")


def _status_change(token: str, match_id: int, change, then: str):
    match = service.match_of_table(token, match_id)
    if ButtonForm().validate_on_submit():
        version = request.form.get("version", type=int)
        # a refusal or a stale sheet is said on the scoreboard (web/errors.py)
        change(match, version=version if version is not None else -1)
    if then == "tables.show":
        return redirect(url_for(then, token=token))
    return redirect(url_for(then, token=token, match_id=match_id))
