"""Scorekeeper: keeps score for rummy-family card games played with real cards at a real table.

The game rules live in ``scorekeeper.engine``, a library that knows nothing of Flask; the web app is made
by ``create_app`` (``flask --app scorekeeper run``, ``gunicorn 'scorekeeper:create_app()'``). Importing
the package imports no web library until an app is made, so that the engine can be used on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from flask import Flask

#: names read from the web's modules on first use: the name, and the module and name it is read from
_FROM_THE_WEB = {"ROOT": ("config", "ROOT"), "HTMX_VERSION": ("assets", "HTMX_VERSION"),
                 "SECURITY_HEADERS": ("hooks", "SECURITY_HEADERS"),
                 "_instance_secret_key": ("config", "instance_secret_key")}


def create_app(test_config: Mapping[str, Any] | None = None) -> "Flask":
    """Make the web app (``factory.create_app``): configuration, extensions, one blueprint per feature."""
    from .web.factory import create_app as make

    return make(test_config)


def __getattr__(name: str) -> Any:
    if name in _FROM_THE_WEB:
        from importlib import import_module

        module, attribute = _FROM_THE_WEB[name]
        return getattr(import_module(f".web.{module}", __name__), attribute)
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
