"""Importing match and table documents: from the uploaded bytes to new matches on a table, all or nothing.

One path serves the upload page and ``flask import``:

1. ``read_document``: the bytes within ``limits.UPLOAD_BYTES``, UTF-8, JSON nested at most
   ``limits.JSON_DEPTH`` deep; a broken file is refused in the app's words, never the parser's.
2. ``plan_import``: every name, stake and match is checked and every match replayed before anything is
   written (the same bounds as the forms: ``scorekeeper.engine.limits``).
3. ``import_document``: a match already on the table (the same game, players, rules and entries) is not
   imported again unless the person asked for it (``again``); then the roster's new players, the matches
   and their entries are written in one transaction, so a refusal or a crash leaves the table as it was
   and a retry creates each match once. Imports into one table take turns (``_hold_table``), so two
   uploads of one file at the same moment are one copy and one refusal.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import sqlalchemy as sa

from ..engine.errors import Refusal
from ..engine import limits
from ..engine.i18n import _, _n, message_of
from ..engine.match import replay
from ..engine.variants import find_variant
from .store import session
from .models import Entry, Match, Player, Table, fold_spaces
from . import presets
from .matches import DOCUMENT_FORMAT, live_entries, new_token, payload_from_document, side_key, teams_from_document, to_document

TABLE_FORMAT = "scorekeeper.table/1"
#: keys a table document's match carries besides the match document itself
MATCH_EXTRAS = ("status", "created_at", "finished_at", "currency")


class ImportRefused(Refusal):
    """An upload that cannot be imported; the message says why, in the table's words."""


@dataclass
class Duplicate:
    """A match of the upload that is already on the table."""

    number: int  # 1-based place in the upload
    existing: Match
    hands: int


class AlreadyImported(ImportRefused):
    """Some matches of the upload are on the table already: import them again only when asked."""

    def __init__(self, duplicates: list[Duplicate], of: int) -> None:
        self.duplicates = duplicates
        first = duplicates[0]
        variant = find_variant(first.existing.variant).name
        example = _n("{game}, {count} hand", "{game}, {count} hands", first.hands, game=variant)
        if of == 1:
            said = _("This match is already on this table ({example}).", example=example)
        elif len(duplicates) == 1:
            said = _("Match {number} of the file is already on this table ({example}).", number=first.number,
                     example=example)
        else:
            said = _("{count} of the file's {of} matches are already on this table.", count=len(duplicates), of=of)
        super().__init__(_("{said} Nothing was imported: tick “Import again” to add a second copy.", said=said))


@dataclass
class _Planned:
    document: dict[str, Any]
    extras: dict[str, Any]
    finished: bool
    fingerprint: str
    #: the default sides of a game scored by sides: {side name: [player, …]} (empty otherwise)
    sides: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Plan:
    roster: list[str] = field(default_factory=list)
    matches: list[_Planned] = field(default_factory=list)
    #: a table document's named house rules, checked (``presets``)
    house_rules: list[dict[str, Any]] = field(default_factory=list)
    #: the document's currency (a table's, or the table's a match was exported from), checked; a table that
    #: has one keeps its own
    currency: str | None = None


# -- 1. the bytes ---------------------------------------------------------------------------------------

class _TooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def _whole_number(text: str) -> int:
    """A JSON integer, read only when it has at most ``limits.NUMBER_DIGITS`` digits."""
    digits = len(text.lstrip("-"))
    if digits > limits.NUMBER_DIGITS:
        raise _TooLong(digits)
    return int(text)


def read_document(raw: bytes) -> Any:
    """The JSON value in an upload, or ``ImportRefused`` saying what is wrong with the file."""
    if len(raw) > limits.UPLOAD_BYTES:
        raise ImportRefused(_("The file is too large: an import takes at most {megabytes} MB.",
                              megabytes=limits.UPLOAD_BYTES // 1024 // 1024))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRefused(_("This file is not a Scorekeeper export: it is not text. Choose the .json file "
                              "that Export gave you.")) from None
    try:
        document = json.loads(text, parse_int=_whole_number)
    except _TooLong as exc:
        raise ImportRefused(_("This file is not a Scorekeeper export: it holds a number of {count:,} digits "
                              "(an export's are at most {most}).", count=exc.digits,
                              most=limits.NUMBER_DIGITS)) from None
    except json.JSONDecodeError as exc:
        raise ImportRefused(_("This file is damaged or incomplete (it stops making sense on line {line}). "
                              "Export the match again and import the new file.", line=exc.lineno)) from None
    except RecursionError:
        document = deep = None
    else:
        deep = limits.json_depth(document) > limits.JSON_DEPTH
    if deep is None or deep:
        raise ImportRefused(_("This file is not a Scorekeeper export: its contents are nested far deeper "
                              "than any match."))
    return document


