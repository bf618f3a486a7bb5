"""The spectator link: ``/v/<view_token>`` shows a match's standings and grid, read-only, and stays
current: ``/v/<view_token>/stream`` says each new version of the match as it is saved (``live``), and
the page then asks for ``/v/<view_token>/sheet``; where no stream can be held the page polls the sheet.
A finished match's result, worth sharing, is at
``/v/<view_token>/summary``.

Only GET routes live here, and nothing reached through a view token links to the table's own link,
so a view token never grants write access; an unknown token is a 404 like any other wrong link.

The poll is cheap when nothing changed: the sheet's ETag is made from the match's id and version
(bumped on every save), read with one small query and no replay, so an idle sheet answers 304. When
it did change, the sheet is drawn once per worker and language and kept (``SheetMemo``), so the other
followers of that match who poll the same worker get it without a replay or a template.
"""

from __future__ import annotations

import hashlib

from flask_babel import gettext, ngettext
from flask import Blueprint, Response, abort, current_app, g, render_template, request

from ...engine.errors import Refusal
from ..bidi import isolated
from ..i18n import current_language, money, refusal, speak, whole
from ..util import signed
from . import image, live
from ...engine.variants import find_variant
from flask_limiter.util import get_remote_address

from ..extensions import PICTURES_PER_ADDRESS, db, limiter
from ... import service
from .. import house_rules as words, scoreboard
from ...engine import limits
from ...service.memo import LatestMemo
from ...service.models import Match

bp = Blueprint("spectate", __name__)

#: seconds between two polls of the spectator's sheet where no stream is held (a server of one thread
#: per worker, every stream slot taken): conditional polling (an idle poll is a 304 from one small query,
#: no replay), so that a new hand is on a follower's screen within a second (p95) there too
#: (benchmarks/bench_live.py measures both ways)
POLL_SECONDS = 0.8
#: bump when the sheet's markup changes, so browsers drop sheets drawn by the old template
SHEET_REVISION = 5


@bp.after_request
def _same_origin_referrer(response: Response) -> Response:
    # What is reached through a view token tells no other site where it came from: no Referer at all,
    # not even the origin that the app's own policy (hooks.SECURITY_HEADERS) sends. Once, for every answer.
    response.headers["Referrer-Policy"] = "same-origin"
    return response


