"""Bounds on every input (``scorekeeper.engine.limits``): each refusal is a 4xx with a message in the
app's words, arrives before any costly work, and saves nothing. One test (or table of cases) per
finding of the bounds audit; they run on SQLite and on PostgreSQL."""

from __future__ import annotations

import html
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.engine import solver as arrange_module
from scorekeeper.engine import limits
from scorekeeper.engine.cards import SUITS, Card
from scorekeeper.engine.variants import find_variant
from scorekeeper.web.extensions import db
from scorekeeper.service.models import Entry, Match, Player, Table

NAMES = {2: ["Nat", "Sam"], 3: ["Ann", "Ben", "Cat"], 4: ["Ann", "Ben", "Cat", "Dan"]}


def start(scorer, variant: str, n: int, rules: dict | None = None, stake: str = "") -> tuple[int, list[str]]:
    scorer.create_table()
    names = NAMES[n]
    scorer.add_players(*names)
    return scorer.start_match(variant, names, rules=rules, stake=stake), names


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def saved(app, match_id: int) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Entry).where(Entry.match_id == match_id))


def distinct_cards(n: int) -> str:
    """``n`` different cards of one pack (up to 52), runs and sets everywhere: the solver's worst."""
    return [Card(rank, suit).code for rank in range(1, 14) for suit in SUITS][:n]


@pytest.fixture
def no_big_search(monkeypatch):
    """Fail the test if the arrangement search is ever handed more cards than one hand can hold."""
    real = arrange_module.arrange

    def guarded(cards, *args, **kwargs):
        cards = list(cards)
        assert len(cards) <= 14, f"the solver was asked to arrange {len(cards)} cards"
        return real(cards, *args, **kwargs)

    monkeypatch.setattr(arrange_module, "arrange", guarded)


# -- 1. the card picker's live value: no card limit ------------------------------------------------------

@pytest.mark.parametrize("variant, n, limit", [
    ("rumino", 3, 8), ("gin", 2, 11), ("gin", 3, 8), ("oklahoma", 2, 11), ("ramino", 3, 14),
    ("kalooki", 3, 14), ("rummy", 2, 14), ("russian", 3, 20),
])
def test_the_card_value_line_refuses_more_cards_than_a_hand_holds(scorer, client, no_big_search, variant, n,
                                                                   limit):
    match_id, names = start(scorer, variant, n, rules={"cards_dealt": 13} if variant == "rummy" else None)
    pid = scorer.player_ids()[names[1]]
    cards = " ".join(distinct_cards(50))
    response = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards",
                          query_string={"player": pid, f"cards_{pid}": cards})
    assert response.status_code == 200
    name = find_variant(variant).name
    assert f"That is 50 cards: a hand of {name} has at most {limit}." in text_of(response)
    assert limits.hand_cards_limit(find_variant(variant), n, find_variant(variant).rules(
        n, **({"cards_dealt": 13} if variant == "rummy" else {}))) == limit


def test_the_card_value_line_still_values_the_largest_hand(scorer, client, no_big_search):
    match_id, names = start(scorer, "ramino", 3)
    pid = scorer.player_ids()[names[1]]
    cards = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"
    response = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards",
                          query_string={"player": pid, f"cards_{pid}": cards})
    assert response.status_code == 200
    assert "points" in text_of(response) and "at most" not in text_of(response)


def test_a_russian_hand_after_claims_is_counted_without_a_search(scorer, client, no_big_search):
    """Russian hands may hold more than the deal after "I want it" claims: counted, never arranged."""
    match_id, names = start(scorer, "russian", 3)
    pid = scorer.player_ids()[names[1]]
    cards = " ".join(distinct_cards(18))
    response = client.get(f"/t/{scorer.token}/m/{match_id}/hands/cards",
                          query_string={"player": pid, f"cards_{pid}": cards})
    assert response.status_code == 200
    assert "points" in text_of(response)