# -- 2. checking everything first -------------------------------------------------------------------------

def _check_name(name: Any, where: str) -> str:
    """The name as the forms would keep it (spaces folded: " Ann", "Ann " and "Ann" are one player),
    checked against the same bounds; refused in words otherwise."""
    if not isinstance(name, str) or not name.strip():
        raise ImportRefused(_("{where}: players must be a list of names.", where=where))
    name = fold_spaces(name)
    if len(name) > limits.PLAYER_NAME:
        raise ImportRefused(_("{where}: the name “{name}…” is longer than {count} letters.", where=where,
                              name=name[:20], count=limits.PLAYER_NAME))
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise ImportRefused(_("{where}: the name “{name}” holds an invisible control character.", where=where,
                              name=name.encode("unicode_escape").decode()[:30]))
    return name


def _check_names(names: Any, where: str) -> list[str]:
    if not isinstance(names, list):
        raise ImportRefused(_("{where}: players must be a list of names.", where=where))
    if len(names) > limits.ROSTER_PLAYERS:
        raise ImportRefused(_("{where}: {count} players; a table holds at most {most}.", where=where,
                              count=len(names), most=limits.ROSTER_PLAYERS))
    return [_check_name(n, where) for n in names]


def _one_per_player(names: list[str], where: str) -> None:
    """Two of a match's names that are one player on the roster (" Ann" and "ann") cannot both sit."""
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise ImportRefused(_("{where}: “{name}” is named twice (names are one player whatever their "
                                  "spaces and capitals).", where=where, name=name))
        seen.add(name.casefold())


def _kept_names(document: dict[str, Any], where: str) -> dict[str, Any]:
    """The match document with every name in it (seats, first dealer, each entry's players) as the
    forms keep names, so that the replay, the fingerprint and the roster see one name per player."""
    players = _check_names(document.get("players"), where)
    _one_per_player(players, where)

    def kept(name: Any) -> Any:
        return fold_spaces(name) if isinstance(name, str) else name

    out = {**document, "players": players}
    if "first_dealer" in document:
        out["first_dealer"] = kept(document["first_dealer"])
    if isinstance(document.get("teams"), dict):
        out["teams"] = {side: [kept(m) for m in members] if isinstance(members, list) else members
                        for side, members in document["teams"].items()}
    entries = document.get("entries")
    if isinstance(entries, list):
        out["entries"] = [_kept_entry(entry, kept, where) for entry in entries]
    return out


def _kept_entry(entry: Any, kept, where: str) -> Any:
    if not isinstance(entry, dict):
        return entry  # the replay refuses it in its own words
    out = dict(entry)
    for key in ("by", "player"):
        if key in out:
            out[key] = kept(out[key])
    held = out.get("held")
    if isinstance(held, dict):
        out["held"] = {kept(name): value for name, value in held.items()}
        if len(out["held"]) != len(held):
            raise ImportRefused(_("{where}: a hand names one player twice (names are one player whatever "
                                  "their spaces).", where=where))
    return out


def _stake(value: Any) -> str | None:
    """The stake as the app stores it (two decimals); the replay has already checked it."""
    if value is None or value == "":
        return None
    return f"{Decimal(str(value).strip()):.2f}"


def _normalised(document: dict[str, Any]) -> dict[str, Any]:
    """The match document as the table would export it: the variant's key, the first dealer, the stake
    with two decimals (so that one match has one fingerprint however it was written)."""
    players = list(document["players"])
    out = {
        "format": DOCUMENT_FORMAT,
        "variant": find_variant(document["variant"]).key,
        "rules": dict(document.get("rules") or {}),
        "players": players,
        "first_dealer": document.get("first_dealer") or players[0],
        "entries": list(document.get("entries") or []),
    }
    stake = _stake(document.get("stake"))
    if stake is not None:
        out["stake"] = stake
    if document.get("teams") is not None:
        out["teams"] = document["teams"]
    return out


