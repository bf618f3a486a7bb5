"""Creating a match from a match document (import): the document is replayed first, the missing
players are added to the roster, and nothing is created if anything is refused."""

from __future__ import annotations

from typing import Any

from ..engine.match import replay
from ..extensions import db
from ..models import Entry, Match, Player, Table
from .service import DOCUMENT_FORMAT, new_token, payload_from_document


def import_match(table: Table, document: dict[str, Any]) -> Match:
    if not isinstance(document, dict) or document.get("format", DOCUMENT_FORMAT) != DOCUMENT_FORMAT:
        raise ValueError(f"not a match document (expected format {DOCUMENT_FORMAT})")
    standings = replay(document)  # refuses an invalid document before anything is written
    names = list(document["players"])
    roster = {p.name_key: p for p in table.players}
    ids: dict[str, int] = {}
    try:
        for name in names:
            player = roster.get(name.casefold())
            if player is None:
                player = Player(table_id=table.id, name=name, name_key=name.casefold())
                db.session.add(player)
                db.session.flush()
                roster[player.name_key] = player
            ids[name] = player.id
        first = document.get("first_dealer") or names[0]
        match = Match(table_id=table.id, variant=document["variant"], rules=dict(document.get("rules") or {}),
                      seats=[ids[n] for n in names], first_dealer_id=ids[first],
                      stake=None if document.get("stake") is None else str(document["stake"]),
                      view_token=new_token(), version=1,
                      status="finished" if standings.finished else "active")
        db.session.add(match)
        db.session.flush()
        for position, entry in enumerate(document.get("entries") or [], start=1):
            db.session.add(Entry(match_id=match.id, position=position, kind=entry["kind"],
                                 payload=payload_from_document(entry, ids), history=[]))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return match
