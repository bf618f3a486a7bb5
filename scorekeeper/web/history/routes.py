"""History routes: a table's past matches, a match's page with its chart, stats and head-to-head,
exports (match JSON and CSV, whole table JSON, written by ``service.exporting``) and import from an
upload (read by ``service.importing``).

Every page does work bounded whatever the table holds: the listing and the stats read each match's
summary kept with its version (``service.summaries``; replayed only when the version moved), the stats
count the latest ``limits.STATS_MATCHES`` matches and say so, and the table's export is sent match by
match as it is written. Totals always come from replaying the match document
(``service.standings``).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

from flask_babel import gettext
from flask import Blueprint, Response, abort, redirect, request, stream_with_context, url_for

from ...engine.errors import Refusal
from ...engine.i18n import message_of
from ..i18n import refusal, speak
from .. import charts
from ...engine import limits
from ...engine.variants import VARIANTS, find_variant
from ..extensions import IMPORTS_PER_ADDRESS, IMPORTS_PER_TABLE, db, limiter, table_of_request
from ..guards import form_id
from ..home.remembered import remember_table
from ... import service
from .. import scoreboard
from ...service import exporting, importing, summaries, tables
from ...service.models import Match, Table
from ...service.stats import head_to_head, player_stats
from ..util import ButtonForm, render_page
from .forms import ANY, ImportForm, head_to_head_form, history_filter_form

bp = Blueprint("history", __name__)

PAGE_SIZE = 20


# -- loading ------------------------------------------------------------------------------------------

def _table(token: str) -> Table:
    return service.find_table(token, service.WITH_PLAYERS)


def _match(token: str, match_id: int) -> Match:
    """A match of the table behind this link, its entries and the table's players loaded with it."""
    return service.match_of_table(_table(token), match_id, service.WITH_ENTRIES)


def _replay(match: Match):
    try:
        return service.standings(match), None
    except Refusal as exc:  # stored entries that no longer replay: say so, never a 500
        # the engine's sentence, said in the reader's language where it is shown (never stored translated)
        return None, message_of(exc)


# -- a table's history --------------------------------------------------------------------------------

