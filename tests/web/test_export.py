"""Export and import: a match as its JSON document and as CSV, a whole table as JSON; import of a
match or a table document from an upload, refused with the reason (and nothing created) when invalid;
round trips give identical standings."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import Match, Player, Table


@pytest.fixture
def played(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    first = scorer.start_match("free", ["Ann", "Ben", "Cat"], first_dealer="Ben", stake="2.50")
    for points in ({"Ann": 12, "Ben": 5, "Cat": 0}, {"Ann": 3, "Ben": 20, "Cat": 7}):
        assert scorer.record_points(first, points).status_code == 302
    second = scorer.start_match("free", ["Ann", "Ben"], rules={"target": 50})
    assert scorer.record_points(second, {"Ann": 60, "Ben": 1}).status_code == 302
    return scorer, first, second


def standings_of(app, match_id):
    with app.app_context():
        return service.standings(db.session.get(Match, match_id)).to_dict()


def counts(app):
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in (Table, Player, Match))


def upload(scorer, document, filename="doc.json", token=None):
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    return scorer.post(f"/t/{token or scorer.token}/import",
                      {"document": (io.BytesIO(body), filename)}, content_type="multipart/form-data")


def test_match_json_export_is_the_match_document(played, client, app):
    scorer, first, _ = played
    response = client.get(f"/t/{scorer.token}/m/{first}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    document = response.get_json()
    assert document["format"] == "scorekeeper.match/1"
    assert document["players"] == ["Ann", "Ben", "Cat"] and document["first_dealer"] == "Ben"
    assert document["stake"] == "2.50" and len(document["entries"]) == 2


def test_match_csv_has_one_row_per_hand_and_one_column_per_player(played, client):
    scorer, first, _ = played
    response = client.get(f"/t/{scorer.token}/m/{first}/export.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["hand", "kind", "dealer", "ended by", "how", "Ann", "Ben", "Cat"]
    assert rows[1][:3] == ["1", "hand", "Ben"] and rows[1][5:] == ["12", "5", "0"]
    assert rows[2][5:] == ["3", "20", "7"]
    assert rows[3][0] == "total" and rows[3][5:] == ["15", "25", "7"]


def test_csv_does_not_let_a_name_become_a_formula(scorer, client):
    scorer.create_table()
    scorer.add_players("=SUM(A1)", "Ben")
    match_id = scorer.start_match("free", ["=SUM(A1)", "Ben"])
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{scorer.token}/m/{match_id}/export.csv").get_data(as_text=True))))
    assert rows[0][5] == "'=SUM(A1)"


def test_table_export_has_roster_and_matches(played, client):
    scorer, first, second = played
    scorer.add_players("Dan")
    assert scorer.post(f"/t/{scorer.token}/m/{first}/abandon", {"version": scorer.version(first)}).status_code == 302
    document = client.get(f"/t/{scorer.token}/export.json").get_json()
    assert document["format"] == "scorekeeper.table/1" and document["name"] == "Thursday night"
    assert document["players"] == ["Ann", "Ben", "Cat", "Dan"]
    assert [m["status"] for m in document["matches"]] == ["abandoned", "finished"]


def test_match_round_trip_gives_identical_standings(played, client, app, scorer):
    _, first, second = played
    for match_id in (first, second):
        document = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
        other = scorer.token
        target = scorer.create_table("Elsewhere")
        response = upload(scorer, document, token=target)
        assert response.status_code == 302, response.get_data(as_text=True)
        new_id = int(response.headers["Location"].split("/m/")[1].split("/")[0])
        assert new_id != match_id
        assert standings_of(app, new_id) == standings_of(app, match_id)
        scorer.token = other


def test_table_round_trip_gives_identical_standings(played, client, app, scorer):
    _, first, second = played
    assert scorer.post(f"/t/{scorer.token}/m/{first}/abandon", {"version": scorer.version(first)}).status_code == 302
    document = client.get(f"/t/{scorer.token}/export.json").get_json()
    source = scorer.token
    target = scorer.create_table("Copy")
    response = upload(scorer, document, token=target)
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/t/{target}/history")
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == target))
        assert [p.name for p in table.players] == ["Ann", "Ben", "Cat"]
        copies = sorted(table.matches, key=lambda m: m.id)
        assert [m.status for m in copies] == ["abandoned", "finished"]
        ids = [m.id for m in copies]
    assert standings_of(app, ids[0]) == standings_of(app, first)
    assert standings_of(app, ids[1]) == standings_of(app, second)
    again = client.get(f"/t/{target}/export.json").get_json()
    original = client.get(f"/t/{source}/export.json").get_json()
    assert again["matches"] == original["matches"]


def test_import_adds_missing_players_once(played, scorer, app, client):
    _, first, _ = played
    document = client.get(f"/t/{scorer.token}/m/{first}/export.json").get_json()
    document["players"] = ["ann", "Ben", "Zoe"]
    for entry in document["entries"]:
        entry["held"] = {{"Ann": "ann", "Cat": "Zoe"}.get(k, k): v for k, v in entry["held"].items()}
    document["first_dealer"] = "Zoe"
    assert upload(scorer, document).status_code == 302
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        assert [p.name for p in table.players] == ["Ann", "Ben", "Cat", "Zoe"]


BAD = [
    (b"not json at all", "This file is damaged or incomplete (it stops making sense on line 1)."),
    ([1, 2], "expected a match or a table document"),
    ({"format": "something/1"}, "This is not a Scorekeeper export (its format is “something/1”)."),
    ({"format": "scorekeeper.match/1", "variant": "free", "players": "Ann"}, "players must be a list"),
    ({"format": "scorekeeper.match/1", "variant": "nope", "players": ["Ann", "Ben"]}, "unknown variant"),
    ({"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ann"]}, "named twice"),
    ({"format": "scorekeeper.match/1", "variant": "free", "players": ["A" * 41, "Ben"]}, "longer than 40"),
    ({"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"],
      "entries": [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Zed": {"points": 2}}}]}, "Zed"),
    ({"format": "scorekeeper.table/1", "players": ["Ann"], "matches": [
        {"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"], "entries": []},
        {"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann"], "entries": [{"kind": "bogus"}]}]},
     "Match 2"),
    ({"format": "scorekeeper.table/1", "players": ["Ann"], "matches": "none"}, "must be a list"),
]


@pytest.mark.parametrize("document, reason", BAD)
def test_invalid_document_is_refused_with_the_reason_and_creates_nothing(played, scorer, app, document, reason):
    before = counts(app)
    response = upload(scorer, document)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Not imported" in page and reason in page
    assert counts(app) == before


def test_import_without_a_file_is_refused(played, scorer):
    response = scorer.post(f"/t/{scorer.token}/import", {}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose a JSON file" in response.get_data(as_text=True)


def test_import_page_and_wrong_token(scorer, client):
    scorer.create_table()
    assert client.get(f"/t/{scorer.token}/import").status_code == 200
    assert client.get("/t/wrong/import").status_code == 404
    assert client.get("/t/wrong/m/1/export.json").status_code == 404


CANASTA_HAND = {"kind": "hand", "end": "out", "by": "Ann", "sides": {
    "NS": {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 235, "hand_points": 20},
    "EW": {"red_threes": 4, "meld_points": 130, "hand_points": 145}}}


def canasta_document(hands: int) -> dict:
    """A partnership Canasta match of ``hands`` hands: NS (Ann, Cat) 1,115 a hand, EW (Ben, Dan) 785."""
    return {"format": "scorekeeper.match/1", "variant": "canasta", "rules": {},
            "players": ["Ann", "Ben", "Cat", "Dan"], "teams": {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]},
            "first_dealer": "Ann", "entries": [CANASTA_HAND] * hands}


def test_an_imported_match_still_played_opens_on_its_scoreboard_a_finished_one_on_its_page(scorer):
    scorer.create_table()
    going_on = upload(scorer, canasta_document(1))
    assert going_on.status_code == 302
    assert re.fullmatch(rf"/t/{scorer.token}/m/\d+", going_on.headers["Location"])
    finished = upload(scorer, canasta_document(5))  # 5,575 to 3,925: past 5,000
    assert finished.status_code == 302
    assert re.fullmatch(rf"/t/{scorer.token}/m/\d+/history", finished.headers["Location"])


def test_the_history_page_of_a_match_of_sides_lists_the_sides(scorer):
    scorer.create_table()
    where = upload(scorer, canasta_document(5)).headers["Location"]
    page = scorer.client.get(where).get_data(as_text=True)
    standings = page[page.index('id="standings-h"'):page.index('id="chart"')]
    rows = re.findall(r'<th scope="row">(.*?)</th>', standings, re.S)
    assert len(rows) == 2
    assert re.sub(r"<[^>]+>", " ", rows[0]).split() == ["NS", "Ann,", "Cat"]
    assert "5,575" in standings and "3,925" in standings and ">Side<" in standings
