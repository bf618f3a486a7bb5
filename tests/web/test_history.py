"""History pages: a table's history (newest first, paginated, filters, abandoned kept and marked), a
match's page (grid with explanations, dealer, audit trail, deleted hands struck through and
restorable), the chart, stats and head-to-head, and a fixed number of SQL statements per page."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from scorekeeper.web import charts
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match
from scorekeeper.service import summaries


@pytest.fixture
def played(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    first = scorer.start_match("free", ["Ann", "Ben", "Cat"], first_dealer="Ben")
    for points in ({"Ann": 12, "Ben": 5, "Cat": 0}, {"Ann": 3, "Ben": 20, "Cat": 7}):
        assert scorer.record_points(first, points).status_code == 302
    second = scorer.start_match("rumino", ["Ann", "Ben"])
    return scorer, first, second


def test_history_lists_matches_newest_first_with_players_and_leader(played, client):
    scorer, first, second = played
    page = client.get(f"/t/{scorer.token}/history").get_data(as_text=True)
    assert page.index(f"/m/{second}/history") < page.index(f"/m/{first}/history")
    assert "Free scoring" in page and "Rumino" in page
    assert "Ann, Ben, Cat" in page and "2 hands" in page
    assert "Cat leads" in page  # 7 is the lowest total


def test_history_wrong_token_is_404(client):
    assert client.get("/t/nope/history").status_code == 404
    assert client.get("/t/nope/stats").status_code == 404
    assert client.get("/t/nope/export.json").status_code == 404


def test_history_filters_by_variant_and_player(played, client):
    scorer, first, second = played
    scorer.add_players("Dan")
    ids = scorer.player_ids()
    by_variant = client.get(f"/t/{scorer.token}/history?variant=rumino").get_data(as_text=True)
    assert f"/m/{second}/history" in by_variant and f"/m/{first}/history" not in by_variant
    by_player = client.get(f"/t/{scorer.token}/history?player={ids['Cat']}").get_data(as_text=True)
    assert f"/m/{first}/history" in by_player and f"/m/{second}/history" not in by_player
    nobody = client.get(f"/t/{scorer.token}/history?player={ids['Dan']}").get_data(as_text=True)
    assert "No match fits these filters" in nobody
    # the selects keep the chosen values
    assert re.search(r'<option selected value="rumino">|<option value="rumino" selected>', by_variant)


def test_history_filter_through_htmx_returns_only_the_list(played, client):
    scorer, first, second = played
    response = client.get(f"/t/{scorer.token}/history?variant=free", headers={"HX-Request": "true"})
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith("{#") is False and 'id="history-list"' in body and "<html" not in body
    assert "HX-Request" in response.headers["Vary"]


def test_history_paginates(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = [scorer.start_match("free", ["Ann", "Ben"]) for _ in range(23)]
    first_page = client.get(f"/t/{scorer.token}/history").get_data(as_text=True)
    assert "page 1 of 2" in first_page and "Older" in first_page
    assert f"/m/{ids[-1]}/history" in first_page and f"/m/{ids[0]}/history" not in first_page
    second_page = client.get(f"/t/{scorer.token}/history?page=2").get_data(as_text=True)
    assert f"/m/{ids[0]}/history" in second_page and "Newer" in second_page
    # a page past the end shows the last page, nonsense shows the first
    assert f"/m/{ids[0]}/history" in client.get(f"/t/{scorer.token}/history?page=99").get_data(as_text=True)
    assert client.get(f"/t/{scorer.token}/history?page=abc").status_code == 200


def test_abandoned_match_is_kept_and_marked(played, client):
    scorer, first, second = played
    assert scorer.post(f"/t/{scorer.token}/m/{second}/abandon", {"version": scorer.version(second)}).status_code == 302
    page = client.get(f"/t/{scorer.token}/history").get_data(as_text=True)
    assert f"/m/{second}/history" in page and "ended early" in page
    assert "ended early" in client.get(f"/t/{scorer.token}/m/{second}/history").get_data(as_text=True)


def test_match_page_shows_grid_explanations_dealers_and_chart(played, client):
    scorer, first, second = played
    page = client.get(f"/t/{scorer.token}/m/{first}/history").get_data(as_text=True)
    assert "Hand by hand" in page
    assert '<span class="score">+12</span>' in page
    assert '<td class="meta">Ben</td>' in page  # Ben dealt the first hand
    assert f'src="/t/{scorer.token}/m/{first}/chart.svg"' in page and 'loading="lazy"' in page
    assert "Running totals over 2 hands" in page  # the image's alt text
    assert "The chart as a table" in page
    table = client.get(f"/t/{scorer.token}/m/{first}/chart")
    assert table.status_code == 200
    text = table.get_data(as_text=True)
    assert "Running totals after each hand" in text and "<td>15</td>" in text
    assert "/v/" in page  # the spectator link


def test_match_page_shows_deleted_hand_struck_through_with_restore(played, client, app):
    scorer, first, second = played
    with app.app_context():
        entry_id = db.session.scalars(sa.select(Entry.id).where(Entry.match_id == first)
                                      .order_by(Entry.position)).first()
    response = scorer.post(f"/t/{scorer.token}/m/{first}/hands/{entry_id}/delete",
                          {"version": scorer.version(first)})
    assert response.status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{first}/history").get_data(as_text=True)
    assert 'class="deleted"' in page and "<del>" in page
    restore = f"/t/{scorer.token}/m/{first}/hands/{entry_id}/restore"
    assert restore in page
    version = re.search(rf'action="{re.escape(restore)}".*?name="version" value="(\d+)"', page, re.S).group(1)
    assert scorer.post(restore, {"version": version}).status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{first}/history").get_data(as_text=True)
    assert 'class="deleted"' not in page
    assert "deleted" in page and "restored" in page  # the audit trail keeps both changes


def test_match_page_shows_audit_trail_of_an_edit(played, client, app):
    scorer, first, second = played
    ids = scorer.player_ids()
    with app.app_context():
        entry_id = db.session.scalars(sa.select(Entry.id).where(Entry.match_id == first)
                                      .order_by(Entry.position)).first()
    data = {f"points_{ids[n]}": v for n, v in {"Ann": "30", "Ben": "5", "Cat": "0"}.items()}
    data["version"] = str(scorer.version(first))
    assert scorer.post(f"/t/{scorer.token}/m/{first}/hands/{entry_id}/edit", data).status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{first}/history").get_data(as_text=True)
    assert "Changes" in page and "edited" in page and "Ann 12" in page
    assert '<span class="score">+30</span>' in page


def test_match_page_of_another_table_is_404(played, client, scorer):
    _, first, _ = played
    other = scorer.create_table("Other")
    assert client.get(f"/t/{other}/m/{first}/history").status_code == 404
    assert client.get(f"/t/{other}/m/{first}/chart.svg").status_code == 404
    assert client.get(f"/t/{other}/m/{first}/chart").status_code == 404


def test_chart_svg_is_an_image_with_a_text_alternative(played, client):
    scorer, first, second = played
    response = client.get(f"/t/{scorer.token}/m/{first}/chart.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    assert 'role="img"' in svg and "<title" in svg and "Ann 15, Ben 25, Cat 7" in svg
    assert "<script" not in svg


def test_chart_draws_the_elimination_line(played, client):
    scorer, first, second = played
    svg = client.get(f"/t/{scorer.token}/m/{second}/chart.svg").get_data(as_text=True)
    assert "Out at 100" in svg and 'class="chart-limit"' in svg


@pytest.mark.parametrize("variant, rules, players, expected", [
    ("rumino", {}, 3, "Out at 100"),
    ("kalooki", {}, 3, "Out over 150"),  # a total of exactly 150 stays in
    ("kalooki", {"elimination_inclusive": True}, 3, "Out at 150"),
    ("ramino", {}, 3, "Ends at 1,000"),  # lowest wins: reaching it is no goal
    ("gin", {}, 2, "Target 100"),
    ("oklahoma", {}, 2, "Target 150"),
    ("free", {"target": 500}, 3, "Ends at 500"),
    ("free", {"target": 500, "winner": "highest"}, 3, "Target 500"),
    ("free", {"elimination_at": 200}, 3, "Out at 200"),
])
def test_limit_lines(variant, rules, players, expected):
    assert [line.label for line in charts.limit_lines(variant, rules, players)] == [expected]


def test_stats_page(played, client):
    scorer, first, second = played
    page = client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)
    assert "Players" in page and "By game" in page and "Head to head" in page
    row = re.search(r'<th scope="row">Ann</th><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>\s*<td>([\d.]+)</td>', page)
    assert row.groups() == ("2", "0", "2", "7.5")


def test_head_to_head(played, client):
    scorer, first, second = played
    ids = scorer.player_ids()
    page = client.get(f"/t/{scorer.token}/stats?a={ids['Ann']}&b={ids['Ben']}").get_data(as_text=True)
    assert "2 matches together" in page
    # hand 1: Ann 12 vs Ben 5 (Ben better), hand 2: Ann 3 vs Ben 20 (Ann better)
    assert re.search(r"Better hands</th><td>1</td><td>1</td>", page)
    same = client.get(f"/t/{scorer.token}/stats?a={ids['Ann']}&b={ids['Ann']}").get_data(as_text=True)
    assert "Choose two different players" in same


def test_table_page_links_to_history_and_stats(played, client):
    scorer, *_ = played
    page = client.get(f"/t/{scorer.token}").get_data(as_text=True)
    assert f"/t/{scorer.token}/history" in page and f"/t/{scorer.token}/stats" in page
    assert f"/t/{scorer.token}/import" in page


def test_scoreboard_links_to_match_page_exports_and_spectator(played, client, app):
    scorer, first, _ = played
    page = client.get(f"/t/{scorer.token}/m/{first}").get_data(as_text=True)
    with app.app_context():
        view_token = db.session.get(Match, first).view_token
    for url in (f"/m/{first}/history", f"/m/{first}/export.json", f"/m/{first}/export.csv", f"/v/{view_token}"):
        assert url in page


def _count_statements(app, client, url: str) -> int:
    count = 0

    def before(*args, **kwargs):
        nonlocal count
        count += 1

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", before)
    try:
        assert client.get(url).status_code == 200
    finally:
        sa.event.remove(engine, "before_cursor_execute", before)
    return count


def test_sql_statements_do_not_grow_with_hands_or_matches(played, client, app):
    scorer, first, second = played
    urls = [f"/t/{scorer.token}/history", f"/t/{scorer.token}/m/{first}/history",
            f"/t/{scorer.token}/m/{first}/chart.svg", f"/t/{scorer.token}/m/{first}/chart", f"/t/{scorer.token}/stats"]
    for url in urls:
        client.get(url)  # warm up the connection (its PRAGMAs)
    before = [_count_statements(app, client, u) for u in urls]
    for _ in range(4):
        scorer.record_points(first, {"Ann": 1, "Ben": 2, "Cat": 3})
        scorer.start_match("free", ["Ann", "Ben"])
    for url in urls:
        client.get(url)  # as before: the listing keeps each changed match's summary on the first view
    after = [_count_statements(app, client, u) for u in urls]
    assert after == before


def _summary_row(app, match_id: int):
    with app.app_context():
        match = db.session.get(Match, match_id)
        return match.version, match.summary_version, match.summary


def test_the_listing_keeps_each_match_summary_with_its_version(played, client, app):
    scorer, first, second = played
    assert _summary_row(app, first)[1] is None  # nothing kept until the listing is drawn
    client.get(f"/t/{scorer.token}/history")
    version, kept_for, summary = _summary_row(app, first)
    assert kept_for == version
    line = {k: summary[k] for k in ("hands", "finished", "winners", "leader", "error")}
    assert line == {"hands": 2, "finished": False, "winners": [], "leader": [2], "error": None}
    # and what the stats count of the match, by seat (so that the stats replay nothing either)
    assert summary["format"] == summaries.SUMMARY_FORMAT and summary["stats"]["hands"] == [2, 2, 2]
    # a new hand changes the version: the kept line is stale and is made again on the next view
    assert scorer.record_points(first, {"Ann": 0, "Ben": 0, "Cat": 30}).status_code == 302
    assert _summary_row(app, first)[1] == version
    page = client.get(f"/t/{scorer.token}/history").get_data(as_text=True)
    version, kept_for, summary = _summary_row(app, first)
    assert kept_for == version and summary["hands"] == 3 and summary["leader"] == [0]
    assert "Ann leads" in page


def test_a_kept_summary_shows_a_renamed_player_by_the_new_name(played, client, app):
    scorer, first, second = played
    client.get(f"/t/{scorer.token}/history")
    ids = scorer.player_ids()
    assert scorer.post(f"/t/{scorer.token}/players/{ids['Cat']}/rename", {"name": "Kit"}).status_code == 302
    page = client.get(f"/t/{scorer.token}/history").get_data(as_text=True)
    assert "Kit leads" in page and "Cat" not in page


def test_a_kept_summary_is_used_without_replaying(played, client, app, monkeypatch):
    scorer, first, second = played
    client.get(f"/t/{scorer.token}/history")
    from scorekeeper.service import summaries

    def no_replay(match):
        raise AssertionError("replayed a match whose summary is current")

    monkeypatch.setattr(summaries, "summary_of", no_replay)
    response = client.get(f"/t/{scorer.token}/history")
    assert response.status_code == 200 and "Cat leads" in response.get_data(as_text=True)


def test_stats_count_the_ways_out_the_game_declares(scorer, client):
    """The stats count each end as the game declares it (a big gin is counted as a gin) and say it in
    the page's language."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    match_id = scorer.start_match("gin", ["Ann", "Ben"])
    assert scorer.record(match_id, by="Ann", end="gin", points={"Ann": 0, "Ben": 20}).status_code == 302
    assert scorer.record(match_id, by="Ann", end="big_gin", points={"Ann": 0, "Ben": 10}).status_code == 302
    assert scorer.record(match_id, by="Ben", end="knock", points={"Ann": 30, "Ben": 5}).status_code == 302
    said = " ".join(re.sub(r"<[^>]+>", " ", client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)).split())
    assert "Ways out" in said and "Ann : 2 gins" in said and "Ben :" not in said.split("Ways out")[1]
    scorer.client.get("/lang/it?next=/")
    said = " ".join(re.sub(r"<[^>]+>", " ", client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)).split())
    assert "Ann : 2 gin" in said