@bp.get("/t/<token>/history")
def index(token: str):
    table = _table(token)
    remember_table(table.token)
    form = history_filter_form(table.players, request.args)
    variant = request.args.get("variant", ANY)
    player = request.args.get("player", type=form_id)
    ids = tables.match_ids(table, variant if variant in VARIANTS else None, player)
    pages = max(1, -(-len(ids) // PAGE_SIZE))
    page = min(max(request.args.get("page", 1, type=int), 1), pages)
    shown = ids[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    matches = tables.matches_by_id(shown)
    names = {p.id: p.name for p in table.players}
    items = []
    for m, summary in zip(matches, summaries.summaries(matches)):
        seated = [names.get(s, "?") for s in m.seats]
        items.append({
            "match": m, "hands": summary["hands"], "error": summary["error"], "finished": summary["finished"],
            "winners": [seated[i] for i in summary["winners"]], "leader": [seated[i] for i in summary["leader"]],
            "players": seated,
        })

    def page_url(number: int) -> str:
        args = {k: v for k, v in request.args.items() if k != "page" and v}
        return url_for("history.index", token=token, page=number, **args)

    return render_page("history/index.html", "history/partials/list.html", table=table, form=form,
                       items=items, page_number=page, pages=pages, total=len(ids), page_url=page_url,
                       filtered=bool(variant in VARIANTS or player))


# -- a match's page -----------------------------------------------------------------------------------

def _chart_parts(match: Match, standings):
    """What the chart shows: its title, the seated names, the hand labels, the running totals and the
    limit lines of the match's game."""
    labels, totals = charts.series(standings)
    names = [p.name for p in service.seated_players(match)]
    lines = charts.limit_lines(match.variant, match.rules, len(names))
    if standings.sides:
        # a game scored by sides: one line (and one column) a side, its members sharing its total
        names = [side.name for side in standings.sides]
        first = {side.name: side.members[0] for side in standings.sides}
        totals = [{name: point[first[name]] for name in names} for point in totals]
    return gettext("%(game)s: running totals", game=speak(find_variant(match.variant).name)), names, labels, totals, lines


def chart_for(match: Match, standings, chart_id: str = "chart"):
    title, names, labels, totals, lines = _chart_parts(match, standings)
    svg = charts.running_totals_svg(names, totals, lines, title=title, labels=labels, chart_id=chart_id)
    return svg, labels, totals, lines


@bp.get("/t/<token>/m/<dbid:match_id>/history")
def match_page(token: str, match_id: int):
    match = _match(token, match_id)
    table = match.table
    standings, error = _replay(match)
    players = service.seated_players(match)
    context: dict[str, Any] = {
        "table": table, "match": match, "variant": find_variant(match.variant), "standings": standings,
        "replay_error": error, "players": players,
        "rows": scoreboard.grid_rows(match, standings), "bonus": scoreboard.bonus_row(match, standings),
        "changes": [{"label": scoreboard.entry_label(match, e), "trail": scoreboard.audit_trail(match, e)}
                    for e in match.entries if e.history],
        "button": ButtonForm(),
        "spectator_link": url_for("spectate.show", view_token=match.view_token, _external=True),
    }
    if standings is not None:
        # the chart comes as an image loaded lazily (chart.svg) and its table on a page of its own: on a
        # 200-hand match, drawn inline, they weighed some 7 KB of the 30 KB a first load may carry
        title, names, labels, totals, lines = _chart_parts(match, standings)
        context.update(chart_alt=f"{title}. {charts.describe(names, totals, lines, labels)}",
                       chart_lines=lines, chart_size=(charts.WIDTH, charts.HEIGHT))
    return render_page("history/match.html", "history/match.html", **context)


def _charted(token: str, match_id: int):
    """The table, match and standings a chart is drawn from; a match whose hands no longer replay has
    no chart (404)."""
    match = _match(token, match_id)
    table = match.table
    standings, error = _replay(match)
    if standings is None:
        abort(404)
    return table, match, standings


@bp.get("/t/<token>/m/<dbid:match_id>/chart")
def chart_table(token: str, match_id: int):
    """The chart as a table (its text alternative), on a page of its own so the match page stays light."""
    table, match, standings = _charted(token, match_id)
    _, names, labels, totals, lines = _chart_parts(match, standings)
    return render_page("history/chart_table.html", "history/chart_table.html", table=table, match=match,
                       variant=find_variant(match.variant), columns=names,
                       chart_lines=lines, chart_rows=list(zip(labels, totals)))


@bp.get("/t/<token>/m/<dbid:match_id>/chart.svg")
def chart_svg(token: str, match_id: int):
    _, match, standings = _charted(token, match_id)
    svg, *_ = chart_for(match, standings)
    response = Response('<?xml version="1.0" encoding="utf-8"?>\n' + str(svg), mimetype="image/svg+xml")
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


# -- stats ----------------------------------------------------------------------------------------------

@bp.get("/t/<token>/stats")
def stats(token: str):
    table = _table(token)
    remember_table(table.token)
    # the latest matches only (the page says so), each read as its kept summary
    total = tables.count_matches(table)
    matches = list(reversed(tables.latest_matches(table, limits.STATS_MATCHES)))
    by_id = {p.id: p.name for p in table.players}
    played = summaries.played(matches, by_id)
    form = head_to_head_form(table.players, request.args)
    a, b = by_id.get(request.args.get("a", type=form_id)), by_id.get(request.args.get("b", type=form_id))
    h2h = head_to_head(played, a, b) if a and b and a != b else None
    h2h_error = gettext("Choose two different players.") if a and b and a == b else None
    return render_page("history/stats.html", "history/stats.html", table=table,
                       stats=player_stats(played), matches=len(matches), total=total, form=form, h2h=h2h,
                       h2h_error=h2h_error, variant_names={k: speak(v.name) for k, v in VARIANTS.items()})


# -- export -----------------------------------------------------------------------------------------------

def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _stem(match: Match) -> str:
    return f"{match.variant}-{match.created_at:%Y-%m-%d}-{match.id}"


@bp.get("/t/<token>/m/<dbid:match_id>/export.json")
def export_match_json(token: str, match_id: int):
    match = _match(token, match_id)
    table = match.table
    return _download(exporting.match_document_text(table, match), "application/json", _stem(match) + ".json")


def _cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula (a name like ``=SUM(...)``)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@bp.get("/t/<token>/m/<dbid:match_id>/export.csv")
def export_match_csv(token: str, match_id: int):
    match = _match(token, match_id)
    table = match.table
    standings, error = _replay(match)
    if standings is None:
        abort(409, error)
    names = [p.name for p in service.seated_players(match)]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["hand", "kind", "dealer", "ended by", "how"] + [_cell(n) for n in names])
    hand = 0
    for result in standings.hands:
        if result.kind == "hand":
            hand += 1
        writer.writerow([hand if result.kind == "hand" else "", result.kind, _cell(result.dealer or ""),
                         _cell(result.by or ""), (result.end or "").replace("_", " ")]
                        + [result.scores.get(n, "") for n in names])
    writer.writerow(["total", "", "", "", ""] + [standings.player(n).total for n in names])
    return _download(out.getvalue(), "text/csv", _stem(match) + ".csv")


@bp.get("/t/<token>/export.json")
def export_table(token: str):
    table = _table(token)
    response = Response(stream_with_context(exporting.table_document_text(table)), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="table-{dt.date.today():%Y-%m-%d}.json"'
    return response


# -- import -----------------------------------------------------------------------------------------------

def _after_import(token: str, created: list[Match]) -> str:
    """Where an import lands: where the table goes on. A match still being played (the one of the
    document, or the only one of a table's) opens on its scoreboard, ready for the next hand; a
    finished match on its page; several finished ones on the table's history."""
    going_on = [m for m in created if m.status not in ("finished", "abandoned")]
    if len(going_on) == 1:
        return url_for("matches.show", token=token, match_id=going_on[0].id)
    if len(created) == 1:
        return url_for("history.match_page", token=token, match_id=created[0].id)
    return url_for("history.index", token=token)


@bp.route("/t/<token>/import", methods=["GET", "POST"])
@limiter.limit(IMPORTS_PER_ADDRESS, methods=["POST"])
@limiter.limit(IMPORTS_PER_TABLE, methods=["POST"], key_func=table_of_request)
def import_page(token: str):
    table = _table(token)
    form = ImportForm()
    if request.method == "GET":
        return render_page("history/import.html", "history/import.html", table=table, form=form, error=None)
    error = None
    if form.validate_on_submit():
        try:
            # one byte past the bound is enough to know the file is too large
            document = importing.read_document(form.document.data.read(limits.UPLOAD_BYTES + 1))
            created = importing.import_document(table, document, again=bool(form.again.data))
        except importing.ImportRefused as exc:
            db.session.rollback()
            error = refusal(exc)
            if isinstance(exc, importing.AlreadyImported):
                form.again.errors = [gettext("Tick this to import it a second time.")]
        else:
            where = _after_import(token, created)
            if getattr(request, "htmx", None):
                # sent by htmx: the whole browser goes to the imported match, not a swap of its page
                response = Response(status=204)
                response.headers["HX-Redirect"] = where
                return response
            return redirect(where)
    # sent by htmx, the page keeps its file box (and the file chosen in it); a plain post loses it
    return render_page("history/import.html", "history/import.html", table=table, form=form,
                       error=error, kept_file=bool(getattr(request, "htmx", None)), status=422)


__all__ = ["bp"]
