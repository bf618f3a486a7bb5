"""Phase 10 and Rummikub on a phone (390×844, touch) in Chromium, from a new table to the end, with the
cards and tiles tapped from each game's own deck (docs/rules/phase10.md, docs/rules/rummikub.md).

Phase 10 (even phases): four players on four different phases, cards tapped from the Phase 10 deck, two
players completing phase 10 in the same hand on equal totals, and their tie-break hand, which only they
play. Rummikub: tiles tapped (a joker among them), a game in which the pool ran out, and the end of the
round. Each in English and in Italian, nothing sideways at 360 px, axe and the Nu checker clean (the
scoreboard with its hand form and the game's meld checker); with ``SCOREKEEPER_SHOTS``
set, viewport screenshots of the screens reached are kept there."""

from __future__ import annotations

import os
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of
from .test_pages_valid import html_errors

SHOTS = os.environ.get("SCOREKEEPER_SHOTS")


def serious(page: Page) -> list[str]:
    return [f"{v['id']}: {v['help']}" for v in Axe().run(page).response["violations"]
            if v.get("impact") in ("serious", "critical")]


def shot(page: Page, name: str) -> None:
    if SHOTS:
        # the caret left as it is: hiding it injects a style the page's policy refuses (a console error)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), caret="initial")


def row(page: Page, name: str):
    return page.locator("form.hand-form .held-row", has=page.get_by_label(name, exact=True))


def enter(page: Page, by: str, players: dict[str, object], end: str | None = None, photo: str | None = None) -> None:
    """One hand: who went out (and how), then per player points (int), points and jokers (a pair of
    ints), or cards to tap (a list of their spoken names); "done" among them ticks "completed"."""
    form = page.locator("form.hand-form")
    rows = page.locator(".grid tbody tr")
    before = rows.count()
    if end:
        form.locator("fieldset", has_text="How?").get_by_text(end, exact=True).tap()
    if by:
        form.locator("fieldset.by-choice").get_by_text(by, exact=True).tap()
    for name, value in players.items():
        box = row(page, name)
        done = isinstance(value, list) and "done" in value or isinstance(value, tuple) and "done" in value
        if isinstance(value, (list, tuple)):
            value = [v for v in value if v != "done"]
            value = value[0] if len(value) == 1 and isinstance(value[0], int) else value
        if isinstance(value, int):
            box.get_by_label(name, exact=True).fill(str(value))
        elif isinstance(value, list) and all(isinstance(v, int) for v in value):
            box.get_by_label(name, exact=True).fill(str(value[0]))
            box.get_by_label(re.compile("Jokers|Jolly")).fill(str(value[1]))
        else:
            box.locator("summary").tap()
            for card in value:
                box.get_by_role("button", name=card, exact=True).tap()
            expect(box.locator(".picker-preview")).to_contain_text(re.compile("points|punti"))
        if done:
            box.locator("label.player-flag").tap()
    # the live preview has caught up with the last box typed (a preview still on its way when the
    # saved hand's answer replaces the form would be cut off)
    expect(page.locator("#preview")).not_to_contain_text("missing")
    expect(page.locator("#preview.htmx-request")).to_have_count(0)
    if photo:
        shot(page, photo)
    form.get_by_role("button", name=re.compile("Save hand|Salva")).tap()
    expect(rows).to_have_count(before + 1)  # saved: the next hand is entered on the fresh form


