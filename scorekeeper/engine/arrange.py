"""The solver's public names, where the engine and its callers import them: ``arrange``,
``best_discard``, ``layoff``, ``check_declared``, ``arrangements`` and their answer types.

The solver itself is the package ``scorekeeper.engine.solver`` (the general search, the fast path,
declared melds and lay-offs, the bounded cache of tables); this module only names what it offers, so
that ``from scorekeeper.engine.arrange import arrange`` works as it always has. The variants call the
solver through this module's attributes, so replacing one here (as a test does) replaces it for them.
"""

from __future__ import annotations

from .solver import Arrangement, DeclaredCheck, arrange, arrangements, best_discard, check_declared, layoff

__all__ = ["Arrangement", "DeclaredCheck", "arrange", "best_discard", "layoff", "check_declared", "arrangements"]
