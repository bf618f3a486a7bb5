"""A long match's replay is kept in the database as a checkpoint with the match's version, so that a save
in any worker replays only the entries after it: the totals it gives are always a whole replay's, a
checkpoint made for another version (or before a rename) is never used, and an edit, a delete or an undo
of an earlier hand recomputes everything after it. The scoreboard and the spectator's sheet draw the
last ``SCOREBOARD_ROWS`` entries only."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import sqlalchemy as sa

from scorekeeper.engine import limits
from scorekeeper.engine.match import MatchReplay, replay
from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import Entry, Match, ReplayCheckpoint

NAMES = ["Ann", "Ben", "Cat"]
HANDS = 130


def _points(i: int, k: int) -> int:
    return (i * 7 + k * 3) % 20


@pytest.fixture
def long_match(scorer, app):
    """A free-scoring match of HANDS hands, written straight into the database (as an import leaves
    one: no checkpoint yet), and no replay remembered by this worker."""
    scorer.create_table()
    scorer.add_players(*NAMES)
    match_id = scorer.start_match("free", NAMES)
    ids = scorer.player_ids()
    with app.app_context():
        db.session.execute(sa.insert(Entry), [
            {"match_id": match_id, "position": i, "kind": "hand", "history": [], "created_at": dt.datetime(2026, 1, 1),
             "payload": {"kind": "hand", "end": "scores",
                         "held": {str(ids[n]): {"points": _points(i, k)} for k, n in enumerate(NAMES)}}}
            for i in range(1, HANDS + 1)])
        db.session.execute(sa.update(Match).where(Match.id == match_id).values(version=HANDS + 1))
        db.session.commit()
    service.matches._replays.cache_clear()
    return scorer, match_id


def _totals(scorer, match_id: int) -> dict[str, int]:
    """The totals the scoreboard shows, by player (written with the locale's grouping: 1,242)."""
    page = scorer.client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    found = re.findall(r'<span class="name">([^<]+)</span>.*?<span class="total">([^<]+)</span>', page, re.S)
    return {name: int(re.sub(r"[^\d−-]", "", total).replace("−", "-")) for name, total in found}


def _whole(app, match_id: int) -> dict[str, int]:
    """The totals of a whole replay of the stored entries, made here without the service's memory."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        return {p.name: p.total for p in replay(service.to_document(match)).players}


def _kept(app, match_id: int):
    with app.app_context():
        kept = db.session.get(ReplayCheckpoint, match_id)
        version = db.session.get(Match, match_id).version
        return (None if kept is None else (kept.version, kept.position, kept.state)), version


def _save(scorer, match_id: int, i: int, names: list[str] = NAMES):
    """Save hand ``i`` as a phone does with htmx: the answer is the fresh scoreboard."""
    ids = scorer.player_ids()
    data = {f"points_{ids[n]}": str(_points(i, k)) for k, n in enumerate(names)}
    data.update(version=str(scorer.version(match_id)), key=f"hand-{i}")
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return response.get_data(as_text=True)


def _other_worker():
    """The next request lands on a worker that did not make the last one: it remembers no replay."""
    service.matches._replays.cache_clear()


def test_a_save_keeps_a_checkpoint_of_the_new_version(long_match, app):
    scorer, match_id = long_match
    assert _kept(app, match_id)[0] is None
    page = _save(scorer, match_id, HANDS + 1)
    kept, version = _kept(app, match_id)
    assert kept is not None
    kept_version, position, state = kept
    # the latest multiple of CHECKPOINT_EVERY at least SCOREBOARD_ROWS entries before the end
    entries = HANDS + 1
    at = (entries - limits.SCOREBOARD_ROWS) // limits.CHECKPOINT_EVERY * limits.CHECKPOINT_EVERY
    assert kept_version == version and state["at"] == at and position == at
    with app.app_context():
        match = db.session.get(Match, match_id)
        head = service.to_document(match)
        head["entries"] = head["entries"][:at]
    assert state == MatchReplay(head).checkpoint()
    assert f"Saved: hand {HANDS + 1}" in page or f"hand {HANDS + 1}" in page
    assert _totals(scorer, match_id) == _whole(app, match_id)


def test_a_save_on_another_worker_carries_on_from_the_checkpoint(long_match, app, monkeypatch):
    scorer, match_id = long_match
    _save(scorer, match_id, HANDS + 1)
    resumed = []
    real = MatchReplay.resume.__func__

    def spy(cls, document, checkpoint, **kw):
        resumed.append(len(document["entries"]))
        return real(cls, document, checkpoint, **kw)

    monkeypatch.setattr(MatchReplay, "resume", classmethod(spy))
    assert _kept(app, match_id)[0][2]["at"] == 50
    for i in range(HANDS + 2, HANDS + 2 + 60):  # across the next checkpoint (at 100, from 150 entries)
        _other_worker()
        _save(scorer, match_id, i)
    # each save read only the entries after the checkpoint: never more than it takes to draw the rows
    assert resumed and max(resumed) < limits.SCOREBOARD_ROWS + limits.CHECKPOINT_EVERY
    kept, version = _kept(app, match_id)
    assert kept[0] == version and kept[2]["at"] == 100
    _other_worker()
    assert _totals(scorer, match_id) == _whole(app, match_id)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Entry).where(Entry.match_id == match_id)) \
            == HANDS + 61


def test_a_checkpoint_of_another_version_is_never_used(long_match, app):
    scorer, match_id = long_match
    _save(scorer, match_id, HANDS + 1)
    # a wrong state kept for the version before: it must not count
    with app.app_context():
        kept = db.session.get(ReplayCheckpoint, match_id)
        state = dict(kept.state)
        state["players"] = [{"$o": {**p["$o"], "total": 99999}} for p in state["players"]]
        kept.state, kept.version = state, kept.version - 1
        db.session.commit()
    _other_worker()
    totals = _totals(scorer, match_id)
    assert totals == _whole(app, match_id) and 99999 not in totals.values()
    _other_worker()
    _save(scorer, match_id, HANDS + 2)
    kept, version = _kept(app, match_id)
    assert kept[0] == version
    assert all(p["$o"]["total"] != 99999 for p in kept[2]["players"])
    assert _totals(scorer, match_id) == _whole(app, match_id)


def _entry_at(app, match_id: int, position: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(Entry.id).where(Entry.match_id == match_id, Entry.position == position))


def test_editing_a_hand_before_the_checkpoint_recomputes_everything_after_it(long_match, app):
    scorer, match_id = long_match
    _save(scorer, match_id, HANDS + 1)
    before = _totals(scorer, match_id)
    entry_id = _entry_at(app, match_id, 10)
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit",
                          {"version": str(scorer.version(match_id)), f"points_{ids['Ann']}": "1000",
                           f"points_{ids['Ben']}": "0", f"points_{ids['Cat']}": "0"})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    kept, version = _kept(app, match_id)
    assert kept[0] == version  # taken again from the whole replay the edit made
    _other_worker()
    after = _totals(scorer, match_id)
    assert after == _whole(app, match_id)
    assert after["Ann"] == before["Ann"] - _points(10, 0) + 1000
    # a later save on another worker carries on from the new checkpoint, edit included
    _other_worker()
    _save(scorer, match_id, HANDS + 2)
    _other_worker()
    assert _totals(scorer, match_id) == _whole(app, match_id)
    # and Undo takes the edit back everywhere
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert response.status_code in (200, 302)
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert response.status_code in (200, 302)
    _other_worker()
    assert _totals(scorer, match_id) == _whole(app, match_id)
    assert _totals(scorer, match_id)["Ann"] == before["Ann"]


def test_deleting_and_restoring_a_hand_before_the_checkpoint(long_match, app):
    scorer, match_id = long_match
    _save(scorer, match_id, HANDS + 1)
    before = _totals(scorer, match_id)
    entry_id = _entry_at(app, match_id, 3)
    url = f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}"
    assert scorer.post(f"{url}/delete", {"version": str(scorer.version(match_id))}).status_code == 302
    _other_worker()
    assert _totals(scorer, match_id) == _whole(app, match_id)
    assert _totals(scorer, match_id)["Ben"] == before["Ben"] - _points(3, 1)
    _other_worker()
    _save(scorer, match_id, HANDS + 2)
    assert scorer.post(f"{url}/restore", {"version": str(scorer.version(match_id))}).status_code == 302
    _other_worker()
    assert _totals(scorer, match_id) == _whole(app, match_id)
    kept, version = _kept(app, match_id)
    assert kept[0] == version


def test_a_rename_is_never_answered_from_a_checkpoint_of_the_old_name(long_match, app):
    scorer, match_id = long_match
    _save(scorer, match_id, HANDS + 1)
    ids = scorer.player_ids()
    assert scorer.post(f"/t/{scorer.token}/players/{ids['Ann']}/rename", {"name": "Anna"}).status_code == 302
    _other_worker()
    totals = _totals(scorer, match_id)
    assert "Anna" in totals and "Ann" not in totals
    assert totals == _whole(app, match_id)
    _other_worker()
    _save(scorer, match_id, HANDS + 2, names=["Anna", "Ben", "Cat"])
    kept, version = _kept(app, match_id)
    assert kept[0] == version and "Anna" in kept[2]["header"]["players"]


def _grid_rows(page: str) -> list[str]:
    """The grid's rows on a page, or in a save's answer to htmx, which sends only the rows that changed
    (out of band, beside the kept grid): every row it carries."""
    if "Hand by hand" not in page:
        return re.findall(r"<tr[ >]", page)
    body = page.split("Hand by hand", 1)[1]
    return re.findall(r"<tr[ >]", body.split("</tbody>", 1)[0])


def test_the_scoreboard_and_the_spectator_sheet_carry_the_last_rows_only(long_match, app, client):
    scorer, match_id = long_match
    page = _save(scorer, match_id, HANDS + 1)
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    _other_worker()
    for url in (f"/v/{view_token}", f"/v/{view_token}/sheet", f"/t/{scorer.token}/m/{match_id}"):
        response = client.get(url)
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        assert len(_grid_rows(text)) <= limits.SCOREBOARD_ROWS + 1  # the rows, and the totals' row
        assert f">{HANDS + 1}<" in text  # the last hand is there
        assert f"Hand {HANDS + 2}" in text  # the hands played are counted in the database
    assert len(_grid_rows(page)) <= limits.SCOREBOARD_ROWS + 1
