"""The duplicate-import check holds under a race (issue 20, finding 6): the same document uploaded twice
at the same moment, from two phones, is one copy and one refusal ("already on this table", the answer
a later upload gets), never two copies and never a 500, whether the players are on the table already
or the import adds them. With "Import again" ticked on both, two copies, each player once.

The two uploads run in two threads on the app (each its own client, session and database connection),
on SQLite or on PostgreSQL (``SCOREKEEPER_TEST_DATABASE_URL``). To make the race certain rather than
likely, both wait at a barrier once their document is checked, and the duplicate check is slowed, so
that without a lock each request checks before the other writes.
"""

from __future__ import annotations

import io
import json
import threading
import time

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service import importing
from scorekeeper.service.models import Entry, Match, Player, Table

from .conftest import CSRF_RE

DOCUMENT = {"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"],
            "entries": [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": 3}, "Ben": {"points": 5}}},
                        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 2}, "Ben": {"points": 1}}}]}


def _phone(app, token: str):
    client = app.test_client()
    page = client.get(f"/t/{token}/import").get_data(as_text=True)
    return client, CSRF_RE.search(page).group(1)


def _race(app, monkeypatch, token: str, again: bool = False) -> list[tuple[int, str]]:
    phones = [_phone(app, token) for _ in range(2)]
    barrier = threading.Barrier(2, timeout=20)
    plan, check = importing.plan_import, importing.find_duplicates

    def plan_then_wait(*args, **kwargs):
        planned = plan(*args, **kwargs)
        barrier.wait()  # both documents checked: from here on the two requests race
        return planned

    def slow_check(*args, **kwargs):
        found = check(*args, **kwargs)
        time.sleep(0.3)  # the other request reaches its own check meanwhile, unless it must wait
        return found

    monkeypatch.setattr(importing, "plan_import", plan_then_wait)
    monkeypatch.setattr(importing, "find_duplicates", slow_check)
    answers: list[tuple[int, str] | None] = [None, None]

    def upload(i: int) -> None:
        client, csrf = phones[i]
        data = {"csrf_token": csrf, "document": (io.BytesIO(json.dumps(DOCUMENT).encode()), "match.json")}
        if again:
            data["again"] = "y"
        try:
            response = client.post(f"/t/{token}/import", data=data, content_type="multipart/form-data")
        except Exception as exc:  # noqa: BLE001 - under test an error propagates: it is what a 500 was
            answers[i] = (500, repr(exc))
            return
        answers[i] = (response.status_code, response.get_data(as_text=True))

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(a is not None for a in answers), "an upload did not finish"
    return answers  # type: ignore[return-value]


def _table(app, token: str) -> tuple[list[str], list[Match], int]:
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        players = list(db.session.scalars(sa.select(Player.name).where(Player.table_id == table.id).order_by(Player.id)))
        matches = list(db.session.scalars(sa.select(Match).where(Match.table_id == table.id)))
        entries = db.session.scalar(sa.select(sa.func.count(Entry.id)).join(Match).where(Match.table_id == table.id))
        db.session.expunge_all()
        return players, matches, entries


@pytest.mark.parametrize("players_exist", [True, False], ids=["players on the table", "import adds players"])
def test_the_same_document_uploaded_twice_at_once_is_one_copy(app, scorer, monkeypatch, players_exist):
    token = scorer.create_table()
    if players_exist:
        scorer.add_players("Ann", "Ben")
    answers = _race(app, monkeypatch, token)
    statuses = sorted(status for status, _ in answers)
    assert statuses == [302, 422], statuses
    refused = next(body for status, body in answers if status == 422)
    assert "This match is already on this table" in refused and "Import again" in refused
    players, matches, entries = _table(app, token)
    assert players == ["Ann", "Ben"]
    assert len(matches) == 1 and entries == 2


def test_import_again_ticked_on_both_is_two_copies_and_each_player_once(app, scorer, monkeypatch):
    token = scorer.create_table()
    answers = _race(app, monkeypatch, token, again=True)
    assert sorted(status for status, _ in answers) == [302, 302], [a[0] for a in answers]
    players, matches, entries = _table(app, token)
    assert players == ["Ann", "Ben"]
    assert len(matches) == 2 and entries == 4
