"""Ratings: equal to openskill's own answer for the same results (ties, sides, 2 to 8 players), made again
when a match is finished, edited, reopened, abandoned or deleted, the same after a table's round trip,
and shown on the stats page, as chances on the new-match page and in words after a match (English and
Italian). Worked examples name games, so they live here, not in the web's modules."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import given, settings, strategies as st
from openskill.models import PlackettLuce

from scorekeeper.engine.match import replay
from scorekeeper.web.extensions import db
from scorekeeper.service import ratings
from scorekeeper.service.models import Entry, Match, Table
from scorekeeper.service.ratings import Rating, Result, chances, move_words, rate, result_of
from scorekeeper.service.stats import match_summary

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "matches"


def _library(results: list[Result]) -> dict[int, tuple[float, float]]:
    """The same results rated by openskill directly, one game: each player's (μ, σ)."""
    model = PlackettLuce()
    held: dict[int, object] = {}
    for result in results:
        teams = [[held.get(pid) or model.rating() for pid in team] for team in result.teams]
        for team, rated in zip(result.teams, model.rate(teams, ranks=list(result.places))):
            for pid, r in zip(team, rated):
                held[pid] = r
    return {pid: (r.mu, r.sigma) for pid, r in held.items()}


def _ours(results: list[Result], game: str = "g") -> dict[int, tuple[float, float]]:
    return {pid: (r.mu, r.sigma) for pid, r in rate(results).games[game].players.items()}


@pytest.mark.parametrize("players", range(2, 9))
def test_ratings_equal_the_librarys_answer_for_2_to_8_players(players):
    ids = list(range(1, players + 1))
    results = []
    for k in range(6):  # a different finishing order each match, a shared place in every other one
        order = ids[k % players:] + ids[:k % players]
        places = [i + 1 for i in range(players)]
        if k % 2:
            places[-1] = places[-2]
        results.append(Result(k, "g", tuple((pid,) for pid in order), tuple(places)))
    assert _ours(results) == _library(results)
    assert all(r.matches == 6 for r in rate(results).games["g"].players.values())


def test_a_shared_place_is_a_tie():
    tied = rate([Result(1, "g", ((1,), (2,)), (1, 1))]).games["g"].players
    assert tied[1] == tied[2] and tied[1].mu == pytest.approx(25.0) and tied[1].sigma < 25 / 3
    assert _ours([Result(1, "g", ((1,), (2,), (3,)), (1, 1, 3))]) == _library([Result(1, "g", ((1,), (2,), (3,)), (1, 1, 3))])


def _golden(variant: str, name: str) -> dict:
    cases = json.loads((GOLDEN / f"{variant}.json").read_text())["cases"]
    return next(c for c in cases if c["name"].startswith(name))["document"]