class SheetMemo(LatestMemo[str]):
    """The latest drawn sheet of each match in each language, kept in this worker.

    A sheet found here is the sheet drawn afresh: its key holds everything the sheet is drawn from
    (``service.revision``: the version, which every change to the entries moves, the seats' names, the
    rules, the stake and the sides; the table's currency; the language; the template's revision and the
    link prefix), and a key that differs in anything is a miss, drawn again. Only a match's latest
    version is kept, and the memo holds ``limits.SHEET_MEMO_CHARS`` characters at most, the least
    recently used first out, whatever the number of matches followed.
    """

    def __init__(self, budget: int) -> None:
        # one sheet never takes a large part of the memo
        super().__init__(budget, size=len, version=lambda key: key[0][1], largest=budget // 8)

    get = LatestMemo.find
    put = LatestMemo.keep


_sheets = SheetMemo(limits.SHEET_MEMO_CHARS)


def _etag(match_id: int, version: int) -> str:
    # the reader's language too: a sheet kept in one language is never revalidated for another
    return f"sheet-{SHEET_REVISION}-{current_language()}-{match_id}-{version}"


def _version_of(view_token: str):
    """The followed match's id and version, from one small query (no replay); 404 for an unknown link."""
    row = service.viewed_version(view_token)
    if row is None:
        abort(404)
    return row


def _match(view_token: str, *options) -> Match:
    return service.find_viewed_match(view_token, service.WITH_SEATS, *options)


def _context(match: Match) -> dict:
    """The sheet as the scoreboard draws it: the last ``limits.SCOREBOARD_ROWS`` entries only, from the
    replay carried on from the match's checkpoint, so that each poll after a save costs the same on
    hand 2,000 as on hand 20 (the match's other entries are never loaded)."""
    knocked: set[str] = set()
    try:
        run = service.replayed(match)
        standings, error, knocked = run.standings(), None, run.knocked_out()
    except Refusal as exc:
        standings, error = None, refusal(exc)
    rows, _, hands_played = scoreboard.recent_rows(match, standings, deleted=False)
    return {"match": match, "variant": find_variant(match.variant), "standings": standings,
            "replay_error": error, "hands_played": hands_played,
            "players": service.seated_players(match), "poll_seconds": POLL_SECONDS,
            "live_stream": live.can_stream(request.environ),
            "rows": rows, "bonus": scoreboard.bonus_row(match, standings),
            "knocked_out": knocked, "bars": scoreboard.bars(match, standings)}


def _no_cache(response: Response, etag: str) -> Response:
    # Weak: the same sheet is sent compressed or not, and a compressed answer keeps this tag
    # (Flask-Compress renames only strong ones), so If-None-Match still matches it.
    response.set_etag(etag, weak=True)
    # Stored, but checked with the server every time: the browser revalidates with If-None-Match.
    response.headers["Cache-Control"] = "no-cache, private"
    return response


@bp.get("/v/<view_token>")
def show(view_token: str):
    match = _match(view_token)
    response = Response(render_template("spectate/show.html", **_context(match)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/v/<view_token>/sheet")
def sheet(view_token: str):
    row = _version_of(view_token)
    etag = _etag(row.id, row.version)
    if request.if_none_match.contains_weak(etag):
        return _no_cache(Response(status=304), etag)
    match = _match(view_token)
    # the version first: compared first, and read by put() to keep the newer of two sheets
    key = (service.revision(match), getattr(match.table, "currency", None), SHEET_REVISION, request.script_root,
           live.can_stream(request.environ))
    slot = (match.view_token, current_language())
    body = _sheets.find_or_make(slot, key, lambda: render_template("spectate/partials/sheet.html", **_context(match)))
    return _no_cache(Response(body), _etag(match.id, match.version))


@bp.get("/v/<view_token>/stream")
def stream(view_token: str):
    """The match's versions as they change, on one held connection (``live``); 204 where none can be
    held (a server of one thread per worker would give the whole worker to it; every slot taken), which
    tells the browser not to try again: the page polls the sheet instead."""
    row = _version_of(view_token)
    db.session.close()  # the stream holds no database connection: the worker's watch reads for it
    watch = live.watch()
    address = get_remote_address()
    if not live.can_stream(request.environ) or not watch.take(view_token, row.version, address):
        return Response(status=204)
    body = live.Stream(watch, view_token, row.version, address=address, sock=live.socket_of(request.environ),
                       stall=float(current_app.config.get("LIVE_STALL_SECONDS", live.STALL_SECONDS)))
    response = Response(body, mimetype="text/event-stream")
    # nothing on the way keeps or compresses it: each event is sent as it happens
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _summary(match: Match) -> dict:
    """A match's result in a few lines: winner, standings, pot and payouts, hands played, the hand
    with the largest swing and the rules in one line (a match still being played: who leads)."""

    try:
        standings = service.standings(match)
    except Refusal:
        abort(404)
    variant = find_variant(match.variant)
    numbered, best = 0, None
    for result in standings.hands:
        if result.kind != "hand" or not result.scores:
            continue
        numbered += 1
        # a game scored by sides: a side's score, never each member's copy of it
        scores = result.side_scores or result.scores
        swing = max(scores.values()) - min(scores.values())
        if best is None or swing > best["swing"]:
            order = sorted(scores.items(), key=lambda kv: -abs(kv[1]))
            best = {"number": numbered, "swing": swing, "scores": order}
    changed = words.house_rules_words(match)
    rules = f"{speak(variant.name)}: " + ("; ".join(changed) if changed else gettext("standard rules"))
    game = speak(variant.name)
    # the headline is plain text (the page's title, the image's, the chat's): names isolated in it
    if standings.finished:
        winners = [isolated(n) for n in standings.winning_sides or standings.winners]
        pair = len(winners) == 1 and standings.winning_sides and len(standings.side(standings.winning_sides[0]).members) > 1
        headline = (gettext("%(names)s win at %(game)s", names=winners[0], game=game) if pair
                    else gettext("%(name)s wins at %(game)s", name=winners[0], game=game) if len(winners) == 1
                    else gettext("%(names)s share the win at %(game)s", names=gettext(" and ").join(winners), game=game))
    else:
        leaders = [isolated(n) for n in standings.leader]
        if leaders and numbered:
            headline = (gettext("%(name)s leads at %(game)s (still playing)", name=leaders[0], game=game)
                        if len(leaders) == 1 else
                        gettext("%(names)s lead at %(game)s (still playing)", names=gettext(" and ").join(leaders),
                                game=game))
        else:
            headline = gettext("Not started yet at %(game)s (still playing)", game=game)
    # the ranking: the sides of a game scored by sides (each once), else the players
    ranked = sorted(standings.sides or standings.players, key=lambda p: p.place)
    return {"match": match, "variant": variant, "standings": standings, "headline": headline, "ranked": ranked,
            "hands": numbered, "best": best, "rules_line": rules, "currency": getattr(match.table, "currency", None)}


@bp.get("/v/<view_token>/summary")
def summary(view_token: str):
    match = _match(view_token, service.WITH_ENTRIES)
    return Response(render_template("spectate/summary.html", **_summary(match)))


class PictureMemo(LatestMemo[bytes]):
    """The latest share picture of each match in each language, kept in this worker (keyed as
    ``SheetMemo`` is: a key that differs in anything is drawn again), ``limits.PICTURE_MEMO_BYTES`` at most."""

    def __init__(self, budget: int) -> None:
        super().__init__(budget, size=len, version=lambda key: key[0][1], largest=budget // 8)


_pictures = PictureMemo(limits.PICTURE_MEMO_BYTES)
#: bump when the picture's drawing changes
PICTURE_REVISION = 1


def _picture_drawn(response: Response) -> bool:
    return bool(g.get("picture_drawn"))


@bp.get("/v/<view_token>/summary.png")
@limiter.limit(PICTURES_PER_ADDRESS, deduct_when=_picture_drawn)
def summary_png(view_token: str):
    """The result card as a PNG (``spectate.image``, drawn with Pillow): what a chat shows as the link's
    picture, and the file the Share button sends. Drawn once per version of the match and language (kept
    in ``_pictures``), sent with an ETag so a phone that has it gets a 304; only fresh drawings count
    towards ``PICTURES_PER_ADDRESS``."""
    match = _match(view_token)
    key = (service.revision(match), getattr(match.table, "currency", None), PICTURE_REVISION)
    slot = (match.view_token, current_language())
    etag = "picture-" + hashlib.sha256(repr((key, slot)).encode()).hexdigest()[:32]
    if request.if_none_match.contains(etag):
        return _picture_headers(Response(status=304), match, etag)
    body = _pictures.find(slot, key)
    if body is None:
        g.picture_drawn = True
        body = _draw_picture(view_token)
        _pictures.keep(slot, key, body)
    return _picture_headers(Response(body, mimetype="image/png"), match, etag)


def _picture_headers(response: Response, match: Match, etag: str) -> Response:
    response.set_etag(etag)
    response.headers["Content-Disposition"] = f'inline; filename="result-{match.id}.png"'
    # the picture changes with the match: a chat's preview may keep it a while, a phone checks again
    response.headers["Cache-Control"] = "public, max-age=60"
    return response


def _draw_picture(view_token: str) -> bytes:
    match = _match(view_token, service.WITH_ENTRIES)
    context = _summary(match)
    standings, currency = context["standings"], context["currency"]
    winners = set(standings.winning_sides or standings.winners)
    rows = [image.Row(p.place, p.name, whole(p.total), p.name in winners) for p in context["ranked"]]
    lines = []
    if standings.pot is not None:
        lines.append(gettext("Pot %(pot)s", pot=money(standings.pot, currency)) + "".join(
            f" · {name} {money(share, currency)}" for name, share in standings.payouts.items()))
    hands = ngettext("%(num)s hand", "%(num)s hands", context["hands"])
    best = context["best"]
    if best:
        hands += " " + gettext("· largest swing: hand %(number)s, %(name)s %(score)s", number=best["number"],
                               name=best["scores"][0][0], score=signed(best["scores"][0][1]))
    lines += [hands, context["rules_line"]]
    return image.result_png(context["headline"], rows, lines)


__all__ = ["bp", "POLL_SECONDS"]
