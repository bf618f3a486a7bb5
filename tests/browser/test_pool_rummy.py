"""Pool Rummy on a phone (390×844, touch) in Chromium, from a new table to the end: a drop, a wrong show,
a hand typed as cards with the deal's wild rank, an elimination with the rejoin open, a rejoin, an
elimination with the rejoin closed, and the last one in winning the pot (docs/rules/pool_rummy.md).

With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is photographed into docs/screenshots/ on the way."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"pool-{name}.png"))


def deal(page: Page, by: str, entries: dict[str, object], wild: str | None = None, photo: str | None = None) -> None:
    """One deal: who declared, then per player a count (int), "first" / "middle" (a drop), "wrong" (a
    wrong show) or cards (a string), tapped and typed as a player would."""
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who declared?").get_by_text(by, exact=True).tap()
    if wild:
        form.locator("fieldset.rank-choice").get_by_text(wild, exact=True).tap()
    for name, value in entries.items():
        row = form.locator(".held-row", has=page.get_by_label(name, exact=True))
        if isinstance(value, int):
            row.get_by_label(name, exact=True).fill(str(value))
        elif value == "first":
            row.locator("label", has_text="First drop").tap()
        elif value == "middle":
            row.locator("label", has_text="Middle drop").tap()
        elif value == "wrong":
            row.locator("label", has_text="Wrong show").tap()
        else:
            row.locator("summary").tap()
            row.locator("input.picker-text").fill(str(value))
            expect(row.locator(".picker-preview")).to_contain_text("points")
    if photo:
        # the live preview has caught up with the last box typed
        expect(page.locator("#preview")).not_to_contain_text("missing")
        shot(page, photo)
    form.get_by_role("button", name="Save hand").tap()


def test_pool_rummy_from_a_new_table_to_the_end(page: Page, live_server: str):
    players = ("Ann", "Ben", "Cat", "Dan")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Pool Rummy")
    seat(page, players)
    page.get_by_label("Stake per player (optional)").fill("10")
    shot(page, "new-match")
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    expect(page.locator("#rebuy-status")).to_have_count(0)  # nobody is out yet

    # deal 1: Ann declares; Ben drops first (20), Cat counts 12, Dan makes a wrong show (80)
    deal(page, "Ann", {"Ben": "first", "Cat": 12, "Dan": "wrong"}, photo="deal")
    expect(page.locator(".match-head")).to_contain_text("Hand 2")
    for name, total in (("Ann", "0"), ("Ben", "20"), ("Cat", "12"), ("Dan", "80")):
        expect(total_of(page, name)).to_have_text(total)

    # deal 2: Ben declares; Ann counts 30; Cat drops in the middle (40); Dan counts 95, the full count 80:
    # Dan is out on 160, and nobody still in is above 79, so Dan may rejoin on 52 + 1
    deal(page, "Ben", {"Ann": 30, "Cat": "middle", "Dan": 95})
    offer = page.locator(".rebuy-offer")
    expect(offer).to_contain_text("Dan is out on 160. Rejoin on 53 for 10.00?")
    offer.scroll_into_view_if_needed()
    shot(page, "rejoin-offer")
    offer.get_by_role("button", name="Rejoin Dan").tap()
    expect(page.locator(".rebuy-offer")).to_have_count(0)
    expect(total_of(page, "Dan")).to_have_text("53")
    expect(page.locator("#rebuy-status")).to_have_text("Rejoin open, on 54: nobody still in is above 79.")

    # deal 3, sevens wild: Cat declares; Ann's cards make no pure sequence, so all count: 85 → 80,
    # out on 110; Ben counts 60 (80); Dan counts 10 (63). Ben on 80 closes the rejoin: Ann is finished.
    deal(page, "Cat", {"Ann": "AS KD 2D 3C 7H 8S 9H 4C 5D 6S 10H 10D JC", "Ben": 60, "Dan": 10}, wild="7",
         photo="cards-wild")
    expect(total_of(page, "Ann")).to_have_text("110")
    expect(page.locator(".rebuy-offer")).to_have_count(0)
    expect(page.locator("#rebuy-status")).to_have_text("Rejoin closed: Ben is on 80, above 79.")
    page.locator("#rebuy-status").scroll_into_view_if_needed()
    shot(page, "rejoin-closed")
    expect(page.locator("#split")).to_contain_text("Split the pot")

    # deal 4: Dan declares; Ben counts 30 (110), Cat 85 (80, 132): both out, Dan is the last one in
    deal(page, "Dan", {"Ben": 30, "Cat": 85})
    expect(page.locator("#result")).to_contain_text("Dan wins")
    expect(page.locator("#result")).to_contain_text("50.00")
    shot(page, "result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_pool_pages_are_valid_accessible_and_fit_360_px_in_both_languages(page: Page, browser, live_server: str,
                                                                          tmp_path):
    """The scoreboard of a Pool match with every one of its entry fields drawn (a drop, a wrong show, the wild
    rank, the rejoin offered and the split), and the meld checker's declaration: valid HTML, no serious
    axe finding, and nothing wider than a 360 px phone in English or in Italian."""
    from axe_playwright_python.sync_playwright import Axe

    from .test_pages_valid import html_errors

    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Pool Rummy")
    seat(page, players)
    page.get_by_role("button", name=re.compile("^Start")).tap()
    deal(page, "Ann", {"Ben": "first", "Cat": 95})
    expect(page.locator(".match-head")).to_contain_text("Hand 2")
    deal(page, "Ben", {"Ann": 30, "Cat": "wrong"})
    expect(page.locator(".rebuy-offer")).to_contain_text("Cat is out on 160. Rejoin on 31?")
    board = page.url.split("#")[0].split("?")[0].removeprefix(live_server)
    paths = {"pool scoreboard": board,
             "pool checker": "/melds?variant=pool_rummy&mode=hand&rank=10&cards=AS+KS+QS+2D+3D+4D+7H+8H+JK+4C+4D+4S+10D"}
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