def test_sides_are_teams_and_partnerships():
    # K-8: NS (Ann & Cat) wins Canasta to 1500 after hand 3
    document = dict(_golden("canasta", "K-8 K-1 to K-3 with target = 1500"), variant="canasta")
    standings = replay(document)
    assert standings.finished
    summary = match_summary(standings, document["players"])
    assert summary["sides"] == [0, 1, 0, 1]
    result = result_of(7, "canasta", [1, 2, 3, 4], summary)
    assert result == Result(7, "canasta", ((1, 3), (2, 4)), (1, 2))
    model = PlackettLuce()
    (ann, cat), (ben, dan) = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2])
    game = rate([result]).games["canasta"]
    assert (game.players[1].mu, game.players[3].sigma, game.players[2].mu) == (ann.mu, cat.sigma, ben.mu)
    assert game.best_partnership[0] == (1, 3) and set(game.partnerships) == {(1, 3), (2, 4)}
    words = [str(move_words(m, {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan"})) for m in rate([result]).moves[7]]
    assert words[0] == "first rated match of this game; with Cat; beat Ben & Dan, rated the same"


def test_what_does_not_count():
    finished = {"winners": [0], "places": [1, 2], "hands": [1, 1]}
    assert result_of(1, "g", [1, 2], finished) == Result(1, "g", ((1,), (2,)), (1, 2))
    assert result_of(1, "g", [1, 2], dict(finished, winners=[])) is None  # no winner named
    assert result_of(1, "g", [1, 2], dict(finished, hands=[0, 0])) is None  # no hand played
    assert result_of(1, "g", [1, 2], dict(finished, places=[1, None])) is None
    assert result_of(1, "g", [1], {"winners": [0], "places": [1], "hands": [2]}) is None  # nobody to beat
    assert result_of(1, "g", [1, 2], None) is None


def test_the_words_say_whom_and_a_rise_after_a_loss():
    names = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan"}
    # Ann wins three, then Ben beats her: Ben beat someone rated higher
    results = [Result(k, "g", ((1,), (2,)), (1, 2)) for k in range(3)] + [Result(3, "g", ((2,), (1,)), (1, 2))]
    ben = next(m for m in rate(results).moves[3] if m.player == 2)
    assert ben.delta > 0 and str(move_words(ben, names)) == "beat Ann, rated higher"
    # four players, second place: μ falls a little, σ shrinks more, the shown rating rises
    table = rate([Result(0, "g", ((1,), (2,), (3,), (4,)), (1, 2, 3, 4)),
                  Result(1, "g", ((3,), (1,), (2,), (4,)), (1, 2, 3, 4))])
    odd = [m for k in (0, 1) for m in table.moves[k] if m.up_after_loss]
    assert odd and all(m.after.mu <= m.before.mu and m.delta > 0 for m in odd)
    assert "up after a loss" in str(move_words(odd[0], names))


def test_chances_need_every_seated_player_rated():
    game = rate([Result(0, "g", ((1,), (2,)), (1, 2)), Result(1, "g", ((1,), (3,)), (1, 2))]).games["g"]
    odds = chances(game, [[1], [2], [3]])
    assert odds == pytest.approx(PlackettLuce().predict_win(
        [[PlackettLuce().create_rating([game.players[p].mu, game.players[p].sigma])] for p in (1, 2, 3)]))
    assert odds[0] > odds[1] and sum(odds) == pytest.approx(1)
    assert chances(game, [[1], [4]]) is None and chances(None, [[1], [2]]) is None


_results = st.lists(
    st.permutations(range(5)).flatmap(lambda order: st.tuples(
        st.just(tuple(order)), st.lists(st.integers(1, 5), min_size=5, max_size=5).map(sorted))),
    min_size=1, max_size=8)


@settings(max_examples=25, deadline=None)
@given(matches=_results, labels=st.permutations([11, 12, 13, 14, 15]))
def test_relabelling_players_relabels_ratings(matches, labels):
    results = [Result(k, "g", tuple((pid,) for pid in order), tuple(places)) for k, (order, places) in enumerate(matches)]
    relabel = dict(enumerate(labels))
    renamed = [Result(r.match_id, r.variant, tuple((relabel[t[0]],) for t in r.teams), r.places) for r in results]
    ours, theirs = rate(results).games["g"].players, rate(renamed).games["g"].players
    assert {relabel[pid]: r for pid, r in ours.items()} == theirs


# -- through the pages ------------------------------------------------------------------------------------

def _finish(scorer, players: list[str], losers: dict[str, int], winner: str) -> int:
    """A free-scoring match to 50 (lowest wins): ``losers`` reach 50 or more, ``winner`` scores 1."""
    match_id = scorer.start_match("free", players, rules={"target": 50})
    points = dict(losers)
    points[winner] = 1
    assert scorer.record_points(match_id, points).status_code == 302
    return match_id


def _history(app, token: str, name: str) -> list[int]:
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        pid = next(p.id for p in table.players if p.name == name)
        return ratings.for_table(table).games["free"].history[pid]


def _shown(app, token: str, variant: str = "free") -> dict[str, tuple[int, int]]:
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        names = {p.id: p.name for p in table.players}
        game = ratings.for_table(table).games.get(variant)
        return {names[pid]: (r.shown, r.matches) for pid, r in (game.players.items() if game else ())}


@pytest.fixture
def rated(scorer):
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat")
    first = _finish(scorer, ["Ann", "Ben", "Cat"], {"Ann": 60, "Cat": 70}, "Ben")
    second = _finish(scorer, ["Ann", "Ben"], {"Ann": 55}, "Ben")
    return scorer, first, second


def test_stats_page_shows_each_players_rating(rated, client, app):
    scorer, _, _ = rated
    page = client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)
    shown = _shown(app, scorer.token)
    assert shown["Ben"][0] > shown["Ann"][0] and shown["Ben"][1] == 2 and shown["Cat"][1] == 1
    section = page[page.index('id="ratings"'):page.index("</section>", page.index('id="ratings"'))]
    assert "Ratings" in section and "Free scoring" in section and section.count("provisional") >= 3
    rows = re.findall(r'<th scope="row">(\w+)</th>\s*<td><strong class="rating">([^<]+)</strong>', section)
    assert [name for name, _ in rows] == sorted(shown, key=lambda n: -shown[n][0])  # best first
    assert dict(rows)["Ben"] == str(shown["Ben"][0]) and section.count('<svg class="spark"') == 3
    assert f"Ben&#39;s rating after each of the last 2 matches: {', '.join(str(v) for v in _history(app, scorer.token, 'Ben'))}" in section
    assert "Cat&#39;s rating after the last match: −" in section


def test_ratings_carried_on_after_a_finish_equal_ratings_made_afresh(rated, app):
    scorer, _, _ = rated
    _shown(app, scorer.token)  # kept for two matches; the next finish carries them on
    _finish(scorer, ["Cat", "Ben"], {"Ben": 80}, "Cat")
    _finish(scorer, ["Ann", "Ben", "Cat"], {"Ben": 50, "Cat": 50}, "Ann")  # Ben and Cat share second place
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        carried = ratings.for_table(table)
        ratings.cache_clear()
        afresh = ratings.for_table(table)
    assert carried is not afresh and carried.counted == afresh.counted == 4
    assert carried.games["free"].players == afresh.games["free"].players
    assert carried.games["free"].history == afresh.games["free"].history and carried.moves == afresh.moves


def test_ratings_follow_edits_reopening_abandoning_and_deleting(rated, client, app):
    scorer, first, second = rated
    before = _shown(app, scorer.token)
    ids = scorer.player_ids()
    # edit the second match's hand: now Ann wins it
    page = client.get(f"/t/{scorer.token}/m/{second}").get_data(as_text=True)
    entry_id = int(re.search(r"/hands/(\d+)\"", page).group(1))
    response = scorer.post(f"/t/{scorer.token}/m/{second}/hands/{entry_id}/edit", {
        "version": str(scorer.version(second)), f"points_{ids['Ann']}": "1", f"points_{ids['Ben']}": "55"})
    assert response.status_code == 302
    edited = _shown(app, scorer.token)
    assert edited["Ann"][0] > before["Ann"][0] and edited["Ben"][0] < before["Ben"][0]
    # delete it: the second match is in progress again, and counts no more
    assert scorer.post(f"/t/{scorer.token}/m/{second}/hands/{entry_id}/delete",
                      {"version": str(scorer.version(second))}).status_code == 302
    with app.app_context():
        assert db.session.get(Match, second).status == "active"
    only_first = _shown(app, scorer.token)
    assert {n: m for n, (_, m) in only_first.items()} == {"Ann": 1, "Ben": 1, "Cat": 1}
    # undone: the hand is back, the match finished, the edited ratings again
    assert scorer.post(f"/t/{scorer.token}/m/{second}/undo", {"version": str(scorer.version(second))}).status_code == 302
    assert _shown(app, scorer.token) == edited
    # abandoned (its hand deleted first) and reopened: in progress, not counted
    assert scorer.post(f"/t/{scorer.token}/m/{second}/hands/{entry_id}/delete",
                      {"version": str(scorer.version(second))}).status_code == 302
    assert scorer.post(f"/t/{scorer.token}/m/{second}/abandon", {"version": scorer.version(second)}).status_code == 302
    assert _shown(app, scorer.token) == only_first
    assert scorer.post(f"/t/{scorer.token}/m/{second}/reopen", {"version": scorer.version(second)}).status_code == 302
    assert _shown(app, scorer.token) == only_first
    # the first match's hand deleted: nothing left to rate, and the stats page has no ratings
    page = client.get(f"/t/{scorer.token}/m/{first}").get_data(as_text=True)
    first_entry = int(re.search(r"/hands/(\d+)\"", page).group(1))
    assert scorer.post(f"/t/{scorer.token}/m/{first}/hands/{first_entry}/delete",
                      {"version": str(scorer.version(first))}).status_code == 302
    assert _shown(app, scorer.token) == {}
    assert 'id="ratings"' not in client.get(f"/t/{scorer.token}/stats").get_data(as_text=True)


def test_the_result_says_how_each_rating_moved(rated, client):
    scorer, _, second = rated
    page = client.get(f"/t/{scorer.token}/m/{second}").get_data(as_text=True)
    moves = page[page.index('class="rating-moves"'):]
    moves = moves[:moves.index("</div>")]
    # before it Ben was ahead of Ann (he won the first match); the words say so, best move first
    assert re.search(r"<li><strong>Ben \+\d+</strong>: beat Ann, rated lower <span class=\"muted\">\(now \d+\)</span></li>"
                     r"<li><strong>Ann −\d+</strong>: behind Ben, rated higher", moves)
    # a match in progress says nothing of ratings
    assert 'class="rating-moves"' not in client.get(f"/t/{scorer.token}/m/{scorer.start_match('free', ['Ann', 'Cat'])}").get_data(as_text=True)


def test_the_new_match_page_gives_the_seated_players_chances(rated, client, app):
    scorer, _, _ = rated
    ids = scorer.player_ids()
    # the last match's players are seated already: Ann and Ben
    page = client.get(f"/t/{scorer.token}/matches/new?variant=free").get_data(as_text=True)
    chances_box = page[page.index('id="chances"'):]
    chances_box = chances_box[:chances_box.index("</div>")]
    found = dict(re.findall(r"<li>(\w+) <strong>(\d+)%</strong>", chances_box))
    assert set(found) == {"Ann", "Ben"} and int(found["Ben"]) > int(found["Ann"])
    assert int(found["Ben"]) + int(found["Ann"]) in (99, 100, 101)
    # seated again from the taps: all three
    seats = {f"seat_{ids['Cat']}": "1", f"seat_{ids['Ben']}": "2", f"seat_{ids['Ann']}": "3"}
    response = client.get(f"/t/{scorer.token}/matches/new/chances", query_string={"variant": "free", **seats})
    assert response.status_code == 200
    assert set(re.findall(r"<li>(\w+) <strong>\d+%</strong>", response.get_data(as_text=True))) == {"Ann", "Ben", "Cat"}
    # someone new to the game: no chances, and why
    scorer.add_players("Dan")
    seats[f"seat_{scorer.player_ids()['Dan']}"] = "4"
    text = client.get(f"/t/{scorer.token}/matches/new/chances", query_string={"variant": "free", **seats}).get_data(as_text=True)
    assert "%</strong>" not in text and "No chances yet: Dan has no rated match of this game." in text
    # a game nobody has a rating in says nothing; nor does a game that does not exist
    assert "<p" not in client.get(f"/t/{scorer.token}/matches/new/chances",
                                  query_string={"variant": "gin", **seats}).get_data(as_text=True)
    assert client.get(f"/t/{scorer.token}/matches/new/chances", query_string={"variant": "nope"}).status_code == 200


def test_a_tables_round_trip_gives_the_same_ratings(rated, client, app):
    scorer, _, _ = rated
    document = client.get(f"/t/{scorer.token}/export.json").get_json()
    source = scorer.token
    target = scorer.create_table("Copy")
    body = json.dumps(document).encode()
    response = scorer.post(f"/t/{target}/import", {"document": (io.BytesIO(body), "t.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 302
    assert _shown(app, target) == _shown(app, source) != {}


def test_italian(rated, client):
    scorer, _, second = rated
    headers = {"Accept-Language": "it"}
    page = client.get(f"/t/{scorer.token}/stats", headers=headers).get_data(as_text=True)
    assert "Valutazioni" in page and "provvisoria" in page
    result = client.get(f"/t/{scorer.token}/m/{second}", headers=headers).get_data(as_text=True)
    assert "ha battuto Ann" in result
    new = client.get(f"/t/{scorer.token}/matches/new?variant=free", headers=headers).get_data(as_text=True)
    assert "Probabilità di vincere" in new


def test_chances_of_sides_follow_who_plays_with_whom(scorer, client):
    """Canasta's sides: partners opposite by default, or as the form moves them; a side's chance is
    its members' together."""
    scorer.create_table()
    scorer.add_players("Ann", "Ben", "Cat", "Dan")
    document = dict(_golden("canasta", "K-8 K-1 to K-3 with target = 1500"), variant="canasta",
                    format="scorekeeper.match/1", status="finished", finished_at="2026-11-02T20:00:00")
    response = scorer.post(f"/t/{scorer.token}/import", {"document": (io.BytesIO(json.dumps(document).encode()), "m.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 302
    ids = scorer.player_ids()
    seats = {f"seat_{ids[n]}": str(i) for i, n in enumerate(("Ann", "Ben", "Cat", "Dan"), start=1)}

    def odds(**sides: str) -> dict[str, int]:
        query = {"variant": "canasta", **seats, **{f"side_{ids[n]}": s for n, s in sides.items()}}
        text = client.get(f"/t/{scorer.token}/matches/new/chances", query_string=query).get_data(as_text=True)
        return {name: int(p) for name, p in re.findall(r"<li>([\w &;]+) <strong>(\d+)%</strong>", text)}

    opposite = odds()
    assert set(opposite) == {"Ann &amp; Cat", "Ben &amp; Dan"} and opposite["Ann &amp; Cat"] > opposite["Ben &amp; Dan"]
    moved = odds(Ann="1", Ben="1", Cat="2", Dan="2")
    assert set(moved) == {"Ann &amp; Ben", "Cat &amp; Dan"} and abs(moved["Ann &amp; Ben"] - 50) <= 1
