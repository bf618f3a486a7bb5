"""A table remembers how it plays: named house rules (presets) saved, offered, applied, renamed,
deleted, refused when the engine refuses them, exported and imported; the rules shown before the first
hand; rematch in one tap; a finished match's summary page and image; head-to-head on the table page."""

from __future__ import annotations

import io
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.engine.match import replay
from scorekeeper.web.extensions import db
from scorekeeper import service
from scorekeeper.service.models import HouseRules, Match, Table


def _new_match_data(scorer, variant: str, seats: list[str], **rules: str) -> dict:
    ids = scorer.player_ids()
    data = {f"seat_{ids[n]}": str(i) for i, n in enumerate(seats, start=1)}
    data.update({"variant": variant, "first_dealer": ""})
    data.update({f"rule_{k}": v for k, v in rules.items()})
    return data


def _presets(app) -> list[HouseRules]:
    with app.app_context():
        return list(db.session.scalars(sa.select(HouseRules).order_by(HouseRules.id)))


@pytest.fixture
def table(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    return scorer


def _save_ours(scorer, name="Our Ramino", opening="40", target="500"):
    data = _new_match_data(scorer, "ramino", ["Ann", "Ben", "Cat"], opening_min=opening, target=target,
                           match_mode="target_lowest_wins", rounding_mode="half_up", tie_break="shared",
                           rebuy_cost_mode="same_stake")
    data.update({"save_rules": "1", "preset_name": name})
    return scorer.post(f"/t/{scorer.token}/matches/new?variant=ramino", data)


# -- presets ----------------------------------------------------------------------------------------------

def test_save_offer_and_apply_a_preset(table, client, app):
    response = _save_ours(table)
    assert response.status_code == 200
    assert "Saved as “Our Ramino”" in response.get_data(as_text=True)
    [preset] = _presets(app)
    assert (preset.name, preset.variant, preset.rules) == ("Our Ramino", "ramino", {"opening_min": 40, "target": 500})
    # offered first for its game, described by what it changes
    page = client.get(f"/t/{table.token}/matches/new?variant=ramino").get_data(as_text=True)
    assert page.index("Your house rules") < page.index("Who plays?")
    assert "Our Ramino" in page and "Opening at least: 40, Match to: 500" in page
    assert "Our Ramino" not in client.get(f"/t/{table.token}/matches/new?variant=gin").get_data(as_text=True)
    # applied: its values fill the house rules, and the match keeps its own copy
    page = client.get(f"/t/{table.token}/matches/new?variant=ramino&preset={preset.id}").get_data(as_text=True)
    assert re.search(r'id="rule_opening_min"[^>]*value="40"|value="40"[^>]*id="rule_opening_min"', page)
    match_id = table.start_match("ramino", ["Ann", "Ben", "Cat"], rules={"opening_min": 40, "target": 500})
    # a snapshot: saving the preset anew does not change the match started from it
    assert _save_ours(table, opening="60").status_code == 200
    with app.app_context():
        assert db.session.get(Match, match_id).rules == {"opening_min": 40, "target": 500}
        assert db.session.scalar(sa.select(HouseRules)).rules["opening_min"] == 60


def test_an_invalid_preset_is_refused_beside_its_name_and_nothing_is_saved(table, app):
    response = _save_ours(table, opening="900")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Ramino does not take these rules" in page and "900" in page
    assert _presets(app) == []
    assert _save_ours(table, name="  ").status_code == 422
    assert _presets(app) == []


def test_rename_and_delete_a_preset_from_the_table_page(table, client, app):
    _save_ours(table)
    _save_ours(table, name="Quick Ramino", target="200")
    first, second = _presets(app)
    page = client.get(f"/t/{table.token}").get_data(as_text=True)
    assert 'id="house-rules"' in page and "Quick Ramino" in page and "Match to: 200" in page
    refused = table.post(f"/t/{table.token}/house-rules/{first.id}/rename", {"name": "quick ramino"})
    assert refused.status_code == 422 and "already has house rules called" in refused.get_data(as_text=True)
    response = table.post(f"/t/{table.token}/house-rules/{first.id}/rename", {"name": "Sunday Ramino"})
    assert response.status_code == 302 and response.headers["Location"].endswith("#house-rules")
    assert [p.name for p in _presets(app)] == ["Sunday Ramino", "Quick Ramino"]
    assert table.post(f"/t/{table.token}/house-rules/{second.id}/delete").status_code == 302
    assert [p.name for p in _presets(app)] == ["Sunday Ramino"]
    # another table's link cannot touch them
    other = table.post("/tables/new", {"name": "Other"}).headers["Location"].rsplit("/", 1)[-1]
    assert table.post(f"/t/{other}/house-rules/{first.id}/delete").status_code == 404


def test_presets_travel_in_the_table_export_and_import(table, client, app):
    _save_ours(table)
    document = json.loads(client.get(f"/t/{table.token}/export.json").get_data())
    assert document["house_rules"] == [{"name": "Our Ramino", "variant": "ramino",
                                        "rules": {"opening_min": 40, "target": 500}}]
    other = table.post("/tables/new", {"name": "Elsewhere"}).headers["Location"].rsplit("/", 1)[-1]
    upload = {"document": (io.BytesIO(json.dumps(document).encode()), "table.json")}
    assert table.post(f"/t/{other}/import", upload, content_type="multipart/form-data").status_code == 302
    with app.app_context():
        elsewhere = db.session.scalar(sa.select(Table).where(Table.token == other))
        assert [(p.name, p.rules) for p in elsewhere.house_rules] == [("Our Ramino", {"opening_min": 40, "target": 500})]
    # a preset the engine refuses is refused with the file, and nothing is imported
    document["house_rules"][0]["rules"] = {"opening_min": "forty"}
    third = table.post("/tables/new", {"name": "Third"}).headers["Location"].rsplit("/", 1)[-1]
    upload = {"document": (io.BytesIO(json.dumps(document).encode()), "table.json")}
    response = table.post(f"/t/{third}/import", upload, content_type="multipart/form-data")
    assert response.status_code == 422 and "Our Ramino" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(Table).where(Table.token == third)).house_rules == []


