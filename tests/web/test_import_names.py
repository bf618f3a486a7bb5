"""Imports keep names as the forms do (issue 20, finding 13): " Ann", "Ann " and "Ann" in an imported
document were three players who look the same; they are one player, named "Ann", spaces folded by the
forms' own rule (``tables.forms.fold_spaces``) and matched case-insensitively like the roster."""

from __future__ import annotations

import io
import json

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import Match, Player, Table


def upload(scorer, document, again: bool = False):
    body = json.dumps(document).encode()
    data = {"document": (io.BytesIO(body), "doc.json")}
    if again:
        data["again"] = "y"
    return scorer.post(f"/t/{scorer.token}/import", data, content_type="multipart/form-data")


def roster(app, token: str) -> list[str]:
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        return [p.name for p in table.players]


def matches(app) -> list[Match]:
    with app.app_context():
        found = list(db.session.scalars(sa.select(Match).order_by(Match.id)))
        db.session.expunge_all()
        return found


def match_document(players, entries, **extra):
    return {"format": "scorekeeper.match/1", "variant": "free", "players": players, "entries": entries, **extra}


def test_spaces_around_names_are_one_player_in_a_table_document(scorer, app):
    scorer.create_table()
    document = {
        "format": "scorekeeper.table/1", "name": "Imported",
        "players": [" Ann", "Ann ", "Ann", "  Ben\t", "Cat   Lee"],
        "matches": [
            match_document([" Ann", "Ben "], [{"kind": "hand", "end": "scores", "held": {
                "Ann ": {"points": 3}, " Ben": {"points": 5}}}], first_dealer=" Ben"),
            match_document(["Ann", "Cat Lee "], [{"kind": "hand", "end": "scores", "held": {
                "Ann": {"points": 1}, "Cat  Lee": {"points": 2}}}]),
        ],
    }
    response = upload(scorer, document)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert roster(app, scorer.token) == ["Ann", "Ben", "Cat Lee"]
    ids = scorer.player_ids()
    first, second = matches(app)
    assert first.seats == [ids["Ann"], ids["Ben"]] and first.first_dealer_id == ids["Ben"]
    assert second.seats == [ids["Ann"], ids["Cat Lee"]]
    # the stored hands name the same players, and the match replays with the roster's names
    with app.app_context():
        m = db.session.get(Match, first.id)
        assert set(service.live_entries(m)[0].payload["held"]) == {str(ids["Ann"]), str(ids["Ben"])}
        assert service.standings(m).player("Ann").total == 3


def test_a_name_with_spaces_is_the_player_already_on_the_roster(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")  # typed into the form
    response = upload(scorer, match_document(["Ann ", " ben"], [
        {"kind": "hand", "end": "scores", "held": {" Ann": {"points": 2}, "ben ": {"points": 4}}}],
        first_dealer="ben  "))
    assert response.status_code == 302, response.get_data(as_text=True)
    assert roster(app, scorer.token) == ["Ann", "Ben"]
    ids = scorer.player_ids()
    (imported,) = matches(app)
    assert imported.seats == [ids["Ann"], ids["Ben"]] and imported.first_dealer_id == ids["Ben"]


def test_the_same_match_with_spaces_around_its_names_is_a_duplicate(scorer, app):
    scorer.create_table()
    entries = [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": 2}, "Ben": {"points": 4}}}]
    assert upload(scorer, match_document(["Ann", "Ben"], entries)).status_code == 302
    spaced = [{"kind": "hand", "end": "scores", "held": {" Ann ": {"points": 2}, "Ben  ": {"points": 4}}}]
    response = upload(scorer, match_document([" Ann ", "Ben  "], spaced))
    assert response.status_code == 422
    assert "This match is already on this table" in response.get_data(as_text=True)
    assert len(matches(app)) == 1 and roster(app, scorer.token) == ["Ann", "Ben"]


@pytest.mark.parametrize("players, held", [
    ([" Ann", "Ann"], {" Ann": {"points": 1}, "Ann": {"points": 2}}),
    (["ann", "Ann "], {"ann": {"points": 1}, "Ann ": {"points": 2}}),
])
def test_two_seats_that_are_one_player_are_refused(scorer, app, players, held):
    scorer.create_table()
    response = upload(scorer, match_document(players, [{"kind": "hand", "end": "scores", "held": held}]))
    assert response.status_code == 422
    assert "is named twice" in response.get_data(as_text=True)
    assert matches(app) == [] and roster(app, scorer.token) == []


def test_a_hand_naming_one_player_twice_is_refused(scorer, app):
    scorer.create_table()
    response = upload(scorer, match_document(["Ann", "Ben"], [
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Ann ": {"points": 2}, "Ben": {"points": 0}}}]))
    assert response.status_code == 422
    assert "a hand names one player twice" in response.get_data(as_text=True)
    assert matches(app) == [] and roster(app, scorer.token) == []


def test_a_name_is_measured_after_its_spaces_are_folded(scorer, app):
    scorer.create_table()
    name = "A" * 40  # the longest a form takes; with spaces around it, still one that fits
    response = upload(scorer, match_document([f"  {name}  ", "Ben"], [
        {"kind": "hand", "end": "scores", "held": {name: {"points": 1}, "Ben": {"points": 2}}}]))
    assert response.status_code == 302, response.get_data(as_text=True)
    assert roster(app, scorer.token) == [name, "Ben"]
