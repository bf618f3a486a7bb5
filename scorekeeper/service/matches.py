"""A match's life: turning stored entries into the match document, replaying it (and remembering the
replay), and saving changes safely, with undo.

Every change to a match goes through here, so that three guarantees hold in one place:
- nothing is saved that the engine refuses (the whole document is replayed before anything is written);
- a double tap records once (each submitted form carries an idempotency key);
- a stale sheet is refused (each form carries the match's version; the version is bumped with a
  compare-and-swap ``UPDATE ... WHERE version = ?``, so two phones cannot both win).
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Iterable, NamedTuple

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value

from ..engine.errors import Refusal
from ..engine import limits
from ..engine.i18n import _, message_of
from ..engine.match import InvalidMatchError, MatchReplay, StaleCheckpointError, replay
from ..engine.variants import find_variant
from .memo import LatestMemo
from .models import Entry, Match, Player, ReplayCheckpoint, Table, utcnow
from .store import session

DOCUMENT_FORMAT = "scorekeeper.match/1"


class StaleMatchError(Exception):
    """The match changed since the form was drawn (another phone saved first)."""

    message = _("The sheet changed on another phone since you opened this form. Check the scores below, then save "
                "again: what you typed is kept.")


class MatchClosedError(Refusal):
    """A change to a match that was ended early: it takes no entries until it is reopened."""

    def __init__(self, message: str | None = None) -> None:
        message = message or _("This match was ended early: reopen it to record or change hands.")
        super().__init__(message)
        self.message = message


def new_token() -> str:
    """A link secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def live_entries(match: Match) -> list[Entry]:
    return [e for e in match.entries if e.deleted_at is None]


def recent_entries(match: Match, limit: int) -> list[Entry]:
    """The last ``limit`` live entries of ``match``, in order (one query, whatever the match's length)."""
    newest = session().scalars(
        sa.select(Entry).where(Entry.match_id == match.id, Entry.deleted_at.is_(None))
        .order_by(Entry.position.desc()).limit(limit))
    return list(reversed(list(newest)))


class SheetTail(NamedTuple):
    """The last rows of a match's sheet, read without loading its other entries (``sheet_tail``)."""

    #: the entries shown, oldest first (light rows: id, position, kind, deleted_at, when asked for)
    entries: list[Any]
    #: the id of the entry just above them (the row that falls off the top when a new one comes), or None
    above: int | None
    #: the rows before them, as the sheet counts rows (deleted ones too, when it shows them)
    before: int
    #: the live hands before the first of them, and in the whole match
    hands_before: int
    hands_played: int


def sheet_tail(match: Match, limit: int, *, deleted: bool = True, light: bool = False) -> SheetTail:
    """The last ``limit`` entries of ``match`` (deleted ones too, unless ``deleted`` is false), with the
    counts the sheet numbers them by: three statements whatever the match's length. ``light`` reads
    the entries as plain columns (``entries_by_id`` loads the few a page draws in full)."""
    live = Entry.deleted_at.is_(None)
    columns = (Entry.id, Entry.position, Entry.kind, Entry.deleted_at) if light else (Entry,)
    query = sa.select(*columns).where(Entry.match_id == match.id)
    if not deleted:
        query = query.where(live)
    query = query.order_by(Entry.position.desc()).limit(limit + 1)
    newest = list(session().execute(query).all() if light else session().scalars(query))
    above = newest.pop().id if len(newest) > limit else None
    shown = list(reversed(newest))
    first = shown[0].position if shown else 0
    total, hands_before, hands_played = session().execute(sa.select(
        sa.func.count() if deleted else sa.func.count().filter(live),
        sa.func.count().filter(live, Entry.kind == "hand", Entry.position < first),
        sa.func.count().filter(live, Entry.kind == "hand"),
    ).where(Entry.match_id == match.id)).one()
    return SheetTail(shown, above, total - len(shown), hands_before, hands_played)


def entries_by_id(match: Match, ids: Iterable[int]) -> dict[int, Entry]:
    """The entries of ``match`` with these ids, loaded in one statement."""
    return {e.id: e for e in session().scalars(
        sa.select(Entry).where(Entry.match_id == match.id, Entry.id.in_(list(ids))))}


