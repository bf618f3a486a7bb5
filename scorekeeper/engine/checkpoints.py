"""Checkpoints: a replay's state as JSON-safe values, to carry a match on without replaying it.

It owns the shape of a checkpoint (``CHECKPOINT_FORMAT``; one of another shape is not resumed, the
match is replayed whole instead), how the values a replay keeps are written and read back exactly
(``encode``, ``decode``: the engine's sentences keep their key and values, amounts stay ``Decimal``),
what a checkpoint shares with the document it resumes (``header``), and taking and restoring one
(``snapshot``, ``restore``) on a replay of ``scorekeeper.engine.match``, whose ``MatchReplay`` offers them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from decimal import Decimal
from typing import Any

from .hands import MatchState, PlayerState
from .i18n import Joined, Message

__all__ = ["CHECKPOINT_FORMAT", "StaleCheckpointError", "encode", "decode", "header", "snapshot", "restore"]


class StaleCheckpointError(ValueError):
    """A checkpoint that is not of this match document (another variant, rules, seats, names or
    stake): it cannot be resumed, replay the whole match instead."""


#: the shape of a checkpoint; one of another shape is not resumed (the match is replayed whole instead)
CHECKPOINT_FORMAT = 3


def encode(value: Any) -> Any:
    """``value`` as JSON-safe values that ``decode`` turns back into equal ones: the engine's
    sentences keep their key and values (so they are said in any language later), amounts stay
    ``Decimal``, tuples stay tuples. Anything else is refused: a checkpoint is exact or not made."""
    if value is None or type(value) in (bool, int, float):
        return value
    if isinstance(value, Joined):
        return {"$j": value.msgid, "parts": [encode(p) for p in value.parts]}
    if isinstance(value, Message):
        msgid, values, plural, count = value._said
        return {"$m": msgid, "v": {k: encode(v) for k, v in values.items()}, "p": plural, "n": count}
    if type(value) is str:
        return value
    if isinstance(value, Decimal):
        return {"$d": str(value)}
    if isinstance(value, tuple):
        return {"$t": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, Mapping) and all(type(k) is str for k in value):
        return {"$o": {k: encode(v) for k, v in value.items()}}
    raise TypeError(f"a checkpoint cannot hold {type(value).__name__}")


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$o" in value:
        return {k: decode(v) for k, v in value["$o"].items()}
    if "$m" in value:
        return Message(value["$m"], {k: decode(v) for k, v in value["v"].items()}, value["p"], value["n"])
    if "$j" in value:
        return Joined(value["$j"], [decode(p) for p in value["parts"]])
    if "$d" in value:
        return Decimal(value["$d"])
    if "$t" in value:
        return tuple(decode(v) for v in value["$t"])
    raise ValueError("not a checkpoint's value")


def header(run: Any) -> dict[str, Any]:
    """What a checkpoint of the replay ``run`` must share with the document it resumes: everything but
    the entries."""
    return {"variant": run.key, "rules": encode(dict(run.overrides)),
            "players": list(run.state.players), "first_dealer": run.first_dealer,
            "stake": None if run.stake is None else str(run.stake),
            "teams": [[s.name, list(s.members)] for s in run.sides]}


def snapshot(run: Any) -> dict[str, Any]:
    """Everything a later entry of the replay ``run`` reads, as JSON-safe values. The scored hands kept
    in ``state.history`` are not in it (nothing reads them back): a resumed replay keeps those it
    scores itself, as it keeps only its own results."""
    state = run.state
    return {
        "format": CHECKPOINT_FORMAT, "header": header(run), "at": run.played,
        "players": [encode({f.name: getattr(ps, f.name) for f in fields(ps)}) for ps in state.players.values()],
        "hands_played": state.hands_played, "finished": state.finished, "winners": list(state.winners),
        "kept": encode(state.kept), "dealer": run.dealer, "advance_dealer": run.advance_dealer,
        "notes": encode(run.notes), "window": encode(run.rebuys.window), "refused": encode(run.rebuys.refused),
        "end_notes": encode(run.end_notes),
    }


def restore(run: Any, taken: Mapping[str, Any]) -> None:
    """Carry the replay ``run`` on from ``taken`` (made by ``snapshot`` for this document's header),
    before any entry is played."""
    if not isinstance(taken, Mapping) or taken.get("format") != CHECKPOINT_FORMAT \
            or taken.get("header") != header(run):
        raise StaleCheckpointError("the checkpoint is not of this match")
    players = [PlayerState(**decode(p)) for p in taken["players"]]
    run.state = MatchState({ps.name: ps for ps in players}, taken["hands_played"], taken["finished"],
                           list(taken["winners"]), [], decode(taken["kept"]))
    run.first = taken["at"]
    run.results = []
    run.dealer, run.advance_dealer = taken["dealer"], taken["advance_dealer"]
    run.notes = decode(taken["notes"])
    run.rebuys.window = decode(taken["window"])
    run.rebuys.refused = decode(taken["refused"])
    run.end_notes = decode(taken["end_notes"])
