"""The service: what is stored and how it changes, between the engine and the web.

It owns the database's tables (``models``), the one set of loaders (``loaders``), a table opened and
its roster with the roster's rules (``tables``), the match document and the replay memo, saving with
its three guarantees and undo (``matches``), imports (``importing``) and exports (``exporting``), a
table's named house rules (``presets``), each match's kept summary and the stats counted from it
(``summaries``, ``stats``), the ratings rated from those summaries (``ratings``), and what a player's
tapped cards are worth under a match's rules (``worth``). It imports the engine and SQLAlchemy, never
Flask or the web: its session comes from ``store`` (bound by the web's factory, or by a script), a
missing row is its own ``NotFound``, and what it refuses is a ``Refusal`` whose words are the engine's
kind of message, said by whoever shows it, in their language. Layers import in one order only: engine,
service, web (``tests/test_layers.py``).

The names most callers need are here: ``from scorekeeper import service``; ``service.find_table(...)``,
``service.add_entry(...)``.
"""

from __future__ import annotations

from . import matches, store
from .errors import NotFound, Refusal
from .loaders import (WITH_ENTRIES, WITH_PLAYERS, WITH_SEATS, find_entry, find_match, find_player, find_preset,
                      find_table, find_viewed_match, match_by_id, match_of_table, tables_by_token, viewed_version)
from .matches import *  # noqa: F403 - the matches API is the service's main one
from .matches import __all__ as _matches_all

__all__ = ["NotFound", "Refusal", "WITH_ENTRIES", "WITH_PLAYERS", "WITH_SEATS", "find_entry", "find_match",
           "find_player", "find_preset", "find_table", "find_viewed_match", "match_by_id", "match_of_table", "matches",
           "store", "tables_by_token", "viewed_version", *_matches_all]
