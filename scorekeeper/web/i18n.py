"""The web's languages: which one a page is drawn in, the catalogs it is drawn from, and how the
engine's words, numbers, money and dates are said in it.

The language is the one chosen with the switch on every page (kept in the session), else the best
match for the browser's ``Accept-Language``, else English. Two catalog domains live under
``scorekeeper/translations/<lang>/LC_MESSAGES/``: ``messages`` (templates and the web's Python) and
``engine`` (the sentences of ``scorekeeper.engine`` and ``scorekeeper.service``, rendered here with
``engine.i18n.translated``).
Only the ``.po`` files are kept in the repository: the ``.mo`` files Flask-Babel reads are compiled
from them at start-up, into the instance folder, whenever one is missing or older than its ``.po``
(see the README's translation commands). A game installed from another package ships its own catalogs
(``Variant.files().translations``), read beside the app's as the app starts.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import tempfile
from collections.abc import Mapping
from decimal import Decimal, localcontext
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel import Locale
from babel.numbers import format_decimal
from babel.dates import format_date as babel_format_date, format_datetime as babel_format_datetime
from flask import (Flask, Response, abort, current_app, has_app_context, has_request_context, redirect, request,
                   session, url_for)
from flask_babel import Babel, Domain, force_locale, get_locale
from flask_babel.speaklater import LazyString
from markupsafe import escape

from .assets import HASH_ARG, Asset
from .bidi import with_names_isolated
from ..engine.i18n import message_of, translated

#: the languages a page can be drawn in, each named in its own language (the switch shows the name)
LANGUAGES = {"en": "English", "it": "Italiano"}
DEFAULT = "en"
DOMAINS = ("messages", "engine")
#: the catalogs' sources (.po), inside the package so a plain install carries them
SOURCES = Path(__file__).resolve().parents[1] / "translations"
MINUS = "\u2212"


def _once_a_request(key: str, make: Callable[[], Any]) -> Any:
    """``make()``, worked out once a request and kept with it (an app context may outlive a request).

    The page's language and its catalogs: Flask-Babel finds them again for every word (the request's
    context, then the locale written out as a key), which on a 200-hand page costs more than the words
    themselves; the language does not change while a page is drawn."""
    environ = request.environ
    found = environ.get(key)
    if found is None:
        found = environ[key] = make()
    return found


class _PageDomain(Domain):
    """A catalog domain whose catalog is found once a request."""

    def get_translations(self):
        if not has_request_context():
            return super().get_translations()
        return _once_a_request("scorekeeper.catalog." + self.domain[0], super().get_translations)


babel = Babel()
#: the web's own words (templates, forms, messages)
messages_domain = _PageDomain(domain="messages")
#: the engine's catalog domain: its words are looked up here, never in ``messages``
engine_domain = _PageDomain(domain="engine")


class _Lazy(LazyString):
    """Flask-Babel's lazy string, escaped like any other text on a page (Flask-Babel's own is trusted
    as markup: a field's error "Type the player's name." would reach the page unescaped)."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """``gettext`` said when the text is used, in the language of the page using it (form labels,
    module-level words)."""
    return _Lazy(messages_domain.gettext, string, **variables)


_l = lazy_gettext

#: the scripts' own words (static/js/*.js), keyed by their English, by the script that says them; "%s"
#: stands for a value. A page not in English carries the words of app.js and of its own scripts
#: (``page_js``) as JSON (#sk-words in templates/shared/_layout.html); the words of a script app.js loads
#: only when a page needs it (the card picker's, the offline queue's) come with that script, from
#: ``/words/<lang>/<script>.js`` (``script_words``), so that a page is not heavier for a script it never loads
JS_WORDS: Mapping[str, tuple[LazyString, ...]] = MappingProxyType({
    "app": (_l("Copied"), _l("Shared."), _l("Select the text above and copy it."),
            _l("Copied: paste it in your chat."),
            _l("Offline: last updated at %s. Hands you save are kept on this phone and sent when the connection "
               "returns.")),
    "match": (_l("Not saved: no connection. What you typed is kept: tap Save again when you are back online."),
              _l("Not saved: the server could not save it (error %s). What you typed is kept: try again.")),
    "offline": (
        _l("a hand"), _l("Not saved yet: the hand typed at %s is back."), _l("Discard it"), _l("not sent yet"),
        _l("sending…"), _l("refused"), _l("conflict"), _l("Not sent yet (%s)"), _l("Keep theirs"),
        _l("Add mine as the next hand"), _l("Edit"), _l("Drop it"), _l("The server refused this hand."),
        _l("Not sent: the sheet changed on another phone. Check the scores, then keep theirs or add mine as the "
           "next hand."),
        _l("Fix the hand, then save: it keeps its place among the hands not sent yet."),
        _l("Kept on this phone after the hands not sent yet; it will be sent in order."),
        _l("No connection: the hand is kept on this phone (not sent yet) and will be sent when the connection "
           "returns. Record the next hand."),
        _l("match over"), _l("Copied"), _l("Copy"), _l("Not sent (%s)"), _l("Hand %s"), _l("1 hand sent."),
        _l("%s hands sent."),
        _l("Not sent: this match is over. Copy what was typed if you need it, or discard it."),
        _l("Not sent: this match was ended early. Copy what was typed if you need it, or discard it.")),
    "picker": (
        _l("Remove %s"), _l("joker as %s"), _l("joker"), _l("%s of spades"), _l("%s of hearts"),
        _l("%s of diamonds"), _l("%s of clubs"), _l("ace"), _l("jack"), _l("queen"), _l("king"), _l("spades"),
        _l("hearts"), _l("diamonds"), _l("clubs"), _l("%s: every card by rank and suit"),
        _l("%s: every number in every colour")),
})
#: the scripts app.js loads when a page needs them (data-load-* on its tag), each with its own words
ON_DEMAND = ("picker", "offline")


