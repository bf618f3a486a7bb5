"""The table's currency: set once on the table page, refused when too long, and shown the same way
with every amount of money (scoreboard, rebuy offer, summary page, its image and share text, stats)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.engine import limits
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Table


def currency_of(app, token: str) -> str | None:
    with app.app_context():
        return db.session.scalar(sa.select(Table.currency).where(Table.token == token))


def test_the_currency_is_set_on_the_table_page(scorer, app, client):
    scorer.create_table()
    page = client.get(f"/t/{scorer.token}").get_data(as_text=True)
    assert "Currency: none" in page and 'action="/t/%s/currency"' % scorer.token in page
    response = scorer.post(f"/t/{scorer.token}/currency", {"currency": "€", "other": ""})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{scorer.token}?currency=saved#settings")
    assert currency_of(app, scorer.token) == "€"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Currency: €" in page and "amounts show as €40.00" in page
    # a typed one, and back to none
    assert scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": " kr "}).status_code == 302
    assert currency_of(app, scorer.token) == "kr"
    assert 'value="kr"' in client.get(f"/t/{scorer.token}").get_data(as_text=True)
    assert scorer.post(f"/t/{scorer.token}/currency", {"currency": "", "other": "kr"}).status_code == 302
    assert currency_of(app, scorer.token) is None


def test_a_too_long_or_missing_currency_is_refused_beside_the_field(scorer, app, client):
    scorer.create_table()
    scorer.post(f"/t/{scorer.token}/currency", {"currency": "$", "other": ""})
    long = "x" * (limits.CURRENCY + 1)
    response = scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": long})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f"Keep the currency to {limits.CURRENCY} characters." in page and f'value="{long}"' in page
    assert "<details class=\"settings\" open>" in page
    response = scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": ""})
    assert response.status_code == 422 and "Type the currency" in response.get_data(as_text=True)
    assert scorer.post(f"/t/{scorer.token}/currency", {"currency": "¥¥", "other": ""}).status_code == 422
    assert currency_of(app, scorer.token) == "$"  # nothing half-saved
    # without the form's token nothing is saved
    client.post(f"/t/{scorer.token}/currency", data={"currency": "£"})
    assert currency_of(app, scorer.token) == "$"


def test_the_same_amount_reads_the_same_everywhere(scorer, app, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    scorer.post(f"/t/{scorer.token}/currency", {"currency": "€", "other": ""})
    match_id = scorer.start_match("rumino", ["Ann", "Ben", "Cat"], stake="20")
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 60, "Ben": 50, "Cat": 2})
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 45, "Ben": 30, "Cat": 2})
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Pot <strong>€60.00</strong>" in board and "Rebuy on 80 for €40.00?" in board
    assert "paid €20.00" in board
    assert not re.search(r"(?<![€\d.])\d+\.\d\d\b", board)  # no bare amount left
    with app.app_context():
        token = scorer.match(match_id).view_token
    summary = client.get(f"/v/{token}/summary").get_data(as_text=True)
    assert summary.count("Pot €60.00") == 2  # on the page and in the share text
    # the match's page in the history carries it the same way
    history = client.get(f"/t/{scorer.token}/m/{match_id}/history").get_data(as_text=True)
    assert "Pot €60.00" in history
    assert not re.search(r"(?<![€\d.])\d+\.\d\d\b", history)
    # a rebuy's stake in the engine's explanation is the table's money too, in the reader's language
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/rebuy",
                          {"player": str(scorer.player_ids()["Ann"]), "version": str(scorer.version(match_id)),
                           "key": "r1"})
    assert response.status_code == 302
    page = f"/t/{scorer.token}/m/{match_id}/history"  # its grid explains every score
    history = client.get(page).get_data(as_text=True)
    assert "rebuy at 80 (highest still in), stake €40.00" in history
    assert not re.search(r"(?<![€\d.])\d+\.\d\d\b", history)
    italian = client.get(page, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "posta 40,00\u00a0€" in italian


def test_the_table_export_carries_the_currency_and_an_import_sets_it(scorer, app, client):
    import io
    import json

    scorer.create_table()
    scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": "kr"})
    document = client.get(f"/t/{scorer.token}/export.json").get_json()
    assert document["currency"] == "kr"

    def upload(doc, token):
        return scorer.post(f"/t/{token}/import", {"document": (io.BytesIO(json.dumps(doc).encode()), "t.json")},
                          content_type="multipart/form-data")

    target = scorer.create_table("Copy")
    assert upload(document, target).status_code == 302
    assert currency_of(app, target) == "kr"
    # a table that has its own keeps it; a too-long one is refused and nothing is written
    scorer.post(f"/t/{target}/currency", {"currency": "€", "other": ""})
    assert upload(document, target).status_code == 302 and currency_of(app, target) == "€"
    response = upload(dict(document, currency="x" * (limits.CURRENCY + 1)), scorer.create_table("Third"))
    assert response.status_code == 422
    assert f"at most {limits.CURRENCY} characters" in response.get_data(as_text=True)


def test_a_match_export_carries_the_currency_and_its_import_sets_it(scorer, app, client):
    import io

    scorer.create_table()
    scorer.post(f"/t/{scorer.token}/currency", {"currency": "other", "other": "kr"})
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 5, "Ben": 3})
    body = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_data()
    assert b'"currency": "kr"' in body
    target = scorer.create_table("Copy")
    response = scorer.post(f"/t/{target}/import", {"document": (io.BytesIO(body), "m.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 302
    assert currency_of(app, target) == "kr"
