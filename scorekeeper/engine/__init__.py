"""The Scorekeeper engine: the rules of the rummy family as a pure-Python library.

No Flask, no SQLAlchemy, no I/O. The web layer calls it; it never calls the web layer.

- ``cards``: the ``Card`` value type, parsing (``parse_cards``), formatting, deck limits.
- ``melds``: meld checks (``check_meld``), openings, Russian contracts, ruminos.
- ``variants``: one module per variant and the registry (``find_variant``, ``VARIANTS``).

Each group of names below is re-exported from its own module; later modules append their block.

>>> from scorekeeper.engine import find_variant, parse_cards
>>> find_variant("Ramino").check_meld("QD KD AD").value
31
"""

from .cards import (
    Card,
    InvalidCardError,
    check_copies,
    format_cards,
    parse_cards,
)
from .melds import (
    CONTRACTS,
    ContractCheck,
    InvalidMeldError,
    MeldCheck,
    MeldRules,
    OpeningCheck,
    check_contract,
    check_meld,
    check_opening,
    is_rumino,
    opening_value,
    rumino_outs,
)
from .variants import (
    VARIANTS,
    InvalidRulesError,
    Rules,
    Switch,
    UnknownVariantError,
    Variant,
    find_variant,
)

__all__ = [
    "Card", "InvalidCardError", "check_copies", "format_cards", "parse_cards",
    "CONTRACTS", "ContractCheck", "InvalidMeldError", "MeldCheck", "MeldRules", "OpeningCheck",
    "check_contract", "check_meld", "check_opening", "is_rumino", "opening_value", "rumino_outs",
    "VARIANTS", "InvalidRulesError", "Rules", "Switch", "UnknownVariantError", "Variant", "find_variant",
]
