"""A rematch that keeps no seated player (issue 20, finding 5): ``playing=999`` (or any box naming no
player of the match) was ``KeyError: -1`` in ``create_match``, a 500 on both databases. It is refused
with 422 and the reason beside the "who plays" boxes (or in the banner, for a match not finished),
and nothing is created."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Match

REFUSAL = "Tick at least one player of this match to play the rematch."


@pytest.fixture
def table(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    return scorer


def _matches(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Match))


def _finished(table, app) -> int:
    match_id = table.start_match("free", ["Ann", "Ben", "Cat"], rules={"target": 20})
    assert table.record_points(match_id, {"Ann": 3, "Ben": 25, "Cat": 9}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, match_id).status == "finished"
    return match_id


@pytest.mark.parametrize("playing", [["999"], [str(2**31)], [str(10**30)], ["-1"], ["abc", "999"], ["0"]])
def test_a_rematch_keeping_no_seated_player_is_refused_beside_the_boxes(table, app, playing):
    match_id = _finished(table, app)
    before = _matches(app)
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch", {"playing": playing})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'<p class="error" role="alert" id="rematch-error">{REFUSAL}</p>' in page
    assert '<details class="not-playing" open>' in page  # the boxes are open, the reason beside them
    assert _matches(app) == before


def test_a_player_of_the_table_who_did_not_play_this_match_is_no_seat_either(table, app):
    match_id = _finished(table, app)
    before = _matches(app)
    dan = table.player_ids()["Dan"]  # on the roster, not in this match
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch", {"playing": [str(dan)]})
    assert response.status_code == 422 and REFUSAL in response.get_data(as_text=True)
    assert _matches(app) == before


def test_a_rematch_of_a_match_in_progress_keeping_no_one_says_it_in_the_banner(table, app):
    match_id = table.start_match("free", ["Ann", "Ben"])
    before = _matches(app)
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch", {"playing": ["999"]})
    assert response.status_code == 422
    assert f'id="scoreboard-message">{REFUSAL}</p>' in response.get_data(as_text=True)
    assert _matches(app) == before


def test_one_real_player_among_unknown_boxes_is_kept(table, app):
    """Boxes that name no one are ignored when a real player is ticked: the rematch goes on with them
    (a game for one player here, so free scoring starts it)."""
    match_id = _finished(table, app)
    ann = table.player_ids()["Ann"]
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch", {"playing": ["999", str(ann)]})
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        assert db.session.get(Match, new_id).seats == [ann]