def js_words(page_js: Iterable[str] = ()) -> dict[str, str]:
    """The words of app.js and of the page's own scripts (``page_js``, by name: "match"), in its language."""
    return {word._args[0]: str(word) for script in ("app", *page_js) for word in JS_WORDS.get(script, ())}


def script_words(script: str, lang: str) -> Asset:
    """The words of ``script``, one that app.js loads on demand, in ``lang``: a script that adds them to
    the page's (``scorekeeperWords.add`` in static/js/app.js), run just before ``script``. Made once per
    language and kept; served as a static file is (compressed, named by its content)."""
    kept = current_app.extensions.setdefault("scorekeeper.script_words", {})
    if (lang, script) not in kept:
        with force_locale(lang):
            # the language asked for, not the one this request found and kept (_PageDomain)
            catalog = Domain.get_translations(messages_domain)
        words = {word._args[0]: catalog.ugettext(word._args[0]) for word in JS_WORDS[script]}
        body = "window.scorekeeperWords.add(" + json.dumps(words, ensure_ascii=False, sort_keys=True) + ");\n"
        kept[lang, script] = Asset(body.encode("utf-8"), "text/javascript")
    return kept[lang, script]


def script_words_url(script: str) -> str | None:
    """Where the page finds ``script``'s words in its language; None in English (the scripts speak it)."""
    lang = current_language()
    if lang == DEFAULT:
        return None
    return url_for("script_words_file", lang=lang, script=script, v=script_words(script, lang).digest)


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
        os.chmod(temporary, 0o644)  # mkstemp's file is private; a catalog is not
        os.replace(temporary, mo)
        written.append(mo)
    return written


def select_locale() -> str:
    if not has_request_context():  # a command (export, import) speaks English
        return DEFAULT
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT)


def current_language() -> str:
    """The page's language code ("en", "it")."""
    if not has_request_context():
        return str(get_locale() or DEFAULT) if has_app_context() else DEFAULT
    return _once_a_request("scorekeeper.language", lambda: str(get_locale() or DEFAULT))


def safe_next(target: str | None) -> str:
    """A path on this site to go back to after switching language; anything else goes home."""
    if not target:
        return url_for("home.index")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") \
            or "\\" in target:
        return url_for("home.index")
    return target


def speak(text: Any, currency: str | None = None) -> str:
    """The engine's words (a ``Message``) in the page's language, numbers written the locale's way
    and amounts of money (a rebuy's stake) in ``currency``, the table's; plain text (a player's name,
    a card) as it is."""
    def number(value: int | Decimal) -> str:
        return money(value, currency) if isinstance(value, Decimal) else whole(value)
    # a name told of in the sentence cannot reorder the words around it (scorekeeper.web.bidi)
    return translated(with_names_isolated(text), engine_domain.get_translations(), number=number)


def whole(value: int | float | None) -> str:
    """A whole number the locale's way, with the true minus sign: 1,000 / 1.000 / −10. An average
    (a float) is written the same way, its tenths after the locale's decimal sign (2,030 / 203,5)."""
    if value is None:
        return ""
    if isinstance(value, float):
        if not value.is_integer():
            text = format_decimal(abs(value), locale=current_language())
            return f"{MINUS}{text}" if value < 0 else text
        value = int(value)
    size = abs(value)
    # most numbers on a sheet are under 1,000, which every language offered writes as plain digits:
    # no need to ask which language the page is in (a 200-hand sheet writes over a thousand of them)
    text = str(size) if size < _PLAIN_BELOW else _grouped(size, current_language())
    return f"{MINUS}{text}" if value < 0 else text


#: 1,000 when every language offered writes 0 to 999 as plain Latin digits (a language that does not
#: turns the shortcut off)
_PLAIN_BELOW = 1000 if all(format_decimal(n, locale=code) == str(n) for code in LANGUAGES for n in (0, 7, 999)) else 0


