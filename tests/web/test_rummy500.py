"""Rummy 500 through the generic pages (docs/rules/rummy500.md): a new match with its deck for the table, a
hand by points and a hand by cards (melds in groups, lay-offs included, and the cards held), a refusal
beside its field with the form kept, the stock running out naming nobody, and the match to its end with
the winner's margins on the scoreboard, the match page and the spectator sheet."""

from __future__ import annotations

import re
import uuid

import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match

NAMES = ["Ann", "Ben", "Cat"]


def start(scorer, names=NAMES, rules=None) -> int:
    scorer.create_table()
    scorer.add_players(*names)
    return scorer.start_match("rummy500", names, rules=rules)


def record(scorer, match_id: int, *, by: str | None, end: str = "out", **boxes: dict[str, str | int]):
    """A hand through the form: each keyword is one of the game's entry fields (meld_points, melds, hand_points,
    cards), by player."""
    ids = scorer.player_ids()
    data = {"end": end, "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex}
    if by:
        data["by"] = str(ids[by])
    for box, values in boxes.items():
        data.update({f"{box}_{ids[name]}": str(value) for name, value in values.items()})
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


def saved(app, match_id: int) -> list[dict]:
    with app.app_context():
        return [e.payload for e in db.session.scalars(sa.select(Entry).where(
            Entry.match_id == match_id, Entry.deleted_at.is_(None)).order_by(Entry.position))]


def test_a_new_match_offers_the_game_and_its_deck(scorer, client, app):
    scorer.create_table()
    page = client.get(f"/t/{scorer.token}/matches/new?variant=rummy500").get_data(as_text=True)
    assert "Rummy 500" in page and "low_ace_value" in page and "stock_out_hand_penalty" in page
    five = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    scorer.add_players(*five)
    match_id = scorer.start_match("rummy500", five)
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    # the entry fields: what each player laid and what they hold, points or cards, the one who went out too
    assert "Laid on the table" in board and "Left in hand" in board and "Stock ran out" in board
    assert 'data-copies="2"' in board and 'data-jokers="4"' in board  # two packs from five players
    with app.app_context():
        assert db.session.get(Match, match_id).variant == "rummy500"


def test_a_hand_by_points_f1(scorer, app):
    match_id = start(scorer)
    response = record(scorer, match_id, by="Ann", meld_points={"Ann": 67, "Ben": 45, "Cat": 0},
                      hand_points={"Ann": 0, "Ben": 39, "Cat": 33})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 67, "Ben": 6, "Cat": -33}
    ids = scorer.player_ids()
    assert saved(app, match_id)[0]["held"][str(ids["Ben"])] == {"meld_points": 45, "hand_points": 39}


def test_a_hand_by_cards_f1(scorer, app, client):
    match_id = start(scorer)
    response = record(scorer, match_id, by="Ann",
                      melds={"Ann": "7s 7h 7d | 10c jc qc | ad 2d 3d | kc / 10c jc qc", "Ben": "ks kh kd | 4h 5h 6h"},
                      meld_points={"Cat": 0}, cards={"Ann": "", "Ben": "as 9d jk", "Cat": "qd 8s 8c 2c 5s"},
                      hand_points={"Ann": 0})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 67, "Ben": 6, "Cat": -33}
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "A♦ 2♦ 3♦ 6" in board  # the last hand's explanation: the low ace scores 1


def test_the_melds_picker_values_the_groups_live(scorer, client):
    match_id = start(scorer)
    ids = scorer.player_ids()
    url = f"/t/{scorer.token}/m/{match_id}/hands/cards"
    said = client.get(url, query_string={"player": ids["Ann"], "field": "melds",
                                         f"melds_{ids['Ann']}": "AD 2D 3D | KC / 10C JC QC"}).get_data(as_text=True)
    assert "16 points" in said
    said = client.get(url, query_string={"player": ids["Ann"], "field": "melds",
                                         f"melds_{ids['Ann']}": "KS AS 2S"}).get_data(as_text=True)
    assert "K-A-2" in said


def test_a_refusal_comes_beside_its_field_and_the_form_is_kept(scorer, app):
    match_id = start(scorer)
    response = record(scorer, match_id, by="Ann", melds={"Ann": "ks as 2s"}, cards={"Ann": ""},
                      meld_points={"Ben": 10, "Cat": 0}, hand_points={"Ben": 4, "Cat": 9})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    ids = scorer.player_ids()
    # the reason sits in Ann's melds box, which keeps what was typed
    box = body[body.index(f'id="melds-{ids["Ann"]}-picker"'):]
    box = box[:box.index("</details>")]
    assert "K-A-2" in box and 'value="ks as 2s"' in box
    assert f'value="10"' in body and saved(app, match_id) == []
    # a player who went out holding cards: beside that player's cards
    response = record(scorer, match_id, by="Ann", meld_points={"Ann": 30, "Ben": 10, "Cat": 0},
                      cards={"Ann": "4c"}, hand_points={"Ben": 4, "Cat": 9})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    box = body[body.index(f'id="cards-{ids["Ann"]}-picker"'):]
    assert "Ann went out" in box[:box.index("</details>")]


