"""Scala 40 on a phone (390×844, touch) in Chromium, from a new table to the end (docs/rules/scala40.md, Q1–Q4):
four players, a player who never opened, an elimination with the re-entry open, a re-entry, a closing in one
turn, two players out at once and the last one in winning the pot; then the same match in Italian, and the
pages valid, accessible and no wider than a 360 px phone.

With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is photographed into docs/screenshots/ on the way."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: a box typed while the live preview of the box before is on its way replaces that preview (hx-sync
#: "this:replace"), and htmx reports the one replaced as aborted: the only console errors allowed here
pytestmark = pytest.mark.console_errors(r"^error: htmx:(afterRequest|sendAbort) ")


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"scala40-{name}.png"))


def seated(page: Page, players) -> None:
    """Seat the players, and let the new-match page's odds of winning (asked 200 ms after the last tap)
    arrive before Start is tapped: a Start tapped while they are on their way aborts them."""
    if page.locator("[data-hx-get*='chances']").count():
        with page.expect_response(lambda r: "chances" in r.url and not re.search(r"seat_\d+=(&|$)", r.url)):
            seat(page, players)
    else:
        seat(page, players)


def hand(page: Page, by: str, entries: dict[str, object], how: str | None = None, never: str = "never opened",
         who: str = "Who ended the hand?", save: str = "Save hand", photo: str | None = None) -> None:
    """One hand: who closed (and how, when not the usual way), then per player a count (int), "never"
    (the flag alone) or cards (a string), tapped and typed as a player would."""
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text=who).get_by_text(by, exact=True).tap()
    if how:
        form.locator("fieldset.end-choice, fieldset", has_text=how).get_by_text(how, exact=True).first.tap()
    for name, value in entries.items():
        row = form.locator(".held-row", has=page.get_by_label(name, exact=True))
        if isinstance(value, int):
            row.get_by_label(name, exact=True).fill(str(value))
        elif value == "never":
            row.locator("label.unopened").tap()
        else:
            row.locator("summary").tap()
            row.locator("input.picker-text").fill(str(value))
            expect(row.locator(".picker-preview")).to_contain_text("point" if save == "Save hand" else "punt")
    # the last box is left (its change is sent) and the live preview has caught up with every player: a
    # Save tapped while a preview is on its way aborts it
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for name in (by, *entries):
        expect(page.locator("#preview")).to_contain_text(re.compile(rf"{name} [+±]"))
    expect(page.locator("#preview")).not_to_have_class(re.compile("htmx-request"))
    if photo:
        shot(page, photo)
    form.get_by_role("button", name=save).tap()


def test_scala40_from_a_new_table_to_the_pot(page: Page, live_server: str):
    players = ("Ann", "Ben", "Cat", "Dan")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Scala 40")
    seated(page, players)
    page.get_by_label("Stake per player (optional)").fill("5")
    shot(page, "new-match")
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()

    # Q1 hand 1: Ann closes; Ben's cards 28, Cat's 29 (the joker 25), Dan never opened: 100
    hand(page, "Ann", {"Ben": "KS 7D AC", "Cat": "JK 4H", "Dan": "never"}, photo="hand")
    expect(page.locator(".match-head")).to_contain_text("Hand 2")
    for name, total in (("Ann", "0"), ("Ben", "28"), ("Cat", "29"), ("Dan", "100")):
        expect(total_of(page, name)).to_have_text(total)

    # Q1 hand 2: Cat closes; Dan's 5 puts him on 105: out, re-entry open on 38
    hand(page, "Cat", {"Ann": 18, "Ben": 10, "Dan": 5})
    offer = page.locator(".rebuy-offer")
    expect(offer).to_contain_text("Dan is out on 105. Rejoin on 38 for 5.00?")
    offer.scroll_into_view_if_needed()
    shot(page, "reentry-offer")
    offer.get_by_role("button", name="Rejoin Dan").tap()  # Q2
    expect(page.locator(".rebuy-offer")).to_have_count(0)
    expect(total_of(page, "Dan")).to_have_text("38")

    # Q3: Ben closes in one turn; the others pay double, Cat (never opened) 200: out; she does not re-enter
    hand(page, "Ben", {"Ann": 25, "Cat": "never", "Dan": 8}, how="Out in one turn")
    for name, total in (("Ann", "68"), ("Ben", "38"), ("Cat", "229"), ("Dan", "54")):
        expect(total_of(page, name)).to_have_text(total)
    expect(page.locator(".rebuy-offer")).to_contain_text("Cat is out on 229. Rejoin on 68 for 5.00?")

    # Q4: Dan closes; Ann and Ben both reach 108: Dan is the last one in and takes the €25 pot
    hand(page, "Dan", {"Ann": 40, "Ben": 70})
    expect(page.locator("#result")).to_contain_text("Dan wins")
    expect(page.locator("#result")).to_contain_text("25.00")
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_scala40_in_italian(browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Scala 40")
    seated(page, players)
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    page.get_by_role("link", name="Italiano").first.click()
    expect(page.locator("form.hand-form")).to_contain_text("Chi ha chiuso la mano?")
    hand(page, "Ann", {"Ben": "KS 7D AC", "Cat": "never"}, how="Chiusura in mano", never="mai aperto",
         who="Chi ha chiuso la mano?", save="Salva mano")
    expect(total_of(page, "Ben")).to_have_text("56")
    expect(total_of(page, "Cat")).to_have_text("200")
    offer = page.locator(".rebuy-offer")
    expect(offer).to_contain_text("Cat è fuori con 200. Rientra a 56")
    offer.scroll_into_view_if_needed()
    shot(page, "it-reentry")
    expect(page.locator("body")).to_contain_text("mai aperto: 100 × 2 = 200")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_scala40_pages_are_valid_accessible_and_fit_360_px_in_both_languages(page: Page, browser, live_server: str,
                                                                             tmp_path):
    """The scoreboard with the re-entry offered and the meld checker's opening: valid HTML, no serious axe
    finding, and nothing wider than a 360 px phone in English or in Italian."""
    from axe_playwright_python.sync_playwright import Axe

    from .test_pages_valid import html_errors

    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Scala 40")
    seated(page, players)
    page.get_by_role("button", name=re.compile("^Start")).tap()
    hand(page, "Ann", {"Ben": 30, "Cat": "never"}, how="Out in one turn")
    expect(page.locator(".rebuy-offer")).to_contain_text("Cat is out on 200. Rejoin on 60?")
    board = page.url.split("#")[0].split("?")[0].removeprefix(live_server)
    paths = {"scala40 scoreboard": board,
             "scala40 checker": "/melds?variant=scala40&mode=hand&cards=QH+KH+AH+7S+7D+7C+2C+9D"}
    errors = html_errors(live_server, paths, tmp_path) + html_errors(
        live_server, paths, tmp_path, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert not errors, "\n".join(errors)
    serious = [v["id"] for v in Axe().run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
    assert serious == []
    for locale in ("en-GB", "it-IT"):
        context = browser.new_context(viewport={"width": 360, "height": 800}, has_touch=True, locale=locale)
        phone = context.new_page()
        for path in paths.values():
            phone.goto(live_server + path)
            phone.locator("form.hand-form details.cards-box summary").first.click() if path == board else None
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360, (locale, path)
        context.close()
