"""What a table or a match is, written out: the documents ``importing`` reads back.

A match's export is its match document (``matches.to_document``) with the table's currency; a table's
is its roster, its house rules, its currency and every match's document with the match's status and
dates (``importing.TABLE_FORMAT``), written match by match as it is sent (``table_document_text``), so
that whatever the table holds, one batch of ``limits.EXPORT_BATCH`` matches is held at a time.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from ..engine import limits
from . import presets
from .importing import TABLE_FORMAT
from .matches import to_document
from .models import Match, Table
from .store import session


def match_document(table: Table, match: Match) -> dict[str, Any]:
    """One match's export: its document, with the table's money words (docs/match-format.md)."""
    document = to_document(match)
    if table.currency:
        document["currency"] = table.currency
    return document


def match_document_text(table: Table, match: Match) -> str:
    return json.dumps(match_document(table, match), indent=2, ensure_ascii=False) + "\n"


def _dates(m: Match) -> dict[str, str]:
    """A match's status and dates as the table document gives them beside its match document."""
    out = {"status": m.status, "created_at": m.created_at.isoformat(timespec="seconds")}
    if m.finished_at is not None:
        out["finished_at"] = m.finished_at.isoformat(timespec="seconds")
    return out


def _dated_document(m: Match) -> dict[str, Any]:
    document = to_document(m)
    document.update(_dates(m))
    return document


def table_document(table: Table, matches: list[Match]) -> dict[str, Any]:
    """The whole table: its roster and every match's document, with the match's status and dates."""
    return {"format": TABLE_FORMAT, "name": table.name, "players": [p.name for p in table.players],
            "house_rules": [presets.to_document(h) for h in table.house_rules],
            **({"currency": table.currency} if table.currency else {}),
            "matches": [_dated_document(m) for m in matches]}


def table_document_text(table: Table) -> Iterator[str]:
    """``table_document`` of every match of ``table`` as the JSON text ``json.dumps(..., indent=2)``
    writes, made match by match as it is sent: ``limits.EXPORT_BATCH`` matches (and their entries)
    are read at a time and let go once written, so a worker holds one batch whatever the table holds.

    The head of the document and the matches' ids are read at once; the rest as the answer is read
    (a streamed answer outlives the caller's first use of the session, so the table is read again by id)."""
    head = json.dumps(table_document(table, []), indent=2, ensure_ascii=False)
    assert head.endswith('"matches": []\n}')  # the matches are the document's last field
    ids = list(session().scalars(sa.select(Match.id).where(Match.table_id == table.id)
                                 .order_by(Match.created_at, Match.id)))
    table_id = table.id

    def text() -> Iterator[str]:
        yield head[:-len("[]\n}")]
        written = 0
        for start in range(0, len(ids), limits.EXPORT_BATCH):
            chunk = ids[start:start + limits.EXPORT_BATCH]
            owner = session().get(Table, table_id)
            found = {m.id: m for m in session().scalars(
                sa.select(Match).where(Match.id.in_(chunk)).options(selectinload(Match.entries)))}
            for m in (found[i] for i in chunk if i in found):
                # each match indented as it sits in the whole document (two levels: 4 spaces)
                body = json.dumps(_dated_document(m), indent=2, ensure_ascii=False).replace("\n", "\n    ")
                yield ("[\n    " if not written else ",\n    ") + body
                written += 1
            del owner
            session().expunge_all()  # let go of this batch before reading the next
        yield ("[]" if not written else "\n  ]") + "\n}\n"

    return text()


__all__ = ["match_document", "match_document_text", "table_document", "table_document_text"]
