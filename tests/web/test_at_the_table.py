"""The server side of the table's moments: undo and redo of every kind of action, a stale sheet that
a plain second tap cannot save twice, a refusal caused by a later entry named with what to do, the
"out" badge only for a player knocked out, a bonus row so the Total row adds up, one minus sign,
the edit page's live preview, and an edit's history listing what changed."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match


def start(scorer, variant: str, names: list[str], stake: str = "") -> int:
    scorer.create_table()
    scorer.add_players(*names)
    return scorer.start_match(variant, names, stake=stake)


def live(app, match_id: int) -> list[Entry]:
    with app.app_context():
        return list(db.session.scalars(sa.select(Entry).where(
            Entry.match_id == match_id, Entry.deleted_at.is_(None)).order_by(Entry.position)))


def post(scorer, match_id: int, action: str, **data):
    return scorer.post(f"/t/{scorer.token}/m/{match_id}/{action}", {"version": str(scorer.version(match_id)), **data})


def test_undo_and_redo_each_kind_of_action(scorer, app, client):
    match_id = start(scorer, "rumino", ["Ann", "Ben", "Cat"], stake="20")
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 60, "Ben": 50, "Cat": 2})
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 45, "Ben": 30, "Cat": 2})
    ids = scorer.player_ids()
    assert post(scorer, match_id, "rebuy", player=str(ids["Ann"]), key="r1").status_code == 302
    assert scorer.totals(match_id)["Ann"] == 80
    # undo the rebuy: Ann is out again and offered the rebuy
    response = post(scorer, match_id, "undo")
    assert response.headers["Location"] == f"/t/{scorer.token}/m/{match_id}?undone=undo#standings"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Undone: Ann&#39;s rebuy after hand 2 recorded." in page
    assert "Rebuy Ann" in page
    assert scorer.totals(match_id)["Ann"] == 105
    # redo brings it back
    post(scorer, match_id, "redo")
    assert scorer.totals(match_id)["Ann"] == 80
    # a void hand, then its undo
    assert post(scorer, match_id, "void", key="v1").status_code == 302
    assert len(live(app, match_id)) == 4
    post(scorer, match_id, "undo")
    assert len(live(app, match_id)) == 3
    # an edit, then its undo: the old payload is back
    first = live(app, match_id)[0]
    data = {"csrf_token": scorer.csrf(), "version": str(scorer.version(match_id)), "by": str(ids["Cat"]),
            "end": "knock", f"points_{ids['Ann']}": "61", f"points_{ids['Ben']}": "50", f"points_{ids['Cat']}": "2"}
    assert client.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", data=data).status_code == 302
    assert scorer.totals(match_id)["Ann"] == 80  # rebought: 80 whatever the earlier hands
    assert scorer.totals(match_id)["Ben"] == 80
    post(scorer, match_id, "undo")
    assert live(app, match_id)[0].payload["held"][str(ids["Ann"])] == {"points": 60}
    # a new action ends what redo could bring back
    post(scorer, match_id, "void", key="v2")
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert ">Redo <" not in page and "Redo" not in page


def test_nothing_to_undo_is_said_not_crashed(scorer, client):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    response = post(scorer, match_id, "undo")
    assert response.status_code == 422
    assert "Nothing to undo." in response.get_data(as_text=True)


def test_a_refusal_caused_by_a_later_rebuy_names_it(scorer, app, client):
    match_id = start(scorer, "rumino", ["Ann", "Ben", "Cat"])
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 60, "Ben": 50, "Cat": 2})
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 45, "Ben": 30, "Cat": 2})
    ids = scorer.player_ids()
    post(scorer, match_id, "rebuy", player=str(ids["Ann"]), key="r1")
    second = live(app, match_id)[1]
    data = {"csrf_token": scorer.csrf(), "version": str(scorer.version(match_id)), "by": str(ids["Cat"]),
            "end": "knock", f"points_{ids['Ann']}": "5", f"points_{ids['Ben']}": "30", f"points_{ids['Cat']}": "2"}
    response = client.post(f"/t/{scorer.token}/m/{match_id}/hands/{second.id}/edit", data=data)
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "makes Ann&#39;s rebuy after hand 2 impossible" in body
    assert "Delete or edit Ann&#39;s rebuy after hand 2 first" in body
    # deleting the hand is refused the same way, on the scoreboard
    response = post(scorer, match_id, f"hands/{second.id}/delete")
    assert response.status_code == 422
    assert "Delete or edit Ann&#39;s rebuy after hand 2 first" in response.get_data(as_text=True)
    # and the edit page's live preview says it before Save
    preview = client.post(f"/t/{scorer.token}/m/{match_id}/hands/{second.id}/preview", data=data)
    assert "Delete or edit Ann&#39;s rebuy after hand 2 first" in preview.get_data(as_text=True)


def test_edit_preview_shows_the_hand_in_its_place(scorer, app, client):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 10, "Ben": 3})
    scorer.record_points(match_id, {"Ann": 1, "Ben": 1})
    first = live(app, match_id)[0]
    ids = scorer.player_ids()
    data = {"csrf_token": scorer.csrf(), f"points_{ids['Ann']}": "−4", f"points_{ids['Ben']}": "30"}
    body = client.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/preview", data=data).get_data(as_text=True)
    assert "Ann −4" in body and "Ben +30" in body
    data[f"points_{ids['Ann']}"] = "abc"
    body = client.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/preview", data=data).get_data(as_text=True)
    assert f'data-field="points_{ids["Ann"]}"' in body and "Ann: Type a whole number." in body


def test_out_badge_only_for_a_player_knocked_out(scorer, client):
    match_id = start(scorer, "rumino", ["Ann", "Ben", "Cat"])
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 60, "Ben": 50, "Cat": 2})
    scorer.record(match_id, by="Cat", end="knock", points={"Ann": 45, "Ben": 30, "Cat": 2})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert page.count('class="badge out"') == 1
    # Gin has no elimination: the loser of a finished match is not "out"
    match_id = start(scorer, "gin", ["Nat", "Sam"])
    for _ in range(3):
        scorer.record(match_id, by="Nat", end="gin", points={"Sam": 40, "Nat": 0})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Nat wins" in page
    assert 'class="badge out"' not in page


def test_gin_total_row_is_the_sum_of_its_columns(scorer, client):
    match_id = start(scorer, "gin", ["Nat", "Sam"])
    for _ in range(3):
        scorer.record(match_id, by="Nat", end="gin", points={"Sam": 40, "Nat": 0})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    grid = page[page.index('id="sheet"'):]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", grid[:grid.index("</table>")], re.S)
    cells = [[int(c.replace("−", "-")) if c else 0 for c in re.findall(r"<td>(?:<span class=\"score\">)?([−\d]*)", r)]
             for r in rows[1:]]
    assert any("Bonus" in r for r in rows)
    body, total = cells[:-1], cells[-1]
    assert [sum(col) for col in zip(*body)] == total


def test_one_minus_sign_in_text(scorer, client):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": -10, "Ben": 3})
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "−10" in text
    assert not re.search(r"(?<![\w-])-\d", text), text[max(0, re.search(r"(?<![\w-])-\d", text).start() - 80):][:160]


def test_edit_history_lists_only_what_changed_in_local_time(scorer, app, client):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    scorer.record_points(match_id, {"Ann": 10, "Ben": 3})
    first = live(app, match_id)[0]
    ids = scorer.player_ids()
    data = {"csrf_token": scorer.csrf(), "version": str(scorer.version(match_id)),
            f"points_{ids['Ann']}": "12", f"points_{ids['Ben']}": "3"}
    client.post(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}/edit", data=data)
    page = client.get(f"/t/{scorer.token}/m/{match_id}/hands/{first.id}").get_data(as_text=True)
    assert "Ann 10 points → 12 points" in page
    assert "Ben 3" not in page.split("Changes")[1]
    assert re.search(r'<time datetime="[^"]+" data-local>', page)


def test_end_match_early_needs_its_confirmation_form_and_reopens(scorer, app, client):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "End match early…" in page and "Yes, end the match" in page
    assert post(scorer, match_id, "abandon").status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Reopen the match" in page and "Record hand" not in page
    response = post(scorer, match_id, "reopen")
    assert response.headers["Location"] == f"/t/{scorer.token}/m/{match_id}"
    with app.app_context():
        assert db.session.get(Match, match_id).status == "active"


@pytest.mark.parametrize("typed", ["abc", "4.5"])
def test_points_boxes_carry_no_browser_pattern(scorer, client, typed):
    match_id = start(scorer, "free", ["Ann", "Ben"])
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    boxes = re.findall(r'<input[^>]*class="input points"[^>]*>', page)
    assert boxes and all("pattern=" not in b and 'inputmode="numeric"' not in b for b in boxes)
    response = scorer.record_points(match_id, {"Ann": typed, "Ben": 1})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert "Not saved: Type a whole number." in body  # said at Save too
    assert 'autofocus' in body and 'aria-invalid="true"' in body


def test_oklahoma_upcard_is_tapped_and_its_limit_is_in_the_page(scorer, app, client):
    match_id = start(scorer, "oklahoma", ["Nat", "Sam"])
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert 'name="upcard" type="radio" value="7"' in page and 'name="upcard_suit" type="radio" value="D"' in page
    assert '<p class="upcard-limit" data-rank="7">7: Knock with 7 or less</p>' in page
    response = scorer.record(match_id, by="Nat", end="knock", points={"Nat": 5, "Sam": 20}, upcard="4")
    assert response.status_code == 422
    assert "Tap the upcard&#39;s suit too." in response.get_data(as_text=True)
    response = scorer.record(match_id, by="Nat", end="knock", points={"Nat": 3, "Sam": 20}, upcard="4",
                            upcard_suit="C")
    assert response.status_code == 302
    assert live(app, match_id)[0].payload["upcard"] == "4C"
