"""Each match's summary, kept with the match and the version it was made from: the history listing's line
(hands played, finished, winners and leaders by seat) and everything the stats count of it (each
seat's hands, score sum, lowest and highest hand, ways of ending a hand, rebuys, money, place, and
which of two seats did better in each hand they both played).

A table's pages (its page, its history, its stats) read these instead of replaying every match, so they
cost the same whatever the matches hold. A summary is derived from the replay and trusted only while
``summary_version`` is the match's version and its ``format`` is this module's (otherwise it is made
again from a whole replay and kept); players are named by seat, so a rename shows the new name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from ..engine.errors import Refusal
from ..engine import limits
from ..engine.match import replay
from .store import session
from .models import Match
from .stats import Played, match_summary
from . import matches as service

#: the shape of a kept summary: one of an older shape is made again
SUMMARY_FORMAT = 4


def summary_of(match: Match) -> dict[str, Any]:
    """``match``'s summary, from a whole replay (made here, not remembered by the worker: a page of
    summaries would otherwise fill the worker's memory with replays nobody carries on)."""
    seats = [p.name for p in service.seated_players(match)]
    try:
        standings = replay(service.to_document(match))
    except Refusal as exc:
        hands = sum(1 for e in match.entries if e.deleted_at is None and e.kind == "hand")
        # kept with the match for every reader: the English sentence, shown only as "does not replay"
        return {"format": SUMMARY_FORMAT, "hands": hands, "finished": False, "winners": [], "leader": [],
                "error": str(exc), "stats": None}
    seat = {name: i for i, name in enumerate(seats)}
    return {"format": SUMMARY_FORMAT, "hands": sum(1 for h in standings.hands if h.kind == "hand"),
            "finished": standings.finished, "winners": [seat[n] for n in standings.winners],
            "leader": [seat[n] for n in standings.leader], "error": None,
            "stats": match_summary(standings, seats)}


def _fresh(match: Match) -> bool:
    summary = match.summary
    return (summary is not None and match.summary_version == match.version
            and summary.get("format") == SUMMARY_FORMAT)


def summaries(matches: list[Match], *, keep: bool = True) -> list[dict[str, Any]]:
    """Each match's summary: the one kept with it if it was made from its current version, otherwise
    made now (a few matches' entries read at a time) and kept, only while the version is still the
    one replayed. Without ``keep`` nothing is written (a page drawn again for a refused change: a
    refused request leaves the database as it was)."""
    stale = [m for m in matches if not _fresh(m)]
    fresh: dict[int, tuple[int, dict[str, Any]]] = {}
    for start in range(0, len(stale), limits.SUMMARY_BATCH):
        batch = stale[start:start + limits.SUMMARY_BATCH]
        # the entries of these matches only, in one statement; let go of them once summed up
        session().scalars(sa.select(Match).where(Match.id.in_([m.id for m in batch]))
                           .options(selectinload(Match.entries))).all()
        for m in batch:
            fresh[m.id] = (m.version, summary_of(m))
            session().expire(m, ["entries"])
    if fresh and keep:
        _keep(fresh)
    return [fresh[m.id][1] if m.id in fresh else m.summary for m in matches]


def _keep(fresh: dict[int, tuple[int, dict[str, Any]]]) -> None:
    keep = sa.update(Match).where(Match.id == sa.bindparam("match_id"),
                                  Match.version == sa.bindparam("kept_version"))
    try:
        # on a connection of its own, so that this page's objects are not expired by a commit
        with session().get_bind().begin() as connection:
            connection.execute(keep.values(summary=sa.bindparam("kept_summary"),
                                           summary_version=sa.bindparam("kept_version")),
                               [{"match_id": i, "kept_version": v, "kept_summary": s}
                                for i, (v, s) in fresh.items()])
    except sa.exc.OperationalError:
        pass  # another writer holds the database: the summaries are kept on a later view


def played(matches: Iterable[Match], names: dict[int, str], *, keep: bool = True) -> list[Played]:
    """The stats' records of ``matches`` (oldest first), from their summaries."""
    matches = list(matches)
    return [Played(m.variant, m.rules or {}, [names.get(s, "?") for s in m.seats], m.status, m.stake,
                   None, summary=s.get("stats"))
            for m, s in zip(matches, summaries(matches, keep=keep))]


__all__ = ["SUMMARY_FORMAT", "played", "summaries", "summary_of"]