@pytest.mark.parametrize("variant, n", [("gin", 2), ("rumino", 3), ("ramino", 3)])
def test_a_saved_hand_with_too_many_cards_is_refused_before_the_search(scorer, app, no_big_search, variant, n):
    match_id, names = start(scorer, variant, n)
    end = "out" if variant == "ramino" else "knock"
    response = scorer.record(match_id, by=names[0], end=end, points={names[0]: 0} if variant != "ramino" else {},
                            cards={names[1]: " ".join(distinct_cards(40))})
    assert response.status_code == 422
    assert f"{names[1]} holds 40 cards: a hand of {find_variant(variant).name} has at most" in text_of(response)
    assert saved(app, match_id) == 0


# -- 9. only active matches accept writes; ending early and reopening are version-checked ----------------

def _status(app, match_id: int) -> tuple[str, int]:
    with app.app_context():
        match = db.session.get(Match, match_id)
        return match.status, match.version


def test_an_ended_match_refuses_a_crafted_hand(scorer, app):
    match_id, names = start(scorer, "free", 2)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": scorer.version(match_id)}).status_code == 302
    status, version = _status(app, match_id)
    assert status == "abandoned"
    response = scorer.record_points(match_id, {"Nat": 1, "Sam": 2}, version=version)
    assert response.status_code == 422
    assert "This match was ended early: reopen it to record or change hands." in text_of(response)
    assert _status(app, match_id) == ("abandoned", version)
    assert saved(app, match_id) == 1
    # nor a void, an undo or a delete
    for path in ("void", "undo"):
        response = scorer.post(f"/t/{scorer.token}/m/{match_id}/{path}", {"version": version, "key": path})
        assert response.status_code == 422, path
    assert _status(app, match_id) == ("abandoned", version)


def test_ending_early_is_version_checked(scorer, app):
    match_id, _ = start(scorer, "free", 2)
    drawn = scorer.version(match_id)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302  # another phone saves
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": drawn})
    assert response.status_code == 409
    assert "The sheet changed on another phone" in text_of(response)
    assert _status(app, match_id) == ("active", drawn + 1)
    # with the fresh version it goes through, and the version counts both changes
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": drawn + 1}).status_code == 302
    assert _status(app, match_id) == ("abandoned", drawn + 2)
    # a hand typed on the old sheet cannot land after it
    assert scorer.record_points(match_id, {"Nat": 1, "Sam": 1}, version=drawn + 1).status_code == 409
    assert saved(app, match_id) == 1


def test_a_match_ended_early_can_be_reopened(scorer, app):
    match_id, _ = start(scorer, "free", 2)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/abandon", {"version": scorer.version(match_id)}).status_code == 302
    _, version = _status(app, match_id)
    assert scorer.post(f"/t/{scorer.token}/m/{match_id}/reopen", {"version": version - 1}).status_code == 409
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/reopen", {"version": version})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{scorer.token}/m/{match_id}")
    assert _status(app, match_id) == ("active", version + 1)
    assert scorer.record_points(match_id, {"Nat": 1, "Sam": 2}).status_code == 302
    # reopening a match that is in progress is refused in words
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/reopen", {"version": scorer.version(match_id)})
    assert response.status_code == 422
    assert "This match was not ended early" in text_of(response)


def test_the_service_reopens_a_finished_match_as_finished(scorer, app):
    from scorekeeper import service

    match_id, _ = start(scorer, "free", 2, rules={"target": 10})
    assert scorer.record_points(match_id, {"Nat": 12, "Sam": 4}).status_code == 302
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.status == "finished"
        match.status = "abandoned"  # an old import could hold this
        db.session.commit()
        service.reopen_match(match, version=match.version)
        assert match.status == "finished"


# -- 4. huge numbers; free scoring's limit a hand (issue 11, point 6) ------------------------------------