def viewed_versions(view_tokens: Iterable[str]) -> list[tuple[str, int]]:
    """The version of each match these spectators' links name, as (view token, version), in one
    statement (the live sheet's watch reads them every tick)."""
    return [tuple(row) for row in session().execute(
        sa.select(Match.view_token, Match.version).where(Match.view_token.in_(list(view_tokens)))).all()]


def entry_of(match: Match, entry_id: Any) -> Entry | None:
    """The entry of ``match`` an undo step or a refusal names, or None (it was never this match's):
    from the match's entries when they are loaded, otherwise read alone."""
    if "entries" in vars(match):
        return next((e for e in match.entries if e.id == entry_id), None)
    found = session().get(Entry, entry_id) if isinstance(entry_id, int) else None
    return found if found is not None and found.match_id == match.id else None


def hands_before(match: Match, entry: Entry) -> int:
    """The live hands before ``entry`` (``entry`` itself counts as live, deleted or not, so a deleted
    hand keeps its number): counted in the match's entries when they are loaded, otherwise by the
    database (a long match's entries are never loaded for this)."""
    if "entries" in vars(match):
        return sum(1 for e in match.entries if e.kind == "hand" and e.position < entry.position
                   and (e.deleted_at is None or e.id == entry.id))
    return session().scalar(sa.select(sa.func.count()).select_from(Entry).where(
        Entry.match_id == match.id, Entry.kind == "hand", Entry.position < entry.position,
        sa.or_(Entry.deleted_at.is_(None), Entry.id == entry.id)))


def rules_of(match: Match) -> Any | None:
    """The match's game's rules with the match's house rules, for its number of players (what the
    engine's ``Variant`` methods take); None when they no longer resolve (a game that changed its
    rules since the match began): the page then draws the match without what needs them, never a 500."""
    try:
        return find_variant(match.variant).rules(len(match.seats), **(match.rules or {}))
    except Refusal:
        return None


def seated_players(match: Match) -> list[Player]:
    by_id = {p.id: p for p in match.table.players}
    return [by_id[pid] for pid in match.seats]


# -- the match document -------------------------------------------------------------------------------

def _names(match: Match) -> dict[str, str]:
    return {str(p.id): p.name for p in match.table.players}


def side_key(member_ids: Iterable[Any]) -> str:
    """How a stored entry names a side the match did not name (its default sides: partners opposite, or
    one per player): by its members' ids, ``"#3#5"``, so that renaming a player renames the side."""
    return "".join(f"#{pid}" for pid in member_ids)


def _side_name(key: str, names: dict[str, str]) -> str:
    # a default side is named by its members, "Ann & Cat" (docs/match-format.md, "teams")
    if not key.startswith("#"):
        return key
    return " & ".join(names.get(pid, pid) for pid in key[1:].split("#"))


