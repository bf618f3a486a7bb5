"""The web's languages: which one a page is drawn in, the catalogs it is drawn from, and how the
engine's words, numbers, money and dates are said in it.

The language is the one chosen with the switch on every page (kept in the session), else the best
match for the browser's ``Accept-Language``, else English. Two catalog domains live under
``scorekeeper/translations/<lang>/LC_MESSAGES/``: ``messages`` (templates and the web's Python) and
``engine`` (the sentences of ``scorekeeper.engine``, rendered here with ``engine.i18n.translated``).
Only the ``.po`` files are kept in the repository: the ``.mo`` files Flask-Babel reads are compiled
from them at start-up, into the instance folder, whenever one is missing or older than its ``.po``
(see the README's translation commands).
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel import Locale
from babel.numbers import format_decimal
from babel.dates import format_date as babel_format_date
from flask import Flask, Response, abort, redirect, request, session, url_for
from flask_babel import Babel, Domain, get_locale

from .engine.i18n import translated

#: the languages a page can be drawn in, each named in its own language (the switch shows the name)
LANGUAGES = {"en": "English", "it": "Italiano"}
DEFAULT = "en"
DOMAINS = ("messages", "engine")
#: the catalogs' sources (.po), inside the package so a plain install carries them
SOURCES = Path(__file__).resolve().parent / "translations"
MINUS = "\u2212"

babel = Babel()
#: the engine's catalog domain: its words are looked up here, never in ``messages``
engine_domain = Domain(domain="engine")


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Compile every ``.po`` under ``source`` into the same layout under ``target``, when its ``.mo``
    is missing or older. Written to a temporary file and moved into place, so two workers starting at
    once never read half a catalog. Returns the ``.mo`` files written."""
    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, domain=po.stem)
        handle, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo")
        with os.fdopen(handle, "wb") as f:
            write_mo(f, catalog)
        os.replace(temporary, mo)
        written.append(mo)
    return written


def select_locale() -> str:
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT)


def current_language() -> str:
    return str(get_locale() or DEFAULT)


def safe_next(target: str | None) -> str:
    """A path on this site to go back to after switching language; anything else goes home."""
    if not target:
        return url_for("home.index")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") \
            or "\\" in target:
        return url_for("home.index")
    return target


def speak(text: Any) -> str:
    """The engine's words (a ``Message``) in the page's language, numbers written the locale's way;
    plain text (a player's name, a card) as it is."""
    return translated(text, engine_domain.get_translations(), number=whole)


def whole(value: int | None) -> str:
    """A whole number the locale's way, with the true minus sign: 1,000 / 1.000 / −10."""
    if value is None:
        return ""
    text = format_decimal(abs(value), locale=current_language())
    return f"{MINUS}{text}" if value < 0 else text


def money(amount: Decimal | str | int | None, currency: str | None = None) -> str:
    """An amount in the table's currency the locale's way: "€40.00" and "40.00 CHF" in English,
    "40,00 €" and "40,00 CHF" in Italian. The table's own symbol is kept; a one-character symbol goes
    where the locale puts its currency sign, a code (CHF, kr) always after the amount."""
    if amount is None or amount == "":
        return ""
    value = Decimal(str(amount)).quantize(Decimal("0.01"))
    locale = current_language()
    text = format_decimal(abs(value), format="#,##0.00", locale=locale)
    text = f"{MINUS}{text}" if value < 0 else text
    symbol = (currency or "").strip()
    if not symbol:
        return text
    sign_first = Locale.parse(locale).currency_formats["standard"].pattern.startswith("¤")
    return f"{symbol}{text}" if sign_first and len(symbol) == 1 else f"{text}\u00a0{symbol}"


def date(value: dt.date | dt.datetime | None, format: str = "medium") -> str:
    """A date the locale's way: "Nov 30, 2026" / "30 nov 2026"."""
    if value is None:
        return ""
    return babel_format_date(value, format=format, locale=current_language())


def init_app(app: Flask) -> None:
    compiled = Path(app.instance_path) / "translations"
    compile_catalogs(SOURCES, compiled)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compiled)
    babel.init_app(app, locale_selector=select_locale)
    # {% trans %} blocks drop their line breaks and indentation, as extraction does (babel.cfg)
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    @app.get("/lang/<code>")
    def choose_language(code: str) -> Response:
        # a plain link (works without JavaScript); changes nothing but this visitor's own session
        if code not in LANGUAGES:
            abort(404)
        session["lang"] = code
        return redirect(safe_next(request.args.get("next")), 303)

    @app.context_processor
    def language_globals() -> dict[str, Any]:
        here = request.full_path.rstrip("?") if request.method == "GET" else request.path
        return {"page_lang": current_language(), "languages": LANGUAGES, "lang_next": here}

    app.add_template_filter(speak, "speak")
    app.add_template_filter(date, "date")
