"""A table's own rows and their rules: the table opened, its currency, its roster, and its matches
as its pages list them (the latest few, counted, or filtered by game and player).

The roster keeps one player per name as it reads (``models.name_key``: "Eve", "EVE" and "Ev\u200be"
are one player), holds at most ``limits.ROSTER_PLAYERS`` players, and keeps whoever has played a match
here (their seats name them). What it refuses is a ``RosterRefused``, said beside the name's field.
Names come in as the forms keep them (``models.fold_spaces``); that a name is given, shows something
and is short enough is the form's check of what was typed.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import defer

from ..engine.errors import Refusal
from ..engine.i18n import _
from ..engine.limits import ROSTER_PLAYERS
from .matches import new_token
from .models import Match, Player, Table, fold_spaces, name_key
from .store import session


class RosterRefused(Refusal):
    """A change the roster's rules refuse: a name already at the table, a full table, a player who
    has played here removed."""


def open_table(name: str) -> Table:
    """A new table called ``name``, with a fresh secret link."""
    table = Table(name=fold_spaces(name), token=new_token())
    session().add(table)
    session().commit()
    return table


def set_currency(table: Table, currency: str | None) -> None:
    """The symbol the table's money is shown with from now on; None shows bare amounts."""
    table.currency = currency or None
    session().commit()


def played(table: Table) -> set[int]:
    """The players who have played a match here (they stay on the roster): the seats of every match,
    read as one light column."""
    seated: set[int] = set()
    for seats in session().scalars(sa.select(Match.seats).where(Match.table_id == table.id)):
        seated.update(seats or [])
    return seated


#: which matches a listing holds: all of them, those in progress, those over (finished or ended early),
#: or those finished
_LISTS = {None: (), "active": (Match.status == "active",), "over": (Match.status != "active",),
          "finished": (Match.status == "finished",)}


def latest_matches(table: Table, limit: int, which: str | None = None) -> list[Match]:
    """The latest ``limit`` matches of ``table`` (``which``: see ``_LISTS``), newest first, without
    their undo logs (a few dozen hands' payloads per match, which no listing shows)."""
    return list(session().scalars(sa.select(Match).where(Match.table_id == table.id, *_LISTS[which])
                                  .options(defer(Match.actions)).order_by(Match.id.desc()).limit(limit)))


def count_matches(table: Table, which: str | None = None) -> int:
    return session().scalar(sa.select(sa.func.count()).select_from(Match).where(
        Match.table_id == table.id, *_LISTS[which]))


def active_match_counts(tables: list[Table]) -> dict[int, int]:
    """How many matches are in progress at each of these tables, by table id (those with none left
    out), in one statement."""
    if not tables:
        return {}
    return dict(session().execute(sa.select(Match.table_id, sa.func.count()).where(
        Match.table_id.in_([t.id for t in tables]), Match.status == "active").group_by(Match.table_id)).all())


def match_ids(table: Table, variant: str | None = None, player: int | None = None) -> list[int]:
    """The ids of the table's matches, newest first, of one game and with one player seated if asked:
    the listing's light columns for every match (one statement), the player looked for here (the
    seats are a list, which SQLite and PostgreSQL query differently)."""
    query = sa.select(Match.id, Match.seats).where(Match.table_id == table.id)
    if variant is not None:
        query = query.where(Match.variant == variant)
    rows = session().execute(query.order_by(Match.created_at.desc(), Match.id.desc())).all()
    return [row.id for row in rows if player is None or player in (row.seats or [])]


def matches_by_id(ids: list[int]) -> list[Match]:
    """The matches with these ids, in this order (one statement)."""
    if not ids:
        return []
    found = {m.id: m for m in session().scalars(sa.select(Match).where(Match.id.in_(ids)))}
    return [found[i] for i in ids]


def _taken(name: str) -> RosterRefused:
    return RosterRefused(_("{name} is already on this table.", name=name))


def _refuse_a_taken_name(table: Table, name: str, but: Player | None = None) -> None:
    clash = session().scalar(sa.select(sa.func.count()).select_from(Player).where(
        Player.table_id == table.id, Player.name_key == name_key(name), Player.id != (but.id if but else -1)))
    if clash:
        raise _taken(name)


def _commit_name(name: str) -> None:
    """Commit, or refuse the name when another phone gave it to someone at the same moment (the
    database's unique key on the name's key is the last word)."""
    try:
        session().commit()
    except IntegrityError:
        session().rollback()
        raise _taken(name) from None


def add_player(table: Table, name: str) -> Player:
    name = fold_spaces(name)
    _refuse_a_taken_name(table, name)
    if len(table.players) >= ROSTER_PLAYERS:
        raise RosterRefused(_("A table holds at most {count} players: remove one who never played, or start a "
                              "new table.", count=ROSTER_PLAYERS))
    player = Player(table_id=table.id, name=name, name_key=name_key(name))
    session().add(player)
    _commit_name(name)
    return player


def rename_player(table: Table, player: Player, name: str) -> None:
    name = fold_spaces(name)
    _refuse_a_taken_name(table, name, but=player)
    player.name, player.name_key = name, name_key(name)
    _commit_name(name)


def remove_player(table: Table, player: Player) -> None:
    """Take ``player`` off the roster, unless they have played a match here."""
    if player.id in played(table):
        raise RosterRefused(_("{name} has played a match here and stays on the roster.", name=player.name))
    session().delete(player)
    session().commit()


__all__ = ["RosterRefused", "add_player", "count_matches", "latest_matches", "match_ids", "matches_by_id",
           "open_table", "played", "remove_player", "rename_player", "set_currency"]
