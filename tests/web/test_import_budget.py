"""What an import may cost (issue 29, finding 1): a 2 MB document of 5,941 Pool Rummy hands, five players
each given as 13 cards, took 30.6 s of CPU to check, was refused at its end, and could be sent again at
once. Now the hands typed as cards are counted before anything is arranged (``limits.IMPORT_CARD_HANDS``)
and imports are rate-limited per address and per table."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper import create_app
from scorekeeper.engine import limits
from scorekeeper.web.extensions import IMPORTS_PER_ADDRESS, IMPORTS_PER_TABLE, alembic, db
from scorekeeper.service import importing

from .test_bounds import refused

HAND = "AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D"


def pool_document(hands: int, players: int = 5) -> dict:
    names = [f"P{i}" for i in range(players)]
    return {"format": "scorekeeper.match/1", "variant": "pool_rummy", "players": names,
            "entries": [{"kind": "hand", "end": "declare", "by": "P0",
                         "held": {"P0": {"points": 0}, **{n: {"cards": HAND} for n in names[1:]}}}
                        for _ in range(hands)]}


def test_the_bound_holds_the_largest_match_the_app_keeps():
    assert limits.IMPORT_CARD_HANDS == limits.MATCH_ENTRIES * limits.MOST_PLAYERS == 16_000


def test_a_document_of_more_hands_as_cards_than_the_bound_is_refused_before_any_is_arranged(scorer, app, monkeypatch):
    scorer.create_table()
    arranged = []
    monkeypatch.setattr(importing, "replay", lambda document: arranged.append(1))
    over = limits.IMPORT_CARD_HANDS // 4 + 1
    table = {"format": "scorekeeper.table/1", "players": [], "matches": [pool_document(over)] * 1}
    refused(scorer, app, table, f"The file holds {over * 4:,} hands typed as cards; one import checks at most 16,000.")
    assert arranged == []


@pytest.fixture
def limited(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SERVER_NAME": "localhost",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}", "RATELIMIT_ENABLED": True,
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        alembic.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def _import(client, token, address):
    body = json.dumps(pool_document(1, players=2)).encode()
    return client.post(f"/t/{token}/import", data={"document": (io.BytesIO(body), "doc.json")},
                       content_type="multipart/form-data", environ_base={"REMOTE_ADDR": address})


def test_imports_are_limited_per_address_and_per_table(limited):
    per_address, per_table = int(IMPORTS_PER_ADDRESS.split()[0]), int(IMPORTS_PER_TABLE.split()[0])
    client = limited.test_client()
    tokens = [client.post("/tables/new", data={"name": f"T{i}"}, environ_base={"REMOTE_ADDR": f"10.0.0.{i}"})
              .headers["Location"].rsplit("/", 1)[-1] for i in range(3)]
    # one address, spread over two tables: stopped after its own count
    codes = [_import(client, tokens[i % 2], "10.1.1.1").status_code for i in range(per_address + 1)]
    assert 429 not in codes[:per_address] and codes[per_address] == 429
    assert "Too many tries" in _import(client, tokens[0], "10.1.1.1").get_data(as_text=True)
    # one table, from many addresses: stopped after the table's count
    codes = [_import(client, tokens[2], f"10.2.0.{i}").status_code for i in range(per_table + 1)]
    assert 429 not in codes[:per_table] and codes[per_table] == 429
    # reading the page is not counted
    assert client.get(f"/t/{tokens[2]}/import", environ_base={"REMOTE_ADDR": "10.1.1.1"}).status_code == 200
