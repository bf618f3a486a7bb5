"""The one set of loaders: a table by its link, a match of that table, an entry, a player or a set of
house rules of that table. A wrong link or an id of another table is ``NotFound`` (the web's 404), never someone
else's row. ``options`` are loader options (``selectinload``) for a page that reads a relation of
every row it shows."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from .errors import NotFound
from .models import Entry, HouseRules, Match, Player, Table
from .store import session


#: loader options a page passes when it reads a relation of every row it shows (the web names these and
#: never builds its own): a table's players; a match's entries; a match's table with its players
WITH_PLAYERS = selectinload(Table.players)
WITH_ENTRIES = selectinload(Match.entries)
WITH_SEATS = selectinload(Match.table).selectinload(Table.players)


def _one(query):
    found = session().scalar(query)
    if found is None:
        raise NotFound()
    return found


def find_table(token: str, *options) -> Table:
    return _one(sa.select(Table).where(Table.token == token).options(*options))


def find_match(table: Table, match_id: int, *options) -> Match:
    return _one(sa.select(Match).where(Match.id == match_id, Match.table_id == table.id).options(*options))


def match_of_table(table: Table | str, match_id: int, *options) -> Match:
    """The match ``match_id`` of the table behind this link (or of ``table``): one loader for every
    page of a match. Its ``match.table`` is the table read here (no second read)."""
    return find_match(table if isinstance(table, Table) else find_table(table), match_id, *options)


def find_viewed_match(view_token: str, *options) -> Match:
    """The match a spectator's link names (``/v/<view_token>``)."""
    return _one(sa.select(Match).where(Match.view_token == view_token).options(*options))


def match_by_id(match_id: int) -> Match | None:
    """The match with this id, whatever its table (the command line's export), or None."""
    return session().get(Match, match_id)


def tables_by_token(tokens: list[str]) -> list[Table]:
    """The tables behind these links, in this order, those that no longer exist left out (one statement)."""
    if not tokens:
        return []
    found = {t.token: t for t in session().scalars(sa.select(Table).where(Table.token.in_(tokens)))}
    return [found[t] for t in tokens if t in found]


def viewed_version(view_token: str):
    """The id and version of the match a spectator's link names, from one small query (no match loaded,
    no replay), or None for an unknown link."""
    return session().execute(sa.select(Match.id, Match.version).where(Match.view_token == view_token)).first()


def find_entry(match: Match, entry_id: int) -> Entry:
    return _one(sa.select(Entry).where(Entry.id == entry_id, Entry.match_id == match.id))


def find_player(table: Table, player_id: int) -> Player:
    return _one(sa.select(Player).where(Player.id == player_id, Player.table_id == table.id))


def find_preset(table: Table, preset_id: int | None) -> HouseRules:
    return _one(sa.select(HouseRules).where(HouseRules.id == preset_id, HouseRules.table_id == table.id))


__all__ = ["WITH_ENTRIES", "WITH_PLAYERS", "WITH_SEATS", "find_entry", "find_match", "find_player", "find_preset",
           "find_table", "find_viewed_match", "match_by_id", "match_of_table", "tables_by_token", "viewed_version"]
