"""The scoreboard: everything its fragment draws, built in one place.

The scoreboard page, the record-hand page and every htmx answer that swaps ``#scoreboard`` (a saved
hand, a refused one, a stale sheet, an undo, a rebuy; a saved hand whose page keeps its grid swaps only
the part above it, ``#scoreboard-top``) draw it from here, so both the matches and the
hands blueprints import this module and neither imports the other. It also builds the rows of the one
hand-by-hand grid (``templates/matches/partials/grid.html``) that the scoreboard, the spectator sheet
and the match page share.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

from flask import g, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from flask_babel import gettext as _, pgettext

from ..engine.errors import Refusal
from . import charts
from ..engine import limits
from ..engine.cards import RANK_LABELS, Card
from ..engine.i18n import message_of
from ..engine.variants import find_variant
from .bidi import isolated
from .guards import form_id
from .hand_form import build_hand_form, end_words
from .i18n import lazy_gettext as _l, speak, whole
from .util import ButtonForm, minus_signs, render_page, wants_fragment
from .. import service


# -- the hand form -----------------------------------------------------------------------------------

def deck_for(match, variant) -> dict[str, Any]:
    """The deck the card picker draws for this match (``deck``: the game's declaration, ``engine.decks``),
    with how many copies of each card and how many jokers it offers."""
    if not variant.uses_cards:
        return {"copies": 1, "jokers": 0, "deck": None}
    rules = service.rules_of(match)
    try:
        if rules is not None:
            # the match's own deck: a house rule may change the packs (Rummy 500's decks)
            bound = variant.for_match(rules, match.seats)
            deck = bound.deck()
            return {"copies": deck.copies(), "jokers": bound.table_jokers(), "deck": deck}
    except Refusal:
        pass
    return {"copies": variant.decks(len(match.seats)), "jokers": 0, "deck": None}


def players_in(match, standings) -> list[Any]:
    players = service.seated_players(match)
    if standings is None:
        return players
    state = {p.name: p.state for p in standings.players}
    # a hand only some play (a tie-break hand of the tied players): the game says who
    playing = standings.next_players
    return [p for p in players if state.get(p.name) == "in" and (playing is None or p.name in playing)]


def entry_form_context(table, match, standings=None, form=None) -> dict[str, Any]:
    """The hand form for the scoreboard (or the record page), for the players still in."""
    variant = find_variant(match.variant)
    if form is None:
        form = build_hand_form(variant, players_in(match, standings), version=match.version, match=match)
    return {"entry_form": form, "upcard_limits": upcard_limits(match, variant),
            "entry_action": url_for("hands.new", token=table.token, match_id=match.id),
            "preview_url": url_for("hands.preview", token=table.token, match_id=match.id),
            "cards_url": url_for("hands.cards_value", token=table.token, match_id=match.id),
            "deck": deck_for(match, variant)}


def refusal_words(variant, message: str) -> str:
    """An engine refusal as the page says it: in the page's language, with the true minus sign (the
    engine phrases it for the game: free scoring's refusals speak of points, never of cards)."""
    return minus_signs(speak(message))


def upcard_limits(match, variant) -> list[tuple[str, str]] | None:
    """For a game whose upcard sets the knock limit: each rank and what it allows, in words, so the
    limit shows the moment the rank is tapped (static/css/app.css shows the one for the checked rank)."""
    if not variant.upcard_required:
        return None
    rules = service.rules_of(match)
    if rules is None:
        return None
    out = []
    for rank in range(1, 14):
        # a diamond of each rank: the game says what the rank allows (a suit's own effect is said apart)
        limit = variant.knock_limit_with(Card(rank, "D"), rules)
        out.append((RANK_LABELS[rank], _("Knock with %(limit)s or less", limit=limit) if limit
                    else _("Gin only: no knocking")))
    return out


def first_error(form) -> tuple[str, str] | None:
    """The first refusal in the order the form shows its fields: (the id to focus, the message).
    A refusal that belongs to no field is focused at the Save button."""
    order = []
    for name in ("upcard", "lone", "by", "end", "concealed"):
        if hasattr(form, name):
            order.append(getattr(form, name))
    # a game scored by sides: each side's boxes first, as the form shows them
    for side in getattr(form, "sides", None) or ():
        order.extend(f for f in form if f.name.startswith(side.prefix))
    # each player's boxes in the entry fields' order (by side, only the counts each player has of his own);
    # a card picker's text box carries its cards (templates/shared/_card_picker.html), focused as
    # "<field>-<player>-text"
    picked: dict[str, str] = {}
    for p in form.players:
        for spec in form.entry_fields.per_player:
            box = getattr(form, f"{spec.name}_{p.id}", None)
            if box is not None:
                order.append(box)
                if spec.kind in ("cards", "melds"):
                    picked[box.name] = f"{spec.name}-{p.id}-text"
    if hasattr(form, "melds"):
        order.append(form.melds)
    for field in order:
        if field.errors:
            if field.name in picked:
                return picked[field.name], field.errors[0]
            if field.type == "RadioField":
                return f"{field.id}-0", field.errors[0]
            return field.id, field.errors[0]
    if form.form_errors:
        return "save-status", form.form_errors[0]
    return None


# -- what the scoreboard shows -----------------------------------------------------------------------

def own_entry_words(match) -> dict[str, str]:
    """The game's own entries (``Variant.entry_kinds``: a notice to stop, a finish), by kind: their name
    in a row."""
    return {key: speak(k.word) for key, k in own_kinds(match).items()}


def row_words(match) -> dict[str, str]:
    """What a row of the grid is called where it is not a hand: the game's own entries, and a rebuy by
    the name its game gives it (Pool Rummy's rejoin, as its button says)."""
    return {**own_entry_words(match), "rebuy": speak(find_variant(match.variant).rebuy_words().word)}


def entry_label(match, entry, hands: int | None = None) -> str:
    """How an entry is called in messages: "hand 4", "Ann's rebuy", "the void hand after hand 3".
    ``hands``: the live hands before it, when the caller has counted them."""
    if hands is None:
        hands = _hands_before(match, entry)
    if entry.kind == "hand":
        if find_variant(match.variant).deal_word == "round":  # the game's word for a deal
            return _("round %(number)s", number=hands + 1)
        return _("hand %(number)s", number=hands + 1)
    own = own_kinds(match).get(entry.kind)
    if own is not None:
        # an entry of the game's own (a notice to stop, a finish), in the game's words
        return (_("the %(what)s after hand %(number)s", what=speak(own.word), number=hands) if hands
                else _("the %(what)s before the first hand", what=speak(own.word)))
    if entry.kind == "split":
        return (_("the split after hand %(number)s", number=hands) if hands else _("the split"))
    if entry.kind == "rebuy":
        name = {p.id: p.name for p in match.table.players}.get(entry.payload.get("player"), "?")
        # in the game's word, as its button says (Pool Rummy's rejoin)
        return speak(find_variant(match.variant).rebuy_words().entry_label(name, hands))
    return (_("the void hand after hand %(number)s", number=hands) if hands
            else _("the void hand before the first hand"))


def saved_words(match, entry) -> str:
    """What the scoreboard says of an entry just saved: "Saved: hand 4.", in the game's word for a deal
    ("Saved: round 4.", a sentence of its own: in Italian a round is masculine, a hand feminine)."""
    if entry.kind == "hand" and find_variant(match.variant).deal_word == "round":
        return _("Saved: round %(number)s.", number=_hands_before(match, entry) + 1)
    return _("Saved: %(saved)s.", saved=entry_label(match, entry))


def own_kinds(match) -> dict[str, Any]:
    """The entry kinds the match's game declares besides hands, void hands and rebuys, by key."""
    try:
        return {k.key: k for k in find_variant(match.variant).entry_kinds()}
    except Refusal:
        return {}


def _hands_before(match, entry) -> int:
    """The live hands before ``entry``: known from the grid's rows drawn in this request
    (``recent_rows``), otherwise asked of the service."""
    known = g.get("hands_before", {}).get((match.id, match.version, entry.id))
    return known if known is not None else service.hands_before(match, entry)


VERBS = {"add": _l("%(entry)s recorded"), "edit": _l("%(entry)s edited"), "delete": _l("%(entry)s deleted"),
         "restore": _l("%(entry)s restored")}


def describe_action(match, action: dict[str, Any]) -> str:
    """ "hand 4 recorded", "Ann's rebuy recorded", "hand 2 edited" (the words Undo and Redo say)."""
    entry = service.entry_of(match, action.get("entry"))
    if entry is None:
        return _("a change")
    verb = VERBS.get(action["do"])
    label = entry_label(match, entry)
    if verb is not None and entry.kind == "hand" and find_variant(match.variant).deal_word == "round":
        return _round_verb(action["do"], label)
    return str(verb % {"entry": label}) if verb is not None else f"{label} {action['do']}"


def _round_verb(do: str, label: str) -> str:
    """``VERBS`` of a round (``Variant.deal_word``), sentences of their own: in Italian a round is
    masculine, a hand feminine."""
    if do == "add":
        return pgettext("round", "%(entry)s recorded", entry=label)
    if do == "edit":
        return pgettext("round", "%(entry)s edited", entry=label)
    if do == "delete":
        return pgettext("round", "%(entry)s deleted", entry=label)
    return pgettext("round", "%(entry)s restored", entry=label)


def later_entry_message(match, exc: service.LaterEntryError) -> str:
    """A refusal caused by a later entry, naming that entry and what to do."""
    later = service.entry_of(match, exc.entry_id)
    if later is None:
        return speak(exc.reason)
    return _("This change makes %(entry)s impossible (%(reason)s). Delete or edit %(entry)s first, then make "
             "this change.", entry=entry_label(match, later), reason=speak(exc.reason))


def bars(match, standings) -> dict[str, dict[str, Any]]:
    """For each player still in: how far their total is toward the limit or the target, as a bar."""
    if standings is None or standings.finished:
        return {}
    lines = charts.limit_lines(match.variant, match.rules, len(match.seats))
    if not lines:
        return {}
    line = lines[0]
    out = {}
    for p in standings.players:
        if p.state != "in" or line.value <= 0:
            continue
        share = max(0.0, min(1.0, p.total / line.value))
        left = line.value - p.total
        near = line.kind == "limit" and share >= 0.8
        # the line's own words ("Out at 100"), then how far is left, said once ("Out at 100 · 30 left"),
        # never "100 left before 100" for a player still on 0
        label = (line.label if p.total == 0
                 else _("%(line)s · %(left)s to go", line=line.label, left=whole(left)) if line.kind == "target"
                 else _("%(line)s · %(left)s left", line=line.label, left=whole(left)) if left > 0
                 else _("at %(value)s", value=whole(line.value)))
        out[p.name] = {"label": label, "near": near, "kind": line.kind, "value": line.value,
                       # a <meter> turns amber past "low" and red past "high" (near the limit)
                       "low": round(line.value * 0.6), "high": round(line.value * 0.8)}
    return out


def grid_columns(match, standings) -> list[str]:
    """Who the grid has a column for: the sides of a game scored by sides (as the standings list
    them), else the players in seat order."""
    if standings is not None and standings.sides:
        return [side.name for side in standings.sides]
    return [p.name for p in service.seated_players(match)]


def grid_rows(match, standings, *, deleted: bool = True) -> list[dict[str, Any]]:
    """Every entry in order (deleted ones too, unless ``deleted`` is false), each with its replayed
    result if it counts, its number, what to call it, and its cells in seat order."""
    names = {str(p.id): p.name for p in match.table.players}
    seated = grid_columns(match, standings)
    words = row_words(match)
    shape = _row_shape(match, standings)
    live = iter(standings.hands) if standings is not None else iter(())
    rows = []
    hand = 0
    for entry in match.entries:
        if entry.deleted_at is not None:
            if deleted:
                rows.append({"entry": entry, "result": None, "number": None, "deleted": True,
                             "label": entry_label(match, entry),
                             "document": service.payload_to_document(entry.payload, names)})
            continue
        result = next(live, None)
        if entry.kind == "hand":
            hand += 1
        rows.append(_row(entry, result, hand, seated, words, match.variant, **shape))
    return rows


def recent_rows(match, standings, *, deleted: bool = True) -> tuple[list[dict[str, Any]], int, int]:
    """The grid's rows of the last ``limits.SCOREBOARD_ROWS`` entries (deleted ones too, unless
    ``deleted`` is false), as :func:`grid_rows` makes them, read without loading the match's other
    entries; with how many rows come before them and how many hands the match has played.

    ``standings`` may hold the results of the last entries only (a replay carried on from a checkpoint
    holds at least as many as these rows need)."""
    rows, before, hands_played, _above = _recent_rows(match, standings, deleted=deleted)
    return rows, before, hands_played


def _recent_rows(match, standings, *, deleted: bool,
                 only: set[int] | None = None) -> tuple[list[dict[str, Any]], int, int, int | None]:
    """:func:`recent_rows`, with the id of the entry just above the rows (None if there is none): the
    row that falls off the top of the grid when a new one comes in (:func:`kept_grid`). It is read
    with the rows, one more of them, instead of by a query of its own.

    ``only``: the rows a saved hand's answer may draw again (:func:`kept_grid`) are made in full (the
    last two, the deleted ones and those of ``only``), the others are a mark, ``{"skipped": True}``
    with the entry's id; the entries are read as plain columns, and only those rows' entries loaded."""
    tail = service.sheet_tail(match, limits.SCOREBOARD_ROWS, deleted=deleted, light=only is not None)
    shown, hand = tail.entries, tail.hands_before
    if only is not None:
        wanted = {e.id for e in shown[-2:]} | {e.id for e in shown if e.deleted_at is not None} | only
        loaded = service.entries_by_id(match, (e.id for e in shown if e.id in wanted))
    names = {str(p.id): p.name for p in match.table.players}
    seated = grid_columns(match, standings)
    words = row_words(match)
    shape = _row_shape(match, standings)
    n_live = sum(1 for e in shown if e.deleted_at is None)
    results = iter(standings.hands[len(standings.hands) - n_live:] if standings is not None and n_live else ())
    rows: list[dict[str, Any]] = []
    # the label of a shown entry ("hand 4", for Undo and "Saved") needs no count of its own
    known = g.setdefault("hands_before", {})
    for entry in shown:
        known[(match.id, match.version, entry.id)] = hand
        if only is not None:
            if entry.id not in loaded:
                if entry.deleted_at is None:
                    hand += entry.kind == "hand"
                    next(results, None)
                rows.append({"entry": entry, "skipped": True, "deleted": entry.deleted_at is not None})
                continue
            entry = loaded[entry.id]
        if entry.deleted_at is not None:
            rows.append({"entry": entry, "result": None, "number": None, "deleted": True,
                         "label": entry_label(match, entry, hands=hand),
                         "document": service.payload_to_document(entry.payload, names)})
            continue
        if entry.kind == "hand":
            hand += 1
        rows.append(_row(entry, next(results, None), hand, seated, words, match.variant, **shape))
    return rows, tail.before, tail.hands_played, tail.above


def _row_shape(match, standings) -> dict[str, Any]:
    """What every row of this match's grid shows besides the scores: a sheet of several games shows each
    hand's points and the games they went into (the nets move only when a game closes)."""
    return {"by_games": standings is not None and standings.games is not None}


def _row(entry, result, hand: int, seated: list[str], words: dict[str, str], game: str,
         by_games: bool = False) -> dict[str, Any]:
    how = ""
    if result is not None:
        # a hand nobody ended (every player's points typed) has nothing to say of how it ended
        end = "" if result.end is None or result.by is None else end_words(result.end, game)
        how = " ".join(x for x in (isolated(result.by or ""), end) if x)  # plain text: the name isolated
    # each cell is (score, player): the grid reads the explanation only where it shows it (the match
    # page), so a scoreboard never asks a replay for the words of two hundred hands
    # a game scored by sides: one cell per side (its change and its explanation, by the side's name)
    scores = (result.side_scores or result.scores) if result is not None else {}
    cells = [None if result is None or name not in scores else (scores[name], name) for name in seated]
    games = None
    if by_games:
        # the hand's points, the winner's only, and the games they went into (those it closed marked)
        points = result.hand_points if result is not None else {}
        cells = [(points[name], name) if name in points else None for name in seated]
        games = [{"number": n, "closed": n in result.closed} for n in result.games] if result is not None else []
    return {"entry": entry, "result": result, "number": hand if entry.kind == "hand" else None,
            "deleted": False, "cells": cells, "how": how, "edited": bool(entry.history), "games": games,
            "word": words.get(entry.kind)}


def _held_words(held: dict[str, Any] | None) -> str:
    if not held:
        return _("nothing")
    said = []
    for name, value in held.items():
        if name == "opened":
            continue
        if name.endswith("points"):
            said.append(_("%(points)s points", points=whole(value)))
        elif isinstance(value, list):
            said.append(" | ".join(v if isinstance(v, str) else " ".join(v) for v in value))
        else:
            said.append(str(value))
    words = ", ".join(said) or _("nothing")
    return _("%(held)s (never opened)", held=words) if held.get("opened") is False else words


def what_changed(before: dict[str, Any], after: dict[str, Any], game: str | None = None) -> list[str]:
    """An edit in words, only what differs: "Ben 30 points → 23 points", "ended by Ann → Cat"."""
    said = []
    if before.get("by") != after.get("by"):
        said.append(_("ended by %(before)s → %(after)s", before=before.get("by") or _("nobody"),
                      after=after.get("by") or _("nobody")))
    if before.get("end") != after.get("end"):
        said.append(_("how: %(before)s → %(after)s", before=end_words(before.get("end") or "?", game),
                      after=end_words(after.get("end") or "?", game)))
    if before.get("upcard") != after.get("upcard"):
        said.append(_("upcard %(before)s → %(after)s", before=before.get("upcard") or _("none"),
                      after=after.get("upcard") or _("none")))
    if before.get("melds") != after.get("melds"):
        said.append(_("declared melds"))
    held_before, held_after = before.get("held") or {}, after.get("held") or {}
    for name in list(held_before) + [n for n in held_after if n not in held_before]:
        if held_before.get(name) != held_after.get(name):
            said.append(f"{name} {_held_words(held_before.get(name))} → {_held_words(held_after.get(name))}")
    return said


#: the stored words of a change ("deleted (undo)"), as the page says them
CHANGE_WORDS = {"edited": _l("edited"), "deleted": _l("deleted"), "restored": _l("restored"),
                "(undo)": _l("(undo)"), "(redo)": _l("(redo)"), "edit": _l("edit"), "undo": _l("undo"),
                "redo": _l("redo"), "(undone)": _l("(undone)"), "(redone)": _l("(redone)"), "undone": _l("undone"),
                "redone": _l("redone")}


def change_words(change: str) -> str:
    return " ".join(str(CHANGE_WORDS.get(word, word)) for word in change.split(" "))


def audit_trail(match, entry) -> list[dict[str, Any]]:
    """An entry's changes, oldest first: when (UTC, shown in the phone's own time) and what changed.
    Each stored step keeps the payload from before it; the one after is the next step's, or today's."""
    names = {str(p.id): p.name for p in match.table.players}
    steps = list(entry.history or [])
    out = []
    for i, h in enumerate(steps):
        before = service.payload_to_document(h.get("payload") or {}, names)
        after_payload = steps[i + 1].get("payload") if i + 1 < len(steps) else entry.payload
        after = service.payload_to_document(after_payload or {}, names)
        change = h.get("change", "edited")
        out.append({"at": h.get("at", ""), "change": change_words(change),
                    "what": what_changed(before, after, match.variant) if change.startswith("edit") else []})
    return out


def bonus_row(match, standings) -> list[int] | None:
    """The sheet's row of end-of-match bonuses (``service.bonuses``), None if there are none."""
    return service.bonuses(match, standings)


def edit_sign(match, action: dict[str, Any] | None, entry_id: int | None, standings) -> dict[str, Any] | None:
    """After an edit (the last action, of the entry ``entry_id``): what it changed, for the scoreboard to
    say ("hand 1 changed") and to show as each player's delta instead of the last hand's
    (``service.edit_deltas``)."""
    if action is None or entry_id is None or action.get("entry") != entry_id:
        return None
    entry = service.entry_of(match, entry_id)
    deltas = service.edit_deltas(match, action, entry, standings)
    return {"label": entry_label(match, entry), "deltas": deltas} if deltas is not None else None


def kept_grid(match, standings, rows: list[dict[str, Any]], rows_before: int, since: int | None,
               highlight: int | None, above: int | None) -> dict[str, Any] | None:
    """After a hand saved from a page drawn at version ``since``: what changed in that page's grid, when
    the change is one new row at the end (None otherwise: the grid is drawn whole). The rows are those
    of :func:`recent_rows` now; the page's grid held the same entries less the new one, and one more at
    the top once the match has more entries than the grid shows. Drawn again: the row before the new one
    and the page's highlighted row (each loses its mark), and the deleted rows (their Undo carries the
    version). Out: the row that fell off the top (``above``: the entry just above ``rows``). The totals
    are drawn again by the template."""
    if (since is None or match.version != since + 1 or standings is None or standings.finished
            or match.status != "active" or not rows or rows[-1]["deleted"]):
        return None
    before = rows_before + len(rows) - 1  # entries in the page's grid's count (deleted ones too)
    if before < 1 or before == limits.SCOREBOARD_ROWS:
        return None  # "No hands yet" or the "last N entries" line: the grid's frame changes
    gone = [above] if before > limits.SCOREBOARD_ROWS and above is not None else []
    redraw = {highlight} | ({rows[-2]["entry"].id} if len(rows) > 1 else set())
    changed = [dict(row, oob="replace") for row in rows[:-1] if row["deleted"] or row["entry"].id in redraw]
    return {"rows": changed + [dict(rows[-1], oob="append")], "gone": gone}


def _page_highlight() -> int | None:
    """The row the page that sent this request marks (its ``?new=``), read from htmx's header."""
    page = request.headers.get("HX-Current-URL", "")
    if len(page) > 2048:
        return None
    # Werkzeug's get(type=...) turns form_id's refusal of a bad value into None
    return MultiDict(parse_qsl(urlsplit(page).query)).get("new", type=form_id)


def scoreboard_context(table, match, *, form=None, message: str | None = None, since: int | None = None,
                       **extra: Any) -> dict[str, Any]:
    """What the scoreboard fragment needs: the replayed standings, the entries beside them, the hand
    form (a fresh one unless ``form``), undo and redo. ``since``: the version the page that saved a hand
    was drawn at (htmx only), so that only what changed in its grid is sent (:func:`kept_grid`)."""
    run, standings, knocked, error = _replayed(match)
    variant = find_variant(match.variant)
    playing = match.status == "active" and standings is not None and not standings.finished
    grid = _grid(match, standings, since)
    if "saved_entry" in extra:  # named once the rows are read: their numbers are known then
        extra["saved"] = saved_words(match, extra.pop("saved_entry"))
    drawn_bars = bars(match, standings)
    context = {
        "table": table, "match": match, "variant": variant, "rules_summary": _rules_summary(variant, match),
        # the game's own entries it allows now (a notice to stop), in the words the game gives them
        "own_kinds": [k for k in variant.entry_kinds() if k.key in run.entry_kinds_allowed()] if playing else [],
        "standings": standings, "replay_error": error,
        "players": service.seated_players(match), "button": ButtonForm(),
        "highlight": request.args.get("new", type=form_id), "message": message,
        "bonus": bonus_row(match, standings),
        "knocked_out": knocked, "bars": drawn_bars,
        # a hand may knock a player out: who deals after a hand not yet sent depends on it (the phone
        # says only the hand's number while hands are kept on it)
        "knockouts": any(bar["kind"] == "limit" for bar in drawn_bars.values()),
        **grid,
        **_undo_and_redo(match, standings, extra),
        **extra,
    }
    if playing:
        context.update(entry_form_context(table, match, standings, form=form))
    return context


def _replayed(match) -> tuple[Any, Any, set[str], str | None]:
    """The match replayed (carried on from the kept checkpoint if need be: the rows need only the last
    results), its standings, who is knocked out, and what stops stored entries that no longer replay
    (shown, never a 500)."""
    try:
        run = service.replayed(match)
        return run, run.standings(), run.knocked_out(), None
    except Refusal as exc:
        return None, None, set(), message_of(exc)


def _rules_summary(variant, match) -> list[Any]:
    """The match's rules as its game words them, or none when they no longer resolve."""
    rules = service.rules_of(match)
    return list(variant.rules_summary(rules)) if rules is not None else []


def _grid(match, standings, since: int | None) -> dict[str, Any]:
    """The grid's rows: the last entries only (the match page has them all), so that the scoreboard
    after a save costs the same on hand 1,000 as on hand 10. After a hand saved from the page drawn just
    before it, the grid's changes are likely all that is sent (``kept_grid``): the rows it may draw
    again are made, the others only counted."""
    highlight = _page_highlight() if since is not None else None
    light = (since is not None and match.version == since + 1 and match.status == "active"
             and standings is not None and not standings.finished)
    rows, rows_before, hands_played, above = _recent_rows(
        match, standings, deleted=True, only={highlight} - {None} if light else None)
    kept = kept_grid(match, standings, rows, rows_before, since, highlight, above) if since is not None else None
    if light and kept is None:  # the grid is drawn whole after all (its frame changes): every row made
        rows, rows_before, hands_played, above = _recent_rows(match, standings, deleted=True)
    return {"rows": rows, "rows_before": rows_before, "kept_grid": kept,
            "hands_played": hands_played if standings is not None else 0}


def _undo_and_redo(match, standings, extra: dict[str, Any]) -> dict[str, Any]:
    """What Undo and Redo would do, and, without JavaScript (Undo, Redo and an edit redirect to the
    scoreboard: ``?undone=``, ``?edited=``), what they or the edit just did, said from the log."""
    undo_action = service.last_action(match)
    redo_action = service.last_action(match, undone=True)
    after = request.args.get("undone")
    if after == "undo" and redo_action and "undone" not in extra:
        extra["undone"] = _("Undone: %(action)s.", action=describe_action(match, redo_action))
    elif after == "redo" and undo_action and "undone" not in extra:
        extra["undone"] = _("Redone: %(action)s.", action=describe_action(match, undo_action))
    return {
        "undo_label": describe_action(match, undo_action) if undo_action else None,
        # the deleted entry that Undo would bring back: the grid shows "Deleted · Undo" for it alone
        "undo_entry": undo_action.get("entry") if undo_action and undo_action.get("do") == "delete" else None,
        "redo_label": describe_action(match, redo_action) if redo_action else None,
        "edited": edit_sign(match, undo_action, request.args.get("edited", type=form_id), standings),
    }


#: the scoreboard's part above the grid (templates/matches/partials/scoreboard_top.html): where the answer
#: to a hand saved with htmx goes, when the page's grid is kept
TOP = "#scoreboard-top"


def render_scoreboard(table, match, *, status: int = 200, page: str = "matches/show.html", **kw: Any):
    """The scoreboard page, or for htmx its fragment alone. After a hand saved from a page whose grid
    needs only the new row (``kept_grid``), the fragment is the part above the grid, sent in place of
    the page's (htmx's HX-Retarget), with the grid's changes and the match menu out of band: the phone
    then lays out, and cleans up, that part alone, not the whole scoreboard with its grid."""
    context = scoreboard_context(table, match, **kw)
    if context["kept_grid"] is not None and wants_fragment():
        return render_template("matches/partials/saved_hand.html", **context), status, {"HX-Retarget": TOP}
    return render_page(page, "matches/partials/scoreboard.html", status=status, **context)


def conflict_context(match, version: int) -> dict[str, Any]:
    """What another phone changed since ``version``: said at the Save button of a stale form."""
    changes = service.changes_since(match, version)
    said = []
    for action in changes:
        words = describe_action(match, action)
        if action.get("undone"):
            words = _("undid %(what)s", what=words)
        said.append(words)
    last = None
    try:
        standings = service.current_standings(match)  # the last hand's result is all it reads
        if standings.hands and changes and changes[-1]["do"] == "add" and not changes[-1].get("undone"):
            last = standings.hands[-1]
    except Refusal:
        pass
    return {"changes": said, "last": last}


__all__ = ["own_kinds", "bars", "bonus_row", "conflict_context", "deck_for", "describe_action", "entry_form_context",
           "audit_trail", "entry_label", "saved_words", "first_error", "what_changed", "grid_rows", "recent_rows", "later_entry_message", "refusal_words", "players_in", "render_scoreboard",
           "kept_grid", "scoreboard_context"]
