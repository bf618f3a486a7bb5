"""The variant registry: every game the app keeps score for, by key, in the order the app lists them.

``find_variant`` accepts a key or an alias in any case ("Gin Rummy", "kaluki"); an unknown name raises
``UnknownVariantError``. Each entry is a ``Variant`` instance (see ``base``).

>>> list(VARIANTS)
['rumino', 'russian', 'ramino', 'gin', 'oklahoma', 'kalooki', 'rummy', 'free']
>>> find_variant("Kaluki").key
'kalooki'
>>> find_variant("canasta")
Traceback (most recent call last):
...
scorekeeper.engine.variants.base.UnknownVariantError: no variant called 'canasta'; known: rumino, russian, ramino, gin, oklahoma, kalooki, rummy, free
"""

from __future__ import annotations

from .base import InvalidRulesError, Rules, Switch, UnknownVariantError, Variant
from .free import Free
from .gin import Gin
from .kalooki import Kalooki
from .oklahoma import Oklahoma
from .ramino import Ramino
from .rumino import Rumino
from .rummy import Rummy
from .russian import Russian

#: key -> variant, in the order the new-match page lists them.
VARIANTS: dict[str, Variant] = {
    v.key: v for v in (Rumino(), Russian(), Ramino(), Gin(), Oklahoma(), Kalooki(), Rummy(), Free())
}


def _fold(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


_BY_NAME: dict[str, Variant] = {}
for _v in VARIANTS.values():
    for _name in (_v.key, _v.name, *_v.aliases):
        _BY_NAME.setdefault(_fold(_name), _v)


def find_variant(key: str) -> Variant:
    """The variant with this key, name or alias (case-insensitive; ``_``, ``-`` and spaces alike)."""
    if isinstance(key, Variant):
        return key
    if not isinstance(key, str) or _fold(key) not in _BY_NAME:
        raise UnknownVariantError(f"no variant called {key!r}; known: {', '.join(VARIANTS)}")
    return _BY_NAME[_fold(key)]


__all__ = ["VARIANTS", "find_variant", "Variant", "Switch", "Rules", "InvalidRulesError", "UnknownVariantError"]