@pytest.mark.parametrize("typed, message", [
    ("99999999999999999999", "Points must be between −1,000,000 and 1,000,000."),
    ("9" * 5000, "Points must be between −1,000,000 and 1,000,000."),
    ("10001", "Sam: 10,001 points is more than one hand can give in this match (at most 10,000 either way)"),
    ("-10001", "Sam: −10,001 points is more than one hand can give in this match (at most 10,000 either way)"),
])
def test_free_scoring_refuses_a_number_past_the_matchs_limit(scorer, app, typed, message):
    match_id, _ = start(scorer, "free", 2)
    response = scorer.record_points(match_id, {"Nat": 3, "Sam": typed})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    # beside Sam's box, and what was typed is kept
    sam = scorer.player_ids()["Sam"]
    assert f'<p class="error" id="points_{sam}-error">{message}</p>' in page
    box = re.search(rf'<input[^>]*name="points_{sam}"[^>]*>', page).group(0)
    assert f'value="{typed}"' in box and "pattern=" not in box  # kept as typed; no browser pattern
    assert saved(app, match_id) == 0


def test_free_scoring_takes_its_limit_from_the_match(scorer, app):
    match_id, _ = start(scorer, "free", 2, rules={"points_limit": 50000})
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 40000}).status_code == 302
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 50001}).status_code == 422


def test_a_card_game_refuses_points_no_hand_can_hold(scorer, app):
    match_id, names = start(scorer, "russian", 3)
    response = scorer.record(match_id, by="Ann", end="out", points={"Ben": "9" * 400, "Cat": 5})
    assert response.status_code == 422
    assert "Points must be between −1,000,000 and 1,000,000." in text_of(response)
    response = scorer.record(match_id, by="Ann", end="out", points={"Ben": 505, "Cat": 5})
    assert response.status_code == 422
    assert "Ben: 505 points is more than one hand can give in this match (at most 500)" in text_of(response)
    assert saved(app, match_id) == 0


def test_a_rule_number_past_a_million_is_refused(scorer, client):
    scorer.create_table()
    scorer.add_players("Ann", "Ben")
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/matches/new?variant=free", {
        "variant": "free", f"seat_{ids['Ann']}": "1", f"seat_{ids['Ben']}": "2", "first_dealer": "",
        "stake": "", "rule_winner": "lowest", "rule_target": "9" * 300, "rule_elimination_at": "",
        "rule_points_limit": "10000"})
    assert response.status_code == 422
    assert "target must be between −1,000,000 and 1,000,000" in text_of(response)


def test_pages_of_a_match_stored_with_huge_numbers_answer(scorer, app, client):
    """A match saved before the bounds (a 400-digit score) no longer replays: every page says so."""
    match_id, _ = start(scorer, "free", 2)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302
    with app.app_context():
        entry = db.session.scalar(sa.select(Entry).where(Entry.match_id == match_id))
        entry.payload = {**entry.payload, "held": {k: {"points": int("9" * 400)} for k in entry.payload["held"]}}
        db.session.commit()
    for path in (f"/t/{scorer.token}/m/{match_id}", f"/t/{scorer.token}/history", f"/t/{scorer.token}/stats",
                 f"/t/{scorer.token}/m/{match_id}/history", f"/t/{scorer.token}/m/{match_id}/chart.svg",
                 f"/t/{scorer.token}/m/{match_id}/export.csv", f"/t/{scorer.token}/export.json"):
        response = client.get(path)
        assert response.status_code < 500, path


# -- imports: size, depth, names, stake, all or nothing, copies (findings 5, 6, 7; issue 11 point 14) -----




def counts(app) -> tuple[int, int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in (Table, Player, Match, Entry))


def upload(scorer, document, again: bool = False):
    """Post the import form with ``document`` as its file, the body built here in memory (a large body
    through the test client's own encoder would be spooled to a temporary file it never closes)."""
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    fields = {"csrf_token": scorer.csrf("/tables/new"), **({"again": "y"} if again else {})}
    boundary = "----bounds-test-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="document"; filename="doc.json"\r\n'
                 f"Content-Type: application/json\r\n\r\n".encode() + body + f"\r\n--{boundary}--\r\n".encode())
    return scorer.client.post(f"/t/{scorer.token}/import", data=b"".join(parts),
                             content_type=f"multipart/form-data; boundary={boundary}")


