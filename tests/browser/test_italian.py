"""The app in Italian on a phone: a Chromium whose language is Italian (``locale="it-IT"``) gets every
page in Italian. A Ramino match from the new table to its end, one hand entered by tapped cards, with
screenshots (viewport and full page) in docs/screenshots/; and every main screen at 360 px wide in
Italian neither scrolls sideways nor has a serious axe finding, and is valid HTML."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, total_of
from .test_pages_valid import _serious, html_errors, site  # noqa: F401 - site: the same table, served

#: the screenshots go to docs/screenshots/ with ``SCOREKEEPER_SCREENSHOTS=1`` (to be looked at and kept),
#: otherwise to a folder of the run's own, so a test run leaves the checkout as it was
SHOTS = (Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("SCOREKEEPER_SCREENSHOTS")
         else Path(tempfile.mkdtemp(prefix="scorekeeper-shots-")))


@pytest.fixture
def italian(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, locale="it-IT")
    yield context.new_page()
    context.close()


def shoot(page: Page, name: str) -> None:
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / f"it-{name}.png"))
    page.screenshot(path=str(SHOTS / f"it-{name}-full.png"), full_page=True)


def test_a_ramino_match_in_italian_from_start_to_end(italian: Page, live_server: str):
    page = italian
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("link", name="Nuovo tavolo").click()
    page.get_by_label("Nome del tavolo").fill("Giovedì sera")
    page.get_by_role("button", name="Crea il tavolo").click()
    for name in ("Anna", "Bruno", "Carla"):
        page.get_by_label("Nome del giocatore").fill(name)
        page.get_by_role("button", name="Aggiungi giocatore").click()
    expect(page.locator("#roster")).to_contain_text("Carla")
    shoot(page, "table")

    page.get_by_role("link", name="Nuova partita").first.click()
    expect(page.get_by_role("heading", name="Quale gioco?")).to_be_visible()
    page.locator(".variant-list").get_by_role("link", name=re.compile("^Ramino")).click()
    page.wait_for_load_state("load")
    for name in ("Anna", "Bruno", "Carla"):
        page.locator(".seat-taps").get_by_role("button", name=name, exact=True).click()
    page.get_by_text("Regole della casa").click()
    page.get_by_label("Partita a").fill("100")
    shoot(page, "new-match")
    page.get_by_role("button", name=re.compile("^Inizia")).click()
    expect(page.get_by_role("heading", name="Registra mano")).to_be_visible()

    # hand 1: Anna closes; Bruno's cards tapped in the picker, Carla's points typed
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Chi ha chiuso").get_by_text("Anna", exact=True).click()
    form.locator("fieldset", has_text="Come?").get_by_text("Chiude", exact=True).click()
    bruno = form.locator(".held-row", has=page.get_by_label("Bruno", exact=True))
    bruno.locator("summary", has_text="Carte").click()
    for card in ("8 di quadri", "re di fiori", "jolly"):
        bruno.get_by_role("button", name=card, exact=True).click()
    expect(bruno.get_by_label("Carte di Bruno")).to_have_value("8D KC JK")
    form.locator(".held").get_by_label("Carla", exact=True).fill("4")
    expect(page.locator("#preview")).to_contain_text("Bruno +40")
    bruno.locator(".picker").scroll_into_view_if_needed()
    shoot(page, "hand-by-cards")
    form.get_by_role("button", name="Salva mano").click()
    expect(page.locator(".match-head")).to_contain_text("Mano 2")
    expect(total_of(page, "Bruno")).to_have_text("40")
    expect(page.locator(".action-note")).to_contain_text("Salvata")
    shoot(page, "scoreboard")

    # hand 2: Bruno goes past 100 and the match ends
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Chi ha chiuso").get_by_text("Carla", exact=True).click()
    form.locator("fieldset", has_text="Come?").get_by_text("Chiude", exact=True).click()
    form.locator(".held").get_by_label("Anna", exact=True).fill("12")
    form.locator(".held").get_by_label("Bruno", exact=True).fill("70")
    form.get_by_role("button", name="Salva mano").click()
    winner = page.locator(".winner h2")
    expect(winner).to_contain_text("Vince")
    shoot(page, "finished")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.get_by_role("link", name=re.compile("Pagina della partita")).first.click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    shoot(page, "match-page")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def at_360_px(site, browser: Browser, locale: str, look=None) -> dict[str, int]:
    """Open every screen of the shared table at 360 px in ``locale`` (calling ``look(name, page)`` on
    each); returns the screens wider than 360 px, with their width."""
    base, paths = site
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1,
                                  has_touch=True, locale=locale)
    page = context.new_page()
    wide = {}
    try:
        for name, path in paths.items():
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            assert page.locator("html").get_attribute("lang") == locale[:2], name
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 360:
                wide[name] = width
            if look:
                look(name, page)
    finally:
        context.close()
    return wide


def test_every_screen_in_italian_fits_360_px(site, browser: Browser):
    axe = Axe()
    found = {}

    def serious(name, page):
        problems = _serious(axe.run(page))
        if problems:
            found[name] = problems

    assert at_360_px(site, browser, "it-IT", serious) == {}, "pages that scroll sideways at 360 px in Italian"
    assert not found, "\n".join(f"{name}: {problem}" for name, ps in found.items() for problem in ps)


def test_every_screen_in_english_fits_360_px_too(site, browser: Browser):
    """The same screens in English at 360 px (their axe and HTML checks run at 390 px in
    test_pages_valid): the language link in the top bar must not push any of them sideways."""
    assert at_360_px(site, browser, "en-GB") == {}, "pages that scroll sideways at 360 px in English"


def test_every_page_in_italian_is_valid_html(site, tmp_path):
    errors = html_errors(*site, tmp_path, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert not errors, "\n".join(errors)
