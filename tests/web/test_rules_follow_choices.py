"""The new-match form's house rules follow the choices made and the players seated: a switch that sets
other switches' defaults (Pool Rummy's pool, Hand and Foot's decks by players) has them drawn again, and a
box left as drawn is no house rule, with or without JavaScript; the hand form shows the match's own drop
values; Hand and Foot's pages call a deal a round (``Variant.defaults``, ``Variant.deal_word``)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine.variants import find_variant
from scorekeeper.service.models import Match
from scorekeeper.web.extensions import db

from .test_sides import side_hand

#: the boxes of Pool Rummy's new-match form as the page first draws them (the 101 pool)
POOL_101 = {"rule_elimination_limit": "101", "rule_first_drop": "20", "rule_middle_drop": "40",
            "rule_rejoin_cutoff": "79"}


@pytest.fixture
def three(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    return scorer


def _rules(app, match_id: int) -> dict:
    with app.app_context():
        return db.session.get(Match, match_id).rules


def _box(page: str, name: str) -> str:
    return re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page).group(1)


def test_the_defaults_of_the_switches_follow_the_chosen_ones_and_the_players():
    pool = find_variant("pool_rummy")
    assert {k: pool.defaults(pool="201")[k] for k in ("elimination_limit", "first_drop", "middle_drop",
                                                       "rejoin_cutoff")} == {"elimination_limit": 201,
                                                                             "first_drop": 25, "middle_drop": 50,
                                                                             "rejoin_cutoff": 174}
    assert pool.defaults(pool="201")["pool"] == "101"  # a chosen switch answers its own default
    assert pool.defaults(pool="nonsense")["elimination_limit"] == 101
    hf = find_variant("hand_and_foot")
    assert [hf.defaults(n)["decks"] for n in (2, 4, 6, 8)] == [3, 5, 7, 9]


def test_the_201_pool_left_as_drawn_without_javascript_is_the_201_pool(three, client, app):
    # the page was drawn for the 101 pool; only the pool was changed: the other boxes still say 101's
    match_id = three.start_match("pool_rummy", ["Ann", "Ben", "Cat"], rules={"pool": "201"}, **POOL_101)
    assert _rules(app, match_id) == {"pool": "201"}
    assert "First drop (25)" in client.get(f"/t/{three.token}/m/{match_id}").get_data(as_text=True)


def test_the_boxes_drawn_again_for_201_start_the_201_pool_and_a_typed_value_is_kept(three, client, app):
    ids = three.player_ids()
    seats = "&".join(f"seat_{ids[n]}={i}" for i, n in enumerate(("Ann", "Ben", "Cat"), start=1))
    page = client.get(f"/t/{three.token}/matches/new/rules?variant=pool_rummy&{seats}&rule_pool=201&"
                      + "&".join(f"{k}={v}" for k, v in POOL_101.items())).get_data(as_text=True)
    assert [_box(page, f"rule_{n}") for n in ("elimination_limit", "first_drop", "middle_drop", "rejoin_cutoff")] \
        == ["201", "25", "50", "174"]
    assert "Standard: 201." in page and "First drop 25, middle drop 50" in page  # the rules summary too
    standards = dict(re.findall(r'<input type="hidden" name="(standard_rule_\w+)" value="([^"]*)"', page))
    assert standards == {"standard_rule_elimination_limit": "201", "standard_rule_first_drop": "25",
                         "standard_rule_middle_drop": "50", "standard_rule_rejoin_cutoff": "174"}
    drawn = {"rule_elimination_limit": "201", "rule_first_drop": "25", "rule_middle_drop": "50",
             "rule_rejoin_cutoff": "174"}
    match_id = three.start_match("pool_rummy", ["Ann", "Ben", "Cat"], rules={"pool": "201"}, **drawn, **standards)
    assert _rules(app, match_id) == {"pool": "201"}
    # a box changed from what was drawn is the table's own rule, even at 101's value
    typed = dict(drawn, rule_elimination_limit="101")
    match_id = three.start_match("pool_rummy", ["Ann", "Ben", "Cat"], rules={"pool": "201"}, **typed, **standards)
    assert _rules(app, match_id) == {"pool": "201", "elimination_limit": 101}
    # and back to 101 with the boxes left as 201 drew them: the 101 pool, every box following it
    page = client.get(f"/t/{three.token}/matches/new/rules?variant=pool_rummy&rule_pool=101&"
                      + "&".join(f"{k}={v}" for k, v in {**drawn, **standards}.items())).get_data(as_text=True)
    assert _box(page, "rule_elimination_limit") == "101" and _box(page, "rule_first_drop") == "20"


def test_hand_and_foot_draws_the_decks_for_the_players_seated(scorer, client, app):
    scorer.create_table()
    scorer.add_players("A1", "B1", "C1", "A2", "B2", "C2")
    ids = scorer.player_ids()
    seats = "&".join(f"seat_{pid}={i}" for i, pid in enumerate(ids.values(), start=1))
    page = client.get(f"/t/{scorer.token}/matches/new/rules?variant=hand_and_foot&{seats}&rule_decks=5"
                      ).get_data(as_text=True)
    assert _box(page, "rule_decks") == "7" and "Standard: 7." in page and "7 decks." in page
    # only the boxes that moved come back, so that a box the player is on stays as it is
    assert re.findall(r'<div class="switch" id="switch-(\w+)"', page) == ["decks"]
    # the page drawn for no players says 5; six seated without JavaScript: the match plays with 7
    match_id = scorer.start_match("hand_and_foot", list(ids), rules={"decks": 5})
    assert _rules(app, match_id) == {}
    # the table's last match seated six: the page is drawn for them
    page = client.get(f"/t/{scorer.token}/matches/new?variant=hand_and_foot").get_data(as_text=True)
    assert _box(page, "rule_decks") == "7"
    match_id = scorer.start_match("hand_and_foot", list(ids), rules={"decks": 6}, standard_rule_decks="7")
    assert _rules(app, match_id) == {"decks": 6}


def test_hand_and_foot_calls_a_deal_a_round(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    match_id = scorer.start_match("hand_and_foot", ["Ann", "Ben", "Cat", "Dan"])
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Save round" in page and "Record round" in page and "Round 1 ·" in page
    assert "Save hand" not in page and "Hand 1" not in page
    side = {"clean_books": "2", "dirty_books": "2", "meld_points": "300", "hand_points": "0"}
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new",
                          side_hand(scorer, match_id, [side, dict(side, hand_points="50")], by="Ann"),
                          headers={"HX-Request": "true"})
    page = response.get_data(as_text=True)
    assert "Saved: round 1." in page and "Round 2 ·" in page and "Last round" in page
    entry = re.search(rf"/t/{scorer.token}/m/{match_id}/hands/(\d+)", page).group(1)
    shown = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry}").get_data(as_text=True)
    assert "<h1>Round 1" in shown
    edit = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry}/edit").get_data(as_text=True)
    assert "Edit round 1" in edit and "Save round" in edit
    client.get("/lang/it?next=/")
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Salva giro" in page and "Giro 2 ·" in page and not re.search(r"Mano \d|Salva mano", page)