def test_the_stock_running_out_names_nobody(scorer, app):
    match_id = start(scorer)
    # Ann was tapped before the end was: a stock that ran out still names nobody
    response = record(scorer, match_id, by="Ann", end="stock_exhausted",
                      meld_points={"Ann": 40, "Ben": 12, "Cat": 0}, hand_points={"Ann": 25, "Ben": 30, "Cat": 41})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 15, "Ben": -18, "Cat": -41}
    assert "by" not in saved(app, match_id)[0]


def test_the_match_to_its_end_f3(scorer, client, app):
    """F3: Ann goes out and passes 500, Ben passes it too with more: Ben wins, and collects the
    differences."""
    match_id = start(scorer)
    for _ in range(3):
        assert record(scorer, match_id, by="Ann", meld_points={"Ann": 117, "Ben": 120, "Cat": 60},
                      hand_points={"Ann": 0, "Ben": 6, "Cat": 8}).status_code == 302
    assert record(scorer, match_id, by="Ann", meld_points={"Ann": 117, "Ben": 116, "Cat": 60},
                  hand_points={"Ann": 0, "Ben": 3, "Cat": 6}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 468, "Ben": 455, "Cat": 210}
    response = record(scorer, match_id, by="Ann", meld_points={"Ann": 60, "Ben": 95, "Cat": 0},
                      hand_points={"Ann": 0, "Ben": 20, "Cat": 10})
    assert response.status_code == 302
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    result = board[board.index('id="result"'):]
    result = result[:result.index("</section>")]
    assert "Ben" in result and "wins" in result
    assert "Ben collects: 2 from Ann, 330 from Cat" in re.sub(r"<[^>]+>", "", result), result
    spectator = client.get(f"/t/{scorer.token}/m/{match_id}")
    with app.app_context():
        view = db.session.get(Match, match_id).view_token
    watched = client.get(f"/v/{view}").get_data(as_text=True)
    assert "collects" in watched and "330" in watched
    history = client.get(f"/t/{scorer.token}/m/{match_id}/history").get_data(as_text=True)
    assert "collects" in history and "330" in history
    stats = client.get(f"/t/{scorer.token}/stats")
    assert stats.status_code == 200 and "Rummy 500" in stats.get_data(as_text=True)
    exported = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    assert exported["variant"] == "rummy500" and "meld_points" in str(exported["entries"][0])
    assert spectator.status_code == 200
    # the match is over: no more hands
    assert record(scorer, match_id, by="Ben", meld_points={"Ann": 0, "Ben": 10, "Cat": 0},
                  hand_points={"Ann": 5, "Ben": 0, "Cat": 5}).status_code != 302 or len(saved(app, match_id)) == 5


def test_the_meld_checker_says_what_a_meld_scores(client):
    page = client.get("/melds", query_string={"variant": "rummy500", "cards": "AD 2D 3D"}).get_data(as_text=True)
    assert "Scores" in page and "6 points" in page
    page = client.get("/melds", query_string={"variant": "rummy500", "cards": "QH KH AH"}).get_data(as_text=True)
    assert "35 points" in page


def test_edit_a_hand_given_by_cards_and_everything_after_is_recomputed(scorer, client):
    match_id = start(scorer)
    ids = scorer.player_ids()
    assert record(scorer, match_id, by="Ann", melds={"Ann": "AD 2D 3D | 7C 8C 9C"}, cards={"Ann": ""},
                  meld_points={"Ben": 0, "Cat": 0}, hand_points={"Ben": 10, "Cat": 5}).status_code == 302
    assert record(scorer, match_id, by="Ben", meld_points={"Ann": 0, "Ben": 30, "Cat": 0},
                  hand_points={"Ann": 4, "Ben": 0, "Cat": 6}).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 26, "Ben": 20, "Cat": -11}
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    entry_id = min(int(n) for n in re.findall(r"/hands/(\d+)\"", page))
    form = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert 'value="AD 2D 3D | 7C 8C 9C"' in form  # the melds picker, filled in
    # the low ace was really the high one: Q-K-A instead of A-2-3
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit", {
        "version": str(scorer.version(match_id)), "by": str(ids["Ann"]), "end": "out",
        f"melds_{ids['Ann']}": "QD KD AD | 7C 8C 9C", f"hand_points_{ids['Ann']}": "",
        f"meld_points_{ids['Ben']}": "0", f"hand_points_{ids['Ben']}": "10",
        f"meld_points_{ids['Cat']}": "0", f"hand_points_{ids['Cat']}": "5"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 35 + 24 - 4, "Ben": 20, "Cat": -11}


def test_the_meld_checker_values_a_lay_off(client):
    page = client.get("/melds", query_string={"variant": "rummy500", "cards": "ad / 2d 3d 4d"}).get_data(as_text=True)
    assert "a lay-off" in page and "1 point" in page
    page = client.get("/melds", query_string={"variant": "rummy500", "cards": "9h / 2h 3h 4h"}).get_data(as_text=True)
    assert "Not a lay-off" in page