def free_match(players=("Ann", "Ben"), hands=1, **extra) -> dict:
    return {"format": "scorekeeper.match/1", "variant": "free", "players": list(players),
            "entries": [{"kind": "hand", "end": "scores", "held": {p: {"points": i + j} for j, p in enumerate(players)}}
                        for i in range(hands)], **extra}


def refused(scorer, app, document, message: str) -> None:
    before = counts(app)
    response = upload(scorer, document)
    assert response.status_code == 422, response.status_code
    assert "Not imported" in text_of(response) and message in text_of(response)
    assert counts(app) == before


def test_deeply_nested_json_is_refused_in_words(scorer, app):
    scorer.create_table()
    for depth in (1000, 100_000):
        refused(scorer, app, b"[" * depth + b"]" * depth,
                "This file is not a Scorekeeper export: its contents are nested far deeper than any match.")
    nested = free_match()
    nested["note"] = json.loads("[" * 50 + "]" * 50)
    refused(scorer, app, nested, "nested far deeper")


def test_a_broken_file_is_refused_in_the_apps_words(scorer, app):
    scorer.create_table()
    text = json.dumps(free_match(), indent=1)
    response = upload(scorer, text[: len(text) // 2].encode())
    assert response.status_code == 422
    assert "This file is damaged or incomplete (it stops making sense on line" in text_of(response)
    assert "Expecting" not in text_of(response) and "char" not in text_of(response)
    refused(scorer, app, b"\xff\xfe\x00garbage", "This file is not a Scorekeeper export: it is not text.")


@pytest.mark.parametrize("document, message", [
    (free_match(players=("Ann", "B\x00n")), "holds an invisible control character"),
    ({"format": "scorekeeper.table/1", "players": ["Zo\x00e"], "matches": []}, "holds an invisible control character"),
    (free_match(stake="1" * 30), "the stake must be at most 1,000,000"),
    (free_match(stake="1e999999999"), "the stake must be at most 1,000,000"),
    (free_match(rules={"target": int("9" * 30)}), "target must be between −1,000,000 and 1,000,000"),
    ({"format": "scorekeeper.match/1", "variant": "free", "players": ["Ann", "Ben"],
      "entries": [{"kind": "hand", "end": "scores", "held": {"Ann": {"points": "1e999999999"}, "Ben": {"points": 1}}}]},
     "Ann: points must be between −1,000,000 and 1,000,000"),
    (free_match(hands=limits.MATCH_ENTRIES + 1), "a match holds at most 2,000 entries, not 2,001"),
    ({"format": "scorekeeper.table/1", "players": [f"P{i}" for i in range(limits.ROSTER_PLAYERS + 1)], "matches": []},
     "101 players; a table holds at most 100"),
])
def test_imports_apply_the_forms_bounds(scorer, app, document, message):
    scorer.create_table()
    refused(scorer, app, document, message)


def test_an_imported_stake_is_stored_as_the_form_stores_it(scorer, app):
    scorer.create_table()
    response = upload(scorer, free_match(stake="5.000000000000000000000000"))
    assert response.status_code == 302
    with app.app_context():
        assert db.session.scalar(sa.select(Match.stake)) == "5.00"


def test_an_upload_past_the_bound_is_refused_before_it_is_read(scorer, app):
    scorer.create_table()
    before = counts(app)
    response = upload(scorer, b" " * (limits.UPLOAD_BYTES + 128 * 1024))
    assert response.status_code == 413
    assert "A file to import is at most 2 MB" in text_of(response)
    refused(scorer, app, b" " * (limits.UPLOAD_BYTES + 1), "The file is too large: an import takes at most 2 MB.")
    assert counts(app) == before


def _table_document(n: int) -> dict:
    return {"format": "scorekeeper.table/1", "players": ["Ann", "Ben", "Cat"],
            "matches": [free_match(players=("Ann", "Ben"), hands=i + 1) for i in range(n)]}


def test_a_table_import_that_fails_while_writing_saves_nothing_and_a_retry_creates_each_match_once(
        scorer, app, monkeypatch):
    scorer.create_table()
    before = counts(app)
    written = []

    def fail_on_the_third(mapper, connection, target):
        written.append(target)
        if len(written) == 3:
            raise RuntimeError("the disk is full")

    sa.event.listen(Match, "before_insert", fail_on_the_third)
    try:
        with pytest.raises(RuntimeError):
            upload(scorer, _table_document(4))
    finally:
        sa.event.remove(Match, "before_insert", fail_on_the_third)
    assert counts(app) == before
    assert upload(scorer, _table_document(4)).status_code == 302
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 4
        assert sorted(p.name for p in db.session.scalars(sa.select(Player))) == ["Ann", "Ben", "Cat"]


def test_a_match_already_on_the_table_is_not_imported_twice_without_asking(scorer, app):
    scorer.create_table()
    document = free_match(hands=3, stake="2.5")
    assert upload(scorer, document).status_code == 302
    before = counts(app)
    # the same match, written another way (the variant's name, the stake's zeros): still the same match
    again = {**document, "variant": "Free scoring", "stake": "2.50"}
    response = upload(scorer, again)
    assert response.status_code == 422
    assert "This match is already on this table (Free scoring, 3 hands). Nothing was imported" in text_of(response)
    assert "Tick this to import it a second time." in text_of(response)
    assert counts(app) == before
    assert upload(scorer, again, again=True).status_code == 302
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 2
    # a table document naming it among others is asked about too, and nothing is imported
    table_doc = {"format": "scorekeeper.table/1", "players": [], "matches": [free_match(hands=2), document]}
    response = upload(scorer, table_doc)
    assert response.status_code == 422 and "Match 2 of the file is already on this table" in text_of(response)


def test_a_match_played_here_is_recognised_when_its_export_comes_back(scorer, app, client):
    match_id, _ = start(scorer, "free", 2)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302
    exported = client.get(f"/t/{scorer.token}/m/{match_id}/export.json").get_json()
    response = upload(scorer, exported)
    assert response.status_code == 422 and "already on this table" in text_of(response)


# -- 2 and 6: the roster, names and form keys ----------------------------------------------------------

def test_a_roster_holds_at_most_its_bound(scorer, app):
    scorer.create_table()
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        db.session.add_all(Player(table_id=table.id, name=f"P{i}", name_key=f"p{i}")
                           for i in range(limits.ROSTER_PLAYERS))
        db.session.commit()
    response = scorer.post(f"/t/{scorer.token}/players", {"name": "One more"})
    assert response.status_code == 422
    assert "A table holds at most 100 players" in text_of(response)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Player)) == limits.ROSTER_PLAYERS


