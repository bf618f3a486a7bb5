"""Table pages: create a table, show its link, keep its roster.

A table is reached only through its secret link; without the right token the answer is 404, never a
hint that the table exists.
"""

from __future__ import annotations

import segno
from flask_babel import gettext
from flask import Blueprint, redirect, render_template, request, url_for
from markupsafe import Markup

from ..i18n import refusal
from ...engine import limits
from ..extensions import TABLE_CREATION_LIMIT, db, limiter
from ..home.remembered import remember_table
from ...service import presets, summaries, tables
from ... import service
from ...service import find_player, find_table
from ...engine.variants import VARIANTS
from ...service.models import Match, Table
from ...service.stats import player_stats, streaks
from .. import house_rules as words
from ..util import ButtonForm
from .forms import CurrencyForm, PlayerForm, TableForm

bp = Blueprint("tables", __name__)


@bp.route("/tables/new", methods=["GET", "POST"])
@limiter.limit(TABLE_CREATION_LIMIT, methods=["POST"])
def new():
    form = TableForm()
    if form.validate_on_submit():
        table = tables.open_table(form.name.data)
        remember_table(table.token)
        return redirect(url_for("tables.show", token=table.token))
    return render_template("tables/new.html", form=form), 422 if form.errors else 200


def _keeps() -> bool:
    """Whether this page may keep the summaries it makes: not when it is drawn again for a refused
    change (a refused request leaves the database as it was)."""
    return request.method == "GET"


def _in_progress(matches: list[Match]) -> list[dict]:
    """The matches in progress as the table page lists them: leader and hands played, from each one's
    kept summary (rebuys and void hands are not hands played); one that no longer replays is listed
    without figures, never a 500."""
    names = {p.id: p.name for p in matches[0].table.players} if matches else {}
    out = []
    for m, summary in zip(matches, summaries.summaries(matches, keep=_keeps())):
        if summary["error"]:
            out.append({"match": m, "leader": [], "hands": None})
            continue
        seated = [names.get(s, "?") for s in m.seats]
        out.append({"match": m, "leader": [seated[i] for i in summary["leader"]], "hands": summary["hands"]})
    return out


def _head_to_head(table: Table) -> dict | None:
    """Wins per game and the current streak of the table's regular players, over its latest
    ``limits.HEAD_TO_HEAD_MATCHES`` finished matches, from their kept summaries."""
    finished = list(reversed(tables.latest_matches(table, limits.HEAD_TO_HEAD_MATCHES, "finished")))
    if not finished:
        return None
    played = summaries.played(finished, {p.id: p.name for p in table.players}, keep=_keeps())
    records = player_stats(played)
    games = [key for key in VARIANTS if any(p.variant == key for p in played)]
    return {"games": games, "records": records, "streaks": streaks(played), "matches": len(finished)}


def _render_table(table: Table, player_form: PlayerForm | None = None, status: int = 200,
                  rename_error: tuple[int, str] | None = None, focus_name: bool = False,
                  preset_error: tuple[int, str] | None = None, currency_form: CurrencyForm | None = None):
    link = url_for("tables.show", token=table.token, _external=True)
    qr = Markup(segno.make(link, error="m").svg_inline(scale=4, dark="#000", light="#fff", border=2,
                                                        title=gettext("QR code of the table's link")))
    # the latest matches only: the history page pages through them all
    done = tables.latest_matches(table, limits.TABLE_PAGE_MATCHES, "over")
    more = tables.count_matches(table, "over") - len(done)
    return render_template(
        "tables/show.html", table=table, link=link, qr=qr,
        active=_in_progress(tables.latest_matches(table, limits.TABLE_PAGE_MATCHES, "active")),
        done=done, more_done=more,
        players={p.id: p for p in table.players}, played=tables.played(table),
        player_form=player_form or PlayerForm(formdata=None), button=ButtonForm(),
        rename_error=rename_error, focus_name=focus_name or bool(player_form and player_form.errors),
        preset_error=preset_error, describe=words.describe, name_max=presets.NAME_MAX,
        h2h=_head_to_head(table), currency_form=currency_form or CurrencyForm.for_table(table.currency),
    ), status


@bp.get("/t/<token>")
def show(token: str):
    table = find_table(token)
    remember_table(table.token)
    # after adding a player the name box has the focus again, ready for the next name
    return _render_table(table, focus_name=request.args.get("added") is not None)


@bp.post("/t/<token>/players")
def add_player(token: str):
    table = find_table(token)
    form = PlayerForm()
    if form.validate_on_submit():
        try:
            tables.add_player(table, form.name.data)
        except tables.RosterRefused as refused:
            form.name.errors.append(refusal(refused))
        else:
            return redirect(url_for("tables.show", token=token, added=1) + "#add-player")
    return _render_table(table, player_form=form, status=422)


@bp.post("/t/<token>/players/<dbid:player_id>/rename")
def rename_player(token: str, player_id: int):
    table = find_table(token)
    player = find_player(table, player_id)
    form = PlayerForm()
    if form.validate_on_submit():
        try:
            tables.rename_player(table, player, form.name.data)
        except tables.RosterRefused as refused:
            return _render_table(table, status=422, rename_error=(player.id, refusal(refused)))
        return redirect(url_for("tables.show", token=token) + "#roster")
    message = next(iter(form.errors.values()))[0] if form.errors else gettext("Type the player's name.")
    return _render_table(table, status=422, rename_error=(player.id, message))


@bp.post("/t/<token>/house-rules/<dbid:preset_id>/rename")
def rename_preset(token: str, preset_id: int):
    table = find_table(token)
    preset = service.find_preset(table, preset_id)
    if ButtonForm().validate_on_submit():
        try:
            presets.rename(table, preset, request.form.get("name", ""))
        except presets.PresetRefused as exc:
            db.session.rollback()
            return _render_table(table, status=422, preset_error=(preset.id, refusal(exc)))
    return redirect(url_for("tables.show", token=token) + "#house-rules")


@bp.post("/t/<token>/house-rules/<dbid:preset_id>/delete")
def delete_preset(token: str, preset_id: int):
    table = find_table(token)
    preset = service.find_preset(table, preset_id)
    if ButtonForm().validate_on_submit():
        presets.delete(preset)
    return redirect(url_for("tables.show", token=token) + "#house-rules")


@bp.post("/t/<token>/currency")
def set_currency(token: str):
    table = find_table(token)
    form = CurrencyForm()
    if form.validate_on_submit():
        tables.set_currency(table, form.chosen())
        return redirect(url_for("tables.show", token=token, currency="saved") + "#settings")
    return _render_table(table, status=422, currency_form=form)


@bp.post("/t/<token>/players/<dbid:player_id>/remove")
def remove_player(token: str, player_id: int):
    table = find_table(token)
    player = find_player(table, player_id)
    if ButtonForm().validate_on_submit():
        try:
            tables.remove_player(table, player)
        except tables.RosterRefused as refused:
            return _render_table(table, status=422, rename_error=(player.id, refusal(refused)))
    return redirect(url_for("tables.show", token=token) + "#roster")


__all__ = ["bp"]
