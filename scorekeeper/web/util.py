"""Small web helpers shared by the blueprints: the forms' base and the one-button CSRF form, htmx-aware
rendering (one template, two uses: the whole page normally, only its fragment for an htmx request), and
how numbers and money are written on every page (one minus sign, U+2212; one currency per table)."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from babel.support import Translations
from flask import current_app, render_template, request
from flask_wtf import FlaskForm
from wtforms import SelectChoice
from wtforms.i18n import messages_path

from .i18n import LANGUAGES, MINUS, current_language, whole


@lru_cache(maxsize=len(LANGUAGES))
def _wtforms_catalog(language: str) -> Translations:
    return Translations.load(messages_path(), [language], domain="wtforms")


class Form(FlaskForm):
    """Every form's base: its hidden CSRF field is drawn without an ``id``, so a page with several
    forms (the scoreboard's buttons, the roster's rename boxes) never repeats one (valid HTML, and no
    label can point at the wrong field)."""

    class Meta:
        def render_field(self, field, render_kw):
            if field.type == "CSRFTokenField":
                render_kw = {**render_kw, "id": False}
            return super().render_field(field, render_kw)

        def get_translations(self, form):
            # WTForms' own words ("Not a valid choice.") in the page's language, from its catalog read
            # once per language: Flask-WTF reads it from disk again for every request that draws a form
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return _wtforms_catalog(current_language())


class ButtonForm(Form):
    """A form with nothing but its CSRF token: every state-changing button is one of these."""


def wants_fragment() -> bool:
    """An htmx request gets the fragment, except a history restore, which needs the whole page."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def render_page(page: str, fragment: str, status: int = 200, **context: Any):
    """Render ``page`` (which includes ``fragment``) or, for htmx, only ``fragment``."""
    return render_template(fragment if wants_fragment() else page, **context), status


def choices(pairs) -> list[SelectChoice]:
    """Select or radio choices from (value, label) pairs."""
    # a lazily translated label stays lazy: it is said in the language of the page that draws it
    return [SelectChoice(str(value), str(label) if isinstance(label, (int, float)) else label)
            for value, label in pairs]


_HYPHEN_MINUS = re.compile(r"(?<![\w-])-(?=\d)")


def minus_signs(text: str | None) -> str:
    """Text from elsewhere (an engine explanation, "typed -10") with the true minus sign."""
    return _HYPHEN_MINUS.sub(MINUS, text or "")


def signed(value: int | None) -> str:
    """A hand's score with its sign: +23, ±0, \u22125."""
    if value is None:
        return ""
    return f"+{whole(value)}" if value > 0 else ("±0" if value == 0 else whole(value))
