"""Every variant's scoring, one module per rule sheet, and ``SCORERS``: variant key → scorer class.

``match.py`` replays a match with the scorer of its variant; the scorers know how each way a hand can end
is scored and when the match is over, and nothing else (no running totals are kept here).
"""

from __future__ import annotations

from .base import Scorer
from .free import FreeScorer
from .rumino import RuminoScorer
from .gin import GinScorer
from .oklahoma import OklahomaScorer
from .ramino import RaminoScorer
from .russian import RussianScorer
from .kalooki import KalookiScorer
from .rummy import RummyScorer

SCORERS: dict[str, type[Scorer]] = {
    FreeScorer.key: FreeScorer,
    RuminoScorer.key: RuminoScorer,
    GinScorer.key: GinScorer,
    OklahomaScorer.key: OklahomaScorer,
    RaminoScorer.key: RaminoScorer,
    RussianScorer.key: RussianScorer,
    KalookiScorer.key: KalookiScorer,
    RummyScorer.key: RummyScorer,
}

__all__ = ["SCORERS", "Scorer"]
