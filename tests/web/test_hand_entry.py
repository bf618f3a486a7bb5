"""Recording real hands by variant through the entry form: the right choices appear, good hands are
scored as the engine says (the worked examples of docs/rules/), and every refusal comes back as 422 with its
reason beside the field and nothing saved."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry

NAMES = {2: ["Nat", "Sam"], 3: ["Ann", "Ben", "Cat"], 4: ["Ann", "Ben", "Cat", "Dan"]}


def start(scorer, variant: str, n: int, rules: dict | None = None, stake: str = "") -> tuple[int, list[str]]:
    scorer.create_table()
    names = NAMES[n]
    scorer.add_players(*names)
    return scorer.start_match(variant, names, rules=rules, stake=stake), names


def saved(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Entry).where(
            Entry.match_id == match_id, Entry.deleted_at.is_(None)))


@pytest.mark.parametrize("variant, ends", [
    ("rumino", ["Knock", "Gin", "Rumino"]),
    ("gin", ["Knock", "Gin", "Big gin"]),
    ("ramino", ["Out", "Out in one turn"]),
    ("kalooki", ["Out", "Hunt"]),
    ("rummy", ["Out", "Out in one turn"]),
    ("russian", ["Out"]),
])
def test_only_the_variants_ends_are_offered(scorer, client, variant, ends):
    match_id, _ = start(scorer, variant, 2 if variant == "gin" else 3)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    offered = [e for e in ["Knock", "Gin", "Big gin", "Rumino", "Out", "Out in one turn", "Hunt"]
               if f">{e}</label>" in page]
    assert offered == ends
    assert ">Undercut</label>" not in page  # worked out, never chosen


def test_oklahoma_asks_for_the_upcard(scorer, client):
    match_id, _ = start(scorer, "oklahoma", 2)
    assert "Upcard" in client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)


def test_russian_shows_the_deal_and_contract(scorer, client):
    match_id, _ = start(scorer, "russian", 3)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Deal 1" in page and "book" in page


def test_rumino_knock_by_points_r1(scorer, app):
    match_id, _ = start(scorer, "rumino", 4)
    response = scorer.record(match_id, by="Ann", end="knock", points={"Ann": 4, "Ben": 23, "Cat": 8, "Dan": 21})
    assert response.status_code == 302
    assert scorer.totals(match_id) == {"Ann": 4, "Ben": 23, "Cat": 8, "Dan": 21}


def test_rumino_knock_by_cards_r1(scorer):
    match_id, _ = start(scorer, "rumino", 4)
    response = scorer.record(match_id, by="Ann", end="knock", cards={
        "Ann": "5H 5S 5D 9C 10C JC 4D", "Ben": "KS KH KD 2C 3D 8H QS",
        "Cat": "7S 8S 9S 10S AH AD 6C", "Dan": "QH QD JK 2H 4S 6D 9H"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 4, "Ben": 23, "Cat": 8, "Dan": 21}


def test_rumino_knock_over_the_limit_is_refused(scorer, app):
    match_id, _ = start(scorer, "rumino", 3)
    response = scorer.record(match_id, by="Ann", end="knock", points={"Ann": 8, "Ben": 10, "Cat": 3})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "8" in body and "knock" in body
    assert 'value="8"' in body and 'value="10"' in body  # the form is kept
    assert saved(app, match_id) == 0


def test_an_end_the_variant_does_not_have_is_refused(scorer, app):
    match_id, _ = start(scorer, "rumino", 3)
    response = scorer.record(match_id, by="Ann", end="hunt", points={"Ann": 3, "Ben": 10, "Cat": 3})
    assert response.status_code == 422
    assert "hunt" in response.get_data(as_text=True)
    assert saved(app, match_id) == 0


def test_missing_who_ended_is_refused(scorer, app):
    match_id, _ = start(scorer, "ramino", 3)
    response = scorer.record(match_id, end="out", points={"Ben": 10, "Cat": 3})
    assert response.status_code == 422
    assert saved(app, match_id) == 0


def test_a_wrong_card_is_refused_beside_the_field(scorer, app):
    match_id, _ = start(scorer, "ramino", 3)
    response = scorer.record(match_id, by="Ann", end="out", cards={"Ben": "8D 1X KC"}, points={"Cat": 3})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "1X" in body
    assert 'value="8D 1X KC"' in body
    assert saved(app, match_id) == 0


def test_a_card_the_deck_cannot_hold_is_refused(scorer, app):
    match_id, _ = start(scorer, "gin", 2)
    response = scorer.record(match_id, by="Nat", end="knock", points={"Nat": 5},
                            cards={"Sam": "AS AS 2C 3C 4C 5D 6D 7D 8H 9H"})
    assert response.status_code == 422
    assert "A♠" in response.get_data(as_text=True) or "AS" in response.get_data(as_text=True)
    assert saved(app, match_id) == 0


def test_gin_knock_with_layoffs_g1(scorer):
    match_id, _ = start(scorer, "gin", 2)
    response = scorer.record(match_id, by="Nat", end="knock",
                            cards={"Nat": "3H 4H 5H 8S 8D 8C JC QC KC AD",
                                   "Sam": "9D 9H 9S 5C 6C 7C 6H 10C KD 4S"},
                            melds="3H 4H 5H | 8S 8D 8C | JC QC KC")
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id)["Nat"] == 13


def test_oklahoma_upcard_limit_o1(scorer, app):
    match_id, _ = start(scorer, "oklahoma", 2)
    response = scorer.record(match_id, by="Nat", end="knock", points={"Nat": 5, "Sam": 20}, upcard="4C")
    assert response.status_code == 422
    assert saved(app, match_id) == 0
    response = scorer.record(match_id, by="Nat", end="knock", points={"Nat": 3, "Sam": 20}, upcard="4C")
    assert response.status_code == 302
    assert scorer.totals(match_id)["Nat"] == 17


def test_ramino_out_with_rounding_ra2(scorer):
    match_id, _ = start(scorer, "ramino", 4)
    response = scorer.record(match_id, by="Ann", end="out",
                            cards={"Ben": "8D KC 7H", "Cat": "AS 4D", "Dan": "4C"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 30, "Cat": 20, "Dan": 0}


def test_ramino_one_turn_out_doubles(scorer):
    match_id, _ = start(scorer, "ramino", 3)
    scorer.record(match_id, by="Ann", end="out_in_one_turn", points={"Ben": 23, "Cat": 4})
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 50, "Cat": 10}


def test_kalooki_going_out_k2(scorer):
    match_id, _ = start(scorer, "kalooki", 4)
    response = scorer.record(match_id, by="Ann", end="out", cards={"Ben": "KS 7D JK", "Cat": "AH 2C", "Dan": "5S"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 32, "Cat": 13, "Dan": 5}


def test_rummy_points_race_br1(scorer):
    match_id, _ = start(scorer, "rummy", 3)
    scorer.record(match_id, by="Ann", end="out", cards={"Ben": "KS 4D", "Cat": "AC 2C 9H"})
    scorer.record(match_id, by="Cat", end="out_in_one_turn", cards={"Ann": "7D", "Ben": "QH JH"})
    assert scorer.totals(match_id) == {"Ann": 26, "Ben": 0, "Cat": 54}


def test_russian_deal_one_rr1(scorer):
    match_id, _ = start(scorer, "russian", 3)
    response = scorer.record(match_id, by="Ann", end="out", points={"Ben": 40},
                            cards={"Cat": "AC AD 4H 4S 7C 8D 9H 10S JC QH KS 2D 3C"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 40, "Cat": 105}


def test_rumino_elimination_and_rebuy(scorer, client, app):
    match_id, _ = start(scorer, "rumino", 3, stake="20")
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 60, "Ben": 50, "Cat": 2})
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 45, "Ben": 30, "Cat": 2})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Ann</strong> is out on 105" in page and "Rebuy on 80" in page
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/rebuy",
                          {"player": str(ids["Ann"]), "version": str(scorer.version(match_id)), "key": "r1"})
    assert response.status_code == 302
    assert scorer.totals(match_id)["Ann"] == 80
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "rebought ×1" in page
    assert "rebuy-offer" not in page


def test_preview_shows_scores_without_saving(scorer, client, app):
    match_id, _ = start(scorer, "ramino", 3)
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/preview", {
        "by": str(ids["Ann"]), "end": "out_in_one_turn", f"points_{ids['Ben']}": "23",
        f"points_{ids['Cat']}": "4", "version": "1", "key": "p"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "Ben +50" in body
    assert saved(app, match_id) == 0


def test_new_match_same_players_suggests_the_winner_as_dealer(scorer, client):
    match_id, _ = start(scorer, "free", 3, rules={"target": 10, "winner": "highest"})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 12, "Cat": 3})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Change rules or game first" in page
    ids = scorer.player_ids()
    form = client.get(f"/t/{scorer.token}/matches/new?variant=free&again={match_id}").get_data(as_text=True)
    assert f'<option selected value="{ids["Ben"]}">Ben</option>' in form
    assert 'value="10"' in form  # the target carried over


def test_edit_a_hand_given_by_cards(scorer, client):
    match_id, _ = start(scorer, "ramino", 3)
    scorer.record(match_id, by="Ann", end="out", cards={"Ben": "8D KC 7H", "Cat": "AS 4D"})
    ids = scorer.player_ids()
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    entry_id = int(__import__("re").search(r"/hands/(\d+)\"", page).group(1))
    form = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit").get_data(as_text=True)
    assert 'value="8D KC 7H"' in form and "8 of diamonds" in form  # the picker, filled in
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/{entry_id}/edit", {
        "version": str(scorer.version(match_id)), "by": str(ids["Ann"]), "end": "out",
        f"cards_{ids['Ben']}": "8D KC", f"cards_{ids['Cat']}": "AS 4D"})
    assert response.status_code == 302
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 20, "Cat": 20}


def test_picker_boxes_without_javascript_are_merged(scorer):
    match_id, _ = start(scorer, "ramino", 3)
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", {
        "version": "1", "key": "nojs", "by": str(ids["Ann"]), "end": "out",
        f"cards_{ids['Ben']}": "8D", f"cards_{ids['Ben']}__pick": ["KC", "7H"],
        f"points_{ids['Cat']}": "4"})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert scorer.totals(match_id)["Ben"] == 30


@pytest.mark.parametrize("variant, n, cards, expected", [
    ("rumino", 3, "7S 8S 9S 10S AH AD 6C", "Deadwood 8"),
    ("gin", 2, "KS QS AS", "Deadwood 21"),
    ("ramino", 3, "8D KC 7H", "25 points"),
    ("kalooki", 3, "KS 7D JK", "32 points"),
])
def test_cards_value_line(scorer, client, variant, n, cards, expected):
    match_id, names = start(scorer, variant, n)
    pid = scorer.player_ids()[names[1]]
    response = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards?player={pid}&cards_{pid}={cards}")
    assert response.status_code == 200
    assert expected in response.get_data(as_text=True)


def test_cards_value_line_names_a_bad_card(scorer, client):
    match_id, names = start(scorer, "gin", 2)
    pid = scorer.player_ids()[names[1]]
    body = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards?player={pid}&cards_{pid}=AS 1X").get_data(as_text=True)
    assert "1X" in body


def test_void_hand_scores_nothing_and_the_dealer_deals_again(scorer, client, app):
    match_id, _ = start(scorer, "gin", 2)
    before = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    dealer = __import__("re").search(r"<strong>(\w+) deals</strong>", before).group(1)
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/void", {"version": str(scorer.version(match_id)), "key": "v"})
    assert response.status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert f"<strong>{dealer} deals</strong>" in page
    assert scorer.totals(match_id) == {"Nat": 0, "Sam": 0}
    assert saved(app, match_id) == 1


def test_rebuy_for_a_player_not_in_the_match_is_refused(scorer, app):
    match_id, _ = start(scorer, "rumino", 3)
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/rebuy", {"player": "99999", "version": "1", "key": "x"})
    assert response.status_code == 422
    assert "Choose a player of this match" in response.get_data(as_text=True)
    assert saved(app, match_id) == 0


def test_a_database_gone_at_the_commit_is_try_again_not_a_conflict(scorer, monkeypatch):
    """A connection cut as a hand is committed saved nothing: the phone is told to try again (503), not
    that another phone changed the sheet (409)."""
    import sqlalchemy as sa
    from sqlalchemy.orm import Session

    match_id, names = start(scorer, "free", 2)
    first, second = names

    def gone(self):
        raise sa.exc.OperationalError("COMMIT", {}, Exception("server closed the connection"),
                                      connection_invalidated=True)

    monkeypatch.setattr(Session, "commit", gone)
    response = scorer.record_points(match_id, {first: 3, second: 4})
    monkeypatch.undo()
    assert response.status_code == 503 and "try again" in response.get_data(as_text=True).lower()
    assert scorer.totals(match_id) == {first: 0, second: 0}
