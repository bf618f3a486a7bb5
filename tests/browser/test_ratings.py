"""Ratings on a phone at 390×844, in English and in Italian: a table whose matches of two games (free
scoring, and Canasta in sides) come in as a table document shows each player's rating and the best
partnership on its stats page, the seated players' chances on the new-match page (drawn again as they
are tapped), and how a finished match moved each rating. Screenshots of each go to the system's temporary
folder (``scorekeeper-shots``), to be looked at."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, new_table
from .test_pages_valid import _serious

SHOTS = Path(tempfile.gettempdir()) / "scorekeeper-shots"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "matches"


def _canasta(name: str, when: str) -> dict:
    cases = json.loads((GOLDEN / "canasta.json").read_text())["cases"]
    document = next(c for c in cases if c["name"].startswith(name))["document"]
    return {"format": "scorekeeper.match/1", "variant": "canasta", **document,
            "status": "finished", "created_at": when, "finished_at": when}


def _free(points: dict[str, int], when: str) -> dict:
    """A free-scoring match to 50, lowest wins, over in one hand."""
    return {"format": "scorekeeper.match/1", "variant": "free", "players": list(points), "rules": {"target": 50},
            "entries": [{"kind": "hand", "end": "scores", "held": {n: {"points": p} for n, p in points.items()}}],
            "status": "finished", "created_at": when, "finished_at": when}


def _document() -> dict:
    return {"format": "scorekeeper.table/1", "name": "Sunday", "players": ["Ann", "Ben", "Cat", "Dan"], "matches": [
        _free({"Ann": 60, "Ben": 1, "Cat": 70}, "2026-11-01T20:00:00"),
        _canasta("K-8 K-1 to K-3 with target = 1500", "2026-11-02T20:00:00"),  # Ann & Cat win
        _free({"Ann": 55, "Ben": 3}, "2026-11-03T20:00:00"),
        _canasta("K-5 Cat held 10 more", "2026-11-04T20:00:00"),  # Ben & Dan win
        _canasta("K-8 K-1 to K-3 with target = 1500", "2026-11-05T20:00:00"),
        _free({"Cat": 2, "Ben": 80, "Ann": 51}, "2026-11-06T20:00:00"),
    ]}


def _shoot(page: Page, name: str, where) -> None:
    SHOTS.mkdir(exist_ok=True)
    where.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"ratings-{name}.png"))  # the viewport, as the phone shows it


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _import(page: Page, table: str) -> None:
    page.goto(table + "/import")
    page.locator('input[type="file"]').set_input_files(
        {"name": "sunday.json", "mimeType": "application/json", "buffer": json.dumps(_document()).encode()})
    page.locator("form button.primary").click()
    expect(page).to_have_url(re.compile(r"/history$"))


@pytest.fixture
def italian(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, locale="it-IT")
    yield context.new_page()
    context.close()


def test_ratings_on_a_phone_in_english_and_italian(page: Page, italian: Page, live_server: str):
    table = new_table(page, live_server, ["Ann", "Ben", "Cat", "Dan"])
    _import(page, table)

    # the stats page: both games, each player's number, the matches, the line, the best partnership
    page.goto(table + "/stats")
    box = page.locator("#ratings")
    expect(box.get_by_role("heading", name="Ratings")).to_be_visible()
    free = box.locator("table").nth(0)
    expect(free.get_by_role("caption")).to_have_text("Ratings in Free scoring")
    expect(free.locator("tbody tr")).to_have_count(3)
    expect(free.locator("tbody tr").first.locator("th")).to_have_text("Ben")  # won two of three
    expect(free.locator("tbody tr", has_text="Ben").locator("td").nth(1)).to_have_text("3")
    expect(free.locator("svg.spark")).to_have_count(3)
    canasta = box.locator("table").nth(1)
    expect(canasta.get_by_role("caption")).to_have_text("Ratings in Canasta")
    expect(canasta.locator("tbody tr")).to_have_count(4)
    expect(box.locator(".best-partnership")).to_contain_text("Best partnership: Ann & Cat")
    expect(box.get_by_text("provisional").first).to_be_visible()
    _shoot(page, "stats", box)
    _fits(page)
    axe = Axe()
    assert _serious(axe.run(page)) == []
    page.emulate_media(color_scheme="dark")
    assert _serious(axe.run(page)) == []
    _shoot(page, "stats-dark", box)
    page.emulate_media(color_scheme="light")

    # a finished match says how it moved each rating
    page.goto(table + "/history")
    page.get_by_role("link", name=re.compile("Free scoring")).first.click()
    page.goto(page.url.replace("/history", ""))
    moves = page.locator(".rating-moves")
    expect(moves).to_contain_text("Cat +")
    expect(moves).to_contain_text("beat")
    _fits(page)
    _shoot(page, "result", page.locator("#result"))
    assert _serious(axe.run(page)) == []

    # the new-match page: the chances of the seated players, drawn again as they are tapped
    page.goto(table + "/matches/new?variant=free")
    page.wait_for_load_state("load")
    page.locator(".seat-clear").click()
    taps = page.locator(".seat-taps")
    for name in ("Ann", "Ben", "Cat"):
        taps.get_by_role("button", name=name, exact=True).click()
    chances = page.locator("#chances")
    expect(chances.locator("li")).to_have_count(3)
    expect(chances).to_contain_text("Chances to win, by the ratings:")
    percents = [int(re.search(r"(\d+)%", t).group(1)) for t in chances.locator("li").all_inner_texts()]
    assert 98 <= sum(percents) <= 102 and percents == sorted(percents, reverse=True)
    _fits(page)
    _shoot(page, "chances", chances)
    assert _serious(axe.run(page)) == []
    taps.get_by_role("button", name="Dan", exact=True).click()
    expect(chances).to_contain_text("No chances yet: Dan has no rated match of this game.")
    expect(chances.locator("li")).to_have_count(0)

    # in Italian
    it = italian
    it.goto(table + "/stats")
    expect(it.locator("html")).to_have_attribute("lang", "it")
    box = it.locator("#ratings")
    expect(box.get_by_role("heading", name="Valutazioni")).to_be_visible()
    expect(box).to_contain_text("provvisoria")
    expect(box.locator(".best-partnership")).to_contain_text("Coppia migliore: Ann & Cat")
    _fits(it)
    _shoot(it, "stats-it", box)
    it.goto(table + "/matches/new?variant=canasta")
    it.wait_for_load_state("load")
    it.locator(".seat-clear").click()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        it.locator(".seat-taps").get_by_role("button", name=name, exact=True).click()
    chances = it.locator("#chances")
    expect(chances).to_contain_text("Probabilità di vincere, secondo le valutazioni:")
    expect(chances.locator("li")).to_have_count(2)  # two sides, partners opposite
    expect(chances.locator("li").first).to_contain_text("&")
    _fits(it)
    _shoot(it, "chances-it", chances)
    it.goto(table + "/history")
    it.get_by_role("link", name=re.compile("Canasta")).first.click()
    it.goto(it.url.replace("/history", ""))
    expect(it.locator(".rating-moves")).to_contain_text("in coppia con")
    _shoot(it, "result-it", it.locator("#result"))