# -- rules before hand 1 -----------------------------------------------------------------------------------

def test_the_rules_are_shown_to_everyone_before_the_first_hand(table, client, app):
    match_id = table.start_match("ramino", ["Ann", "Ben", "Cat"], rules={"opening_min": 40})
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    for url in (f"/t/{table.token}/m/{match_id}", f"/v/{view_token}"):
        page = client.get(url).get_data(as_text=True)
        assert "Rules for this match" in page and "Opening at least: 40" in page, url
    standard = table.start_match("free", ["Ann", "Ben"])
    assert "Standard Free scoring rules" in client.get(f"/t/{table.token}/m/{standard}").get_data(as_text=True)
    assert table.record_points(standard, {"Ann": 3, "Ben": 4}).status_code == 302
    assert "Rules for this match" not in client.get(f"/t/{table.token}/m/{standard}").get_data(as_text=True)


# -- rematch ------------------------------------------------------------------------------------------------

def _finished_free(table, app, stake="5"):
    match_id = table.start_match("free", ["Ann", "Ben", "Cat"], rules={"target": 20}, stake=stake)
    assert table.record_points(match_id, {"Ann": 3, "Ben": 25, "Cat": 9}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, match_id).status == "finished"
    return match_id


def test_rematch_in_one_tap_same_game_players_rules_and_stake(table, app, client):
    match_id = _finished_free(table, app)
    page = client.get(f"/t/{table.token}/m/{match_id}").get_data(as_text=True)
    assert "Rematch" in page and "Someone not playing?" in page
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch")
    assert response.status_code == 302
    new_id = int(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        old, new = db.session.get(Match, match_id), db.session.get(Match, new_id)
        assert (new.variant, new.seats, new.rules, new.stake) == (old.variant, old.seats, old.rules, old.stake)
        # free scoring: the deal passes on from the last hand's dealer (Ann dealt the only hand)
        assert new.first_dealer_id == table.player_ids()["Ben"]
    # the table page offers it too, for the last finished match
    page = client.get(f"/t/{table.token}").get_data(as_text=True)
    assert f'/m/{match_id}/rematch"' in page and "Rematch<span class=\"sr-only\"> Free scoring, same players</span>" in page


def test_new_match_same_players_offers_the_rematchs_first_dealer(table, app, client):
    """One rule, both buttons: "New match, same players" preselects whoever "Rematch" would seat as
    first dealer (free scoring: the deal passes on from Ann, not to the winner Cat)."""
    match_id = _finished_free(table, app)
    ids = table.player_ids()
    page = client.get(f"/t/{table.token}/matches/new?variant=free&again={match_id}").get_data(as_text=True)
    assert f'<option selected value="{ids["Ben"]}">Ben</option>' in page
    assert f'<option selected value="{ids["Cat"]}">Cat</option>' not in page
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch")
    with app.app_context():
        new = db.session.get(Match, int(response.headers["Location"].rsplit("/", 1)[-1]))
        assert new.first_dealer_id == ids["Ben"]


def test_rematch_leaves_out_who_is_not_playing_and_rumino_winner_deals(table, app):
    ids = table.player_ids()
    match_id = table.start_match("rumino", ["Ann", "Ben", "Cat"])
    with app.app_context():
        match = db.session.get(Match, match_id)
        for _ in range(2):  # Ben and Cat out over 100: Ann wins
            service.add_entry(match, {"kind": "hand", "end": "knock", "by": ids["Ann"], "held": {
                str(ids["Ann"]): {"points": 0}, str(ids["Ben"]): {"points": 60}, str(ids["Cat"]): {"points": 60}}},
                version=match.version, key=None)
        assert service.standings(match).winners == ["Ann"]
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch",
                          {"playing": [str(ids["Ann"]), str(ids["Cat"])]})
    new_id = int(response.headers["Location"].rsplit("/", 1)[-1])
    with app.app_context():
        new = db.session.get(Match, new_id)
        assert new.seats == [ids["Ann"], ids["Cat"]] and new.first_dealer_id == ids["Ann"]


