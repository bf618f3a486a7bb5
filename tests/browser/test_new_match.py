"""A new match in a few taps at 390×844 with touch: the taps from the table page to a started 4-player
match are counted (at most 7), house rules that cannot apply to the players tapped are hidden, and the
same page works as a plain form without JavaScript."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import new_table


class Taps:
    """Counts taps: every action of the test goes through ``tap``."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.tap()


def test_four_players_start_a_match_in_seven_taps(page: Page, live_server: str):
    new_table(page, live_server, ("Ann", "Ben", "Cat", "Dan"))
    taps = Taps(page)
    taps.tap(page.get_by_role("link", name="New match"))
    # no game is chosen for a table that never played: the game comes first
    expect(page.get_by_role("heading", name="Which game?")).to_be_visible()
    taps.tap(page.get_by_role("link", name=re.compile("^Gin Rummy")))
    for name in ("Ben", "Cat", "Dan", "Ann"):
        taps.tap(page.locator(".seat-taps").get_by_role("button", name=name, exact=True))
    expect(page.locator(".seat-taps [aria-pressed=true]")).to_have_count(4)
    expect(page.locator(".seat-tap", has_text="Dan").locator(".seat-no")).to_have_text("3")
    # Gin's two-player bonuses cannot apply to four players: hidden once four are tapped
    page.get_by_text("House rules").click()
    expect(page.get_by_label("Gin bonus", exact=True)).to_be_hidden()
    expect(page.get_by_label("Match to")).to_be_visible()
    taps.tap(page.get_by_role("button", name=re.compile("^Start")))
    expect(page.locator(".match-head")).to_contain_text("Gin Rummy")
    expect(page.locator(".match-head")).to_contain_text("Ben")  # the first tapped deals first
    assert taps.count <= 7, taps.count


def test_untapping_renumbers_and_house_rules_speak_plainly(page: Page, live_server: str):
    table = new_table(page, live_server, ("Ann", "Ben", "Cat"))
    page.goto(table + "/matches/new?variant=ramino")
    group = page.locator(".seat-taps")
    for name in ("Ann", "Ben", "Cat"):
        group.get_by_role("button", name=name, exact=True).click()
    group.get_by_role("button", name="Ann", exact=True).click()  # Ann changes her mind
    expect(page.locator(".seat-tap", has_text="Ben").locator(".seat-no")).to_have_text("1")
    expect(page.locator(".seat-tap", has_text="Cat").locator(".seat-no")).to_have_text("2")
    rules = page.locator(".house-rules")
    expect(rules).not_to_contain_text("null")
    expect(rules).not_to_contain_text("opening_min")
    page.get_by_text("House rules").click()
    expect(page.get_by_label("Opening at least")).to_have_value("50")
    expect(rules).to_contain_text("Standard: 50.")


def test_without_javascript_it_is_a_plain_form(browser: Browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    table = new_table(page, live_server, ("Ann", "Ben", "Cat"))
    page.goto(table + "/matches/new?variant=gin")
    for number, name in enumerate(("Cat", "Ann", "Ben"), start=1):
        page.locator(".seats").get_by_label(name, exact=True).select_option(f"seat {number}")
    # every house rule shows; one that cannot apply to three players is refused beside its box
    page.get_by_text("House rules").click()
    page.get_by_label("Gin bonus", exact=True).fill("30")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.locator(".field.has-error")).to_contain_text("Does not apply with 3 players")
    page.get_by_label("Gin bonus", exact=True).fill("25")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.locator(".match-head")).to_contain_text("Cat")
    context.close()


def test_long_names_are_tapped_whole_not_broken_mid_word(page: Page, live_server: str):
    """Found by a walk at the table: at 390 px "Maximiliana" and "Christopher" broke mid-word on their
    seat buttons ("Maximilia/na"). A name longer than half a row takes the whole row, on one line; short
    names keep two to a row."""
    names = ("Maximiliana", "Ann", "Christopher", "Ben")
    table = new_table(page, live_server, names)
    page.goto(table + "/matches/new?variant=russian")
    assert page.viewport_size["width"] == 390
    line = page.locator(".seat-tap .seat-name", has_text="Ann").bounding_box()["height"]  # one line
    for name in names:
        label = page.locator(".seat-tap .seat-name", has_text=name)
        expect(label).to_be_in_viewport()
        assert label.bounding_box()["height"] == line, f"{name} is broken over two lines"
    short = [page.locator(".seat-tap", has_text=n).bounding_box() for n in ("Ann", "Ben")]
    assert short[0]["y"] == short[1]["y"] and short[0]["x"] < short[1]["x"]  # side by side
