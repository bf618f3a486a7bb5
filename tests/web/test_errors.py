"""The app's answers when what was asked cannot be done (scorekeeper/web/errors.py): on a match's page the
service's refusals and a sheet changed on another phone are said on that match's scoreboard, 422 and 409;
elsewhere on the error page, with the same words; nothing is saved either way."""

from __future__ import annotations

import pytest

from scorekeeper.engine.errors import Refusal
from scorekeeper.engine.i18n import _
from scorekeeper.service import tables


@pytest.fixture
def game(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    return scorer, match_id


def test_an_undo_from_a_stale_sheet_is_said_on_the_scoreboard(game):
    scorer, match_id = game
    drawn = scorer.version(match_id)
    scorer.record_points(match_id, {"Ann": 3, "Ben": 4})
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(drawn)})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "The sheet changed on another phone since you opened this form." in page
    assert 'id="scoreboard"' in page
    assert scorer.version(match_id) == drawn + 1  # the hand stays: nothing was undone


def test_an_undo_with_nothing_to_undo_is_refused_on_the_scoreboard(game):
    scorer, match_id = game
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/undo", {"version": str(scorer.version(match_id))})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing to undo." in page and 'id="scoreboard"' in page


def test_a_refusal_away_from_a_match_is_said_on_the_error_page(scorer, monkeypatch):
    scorer.create_table()

    def refuse(table, currency):
        raise Refusal(_("Keep the currency to {count} characters.", count=8))

    monkeypatch.setattr(tables, "set_currency", refuse)
    response = scorer.post(f"/t/{scorer.token}/currency", {"currency": "€"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing was saved" in page and "Keep the currency to 8 characters." in page