def test_a_form_key_longer_than_a_key_is_refused_in_words(scorer, app):
    match_id, _ = start(scorer, "free", 2)
    response = scorer.record_points(match_id, {"Nat": 3, "Sam": 4}, key="k" * 65)
    assert response.status_code == 422
    assert "This form was damaged on its way: reload the page and enter the hand again." in text_of(response)
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/void", {"version": scorer.version(match_id), "key": "k" * 65})
    assert response.status_code in (302, 422)  # free scoring has no void hands; never a 500
    assert saved(app, match_id) == 0


def test_a_version_of_thousands_of_digits_is_a_stale_sheet(scorer, app):
    match_id, _ = start(scorer, "free", 2)
    response = scorer.record_points(match_id, {"Nat": 3, "Sam": 4}, version="9" * 5000)
    assert response.status_code == 409
    assert saved(app, match_id) == 0


# -- 3. a save costs the same on hand 1,000 as on hand 10 -------------------------------------------------

def _fill(app, match_id: int, hands: int) -> None:
    """``hands`` free-scoring hands stored straight in the database (as an import would)."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        ids = [str(p) for p in match.seats]
        db.session.add_all(Entry(match_id=match_id, position=i + 1, kind="hand", history=[],
                                 payload={"kind": "hand", "end": "scores", "held": {p: {"points": 1} for p in ids}})
                           for i in range(hands))
        match.version += 1  # what every change through the service does
        db.session.commit()


def test_a_save_plays_one_entry_whatever_the_length_of_the_match(scorer, app, monkeypatch):
    from scorekeeper.engine import match as engine_match

    match_id, _ = start(scorer, "free", 2)
    _fill(app, match_id, 300)
    assert scorer.record_points(match_id, {"Nat": 1, "Sam": 2}).status_code == 302  # the replay is remembered
    played = []
    real = engine_match._Replay.play_one
    monkeypatch.setattr(engine_match._Replay, "play_one", lambda self, i, e: (played.append(i), real(self, i, e)))
    for _ in range(3):
        played.clear()
        response = scorer.record_points(match_id, {"Nat": 3, "Sam": 4}, **{})
        assert response.status_code == 302
        assert scorer.client.get(response.headers["Location"]).status_code == 200  # the scoreboard after it
        assert len(played) <= 2, f"a save replayed {len(played)} entries"
    # the live preview plays one entry too
    played.clear()
    ids = scorer.player_ids()
    response = scorer.post(f"/t/{scorer.token}/m/{match_id}/hands/preview",
                          {f"points_{ids['Nat']}": "1", f"points_{ids['Sam']}": "2"})
    assert response.status_code == 200 and len(played) == 1


def test_the_scoreboard_grid_shows_the_latest_entries(scorer, app, client):
    match_id, _ = start(scorer, "free", 2)
    _fill(app, match_id, limits.SCOREBOARD_ROWS + 10)
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    rows = re.findall(r'<th scope="row"><a href="[^"]+">(\d+)</a></th>', page)
    assert rows[0] == "11" and rows[-1] == str(limits.SCOREBOARD_ROWS + 10) and len(rows) == limits.SCOREBOARD_ROWS
    assert "every hand is on the match page" in page
    # the totals are the whole match's
    assert f"<td>{limits.SCOREBOARD_ROWS + 10}</td>" in page


def test_the_remembered_replay_follows_a_rename(scorer, app, client):
    match_id, _ = start(scorer, "free", 2)
    assert scorer.record_points(match_id, {"Nat": 3, "Sam": 4}).status_code == 302
    ids = scorer.player_ids()
    assert scorer.post(f"/t/{scorer.token}/players/{ids['Nat']}/rename", {"name": "Natalie"}).status_code == 302
    page = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert "Natalie" in page
    from scorekeeper import service

    with app.app_context():
        standings = service.standings(db.session.get(Match, match_id))
        assert [p.name for p in standings.players] == ["Natalie", "Sam"]


def test_the_services_refusals_are_said_in_the_pages_language(scorer, app):
    """The service says its refusals as messages, never pre-translated text: an Italian page shows an
    import's refusal and a preset's in Italian, numbers and all (they were English-only words of the
    web's catalog before the service stood alone)."""
    scorer.client.get("/lang/it?next=/")
    scorer.create_table()
    document = free_match(hands=3)
    assert upload(scorer, document).status_code == 302
    refused = " ".join(text_of(upload(scorer, document)).split())
    assert "Questa partita è già su questo tavolo (" in refused and ", 3 mani). Non è stato importato" in refused
    assert "already on this table" not in refused
    with app.app_context():
        table = db.session.scalar(sa.select(Table))
        from scorekeeper.service import presets
        with pytest.raises(presets.PresetRefused) as named:
            presets.save(table, "ramino", "x" * 41, {})
    from scorekeeper.web.i18n import refusal
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert refusal(named.value) == "Il nome deve stare sotto le 40 lettere."
