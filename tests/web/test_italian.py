"""Every main page in Italian: each word the pages ask the catalog for has an Italian translation, and no
English is left on the screens of a match (scoreboard, hand form, a hand's page, meld checker, history,
stats, spectator pages). The engine's own sentences are checked too once its Italian catalog exists
(scorekeeper/translations/it/LC_MESSAGES/engine.po); until then they are set aside. Numbers, money and
dates are written the Italian way; English pages keep today's words."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import Domain

import scorekeeper.web.i18n as web_i18n
from scorekeeper.service import models
from scorekeeper.web.extensions import db

TRANSLATIONS = web_i18n.SOURCES / "it" / "LC_MESSAGES"
ENGINE_CATALOG = TRANSLATIONS / "engine.po"

#: words that are English only in English text (names of games, of the app, of formats stay)
KEPT = {"Scorekeeper", "Hand and Foot", "Ramino", "Rumino", "Gin", "Rummy", "Oklahoma", "Kalooki", "Russian", "English",
        "JSON", "CSV", "SVG", "UTC", "QR", "JavaScript", "undercut", "Jkr", "JKR", "bonus", "standard",
        "online", "offline", "link", "Offline", "Online", "Link", "Bonus", "Standard", "ok"}
#: English words that give away an untranslated sentence
ENGLISH = re.compile(r"\b(the|and|of|with|your|this|hand|hands|match|matches|player|players|points|Save|"
                     r"Total|Score|Standings|Rebuy|Undo|Redo|Knock|knock|Deadwood|deadwood|New|Edit|Delete|"
                     r"History|Stats|Chart|Rules|rules|Pot|wins|Check|meld|melds|cards|Cards|Hand|Match|"
                     r"Players|Who|How|What|Out|out|yes|none|Home|Back|Share|Import|Export|table|Table)\b")


def _msgids(catalog_path: Path) -> dict:
    with catalog_path.open("rb") as f:
        catalog = read_po(f, locale="it")
    return {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in catalog if m.id}


@pytest.fixture
def asked(monkeypatch):
    """Every msgid a page asks the web catalog for."""
    seen: set[str] = set()
    gettext, ngettext = Domain.gettext, Domain.ngettext

    def spy_gettext(self, string, **variables):
        if self.domain == "messages":
            seen.add(string)
        return gettext(self, string, **variables)

    def spy_ngettext(self, singular, plural, num, **variables):
        if self.domain == "messages":
            seen.add(singular)
        return ngettext(self, singular, plural, num, **variables)

    monkeypatch.setattr(Domain, "gettext", spy_gettext)
    monkeypatch.setattr(Domain, "ngettext", spy_ngettext)
    return seen


@pytest.fixture
def engine_marked(monkeypatch):
    """Until the engine's Italian catalog exists, its sentences are fenced off with ⟦ ⟧ (then left out
    of the English check); once it exists they are checked like every other word."""
    if ENGINE_CATALOG.exists():
        return
    translated = web_i18n.translated

    def fenced(text, translations=None, number=None):
        said = translated(text, translations, number)
        return f"⟦{said}⟧" if said.strip() else said

    monkeypatch.setattr(web_i18n, "translated", fenced)


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    attributes = " ".join(re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', page))
    text = re.sub(r"<[^>]+>", " ", page) + " " + attributes
    text = html.unescape(text)
    return re.sub(r"⟦.*?⟧", " ", text, flags=re.S)


def leftover_english(page: str, names: set[str]) -> list[str]:
    text = visible_text(page)
    for name in sorted(names | KEPT, key=len, reverse=True):
        text = text.replace(name, " ")
    found = []
    for line in text.splitlines():
        if ENGLISH.search(line):
            found.append(line.strip()[:120])
    return found


NAMES = {"Anna", "Bruno", "Carla", "Giovedì sera"}


def build(scorer, app):
    """A table with a Ramino match (a hand entered as cards), a Gin match (a knock), and a finished Rumino
    match with a stake; returns the pages to look at."""
    scorer.client.get("/lang/it?next=/")
    scorer.create_table("Giovedì sera")
    scorer.add_players("Anna", "Bruno", "Carla")
    ramino = scorer.start_match("ramino", ["Anna", "Bruno", "Carla"])
    assert scorer.record(ramino, by="Anna", end="out",
                        cards={"Bruno": "KS QH 9C", "Carla": "5D 6D"}).status_code == 302
    gin = scorer.start_match("gin", ["Anna", "Bruno"])
    assert scorer.record(gin, by="Anna", end="knock", melds="3H 4H 5H | 8S 8D 8C | JC QC KC",
                        points={"Anna": 1}, cards={"Bruno": "9D 9H 9S 5C 6C 7C 6H 10C KD 4S"}).status_code == 302
    rumino = scorer.start_match("rumino", ["Anna", "Bruno", "Carla"], stake="20", rules={"elimination_at": 30})
    for _ in range(3):
        response = scorer.record(rumino, by="Carla", end="knock", points={"Anna": 25, "Bruno": 20, "Carla": 2})
        if response.status_code != 302:
            break
    with app.app_context():
        view = db.session.get(models.Match, ramino).view_token
        hand = db.session.get(models.Match, ramino).entries[0].id
    t = scorer.token
    return [
        "/", f"/t/{t}", f"/t/{t}/matches/new", f"/t/{t}/matches/new?variant=ramino",
        f"/t/{t}/m/{ramino}", f"/t/{t}/m/{ramino}/hands/new", f"/t/{t}/m/{ramino}/hands/{hand}",
        f"/t/{t}/m/{ramino}/hands/{hand}/edit",
        f"/t/{t}/m/{gin}", f"/t/{t}/m/{gin}/hands/new", f"/t/{t}/m/{rumino}",
        f"/t/{t}/history", f"/t/{t}/m/{ramino}/history", f"/t/{t}/stats", f"/t/{t}/import",
        f"/t/{t}/m/{ramino}/chart", f"/t/{t}/m/{ramino}/chart.svg",
        "/tables/new", "/melds", "/melds?variant=gin&mode=hand&cards=3h+4h+5h+8s+8d+8c+jc+qc+kc+9d",
        "/melds?variant=ramino&cards=5h+6h+7h", "/melds?variant=ramino&cards=5h+6d+9h",
        f"/v/{view}", f"/v/{view}/summary", f"/t/{t}/m/{gin}/history", "/nowhere",
    ]


def test_every_page_in_italian_uses_only_translated_words(scorer, app, client, asked, engine_marked):
    pages = build(scorer, app)
    catalog = _msgids(TRANSLATIONS / "messages.po")
    problems = {}
    for url in pages:
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        page = response.get_data(as_text=True)
        assert '<html lang="it">' in page or url.endswith(".svg"), url
        english = leftover_english(page, NAMES)
        if english:
            problems[url] = english
    untranslated = sorted(m for m in asked if not catalog.get(m))
    assert untranslated == [], "asked for but not in the Italian catalog"
    for url, lines in problems.items():
        print("LEFTOVER", url, lines)
    assert problems == {}


def test_english_stays_the_default(scorer, app, client):
    scorer.create_table("Thursday night")
    page = client.get(f"/t/{scorer.token}").get_data(as_text=True)
    assert '<html lang="en">' in page and "Add player" in page and 'id="sk-words"' not in page


def test_italian_numbers_money_and_dates(scorer, app, client):
    from scorekeeper.web.i18n import money, whole

    with app.test_request_context(headers={"Accept-Language": "it"}):
        assert whole(1000) == "1.000" and whole(-10) == "\u221210"
        assert money("40", "€") == "40,00\u00a0€" and money("1234.5", "CHF") == "1.234,50\u00a0CHF"
    with app.test_request_context():
        assert whole(1000) == "1,000" and money("40", "€") == "€40.00" and money("40", "CHF") == "40.00\u00a0CHF"
    scorer.client.get("/lang/it?next=/")
    scorer.create_table("Giovedì sera")
    scorer.add_players("Anna", "Bruno", "Carla")
    rumino = scorer.start_match("rumino", ["Anna", "Bruno", "Carla"], stake="20")
    page = client.get(f"/t/{scorer.token}/m/{rumino}").get_data(as_text=True)
    assert "Piatto <strong>60,00" in page
    history = client.get(f"/t/{scorer.token}/m/{rumino}/history").get_data(as_text=True)
    assert re.search(r"\d{2} [a-z]{3} \d{4}, \d{2}:\d{2} UTC", history), "a date the Italian way"
    # a house rule's standard value is a number like any other: Ramino's match to 1.000 points
    new_match = client.get(f"/t/{scorer.token}/matches/new?variant=ramino").get_data(as_text=True)
    assert "Standard: 1.000." in new_match and "Standard: 1000." not in new_match


def _page_words(page: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="sk-words">(.*?)</script>', page, re.S)
    return json.loads(html.unescape(found.group(1))) if found else {}


def test_an_italian_page_carries_the_words_of_its_scripts_only(scorer, client):
    """app.js's words on every page, match.js's on a match's; the card picker's and the offline queue's
    in files of their own that app.js loads with those scripts (none on an English page)."""
    scorer.client.get("/lang/it?next=/")
    scorer.create_table("Giovedì sera")
    scorer.add_players("Anna", "Bruno")
    match_id = scorer.start_match("free", ["Anna", "Bruno"])
    home = client.get("/").get_data(as_text=True)
    scoreboard = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert _page_words(home)["Copied"] == "Copiato"
    assert "Not saved: no connection. What you typed is kept: tap Save again when you are back online." \
        not in _page_words(home)
    assert _page_words(scoreboard)["Not saved: no connection. What you typed is kept: tap Save again when you are "
                                    "back online."].startswith("Non salvata: nessuna connessione.")
    for page in (home, scoreboard):
        assert "Not sent yet (%s)" not in _page_words(page) and "Remove %s" not in _page_words(page)
    files = dict(re.findall(r'data-load-(picker|offline)-words="([^"]+)"', scoreboard))
    assert set(files) == {"picker", "offline"}
    offline = client.get(html.unescape(files["offline"]))
    assert offline.status_code == 200 and offline.mimetype == "text/javascript"
    assert "immutable" in offline.headers["Cache-Control"]
    said = json.loads(re.fullmatch(r"window\.scorekeeperWords\.add\((.*)\);\n", offline.get_data(as_text=True), re.S)
                      .group(1))
    assert said["Not sent yet (%s)"] == "Non ancora inviate (%s)" and "Remove %s" not in said
    picker = client.get(html.unescape(files["picker"])).get_data(as_text=True)
    assert '"Remove %s": "Togli %s"' in picker
    # the URL names its words: without their digest a phone checks again
    assert client.get(html.unescape(files["offline"]).split("?")[0]).headers["Cache-Control"] == "no-cache"
    # an English page's scripts speak English: no words, no files
    scorer.client.get("/lang/en?next=/")
    english = client.get(f"/t/{scorer.token}/m/{match_id}").get_data(as_text=True)
    assert 'id="sk-words"' not in english and "-words=" not in english
    for url in ("/words/en/offline.js", "/words/it/match.js", "/words/de/picker.js"):
        assert client.get(url).status_code == 404, url


def _said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def test_meld_checker_and_free_scoring_read_as_italian(scorer, client):
    """The web puts the engine's words in its own sentences whole, never cut or patched in English:
    a rumino is named once, an opening reads as Italian, and free scoring's refusals speak of points
    (not cards) in Italian too."""
    scorer.client.get("/lang/it?next=/")
    rumino = _said(client.get("/melds", query_string={"variant": "rumino", "cards": "7S 7S 7H 7H 7D 7C JK"}))
    assert "Un rumino, 7 carte uguali" in rumino and "rumino, un rumino" not in rumino.lower()
    opening = _said(client.get("/melds", query_string={"variant": "ramino", "mode": "hand",
                                                       "cards": "QH KH AH 7S 7D 7C 2C 9D"}))
    assert "Apertura, calata in un turno: apre con 52" in opening and "opens" not in opening
    scorer.create_table("Giovedì sera")
    scorer.add_players("Anna", "Bruno")
    match_id = scorer.start_match("free", ["Anna", "Bruno"])
    refused = scorer.record_points(match_id, {"Anna": 3})
    assert refused.status_code == 422
    said = _said(refused)
    assert "scrivi i punti di Bruno" in said
    assert "carte" not in said.split("Bruno")[0][-60:] and "indica le carte o i punti" not in said
