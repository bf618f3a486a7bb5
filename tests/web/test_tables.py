"""Tables and rosters: secret links, remembering tables, adding and renaming players."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Player, Table


def test_create_table_shows_its_link_and_remembers_it(scorer, client, app):
    token = scorer.create_table("Thursday night")
    assert len(token) >= 22  # 24 random bytes, well over 128 bits
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Thursday night" in page
    assert f"/t/{token}" in page
    assert "<svg" in page  # the QR code
    home = client.get("/").get_data(as_text=True)
    assert "Thursday night" in home
    with app.app_context():
        assert db.session.scalar(sa.select(Table.name).where(Table.token == token)) == "Thursday night"


@pytest.mark.parametrize("name, message", [("", "Give the table a name."), ("   ", "Give the table a name."),
                                           ("x" * 101, "Keep the name under 100 letters.")])
def test_create_table_bad_name(scorer, app, name, message):
    response = scorer.post("/tables/new", {"name": name})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Table)) == 0


@pytest.mark.parametrize("url", ["/t/{bad}", "/t/{bad}/matches/new", "/t/{bad}/m/1", "/t/{bad}/m/1/hands/new"])
def test_wrong_token_is_404(scorer, client, url):
    scorer.create_table()
    assert client.get(url.format(bad="not-the-token")).status_code == 404


def test_wrong_token_post_is_404(scorer):
    scorer.create_table()
    assert scorer.post("/t/guess/players", {"name": "Eve"}).status_code == 404


def test_forget_a_table(scorer, client):
    token = scorer.create_table("Club")
    response = scorer.post("/forget", {"token": token})
    assert response.status_code == 302
    assert "Club" not in client.get("/").get_data(as_text=True)
    assert client.get(f"/t/{token}").status_code == 200  # forgetting is per browser, the table stays


def test_add_players(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    with app.app_context():
        assert sorted(db.session.scalars(sa.select(Player.name))) == ["Ann", "Ben"]


@pytest.mark.parametrize("name, message", [
    ("", "Type the player&#39;s name."),
    ("ann", "ann is already on this table."),
    ("  ANN ", "ANN is already on this table."),
    ("y" * 41, "Keep a name under 40 letters."),
])
def test_add_player_refused(scorer, app, name, message):
    scorer.create_table()
    scorer.add_players("Ann")
    response = scorer.post(f"/t/{scorer.token}/players", {"name": name})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Player)) == 1


def test_rename_player(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/players/{ids['Ann']}/rename", {"name": "Annie"})
    assert response.status_code == 302
    assert scorer.player_ids().keys() == {"Annie", "Ben"}
    response = scorer.post(f"/t/{scorer.token}/players/{ids['Ann']}/rename", {"name": "ben"})
    assert response.status_code == 422
    assert "ben is already on this table." in response.get_data(as_text=True)


def test_remove_player_only_if_never_played(scorer, app):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    scorer.start_match("free", ["Ann", "Ben"])
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/players/{ids['Ann']}/remove")
    assert response.status_code == 422
    assert "stays on the roster" in response.get_data(as_text=True)
    response = scorer.post(f"/t/{scorer.token}/players/{ids['Cat']}/remove")
    assert response.status_code == 302
    assert set(scorer.player_ids()) == {"Ann", "Ben"}


def test_html_in_names_is_escaped(scorer, client):
    token = scorer.create_table("<script>alert(1)</script>")
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page
