"""Small web helpers shared by the blueprints: the forms' base and the one-button CSRF form, and htmx-aware rendering
(one template, two uses: the whole page normally, only its fragment for an htmx request)."""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_wtf import FlaskForm
from wtforms import SelectChoice


class Form(FlaskForm):
    """Every form's base: its hidden CSRF field is drawn without an ``id``, so a page with several
    forms (the scoreboard's buttons, the roster's rename boxes) never repeats one (valid HTML, and no
    label can point at the wrong field)."""

    class Meta:
        def render_field(self, field, render_kw):
            if field.type == "CSRFTokenField":
                render_kw = {**render_kw, "id": False}
            return super().render_field(field, render_kw)


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
    return [SelectChoice(str(value), str(label)) for value, label in pairs]
