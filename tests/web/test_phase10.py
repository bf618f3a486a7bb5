"""Phase 10 through the generic pages (docs/rules/phase10.md): the hand form draws the entry fields the
game declares (who went out, each player's points or cards from the Phase 10 deck and a "completed the phase"
tap), the scoreboard, the match page and the spectator sheet say each player's phase, a wrong tap is
refused beside its field with the form kept, and a tie among the finishers is played off by the tied
players alone."""

from __future__ import annotations

import html
import re
import uuid

import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def start(scorer, names=NAMES, rules=None) -> int:
    scorer.create_table()
    scorer.add_players(*names)
    return scorer.start_match("phase10", names, rules=rules)


def hand(scorer, match_id: int, by: str, **players):
    """One hand through the form: per player points (int) or cards (str), with "+" after them when he
    completed his phase ("12G 3R+", 25)."""
    ids = scorer.player_ids()
    data = {"by": str(ids[by]), "end": "out", "version": str(scorer.version(match_id)), "key": uuid.uuid4().hex}
    for name, value in players.items():
        pid = ids[name]
        done = isinstance(value, tuple)
        value = value[0] if done else value
        data[f"points_{pid}" if isinstance(value, int) else f"cards_{pid}"] = str(value)
        if done:
            data[f"completed_{pid}"] = "y"
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/new", data)


def saved(app, match_id: int) -> list[dict]:
    with app.app_context():
        return [e.payload for e in db.session.scalars(sa.select(Entry).where(
            Entry.match_id == match_id, Entry.deleted_at.is_(None)).order_by(Entry.position))]


def test_px1_through_the_pages(scorer, client, app):
    new = _said(client.get(f"/t/{scorer.create_table()}/matches/new?variant=phase10"))
    assert "Phase 10" in new and "phases_to_win" not in new or "Phases to win" in new
    scorer.add_players(*NAMES)
    match_id = scorer.start_match("phase10", NAMES)
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Who went out?" in said and "Completed the phase" in said
    response = hand(scorer, match_id, "Ann", Ben=("12G 3R",), Cat="1R 1B 4G 7Y 9R 10B 11G 12Y W S",
                    Dan="2R 2G 5B 5Y 6R 8G 8B 9Y 11R 11B")
    assert response.status_code == 302, _said(response)
    assert scorer.totals(match_id) == {"Ann": 0, "Ben": 15, "Cat": 95, "Dan": 60}
    ids = scorer.player_ids()
    assert saved(app, match_id)[0]["held"][str(ids["Ben"])] == {"cards": "12G 3R", "completed": True}
    response = hand(scorer, match_id, "Cat", Ann=("W",), Ben=70, Dan=("S 7B",))
    assert response.status_code == 302, _said(response)
    assert scorer.totals(match_id) == {"Ann": 25, "Ben": 85, "Cat": 95, "Dan": 80}
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Phase 3: 1 set of 4 + 1 run of 4" in said and "Phase 2: 1 set of 3 + 1 run of 4" in said


def test_a_wrong_completed_tap_is_refused_beside_its_box_and_the_form_kept(scorer, app):
    match_id = start(scorer)
    # PX-8 a: Cat did not complete phase 1 and is typed 45
    response = hand(scorer, match_id, "Ann", Ben=(20,), Cat=45, Dan=60)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    ids = scorer.player_ids()
    row = body[body.index(f'id="points_{ids["Cat"]}"'):]
    row = row[:row.index('class="held-row')]
    assert "Cat did not complete phase 1, so Cat holds 10 cards: at least 50" in html.unescape(row)
    assert 'value="45"' in body and saved(app, match_id) == []
    # PX-8 h: three 7R, beside Cat's cards
    response = hand(scorer, match_id, "Ann", Ben=("7R 7R",), Cat="7R 1B 2B 3B 4B 5B 6B 8B 9B 10B", Dan=60)
    assert response.status_code == 422
    assert "three 7R cannot be in play" in html.unescape(response.get_data(as_text=True))


