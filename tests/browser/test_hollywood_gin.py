"""Hollywood Gin on a phone (390×844, touch) in Chromium: from a new table, example W1 of its rules page
entered hand by hand through Gin's form until all three games have closed, the sheet of games read after
each step (the points going into the games, a game closing with its final and difference, the nets), with
viewport screenshots in docs/screenshots/; then continuous play, where the notice to stop is offered, given
once, and not offered again. No sideways scroll at 360 px either."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

#: the screenshots go to docs/screenshots/ with ``SCOREKEEPER_SCREENSHOTS=1`` (to be looked at and kept),
#: otherwise to a folder of the run's own, so a test run leaves the checkout as it was
SHOTS = (Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("SCOREKEEPER_SCREENSHOTS")
         else Path(tempfile.mkdtemp(prefix="scorekeeper-shots-")))

#: W1 of docs/rules/hollywood_gin.md: (who ended it, how, points typed per player)
W1 = [("Ann", "Knock", {"Ann": 3, "Ben": 28}), ("Ann", "Knock", {"Ann": 4, "Ben": 22}),
      ("Ann", "Knock", {"Ann": 9, "Ben": 3}), ("Ann", "Gin", {"Ben": 11}), ("Ben", "Knock", {"Ben": 2, "Ann": 24}),
      ("Ann", "Knock", {"Ann": 1, "Ben": 31}), ("Ben", "Gin", {"Ann": 15}), ("Ann", "Knock", {"Ann": 5, "Ben": 25}),
      ("Ben", "Knock", {"Ben": 2, "Ann": 47}), ("Ann", "Knock", {"Ann": 8, "Ben": 6})]


def new_match(page: Page, rules: dict[str, bool] | None = None) -> None:
    page.get_by_role("link", name="New match").first.tap()
    page.wait_for_url(re.compile(r"/matches/new"))
    page.wait_for_load_state("load")
    choose_game(page, "Hollywood Gin")
    seat(page, ("Ann", "Ben"))
    if rules:
        page.get_by_text("House rules").tap()
    for label in (rules or {}):
        box = page.get_by_label(label, exact=True)
        box.scroll_into_view_if_needed()
        box.check()
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()


def record(page: Page, number: int, by: str, end: str, points: dict[str, int], last: bool = False) -> None:
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended").get_by_text(by, exact=True).tap()
    form.locator("fieldset", has_text="How?").get_by_text(end, exact=True).tap()
    for name, value in points.items():
        form.locator(".held").get_by_label(name, exact=True).fill(str(value))
    form.get_by_role("button", name="Save hand").tap()
    if not last:
        expect(page.locator(".match-head")).to_contain_text(f"Hand {number + 1}")  # swapped in


def game_cell(page: Page, game: int, player: str):
    """The points cell of ``player`` in the column of game ``game``."""
    table = page.locator(".games-table")
    column = table.locator("thead th").filter(has_text=f"Game {game}")
    index = table.locator("thead th, thead td").evaluate_all(
        "(cells, n) => cells.findIndex(c => c.textContent.includes('Game ' + n))", game)
    assert column.count() == 1 and index > 0
    row = table.locator("tbody tr", has=page.locator("th", has_text=player))
    return row.locator("td").nth(index - 1).locator(".pts")


def shoot(page: Page, name: str) -> None:
    page.locator("#games").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}.png"))  # the viewport, as the phone shows it


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_w1_from_a_new_table_until_all_three_games_close(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben"))
    new_match(page)
    games = page.locator("#games")
    expect(games.locator(".game-state")).to_have_text(["open", "open", "open"])
    for number, (by, end, points) in enumerate(W1[:2], start=1):
        record(page, number, by, end, points)
    expect(game_cell(page, 1, "Ann")).to_have_text("43")
    expect(game_cell(page, 2, "Ann")).to_have_text("18")
    expect(game_cell(page, 3, "Ann")).to_have_text("–")  # no entry yet
    shoot(page, "hollywood-two-hands")
    for number, (by, end, points) in enumerate(W1[2:6], start=3):
        record(page, number, by, end, points)
    # hand 6 closes game 1: Ann 109 + 100 + 4 boxes = 309, Ben 53 + 2 boxes = 103, +206
    expect(games.locator(".game-state").first).to_have_text("Ann won")
    expect(games.locator(".games-table tfoot td").first).to_have_text("Ann +206")
    expect(games.locator(".settled li").first).to_contain_text("Ann 109 + 200 = 309")
    expect(total_of(page, "Ann")).to_have_text("206")
    expect(game_cell(page, 2, "Ann")).to_have_text("84")
    expect(game_cell(page, 3, "Ann")).to_have_text("66")
    shoot(page, "hollywood-game-1-closed")
    no_sideways_scroll(page)
    axe = Axe().run(page)
    serious = [v for v in axe.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, axe.generate_report()
    for number, (by, end, points) in enumerate(W1[6:], start=7):
        record(page, number, by, end, points, last=number == len(W1))
    expect(page.locator("#result")).to_contain_text("Ann wins")
    expect(games.locator(".game-state")).to_have_text(["Ann won", "Ann won", "Ben won"])
    expect(games.locator(".games-table tfoot td")).to_have_text(["Ann +206", "Ann +192", "Ben +126"])
    expect(games.locator(".games-net")).to_contain_text("Ann +272")
    expect(total_of(page, "Ann")).to_have_text("272")
    expect(total_of(page, "Ben")).to_have_text("−272")
    shoot(page, "hollywood-finished")
    page.locator("#result").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hollywood-result.png"))
    # the hand-by-hand grid: each hand's points and the games they went into, those it closed marked
    grid = page.locator("#sheet")
    expect(grid.locator("tbody tr").nth(5).locator(".game-no")).to_have_text(["1 (closes it)", "2", "3"])
    expect(grid.locator("tbody tr").nth(5).locator(".game-no.closes")).to_have_count(1)
    grid.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hollywood-hand-by-hand.png"))
    page.emulate_media(color_scheme="dark")
    shoot(page, "hollywood-finished-dark")
    page.emulate_media(color_scheme="light")
    no_sideways_scroll(page)
    page.set_viewport_size({"width": 360, "height": 800})
    no_sideways_scroll(page)
    # in Italian too: the games keep their name ("Game 1"), the nets are "Netto"
    page.get_by_role("link", name="Italiano").tap()
    expect(page.locator("#games")).to_contain_text("vinto da Ann")
    expect(page.locator("#games .games-net")).to_contain_text("Netto")
    no_sideways_scroll(page)
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, "hollywood-finished-it")


def test_continuous_play_and_the_notice_to_stop(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben"))
    new_match(page, {"Continuous play": True})
    record(page, 1, "Ann", "Gin", {"Ben": 35})
    record(page, 2, "Ann", "Gin", {"Ben": 25})  # game 1 closes: game 4 opens
    games = page.locator("#games")
    expect(games.locator(".game-name")).to_have_text(["Game 2", "Game 3", "Game 4"])
    expect(games.locator(".settled li")).to_have_count(1)
    shoot(page, "hollywood-continuous")
    stop = page.locator("details.confirm", has_text="Stop after these games")
    stop.locator("summary").tap()
    stop.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hollywood-stop.png"))
    stop.get_by_role("button", name=re.compile("^Yes")).tap()
    expect(page.locator("#scoreboard")).to_contain_text("notice to stop given: no new game opens")
    expect(page.locator("details.confirm", has_text="Stop after these games")).to_have_count(0)
    record(page, 3, "Ann", "Gin", {"Ben": 75})  # 100 into games 2 and 3: both close, none opens
    expect(games.locator(".game-name")).to_have_text(["Game 4"])
    record(page, 4, "Ann", "Gin", {"Ben": 75}, last=True)  # game 4 closes: every game is settled
    expect(page.locator("#result")).to_contain_text("Ann wins")
    expect(games.locator(".settled li")).to_have_count(4)
    no_sideways_scroll(page)