def payload_to_document(payload: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A stored entry (players by id) as a document entry (players by name)."""
    out = dict(payload)
    if "by" in out and out["by"] is not None:
        out["by"] = names.get(str(out["by"]), str(out["by"]))
    if "player" in out:
        out["player"] = names.get(str(out["player"]), str(out["player"]))
    if isinstance(out.get("players"), list):
        # a split: the players who share the pot
        out["players"] = [names.get(str(p), str(p)) for p in out["players"]]
    if "held" in out:
        out["held"] = {names.get(str(k), str(k)): v for k, v in out["held"].items()}
    if isinstance(out.get("sides"), dict):
        out["sides"] = {_side_name(str(k), names): v for k, v in out["sides"].items()}
    if out.get("lone") is not None:
        out["lone"] = names.get(str(out["lone"]), str(out["lone"]))
    if isinstance(out.get("red_threes"), dict):
        out["red_threes"] = {names.get(str(k), str(k)): v for k, v in out["red_threes"].items()}
    return out


def payload_from_document(entry: dict[str, Any], ids: dict[str, int],
                          side_keys: dict[str, str] | None = None) -> dict[str, Any]:
    """A document entry (players by name) as a stored payload (players by id); ``side_keys`` maps a
    default side's name ("Ann & Cat") to how an entry stores it (``side_key``)."""
    out = dict(entry)
    if out.get("by") is not None:
        out["by"] = ids[out["by"]]
    if "player" in out:
        out["player"] = ids[out["player"]]
    if isinstance(out.get("players"), list):
        out["players"] = [ids[p] for p in out["players"]]
    if "held" in out:
        out["held"] = {str(ids[k]): v for k, v in out["held"].items()}
    if isinstance(out.get("sides"), dict):
        out["sides"] = {(side_keys or {}).get(k, k): v for k, v in out["sides"].items()}
    if out.get("lone") is not None:
        out["lone"] = ids[out["lone"]]
    if isinstance(out.get("red_threes"), dict):
        out["red_threes"] = {str(ids[k]): v for k, v in out["red_threes"].items()}
    return out


def teams_to_document(teams: list[Any] | None, names: dict[str, str]) -> dict[str, list[str]] | None:
    """The stored sides (``Match.teams``: side names and player ids) as the document's ``teams``."""
    if not teams:
        return None
    return {name: [names.get(str(pid), str(pid)) for pid in members] for name, members in teams}


def teams_from_document(teams: Any, ids: dict[str, int]) -> list[Any] | None:
    """The document's ``teams`` (checked by the replay) as stored: side names and player ids."""
    if not isinstance(teams, dict):
        return None
    return [[name, [ids[m] for m in members]] for name, members in teams.items()]


def to_document(match: Match, entries: Iterable[Entry] | None = None,
                extra: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """The match document of ``match``: its live entries (or ``entries``) plus ``extra`` payloads."""
    names = _names(match)
    players = seated_players(match)
    chosen = live_entries(match) if entries is None else list(entries)
    payloads = [e.payload for e in chosen] + list(extra)
    document: dict[str, Any] = {
        "format": DOCUMENT_FORMAT,
        "variant": match.variant,
        "rules": dict(match.rules or {}),
        "players": [p.name for p in players],
        "first_dealer": names[str(match.first_dealer_id)],
        "entries": [payload_to_document(p, names) for p in payloads],
    }
    if match.stake is not None:
        document["stake"] = match.stake
    teams = teams_to_document(match.teams, names)
    if teams is not None:
        document["teams"] = teams
    return document


def preview(match: Match, payload: dict[str, Any]):
    """The result the engine would give ``payload`` as the next entry (nothing is saved): one entry
    played on the match's remembered replay."""
    return replayed(match).then([payload_to_document(payload, _names(match))]).last()


def preview_edit(match: Match, entry: Entry, payload: dict[str, Any]):
    """The result ``payload`` would give in ``entry``'s place (nothing is saved). Raises
    ``LaterEntryError`` when the change would make a later entry impossible."""
    live = live_entries(match)
    payloads = [payload if e.id == entry.id else e.payload for e in live]
    result = _check_change(match, payloads, entry)
    index = next(i for i, e in enumerate(live) if e.id == entry.id)
    return result.standings().hands[index]


def edit_deltas(match: Match, action: dict[str, Any] | None, entry: Entry | None, standings) -> dict[str, int] | None:
    """What the last action, an edit of ``entry``, changed in each player's total: the totals now
    (``standings``) less those of the entries replayed with the payload the edit replaced. None when
    the last action is not that edit, or the totals before no longer replay."""
    if action is None or standings is None or entry is None or action.get("do") != "edit" \
            or action.get("entry") != entry.id:
        return None
    live = live_entries(match)
    at = next((i for i, e in enumerate(live) if e.id == entry.id), None)
    if at is None:
        return None
    document = to_document(match)
    document["entries"][at] = payload_to_document(action.get("before") or {}, _names(match))
    try:
        before = {p.name: p.total for p in replay(document).players}
    except Refusal:
        return None
    return {p.name: p.total - before.get(p.name, p.total) for p in standings.players}


def bonuses(match: Match, standings) -> list[int] | None:
    """What the totals hold beyond the entries' scores (end-of-match bonuses), per seat; None if
    nothing, so that a sheet's Total row is always the sum of the columns above it."""
    if standings is None:
        return None
    seated = [p.name for p in seated_players(match)]
    sums = {n: 0 for n in seated}
    if standings.hands and standings.hands[0].index > 0:
        # results of the last entries only (a replay carried on from a checkpoint): what the entries
        # before them scored is the first one's totals less its own scores (totals move only by the
        # entries' scores until the match ends, and the match cannot end before its last entry)
        first = standings.hands[0]
        sums = {n: first.totals.get(n, 0) - first.scores.get(n, 0) for n in seated}
    for r in standings.hands:
        for n, s in r.scores.items():
            if n in sums:
                sums[n] += s
    extra = [standings.player(n).total - sums[n] for n in seated]
    return extra if any(extra) else None


def standings(match: Match):
    """Replay the match: the standings with every entry's result (the match page, the chart, the
    exports). Raises ``InvalidMatchError`` if the stored entries no longer replay."""
    return replayed(match, whole=True).standings()


def current_standings(match: Match):
    """The standings now, holding the results of the last ``limits.SCOREBOARD_ROWS`` entries at least
    (who is in, the totals, the next dealer: what a hand form and the scoreboard need), carried on
    from the kept checkpoint in any worker. Raises as :func:`standings` does."""
    return replayed(match).standings()


def current_standings_or_none(match: Match):
    """:func:`current_standings`, or None when the stored entries no longer replay (a page then draws
    what it can without them, never a 500)."""
    try:
        return current_standings(match)
    except Refusal:
        return None


class ReplayMemo(LatestMemo[MatchReplay]):
    """The latest replay of each match, kept in this process, so that the next save, the scoreboard
    drawn after it and each live preview play one entry instead of the whole match.

    An answer found here is the answer a fresh replay would give: the key holds everything the match
    document is made of except the entries, and the entries are covered by the match's version (every
    change to them goes through this service and moves the version). The key: the match's view token
    (unique across databases), its version, the seats' names (a rename changes the standings without a
    new version), the rules and the stake. Only a match's latest version is kept, and the memo is
    bounded by the entries its replays hold (``limits.REPLAY_MEMO_ENTRIES``), least recently used
    first out, not by a count of whole documents.
    """

    def __init__(self, budget: int) -> None:
        super().__init__(budget, size=lambda run: run.held, version=lambda key: key[1], keep_one=True)

    def get(self, key: tuple) -> MatchReplay | None:
        return self.find(key[0], key)

    def put(self, key: tuple, run: MatchReplay) -> None:
        self.keep(key[0], key, run)


_replays = ReplayMemo(limits.REPLAY_MEMO_ENTRIES)


def _memo_key(match: Match) -> tuple:
    names = _names(match)
    return (match.view_token, match.version, tuple(names[str(p)] for p in match.seats),
            names[str(match.first_dealer_id)], json.dumps(match.rules or {}, sort_keys=True), match.stake,
            json.dumps(match.teams))


def revision(match: Match) -> tuple:
    """Everything a drawing of ``match`` is made of except its table's own settings, as one key: what
    the replay memo is keyed by (the view token, the version, the seats' names, the rules, the stake,
    the sides). A page kept under it is the page drawn afresh: every change to the entries moves the
    version, and a rename changes the names in it."""
    return _memo_key(match)


def replayed(match: Match, *, whole: bool = False) -> MatchReplay:
    """The match replayed up to its last entry: remembered in this worker, or carried on from the
    checkpoint kept in the database for the match's version, or replayed now; remembered either way.

    A replay carried on from a checkpoint holds the results of the last ``limits.SCOREBOARD_ROWS``
    entries at least (what the scoreboard and a save need); ``whole`` asks for every entry's result."""
    key = _memo_key(match)
    run = _replays.get(key)
    if run is not None and (not whole or run.first == 0):
        return run
    run = None if whole else _resumed(match)
    if run is None:
        run = MatchReplay(to_document(match), every=limits.CHECKPOINT_EVERY)
    _replays.put(key, run)
    return run


# -- checkpoints: a save replays only the entries after the one kept in the database ------------------

def _resumed(match: Match) -> MatchReplay | None:
    """The match carried on from its checkpoint, if one was kept for its version (None otherwise)."""
    kept = session().get(ReplayCheckpoint, match.id)
    if kept is None or kept.version != match.version:
        return None  # made for another version: never trusted, the match is replayed whole
    after = session().scalars(
        sa.select(Entry).where(Entry.match_id == match.id, Entry.deleted_at.is_(None), Entry.position > kept.position)
        .order_by(Entry.position))
    try:
        return MatchReplay.resume(to_document(match, entries=after), kept.state, every=limits.CHECKPOINT_EVERY)
    except StaleCheckpointError:
        return None  # a player renamed since (the names are in the state): replayed whole


def _keep_checkpoint(match: Match, run: MatchReplay, version: int, *, appended: bool = False) -> None:
    """In the transaction of a change that makes ``version``: keep, for ``version``, the latest
    checkpoint ``run`` took at least ``SCOREBOARD_ROWS`` entries before its end. ``run`` is the replay
    of the match as this transaction leaves it (its entries flushed). After an entry ``appended`` at
    the end, the checkpoint kept for the version before still holds (the entries before it did not
    change), so until ``run`` took a later one only its version moves."""
    limit = run.entries - limits.SCOREBOARD_ROWS
    marks = {at: state for at, state in run.checkpoints().items() if at <= limit}
    best = max(marks, default=None)
    kept = session().get(ReplayCheckpoint, match.id)
    if appended and kept is not None and kept.version == version - 1 and (best is None or best <= kept.state["at"]) \
            and kept.state.get("header") == run.header:  # (not after a rename: the state names the players)
        kept.version = version
        return
    if best is None:
        if kept is not None:
            session().delete(kept)  # nothing to carry on from yet: replayed whole (a short match)
        return
    # the position of the best-th live entry, counted back from the last (a few rows of the index)
    position = session().scalar(
        sa.select(Entry.position).where(Entry.match_id == match.id, Entry.deleted_at.is_(None))
        .order_by(Entry.position.desc()).limit(1).offset(run.entries - best))
    if kept is None:
        session().add(ReplayCheckpoint(match_id=match.id, version=version, position=position, state=marks[best]))
    else:
        kept.version, kept.position, kept.state = version, position, marks[best]


def _restamp_checkpoint(match: Match, version: int, new_version: int) -> None:
    """A change that moves the version without touching the entries (ending a match early, reopening
    it): the checkpoint still holds."""
    session().execute(sa.update(ReplayCheckpoint).where(ReplayCheckpoint.match_id == match.id,
                                                         ReplayCheckpoint.version == version)
                       .values(version=new_version).execution_options(synchronize_session=False))


# -- saving -------------------------------------------------------------------------------------------

def _claim_version(match: Match, version: int, finished: bool) -> dict[str, Any]:
    """Bump the match's version if it is still ``version`` and still open; otherwise the sheet is stale
    (another phone saved, or ended the match, first). Returns what the match's row now holds."""
    values: dict[str, Any] = {"version": Match.version + 1,
                              "status": "finished" if finished else "active"}
    values["finished_at"] = (match.finished_at or utcnow()) if finished else None
    _compare_and_swap(match, version, values, Match.status != "abandoned")
    return {**values, "version": version + 1}


def _compare_and_swap(match: Match, version: int, values: dict[str, Any], *conditions: Any) -> None:
    """``UPDATE match SET values WHERE version = version``: the one way a match's version moves, so that
    of two phones acting at once exactly one wins and the version counts every change."""
    result = session().execute(
        sa.update(Match).where(Match.id == match.id, Match.version == version, *conditions).values(**values)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        session().rollback()
        raise StaleMatchError()


def _check_open(match: Match, version: int) -> None:
    """Refuse a change to a stale sheet, or to a match that was ended early."""
    if version != match.version:
        raise StaleMatchError()
    if match.status == "abandoned":
        raise MatchClosedError()


def _check(match: Match, payloads: list[dict[str, Any]]) -> MatchReplay:
    """The whole match replayed with ``payloads`` as its entries (an edit, a delete, a restore)."""
    names = _names(match)
    document = to_document(match, entries=[])
    document["entries"] = [payload_to_document(p, names) for p in payloads]
    return MatchReplay(document, every=limits.CHECKPOINT_EVERY)


def _remember(match: Match, run: MatchReplay) -> None:
    """After a commit: ``run`` is the replay of the match's new version."""
    session().refresh(match)
    _replays.put(_memo_key(match), run)


def _commit(*, expire: bool = True) -> None:
    """Commit the change. ``expire``: every object is read again from the database when next used (the
    session's rule); without it they are kept as this transaction left them (see :func:`add_entry`)."""
    kept = session().expire_on_commit
    session().expire_on_commit = expire and kept
    try:
        session().commit()
    except IntegrityError:
        session().rollback()
        raise
    except OperationalError as error:
        session().rollback()
        if error.connection_invalidated:
            # the database went away at the commit: nothing was saved; the web says "try again" (503)
            raise
        # SQLite refuses to upgrade a read snapshot that another writer overtook ("database is
        # locked"): the other phone saved first, which is a stale sheet, not a crash.
        raise StaleMatchError() from None
    finally:
        session().expire_on_commit = kept


def find_by_key(match: Match, key: str | None) -> Entry | None:
    if not key:
        return None
    return session().scalar(sa.select(Entry).where(Entry.match_id == match.id, Entry.idempotency_key == key))


def add_entry(match: Match, payload: dict[str, Any], *, version: int, key: str | None) -> Entry:
    """Append an entry. A repeated ``key`` returns the entry it already recorded."""
    if key is not None and len(key) > limits.FORM_KEY:
        # the forms send 22 characters; a longer key was not made by this app (and would not fit)
        raise Refusal(_("This form was damaged on its way: reload the page and enter the hand again."))
    existing = find_by_key(match, key)
    if existing is not None:
        return existing
    _check_open(match, version)
    # One entry played on the remembered replay: the cost of a save does not grow with the match.
    run = replayed(match).then([payload_to_document(payload, _names(match))])
    position = (session().scalar(sa.select(sa.func.max(Entry.position)).where(Entry.match_id == match.id))
                or 0) + 1
    entry = Entry(match_id=match.id, position=position, kind=payload["kind"], payload=payload,
                  idempotency_key=key or None, history=[])
    try:
        claimed = _claim_version(match, version, run.finished)
        session().add(entry)
        session().flush()
        _keep_checkpoint(match, run, version + 1, appended=True)
        _log(match, {"do": "add", "entry": entry.id}, version + 1)
        # Nothing is read again after the commit: the scoreboard drawn next uses the match, its table,
        # its players and the new entry as this transaction read and wrote them. Read again, they were
        # four more queries on every save (the session expires everything at a commit).
        _commit(expire=False)
    except (IntegrityError, StaleMatchError):
        # The same form won a race against itself (two requests at once, a double tap): the first one
        # counts, and this one gets its answer. The loser meets the winner's unique key, or (more
        # often) finds the version already claimed by it: a conflict with itself, not another phone.
        existing = find_by_key(match, key)
        if existing is not None:
            return existing
        raise
    # the match's row as the version claim left it (written by an UPDATE, not through the object), and
    # its entries, if they were loaded, without the new one: read again when next asked for
    for name, value in claimed.items():
        set_committed_value(match, name, value)
    session().expire(match, ["entries"])
    _replays.put(_memo_key(match), run)
    return entry


def edit_entry(match: Match, entry: Entry, payload: dict[str, Any], *, version: int) -> None:
    """Replace an entry's payload, keeping the old one in its audit trail."""
    _check_open(match, version)
    if entry.deleted_at is not None:
        raise Refusal(_("This hand was deleted: restore it to change it."))
    payloads = [payload if e.id == entry.id else e.payload for e in live_entries(match)]
    result = _check_change(match, payloads, entry)
    _claim_version(match, version, result.finished)
    _log(match, {"do": "edit", "entry": entry.id, "before": entry.payload, "after": payload}, version + 1)
    _set_payload(entry, payload, "edited")
    _keep_checkpoint(match, result, version + 1)
    _commit()
    _remember(match, result)


def delete_entry(match: Match, entry: Entry, *, version: int) -> None:
    """Delete an entry (kept, marked deleted, restorable). Refused if what follows no longer replays."""
    _check_open(match, version)
    result = _set_deleted(match, entry, True, version, "deleted")
    _log(match, {"do": "delete", "entry": entry.id}, version + 1)
    _keep_checkpoint(match, result, version + 1)
    _commit()
    _remember(match, result)


def restore_entry(match: Match, entry: Entry, *, version: int) -> None:
    """Bring a deleted entry back in its old place."""
    _check_open(match, version)
    result = _set_deleted(match, entry, False, version, "restored")
    _log(match, {"do": "restore", "entry": entry.id}, version + 1)
    _keep_checkpoint(match, result, version + 1)
    _commit()
    _remember(match, result)


# -- undo and redo --------------------------------------------------------------------------------------

#: how many actions the undo log keeps: "Undo" reaches this far back
UNDO_DEPTH = 50


class NothingToUndo(Refusal):
    """There is no action to undo (or to redo)."""


class LaterEntryError(Refusal):
    """A change to an earlier entry that a later entry depends on: ``entry_id`` is the first later
    entry that no longer replays, ``reason`` the engine's words."""

    def __init__(self, message: str, *, entry_id: int, reason: str) -> None:
        super().__init__(message)
        self.entry_id = entry_id
        self.reason = reason


def _log(match: Match, action: dict[str, Any], version: int) -> None:
    """Add a new action to the undo log: whatever was undone can no longer be redone."""
    done = [a for a in (match.actions or []) if not a.get("undone")]
    match.actions = (done + [{**action, "v": version}])[-UNDO_DEPTH:]


def _set_payload(entry: Entry, payload: dict[str, Any], change: str) -> None:
    entry.history = list(entry.history or []) + [
        {"at": utcnow().isoformat(timespec="seconds"), "payload": entry.payload, "change": change}]
    entry.payload = payload
    entry.kind = payload["kind"]
    entry.edited_at = utcnow()


def _set_deleted(match: Match, entry: Entry, deleted: bool, version: int, change: str) -> MatchReplay:
    """Delete or restore ``entry`` after checking the match still replays, and claim the version."""
    if deleted:
        payloads = [e.payload for e in live_entries(match) if e.id != entry.id]
    else:
        payloads = [e.payload for e in match.entries if e.deleted_at is None or e.id == entry.id]
    result = _check_change(match, payloads, entry, removed=deleted)
    _claim_version(match, version, result.finished)
    entry.deleted_at = utcnow() if deleted else None
    entry.history = list(entry.history or []) + [
        {"at": utcnow().isoformat(timespec="seconds"), "payload": entry.payload, "change": change}]
    return result


def _check_change(match: Match, payloads: list[dict[str, Any]], entry: Entry, *, removed: bool = False):
    """Replay ``payloads`` (the match after a change to ``entry``, or with it ``removed``). If a LATER
    entry is what no longer replays, say which one: the engine's error carries the index of the entry
    it refused, and the changed entry sits after every live entry placed before it."""
    try:
        return _check(match, payloads)
    except InvalidMatchError as exc:
        index = getattr(exc, "entry", None)
        order = [e for e in match.entries
                 if (e.deleted_at is None or e.id == entry.id) and not (removed and e.id == entry.id)]
        mine = sum(1 for e in order if e.position < entry.position)
        if isinstance(index, int) and index < len(order) and (index >= mine if removed else index > mine):
            raise LaterEntryError(message_of(exc), entry_id=order[index].id, reason=message_of(exc)) from exc
        raise


def last_action(match: Match, *, undone: bool = False) -> dict[str, Any] | None:
    """The action "Undo" would take back (or, with ``undone``, the one "Redo" would bring back)."""
    log = match.actions or []
    if undone:
        return next((a for a in log if a.get("undone")), None)
    return next((a for a in reversed(log) if not a.get("undone")), None)


def _apply(match: Match, action: dict[str, Any], version: int, *, backwards: bool) -> MatchReplay:
    entry = session().get(Entry, action["entry"])
    if entry is None or entry.match_id != match.id:
        raise NothingToUndo(_("That entry is gone: nothing to undo."))
    word = "undone" if backwards else "redone"
    kind = action["do"]
    if kind == "edit":
        payload = action["before"] if backwards else action["after"]
        payloads = [payload if e.id == entry.id else e.payload for e in live_entries(match)]
        result = _check_change(match, payloads, entry)
        _claim_version(match, version, result.finished)
        _set_payload(entry, payload, f"edit {word}")
        return result
    # add and restore bring an entry in, delete takes it out: undoing swaps the two
    delete = (kind == "delete") != backwards
    return _set_deleted(match, entry, delete, version, f"{'deleted' if delete else 'restored'} ({word})")


def undo(match: Match, *, version: int, redo: bool = False) -> dict[str, Any]:
    """Undo the last action (or redo the last undone one); returns that action."""
    _check_open(match, version)
    action = last_action(match, undone=redo)
    if action is None:
        raise NothingToUndo(_("Nothing to redo.") if redo else _("Nothing to undo."))
    run = _apply(match, action, version, backwards=not redo)
    log = [dict(a) for a in (match.actions or [])]
    i = next(i for i, a in enumerate(log) if a == action)
    log[i] = {**action, "undone": not redo, "v": version + 1}
    match.actions = log
    _keep_checkpoint(match, run, version + 1)
    _commit()
    _remember(match, run)
    return log[i]


def changes_since(match: Match, version: int) -> list[dict[str, Any]]:
    """The actions done (or undone) since ``version``, oldest first: what another phone changed."""
    return sorted((a for a in (match.actions or []) if a.get("v", 0) > version), key=lambda a: a["v"])


def abandon_match(match: Match, *, version: int) -> None:
    """End a match early ("abandoned"): it keeps its hands and standings and takes no more entries
    until reopened. Goes through the same version check as a hand, so a hand saved at the same moment
    either lands before it or is refused as stale."""
    _check_open(match, version)
    try:
        run = replayed(match)
    except Refusal:
        run = None  # a match whose entries no longer replay can still be ended
    _compare_and_swap(match, version, {"version": Match.version + 1, "status": "abandoned"},
                      Match.status != "abandoned")
    _restamp_checkpoint(match, version, version + 1)
    _commit()
    if run is not None:
        _remember(match, run)
    else:
        session().refresh(match)


def reopen_match(match: Match, *, version: int) -> None:
    """Undo "end match early": the match is in progress again (or finished, if its hands already
    finished it), through the same version check as a hand."""
    if version != match.version:
        raise StaleMatchError()
    if match.status != "abandoned":
        raise Refusal(_("This match was not ended early: there is nothing to reopen."))
    run = replayed(match)
    finished = run.finished
    _compare_and_swap(match, version, {
        "version": Match.version + 1, "status": "finished" if finished else "active",
        "finished_at": (match.finished_at or utcnow()) if finished else None,
    }, Match.status == "abandoned")
    _restamp_checkpoint(match, version, version + 1)
    _commit()
    _remember(match, run)


def create_match(table: Table, *, variant: str, rules: dict[str, Any], seats: list[int],
                 first_dealer_id: int, stake: str | None, teams: list[Any] | None = None) -> Match:
    """Create a match after the engine has accepted its (empty) document. ``teams`` are its sides
    (``Match.teams``), for a game scored by sides that takes them."""
    match = Match(table_id=table.id, variant=variant, rules=rules, seats=seats,
                  first_dealer_id=first_dealer_id, stake=stake, view_token=new_token(), version=1,
                  status="active", teams=teams or None)
    match.table = table
    names = {p.id: p.name for p in table.players}
    document = {
        "format": DOCUMENT_FORMAT, "variant": variant, "rules": rules,
        "players": [names[s] for s in seats], "first_dealer": names[first_dealer_id],
        "entries": [], **({"stake": stake} if stake is not None else {}),
    }
    if teams:
        document["teams"] = teams_to_document(teams, {str(k): v for k, v in names.items()})
    replay(document)
    session().add(match)
    session().commit()
    return match


__all__ = [
    "DOCUMENT_FORMAT", "InvalidMatchError", "LaterEntryError", "MatchClosedError", "NothingToUndo", "ReplayMemo",
    "SheetTail", "StaleMatchError", "abandon_match", "add_entry", "bonuses", "changes_since", "create_match",
    "current_standings", "current_standings_or_none", "delete_entry", "edit_deltas", "edit_entry", "entries_by_id",
    "entry_of", "find_by_key", "hands_before", "last_action", "live_entries",
    "new_token", "payload_from_document", "payload_to_document", "preview", "preview_edit", "recent_entries",
    "reopen_match", "replayed", "revision", "restore_entry", "rules_of", "seated_players", "sheet_tail", "side_key", "standings", "teams_from_document",
    "teams_to_document", "to_document", "undo", "viewed_versions",
]
