"""The Scorekeeper engine: the rules of the rummy family as a pure-Python library.

No Flask, no SQLAlchemy, no I/O. The web layer calls it; it never calls the web layer. The solver's one C
file (``solver/_lane.c``) is optional: without it the same answers come from Python.

- ``cards``: the ``Card`` value type, parsing (``parse_cards``), formatting, deck limits.
- ``melds``: meld checks (``check_meld``), openings, ruminos; ``contracts``: any declared contract (``Contract``, ``contract_in_hand``).
- ``arrange``: the one arrangement solver (least deadwood, best discard, lay-offs, a knocker's layouts), whose
  code is the package ``solver`` (the general search, the fast path, declared melds, the bounded tables).
- ``variants``: one module per variant, each holding all of its rules, and the registry (``find_variant``).
- ``hands``: a hand as read and as scored, the match state replay keeps, the errors.
- ``match``: ``replay`` (a match document in, standings out), ``preview_hand``, ``next_entry_context``.

Each group of names below is re-exported from its own module; later modules append their block.

>>> from scorekeeper.engine import find_variant, parse_cards
>>> find_variant("Ramino").check_meld("QD KD AD").value
31
"""

__all__: list[str] = []

# -- what every refusal is ------------------------------------------------------------------------
from .errors import Refusal  # noqa: E402

__all__ += ["Refusal"]

# -- cards ----------------------------------------------------------------------------------------
from .cards import Card, InvalidCardError, check_copies, format_cards, parse_cards  # noqa: E402

__all__ += ["Card", "InvalidCardError", "check_copies", "format_cards", "parse_cards"]

# -- melds ----------------------------------------------------------------------------------------
from .melds import (  # noqa: E402
    ContractCheck,
    InvalidMeldError,
    MeldCheck,
    MeldRules,
    OpeningCheck,
    check_meld,
    check_opening,
    opening_value,
)

__all__ += [
    "ContractCheck", "InvalidMeldError", "MeldCheck", "MeldRules", "OpeningCheck", "check_meld", "check_opening",
    "opening_value",
]

# -- contracts (what a deal asks to be laid, for any contract game) --------------------------------
from .contracts import Contract, whole_lay_down  # noqa: E402

__all__ += ["Contract", "whole_lay_down"]

# -- variants -------------------------------------------------------------------------------------
from .variants import (  # noqa: E402
    VARIANTS,
    InvalidRulesError,
    Rules,
    Switch,
    UnknownVariantError,
    Variant,
    find_variant,
)

__all__ += ["VARIANTS", "InvalidRulesError", "Rules", "Switch", "UnknownVariantError", "Variant", "find_variant"]

# Russian Rummy's contracts and Rumino's instant win are one game's rules each, kept in that game's module
from .variants.russian import CONTRACTS, check_contract, contract_in_hand  # noqa: E402
from .variants.rumino import is_rumino, rumino_outs  # noqa: E402

__all__ += ["CONTRACTS", "check_contract", "contract_in_hand", "is_rumino", "rumino_outs"]

# -- further blocks (match replay, ...) are appended below, each with its own ``__all__ +=`` ------

# -- match replay ---------------------------------------------------------------------------------
from .match import (  # noqa: E402
    EntryResult,
    InvalidHandError,
    InvalidMatchError,
    InvalidRebuyError,
    PlayerStanding,
    RebuyOffer,
    Standings,
    next_entry_context,
    preview_hand,
    replay,
)

__all__ += [
    "EntryResult", "InvalidHandError", "InvalidMatchError", "InvalidRebuyError", "PlayerStanding", "RebuyOffer",
    "Standings", "next_entry_context", "preview_hand", "replay",
]