def test_a_rematch_that_does_not_fit_asks_with_the_whole_form(table, app):
    match_id = table.start_match("gin", ["Ann", "Ben"], rules={"gin_bonus": 30})
    response = table.post(f"/t/{table.token}/m/{match_id}/rematch", {"playing": [str(table.player_ids()["Ann"])]})
    assert response.status_code == 302 and f"again={match_id}" in response.headers["Location"]
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 1


# -- the summary page and its image --------------------------------------------------------------------------

def test_summary_page_and_image_of_a_finished_match(table, app, client):
    renamed = table.post(f"/t/{table.token}/players/{table.player_ids()['Cat']}/rename", {"name": 'Cat <b>&"'})
    assert renamed.status_code == 302
    match_id = table.start_match("free", ["Ann", "Ben", 'Cat <b>&"'], rules={"target": 20}, stake="5")
    assert table.record_points(match_id, {"Ann": 3, "Ben": 12, 'Cat <b>&"': 1}).status_code == 302
    assert table.record_points(match_id, {"Ann": 4, "Ben": 13, 'Cat <b>&"': 0}).status_code == 302
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    page = client.get(f"/v/{view_token}/summary").get_data(as_text=True)
    assert "Cat &lt;b&gt;&amp;&#34; wins at Free scoring" in page
    assert "2 hands played" in page and "largest swing: hand 2" in page and "Pot 15.00" in page
    assert "Free scoring: Match to: 20" in page
    assert table.token not in page and 'method="post"' not in page  # read-only like the spectator link
    # not finished: the summary says so, and who leads
    other = table.start_match("free", ["Ann", "Ben"])
    assert table.record_points(other, {"Ann": 3, "Ben": 5}).status_code == 302
    with app.app_context():
        still = client.get(f"/v/{db.session.get(Match, other).view_token}/summary")
    assert still.status_code == 200 and "Ann leads at Free scoring (still playing)" in still.get_data(as_text=True)


# -- head-to-head ---------------------------------------------------------------------------------------------

def test_head_to_head_matches_the_replays(table, app, client):
    results = [(3, 25, 9), (30, 1, 2), (2, 40, 5), (0, 21, 8)]
    for points in results:
        match_id = table.start_match("free", ["Ann", "Ben", "Cat"], rules={"target": 20})
        table.record_points(match_id, dict(zip(["Ann", "Ben", "Cat"], points)))
    with app.app_context():
        matches = list(db.session.scalars(sa.select(Match).order_by(Match.id)))
        winners = [replay(service.to_document(m)).winners for m in matches]
    wins = {n: sum(n in w for w in winners) for n in ("Ann", "Ben", "Cat")}
    assert wins == {"Ann": 3, "Ben": 1, "Cat": 0}
    page = client.get(f"/t/{table.token}").get_data(as_text=True)
    section = page.split('id="head-to-head"', 1)[1].split("</section>", 1)[0]
    rows = dict(re.findall(r'<th scope="row">([^<]+)</th>\s*<td class="num">(\d+)</td>', section))
    assert {n: int(v) for n, v in rows.items()} == wins
    # Ann won the last two (a streak of 2), Ben's last was a loss
    assert re.search(r"Ann</th>.*?2 wins</td>", section, re.S)
    assert re.search(r"Ben</th>\s*<td class=\"num\">1</td>\s*<td class=\"num\">–</td>", section)


def test_the_summary_link_has_preview_tags_and_a_png_of_the_view_links_content(table, app, client):
    import io
    import re

    from PIL import Image

    match_id = table.start_match("free", ["Ann", "Ben", "Cat"], rules={"target": 20}, stake="5")
    assert table.record_points(match_id, {"Ann": 3, "Ben": 22, "Cat": 1}).status_code == 302
    with app.app_context():
        view_token = db.session.get(Match, match_id).view_token
    page = client.get(f"/v/{view_token}/summary").get_data(as_text=True)
    tags = dict(re.findall(r'<meta property="(og:[a-z:_]+)" content="([^"]*)"', page))
    assert tags["og:title"] == "Cat wins at Free scoring"
    assert tags["og:description"] == "1. Cat 1 · 2. Ann 3 · 3. Ben 22"
    assert tags["og:url"].endswith(f"/v/{view_token}/summary")
    assert tags["og:image"].endswith(f"/v/{view_token}/summary.png")
    assert table.token not in page  # the view link's content only, never the edit link
    png = client.get(f"/v/{view_token}/summary.png")
    assert png.status_code == 200 and png.mimetype == "image/png"
    picture = Image.open(io.BytesIO(png.get_data()))
    assert picture.format == "PNG" and picture.width == 1200 and picture.height > 400