def valid_html(page: Page, live_server: str, folder, checker: str) -> None:
    """The scoreboard reached and the game's meld checker pass the Nu checker in English and in Italian."""
    board = page.url.split("#")[0].split("?")[0].removeprefix(live_server)
    paths = {"scoreboard": board, "checker": checker}
    errors = html_errors(live_server, paths, folder) + html_errors(
        live_server, paths, folder, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert not errors, "\n".join(errors)


def narrow_and_italian(page: Page, said_in_italian: str, name: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("link", name="Italiano").click()
    expect(page.locator("body")).to_contain_text(said_in_italian)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, f"{name}-it-360")
    assert serious(page) == []
    page.get_by_role("link", name="English").click()
    page.set_viewport_size({"width": 390, "height": 844})


def test_phase10_four_phases_a_tie_on_phase_10_and_its_tie_break(page: Page, live_server: str, tmp_path):
    players = ("Ann", "Ben", "Cat", "Dan")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Phase 10")
    seat(page, players)
    page.locator("summary", has_text="House rules").click()
    page.get_by_label("Phases played").select_option("even")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()

    # hand 1 (phase 2 for all): Ben's cards tapped from the Phase 10 deck
    enter(page, "Ann", {"Ben": ["12 green", "3 red", "done"], "Cat": (20, "done"), "Dan": 50}, photo="phase10-cards")
    expect(total_of(page, "Ben")).to_have_text("15")
    enter(page, "Ann", {"Ben": 60, "Cat": 55, "Dan": 50})
    enter(page, "Ann", {"Ben": (10, "done"), "Cat": 50, "Dan": 50})
    expect(total_of(page, "Cat")).to_have_text("125")
    # four players on four phases
    standings = page.locator("#standings")
    for name, phase in (("Ann", "Phase 8"), ("Ben", "Phase 6"), ("Cat", "Phase 4"), ("Dan", "Phase 2")):
        expect(standings.locator("li.standing", has_text=name)).to_contain_text(phase)
    # and lined up on the Save bar, in sight while the next hand is entered
    notes = page.locator("#save-bar .player-notes")
    expect(notes).to_have_text("Ann Phase 8 · Ben Phase 6 · Cat Phase 4 · Dan Phase 2")
    expect(notes).to_be_in_viewport(ratio=1)
    shot(page, "phase10-four-phases")
    assert serious(page) == []
    valid_html(page, live_server, tmp_path, "/melds?variant=phase10&mode=hand&cards=7R+7G+7B+9R+9Y+9G+W+2B+11G+S")
    narrow_and_italian(page, "Fase 8", "phase10")

    enter(page, "Ben", {"Ann": 80, "Cat": 50, "Dan": 50})
    enter(page, "Ann", {"Ben": ["7 blue", "done"], "Cat": 50, "Dan": 50})
    # both complete phase 10 on 90: the tie-break hand is theirs alone
    enter(page, "Ben", {"Ann": ["10 red", "done"], "Cat": 50, "Dan": 50})
    expect(total_of(page, "Ann")).to_have_text("90")
    expect(total_of(page, "Ben")).to_have_text("90")
    expect(page.locator("body")).to_contain_text("Ann and Ben tie: only they play the next hand")
    expect(row(page, "Cat")).to_have_count(0)
    shot(page, "phase10-tie-break")
    enter(page, "Ann", {"Ben": 75})
    result = page.locator("#result")
    expect(result).to_contain_text("Ann wins")
    expect(result).to_be_in_viewport()
    expect(total_of(page, "Ben")).to_have_text("165")
    shot(page, "phase10-result")
    assert serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_rummikub_tiles_the_pool_running_out_and_the_end_of_a_round(page: Page, live_server: str, tmp_path):
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Rummikub")
    seat(page, players)
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()

    enter(page, "Ann", {"Ben": ["13 black", "12 black", "1 red"], "Cat": ["joker", "4 blue", "4 orange"]},
          photo="rummikub-tiles")
    expect(total_of(page, "Ann")).to_have_text("64")
    expect(total_of(page, "Cat")).to_have_text("−38")
    valid_html(page, live_server, tmp_path, "/melds?variant=rummikub&cards=12k+13k+J")
    narrow_and_italian(page, "Riserva finita", "rummikub")
    # the pool ran out: nobody is named, the lowest rack wins
    enter(page, None, {"Ann": 15, "Ben": 8, "Cat": 22}, end="Pool ran out")
    expect(total_of(page, "Ben")).to_have_text("−5")
    enter(page, "Cat", {"Ann": 10, "Ben": [5, 1]})
    result = page.locator("#result")
    expect(result).to_contain_text("Ann wins")
    expect(result).to_be_in_viewport()
    for name, total in (("Ann", "47"), ("Ben", "−40"), ("Cat", "−7")):
        expect(total_of(page, name)).to_have_text(total)
    shot(page, "rummikub-result")
    assert serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
