"""The share picture is drawn once (issue 29, finding 3): one PNG cost 0.3-0.4 s of CPU, with no cache
and no ETag, so one address fetching 150 pictures in 30 s took the server from everyone. Now each
worker keeps the latest picture of each match in each language, a phone that has it gets a 304, and
one address may have at most ``PICTURES_PER_ADDRESS`` drawn afresh a minute (repeats are not counted)."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.web.extensions import PICTURES_PER_ADDRESS, alembic, db
from scorekeeper.web.spectate import image, routes as spectate_routes
from scorekeeper.service.models import Match

from ..conftest import Scorer


@pytest.fixture
def drawings(monkeypatch):
    """Every picture drawn, counted (the drawing itself is the real one)."""
    drawn = []
    real = image.result_png

    def counted(*args, **kwargs):
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(image, "result_png", counted)
    spectate_routes._pictures.cache_clear()
    yield drawn
    spectate_routes._pictures.cache_clear()


def _view(app, match_id: int) -> str:
    with app.app_context():
        return db.session.get(Match, match_id).view_token


def test_a_picture_is_drawn_once_per_version_and_language(scorer, app, client, drawings):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 3, "Ben": 5})
    url = f"/v/{_view(app, match_id)}/summary.png"
    first = client.get(url)
    assert first.status_code == 200 and first.mimetype == "image/png" and first.data[:4] == b"\x89PNG"
    etag = first.headers["ETag"]
    assert "max-age" in first.headers["Cache-Control"]
    assert client.get(url).data == first.data  # from the worker's memo
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert len(drawings) == 1
    italian = client.get(url, headers={"Accept-Language": "it"})
    assert italian.status_code == 200 and italian.headers["ETag"] != etag and len(drawings) == 2
    # a hand saved: the picture is drawn again, with a new tag
    scorer.record_points(match_id, {"Ann": 1, "Ben": 0})
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag and len(drawings) == 3
    # a rename changes the names it shows: drawn again
    ann = scorer.player_ids()["Ann"]
    assert scorer.post(f"/t/{scorer.token}/players/{ann}/rename", {"name": "Annie"}).status_code == 302
    assert client.get(url, headers={"If-None-Match": changed.headers["ETag"]}).status_code == 200
    assert len(drawings) == 4


@pytest.fixture
def limited(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SERVER_NAME": "localhost",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}", "RATELIMIT_ENABLED": True,
                      "RATELIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        alembic.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def test_fresh_drawings_are_limited_per_address_and_repeats_are_not_counted(limited, drawings):
    per_minute = int(PICTURES_PER_ADDRESS.split()[0])
    client = limited.test_client()
    scorer = Scorer(limited, client)
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    url = f"/v/{_view(limited, match_id)}/summary.png"
    # the same picture asked for again and again: drawn once, never refused
    for _ in range(per_minute * 2):
        assert client.get(url).status_code == 200
    assert len(drawings) == 1
    # pictures drawn afresh each time (as if of as many matches): the address is stopped at its count
    codes = []
    for _ in range(per_minute + 1):
        spectate_routes._pictures.cache_clear()
        codes.append(client.get(url).status_code)
    assert codes[:per_minute - 1] == [200] * (per_minute - 1) and codes[-1] == 429, codes
    # another address still has its pictures drawn
    assert client.get(url, environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code == 200