def fingerprint(document: dict[str, Any]) -> str:
    """What makes two match documents the same match: game, rules, seats, stake and entries."""
    text = json.dumps(_normalised(document), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _check_match(document: Any, where: str) -> _Planned:
    if not isinstance(document, dict):
        raise ImportRefused(_("{where}: a match document is a JSON object.", where=where))
    document = _kept_names(document, where)
    fmt = document.get("format", DOCUMENT_FORMAT)
    if fmt != DOCUMENT_FORMAT:
        raise ImportRefused(_("{where}: not a match document (expected format {format}).", where=where,
                              format=DOCUMENT_FORMAT))
    extras = {k: document[k] for k in MATCH_EXTRAS if k in document}
    match_document = {k: v for k, v in document.items() if k not in MATCH_EXTRAS}
    try:
        standings = replay(match_document)
    except Refusal as exc:
        raise ImportRefused(_("{where}: {reason}.", where=where, reason=message_of(exc))) from None
    normal = _normalised(match_document)
    return _Planned(normal, extras, standings.finished, fingerprint(normal),
                    {s.name: list(s.members) for s in standings.sides})


def plan_import(table: Table, document: Any) -> Plan:
    """Check a match or table document for ``table`` completely, writing nothing."""
    if not isinstance(document, dict):
        raise ImportRefused(_("This is not a Scorekeeper export: expected a match or a table document."))
    fmt = document.get("format")
    plan = Plan()
    if fmt == TABLE_FORMAT:
        plan.roster = _check_names(document.get("players", []), _("The roster"))
        documents = document.get("matches", [])
        if not isinstance(documents, list):
            raise ImportRefused(_("The table document's matches must be a list."))
        wheres = [_("Match {number}", number=i) for i in range(1, len(documents) + 1)]
        plan.house_rules = _check_house_rules(document.get("house_rules", []))
        plan.currency = _check_currency(document.get("currency"))
    elif fmt in (None, DOCUMENT_FORMAT):
        documents, wheres = [document], [_("The match")]
        plan.currency = _check_currency(document.get("currency"))
    else:
        raise ImportRefused(_("This is not a Scorekeeper export (its format is “{format}”).", format=str(fmt)[:40]))
    entries = sum(len(m.get("entries") or []) for m in documents if isinstance(m, dict)
                  and isinstance(m.get("entries"), list))
    if entries > limits.IMPORT_ENTRIES:
        raise ImportRefused(_("The file holds {count} hands; one import takes at most {most}. Import the "
                              "matches in smaller files.", count=entries, most=limits.IMPORT_ENTRIES))
    plan.matches = [_check_match(m, where) for m, where in zip(documents, wheres)]
    _check_roster_size(table, plan)
    return plan


def _check_roster_size(table: Table, plan: Plan) -> None:
    names = {n.casefold() for n in plan.roster}
    names.update(n.casefold() for m in plan.matches for n in m.document["players"])
    names.update(p.name_key for p in table.players)
    if len(names) > limits.ROSTER_PLAYERS:
        raise ImportRefused(_("The table would have {count} players; a table holds at most {most}.",
                              count=len(names), most=limits.ROSTER_PLAYERS))


def _check_currency(currency: Any) -> str | None:
    if currency is None:
        return None
    if not isinstance(currency, str) or len(currency.strip()) > limits.CURRENCY:
        raise ImportRefused(_("The table's currency must be text of at most {count} characters.",
                              count=limits.CURRENCY))
    return currency.strip() or None


def _check_house_rules(house_rules: Any) -> list[dict[str, Any]]:
    if not isinstance(house_rules, list) or len(house_rules) > presets.PER_TABLE_MAX:
        raise ImportRefused(_("The table's house rules must be a list of at most {count}.",
                              count=presets.PER_TABLE_MAX))
    for h in house_rules:
        name = h.get("name") if isinstance(h, dict) else None
        try:
            presets.clean_name(name)
            presets.check(h.get("variant"), h.get("rules", {}))
        except (presets.PresetRefused, AttributeError) as exc:
            raise ImportRefused(_("House rules “{name}”: {reason}", name=str(name or "")[:40],
                                  reason=exc)) from None
    return house_rules


# -- 3. matches already on the table ---------------------------------------------------------------------

def find_duplicates(table: Table, plan: Plan) -> list[Duplicate]:
    """The planned matches already on ``table``: same variant and seats are compared by the database's
    counts first, so only a true look-alike is read back whole."""
    wanted: dict[tuple, list[tuple[int, _Planned]]] = {}
    for number, planned in enumerate(plan.matches, start=1):
        d = planned.document
        wanted.setdefault((d["variant"], len(d["players"]), len(d["entries"])), []).append((number, planned))
    if not wanted:
        return []
    counts = dict(session().execute(
        sa.select(Match.id, sa.func.count(Entry.id)).select_from(Match)
        .outerjoin(Entry, sa.and_(Entry.match_id == Match.id, Entry.deleted_at.is_(None)))
        .where(Match.table_id == table.id).group_by(Match.id)).all())
    found: dict[int, Duplicate] = {}
    for match in table.matches:
        key = (match.variant, len(match.seats), counts.get(match.id, 0))
        if key not in wanted:
            continue
        existing = fingerprint(to_document(match))
        for number, planned in wanted[key]:
            if planned.fingerprint == existing and number not in found:
                found[number] = Duplicate(number, match, sum(1 for e in live_entries(match) if e.kind == "hand"))
    return [found[n] for n in sorted(found)]


# -- writing, in one transaction ------------------------------------------------------------------------

def _parse_time(value: Any) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.datetime.fromisoformat(value[:40]).replace(tzinfo=None)
    except ValueError:  # fromisoformat() of text that is not a time
        return None


def _write_match(table: Table, roster: dict[str, Player], planned: _Planned) -> Match:
    document = planned.document
    names = document["players"]
    ids = {name: roster[name.casefold()].id for name in names}
    status = "finished" if planned.finished else "active"
    if planned.extras.get("status") == "abandoned":
        status = "abandoned"
    match = Match(table_id=table.id, variant=document["variant"], rules=document["rules"],
                  seats=[ids[n] for n in names], first_dealer_id=ids[document["first_dealer"]],
                  stake=document.get("stake"), view_token=new_token(), version=1, status=status,
                  teams=teams_from_document(document.get("teams"), ids))
    created = _parse_time(planned.extras.get("created_at"))
    if created is not None:
        match.created_at = created
    if planned.finished:
        match.finished_at = _parse_time(planned.extras.get("finished_at")) or dt.datetime.now(dt.UTC).replace(tzinfo=None)
    session().add(match)
    session().flush()
    # default sides ("Ann & Cat", or one per player) are stored by their members' ids
    side_keys = {} if document.get("teams") else {
        name: side_key(ids[m] for m in members) for name, members in planned.sides.items()}
    session().add_all(Entry(match_id=match.id, position=position, kind=entry["kind"],
                             payload=payload_from_document(entry, ids, side_keys), history=[])
                       for position, entry in enumerate(document["entries"], start=1))
    return match


def _hold_table(table: Table) -> None:
    """Make this transaction the only one importing into ``table`` until it ends, then read the table
    afresh.

    Two uploads of one document at the same moment each found no copy on the table and each wrote
    one (or both added the same new players, and the second was an IntegrityError, a 500). An UPDATE
    of the table's row is the lock both databases have: PostgreSQL holds the row until the commit or
    rollback, SQLite holds its one write lock (the second waits, up to the busy timeout). The second
    upload then sees the first one's matches and players, and is told that the match is already
    there, as a later upload would be. The checks of the document (the replay, the costly part) are
    done before, outside the lock.
    """
    session().execute(sa.update(Table).where(Table.id == table.id).values(token=Table.token)
                       .execution_options(synchronize_session=False))
    # what was read of the table before the lock may be out of date: its roster, matches, rules
    session().expire(table)


def import_document(table: Table, document: Any, *, again: bool = False) -> list[Match]:
    """Import a match or table document into ``table``, all or nothing (see the module's docs).

    Raises ``ImportRefused`` (nothing written), or ``AlreadyImported`` when a match is on the table
    already and ``again`` is false.
    """
    plan = plan_import(table, document)
    try:
        _hold_table(table)
        _check_roster_size(table, plan)  # again: players may have come while this upload was checked
        if not again:
            duplicates = find_duplicates(table, plan)
            if duplicates:
                raise AlreadyImported(duplicates, len(plan.matches))
        roster = {p.name_key: p for p in table.players}
        wanted = plan.roster + [n for m in plan.matches for n in m.document["players"]]
        for name in wanted:
            if name.casefold() not in roster:
                player = Player(table_id=table.id, name=name, name_key=name.casefold())
                session().add(player)
                roster[player.name_key] = player
        session().flush()
        for h in plan.house_rules:  # a name the table already uses keeps the table's own
            if not any(p.name_key == presets.clean_name(h["name"]).casefold() for p in table.house_rules):
                try:
                    presets.save(table, h["variant"], h["name"], dict(h.get("rules") or {}), commit=False)
                except presets.PresetRefused as exc:
                    raise ImportRefused(_("House rules “{name}”: {reason}", name=str(h["name"])[:40],
                                          reason=exc)) from None
        if plan.currency and not table.currency:
            table.currency = plan.currency
        created = [_write_match(table, roster, planned) for planned in plan.matches]
        session().commit()
    except Exception:
        session().rollback()
        raise
    return created


def import_match(table: Table, document: dict[str, Any]) -> Match:
    """Create one match from a match document (scripts and benchmarks: no question about copies)."""
    if isinstance(document, dict) and document.get("format") == TABLE_FORMAT:
        raise ImportRefused(f"not a match document (expected format {DOCUMENT_FORMAT})")
    return import_document(table, document, again=True)[0]


__all__ = ["AlreadyImported", "ImportRefused", "TABLE_FORMAT", "fingerprint", "import_document",
           "import_match", "plan_import", "read_document"]
