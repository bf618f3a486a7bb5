"""A table's pages do bounded work whatever the table holds: the table page lists its latest matches and
counts head-to-head from kept summaries, the stats count the latest ``STATS_MATCHES`` matches (and say
so) from the same summaries with the same figures a replay gives, and the table's export is streamed
batch by batch, the same document as before."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.engine import limits
from scorekeeper.engine.match import replay
from scorekeeper.web.extensions import db
from scorekeeper.service.exporting import table_document
from scorekeeper import service
from scorekeeper.service import summaries
from scorekeeper.service.models import Entry, Match, Table
from scorekeeper.service.stats import Played, head_to_head, player_stats, streaks

NAMES = ["Ann", "Ben", "Cat"]


@pytest.fixture
def big_table(scorer, app):
    """A table of 12 matches of 8 hands (free scoring to 150, one with a stake), written straight into
    the database as an import leaves them (no summaries kept yet)."""
    scorer.create_table()
    scorer.add_players(*NAMES)
    ids = scorer.player_ids()
    seats = [ids[n] for n in NAMES]
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        for k in range(12):
            match = Match(table_id=table.id, variant="free", rules={"target": 150} if k % 3 else {},
                          seats=seats[k % 3:] + seats[:k % 3], first_dealer_id=seats[0],
                          stake="2.00" if k == 4 else None, status="finished" if k % 4 else "active",
                          created_at=dt.datetime(2026, 1, 1) + dt.timedelta(hours=k), version=9,
                          view_token=service.new_token())
            db.session.add(match)
            db.session.flush()
            db.session.execute(sa.insert(Entry), [
                {"match_id": match.id, "position": i, "kind": "hand", "history": [],
                 "payload": {"kind": "hand", "end": "scores",
                             "held": {str(pid): {"points": (i * 5 + j * 7 + k) % 23} for j, pid in enumerate(seats)}}}
                for i in range(1, 9)])
        db.session.commit()
    return scorer


def _replayed(app, token: str) -> list[Played]:
    """The stats' records made the old way: every match replayed whole."""
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        names = {p.id: p.name for p in table.players}
        return [Played(m.variant, m.rules, [names[s] for s in m.seats], m.status, m.stake,
                       replay(service.to_document(m))) for m in table.matches]


def test_stats_from_kept_summaries_are_those_of_the_replays(big_table, app):
    scorer = big_table
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        from_summaries = summaries.played(table.matches, {p.id: p.name for p in table.players})
    from_replays = _replayed(app, scorer.token)
    assert player_stats(from_summaries) == player_stats(from_replays)
    assert streaks(from_summaries) == streaks(from_replays)
    for a, b in (("Ann", "Ben"), ("Cat", "Ann"), ("Ben", "Cat")):
        assert head_to_head(from_summaries, a, b) == head_to_head(from_replays, a, b)


def test_the_stats_page_counts_the_latest_matches_and_says_so(big_table, client, monkeypatch, app):
    scorer = big_table
    page = client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)
    assert "Over 12 matches" in page and "the history has them all" not in page
    monkeypatch.setattr(limits, "STATS_MATCHES", 5)
    response = client.get(f"/t/{scorer.token}/stats")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Over 5 matches" in page
    assert "The latest 5 of the table's 12 matches; the history has them all." in page
    # every match read was kept with its summary, for its version
    with app.app_context():
        kept = db.session.execute(sa.select(Match.summary_version, Match.version)).all()
    assert all(summary == version for summary, version in kept)


def test_a_page_of_kept_summaries_replays_nothing(big_table, client, monkeypatch):
    scorer = big_table
    assert client.get(f"/t/{scorer.token}").status_code == 200
    assert client.get(f"/t/{scorer.token}/stats").status_code == 200

    def no_replay(match):
        raise AssertionError("replayed a match whose summary is current")

    monkeypatch.setattr(summaries, "summary_of", no_replay)
    for url in (f"/t/{scorer.token}", f"/t/{scorer.token}/stats", f"/t/{scorer.token}/history"):
        assert client.get(url).status_code == 200


def test_the_table_page_lists_the_latest_matches(big_table, client, monkeypatch):
    scorer = big_table
    monkeypatch.setattr(limits, "TABLE_PAGE_MATCHES", 4)
    response = client.get(f"/t/{scorer.token}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    finished = page.split("Finished matches", 1)[1].split("</section>", 1)[0]
    assert len(re.findall(r'<li class="row">', finished)) == 4
    assert "5 more are in the history." in finished  # 9 finished, 4 shown
    in_progress = page.split("In progress", 1)[1].split("</section>", 1)[0]
    assert len(re.findall(r"<li>", in_progress)) == 3  # matches 0, 4 and 8 are active
    assert "8 hands played" in in_progress
    assert "Head to head" in page and "Wins in the last 9 finished matches" in page


def test_the_table_export_is_streamed_and_is_the_same_document(big_table, client, app, monkeypatch):
    scorer = big_table
    monkeypatch.setattr(limits, "EXPORT_BATCH", 5)
    response = client.get(f"/t/{scorer.token}/export.json")
    assert response.status_code == 200 and response.is_streamed
    assert response.headers["Content-Disposition"].startswith('attachment; filename="table-')
    body = response.get_data(as_text=True)
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        whole = json.dumps(table_document(table, list(table.matches)), indent=2, ensure_ascii=False) + "\n"
    assert body == whole
    assert len(json.loads(body)["matches"]) == 12


def test_the_export_of_a_table_without_matches(scorer, client):
    scorer.create_table()
    body = client.get(f"/t/{scorer.token}/export.json").get_data(as_text=True)
    assert json.loads(body)["matches"] == [] and body.endswith('"matches": []\n}\n')