@lru_cache(maxsize=4096)
def _grouped(value: int, locale: str) -> str:
    # Babel's formatting costs tens of microseconds a number, and a 200-hand scoreboard writes
    # hundreds of them, mostly the same few: remembered per language (a bounded cache).
    if isinstance(value, (float, Decimal)) and not math.isfinite(value):
        return str(value)  # an infinite or not-a-number float, quoted back from an import
    # counted from the bits: str() of a number of thousands of digits is itself refused by Python
    digits = int(abs(int(value)).bit_length() * 0.30103) + 1
    with localcontext() as context:
        # Babel works in the current decimal context (28 digits): a longer number (one a refusal quotes
        # back from an import) would fail to be written at all
        context.prec = max(context.prec, digits + 4)
        return format_decimal(value, locale=locale)


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


def date(value: dt.date | dt.datetime | None) -> str:
    """A day the locale's way, day first as the pages always wrote it: "30 Nov 2026" / "30 nov 2026"."""
    if value is None:
        return ""
    return babel_format_date(value, format="dd MMM y", locale=current_language())


def when(value: dt.datetime | None) -> str:
    """A day and a time (stored in UTC): "30 Nov 2026, 21:05" / "30 nov 2026, 21:05"."""
    if value is None:
        return ""
    return babel_format_datetime(value, format="dd MMM y, HH:mm", locale=current_language())


def game_catalogs(target: Path) -> list[Path]:
    """The catalogs of the games installed from other packages (``Variant.files().translations``: each
    ``<lang>/LC_MESSAGES/*.po``, compiled here, or a ``.mo`` shipped as it is), each package's under
    ``target``: the folders to read them from."""
    from ..engine.variants import VARIANTS, package_of

    folders: dict[Path, Path] = {}
    for key, variant in VARIANTS.items():
        source = variant.files().translations
        if source is None or source in folders or not source.is_dir():
            continue
        into = target / f"{len(folders) + 1}-{package_of(key)}"
        compile_catalogs(source, into)
        for mo in source.glob("*/LC_MESSAGES/*.mo"):
            copied = into / mo.relative_to(source)
            if not mo.with_suffix(".po").exists() and (not copied.exists()
                                                        or copied.stat().st_mtime < mo.stat().st_mtime):
                copied.parent.mkdir(parents=True, exist_ok=True)
                copied.write_bytes(mo.read_bytes())
        folders[source] = into
    return list(folders.values())


def init_app(app: Flask) -> None:
    compiled = Path(app.instance_path) / "translations"
    compile_catalogs(SOURCES, compiled)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    # a game installed from another package says its words from its own catalogs (read first, so that
    # where it shares a sentence with the app the app's reviewed words are the ones said)
    games = game_catalogs(Path(app.instance_path) / "game-translations")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join([*map(str, games), str(compiled)])
    # Flask-Babel keeps each language's catalog on the domain, which outlives an app: an app made
    # after another in one process (the games installed since) must read its own folders
    messages_domain.cache.clear()
    engine_domain.cache.clear()
    babel.init_app(app, locale_selector=select_locale)
    # the default domain and the templates' gettext find the page's catalog once a request
    babel.domain_instance = messages_domain
    page = messages_domain.get_translations
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: page().ugettext(s), ngettext=lambda s, p, n: page().ungettext(s, p, n), newstyle=True,
        pgettext=lambda c, s: page().upgettext(c, s), npgettext=lambda c, s, p, n: page().unpgettext(c, s, p, n))
    # {% trans %} blocks drop their line breaks and indentation, as extraction does (babel.cfg)
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    @app.get("/lang/<code>")
    def choose_language(code: str) -> Response:
        # a plain link (works without JavaScript); changes nothing but this visitor's own session
        if code not in LANGUAGES:
            abort(404)
        session["lang"] = code
        return redirect(safe_next(request.args.get("next")), 303)

    @app.get("/words/<lang>/<script>.js")
    def script_words_file(lang: str, script: str) -> Response:
        # in the language the URL names (the page's, which put it there), whatever this visitor's session says
        if lang not in LANGUAGES or lang == DEFAULT or script not in ON_DEMAND:
            abort(404)
        asset = script_words(script, lang)
        return asset.response(immutable=request.args.get(HASH_ARG) == asset.digest)

    @app.after_request
    def vary_on_language(response: Response) -> Response:
        # the same URL is drawn in the language the browser asks for: caches keep them apart
        response.vary.add("Accept-Language")
        return response

    @app.context_processor
    def language_globals() -> dict[str, Any]:
        here = request.full_path.rstrip("?") if request.method == "GET" else request.path
        return {"page_lang": current_language(), "languages": LANGUAGES, "lang_next": here, "js_words": js_words,
                "script_words_url": script_words_url}

    app.add_template_filter(date, "date")
    app.add_template_filter(when, "when")


def refusal(error: BaseException) -> str:
    """What an error says (the engine's refusal, or the web's own), in the page's language."""
    return speak(message_of(error))