def test_the_phases_on_the_scoreboard_and_the_spectator_sheet(scorer, client):
    match_id = start(scorer, ["Ann", "Ben"])
    assert hand(scorer, match_id, "Ann", Ben=60).status_code == 302
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert re.search(r"Ann Phase 2: 1 set of 3 \+ 1 run of 4 .*Ben Phase 1: 2 sets of 3", said), said
    share = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    link = re.search(r'href="(/v/[^"/]+)"', share).group(1)
    watched = _said(client.get(link))
    assert "Phase 2: 1 set of 3 + 1 run of 4" in watched and "Phase 1: 2 sets of 3" in watched
    # in Italian, the contract too
    client.get("/lang/it?next=/")
    said = _said(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Fase 2: 1 tris da 3 + 1 scala da 4" in said and "Fase 1: 2 tris da 3" in said


def _save_bar(response) -> str:
    body = response.get_data(as_text=True)
    bar = body[body.index('id="save-bar"'):]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", bar[:bar.index("</form>")])).split())


def test_the_save_bar_lines_up_each_players_phase_and_another_games_says_none(scorer, client):
    match_id = start(scorer)
    assert hand(scorer, match_id, "Ann", Ben=("12G 3R",), Cat=95, Dan=60).status_code == 302
    bar = _save_bar(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Ann Phase 2 · Ben Phase 2 · Cat Phase 1 · Dan Phase 1" in bar, bar
    client.get("/lang/it?next=/")
    bar = _save_bar(client.get(f"/t/{scorer.token}/m/{match_id}"))
    assert "Ann Fase 2 · Ben Fase 2 · Cat Fase 1 · Dan Fase 1" in bar, bar
    # Masters' any order: how many phases each has done, since none is next for everyone to see
    masters = scorer.start_match("phase10", ["Ann", "Ben"], rules={"phase_order": "any"})
    client.get("/lang/en?next=/")
    bar = _save_bar(client.get(f"/t/{scorer.token}/m/{masters}"))
    assert "Ann 0 phases done · Ben 0 phases done" in bar, bar
    other = scorer.start_match("gin", ["Ann", "Ben"])
    bar = _save_bar(client.get(f"/t/{scorer.token}/m/{other}"))
    assert "Fase" not in bar and "Phase" not in bar and "player-notes" not in client.get(
        f"/t/{scorer.token}/m/{other}").get_data(as_text=True)


def test_a_tie_on_the_last_phase_is_played_off_by_the_tied_players_alone(scorer, client, app):
    """PX-4 through the pages: after hand 5 Ann and Ben tie on 55; only they are asked for hand 6."""
    match_id = start(scorer, ["Ann", "Ben", "Cat"], rules={"phase_list": "even"})
    for by, players in [("Ann", {"Ben": (25,), "Cat": 65}), ("Cat", {"Ann": (30,), "Ben": (10,)}),
                        ("Ben", {"Ann": (25,), "Cat": 75}), ("Ann", {"Ben": (15,), "Cat": (20,)}),
                        ("Ann", {"Ben": (5,), "Cat": 90})]:
        assert hand(scorer, match_id, by, **players).status_code == 302
    assert scorer.totals(match_id) == {"Ann": 55, "Ben": 55, "Cat": 250}
    board = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    ids = scorer.player_ids()
    assert f'name="points_{ids["Ann"]}"' in board and f'name="points_{ids["Cat"]}"' not in board
    assert "Ann and Ben tie: only they play the next hand, the first out wins" in _said(client.get(
        f"/t/{scorer.token}/m/{match_id}"))
    response = hand(scorer, match_id, "Ben", Ann=75)
    assert response.status_code == 302, _said(response)
    assert scorer.totals(match_id) == {"Ann": 130, "Ben": 55, "Cat": 250}
    assert "Ben wins" in _said(client.get(f"/t/{scorer.token}/m/{match_id}"))


def test_the_meld_checker_says_which_phases_the_cards_hold(client):
    page = client.get("/melds", query_string={"variant": "phase10"}).get_data(as_text=True)
    assert "data-deck=" in page and 'value="12G"' in page
    said = _said(client.get("/melds", query_string={"variant": "phase10", "mode": "hand",
                                                      "cards": "7R 7B 7G 3Y 3R W"}))
    assert "These cards hold Phase 1: 2 sets of 3" in said and "7R 7B 7G | 3Y 3R W" in said
    assert "Phase 4: 1 run of 7 needs 7 cards, not 6" in said
    said = _said(client.get("/melds", query_string={"variant": "phase10", "cards": "7R 7R 7R"}))
    assert "Three 7R cannot be in play: the deck holds only two in Phase 10" in said
