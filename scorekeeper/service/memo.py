"""A bounded memo of the latest value of each slot, kept in this process: the service's replays (a
match) and the live sheet's drawn pages (a match in a language) share it.

A value is found only for the exact key it was kept with (the key holds everything the value is made
from, its version among them), and only a slot's latest version is kept: of two threads keeping one
slot at once, the newer version stays. The memo holds at most ``budget`` units of ``size`` (entries
replayed, characters drawn), least recently used first out, whatever the number of slots.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")

#: locks that share out the slots being made (two slots may share one: they are then made in turn)
MAKER_LOCKS = 64


class LatestMemo(Generic[V]):
    """``find(slot, key)`` and ``keep(slot, key, value)``; ``version(key)`` orders two keys of a slot;
    ``largest``: a value bigger than this is not kept; ``keep_one``: the last value kept stays even when
    it alone is over the budget."""

    def __init__(self, budget: int, size: Callable[[V], int], version: Callable[[tuple], int], *,
                 largest: int | None = None, keep_one: bool = False) -> None:
        self.budget = budget
        self.held = 0
        self._size, self._version, self._largest, self._keep_one = size, version, largest, keep_one
        self._entries: OrderedDict[Hashable, tuple[tuple, V]] = OrderedDict()
        self._lock = threading.Lock()
        # one maker at a time per slot (striped: a fixed number of locks, whatever the number of slots)
        self._makers = [threading.Lock() for _ in range(MAKER_LOCKS)]

    def find(self, slot: Hashable, key: tuple) -> V | None:
        with self._lock:
            found = self._entries.get(slot)
            if found is None or found[0] != key:
                return None
            self._entries.move_to_end(slot)
            return found[1]

    def latest(self, slot: Hashable) -> tuple[tuple, V] | None:
        """The slot's kept key and value, whatever the key (a value another can be carried on from)."""
        with self._lock:
            return self._entries.get(slot)

    def keep(self, slot: Hashable, key: tuple, value: V) -> None:
        if self._largest is not None and self._size(value) > self._largest:
            return  # one value never takes a large part of the memo
        with self._lock:
            old = self._entries.pop(slot, None)
            if old is not None:
                self.held -= self._size(old[1])
                if self._version(old[0]) > self._version(key):  # a newer version is already here
                    key, value = old
            self._entries[slot] = (key, value)
            self.held += self._size(value)
            while self.held > self.budget and len(self._entries) > (1 if self._keep_one else 0):
                _, (_, dropped) = self._entries.popitem(last=False)
                self.held -= self._size(dropped)

    def find_or_make(self, slot: Hashable, key: tuple, make: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``make()``'s, kept. Of several threads that miss one slot at
        once (the followers of a match, told of a hand at the same moment), one makes it and the others
        wait for it, rather than each making the same value."""
        found = self.find(slot, key)
        if found is not None:
            return found
        with self._makers[hash(slot) % len(self._makers)]:
            found = self.find(slot, key)
            if found is None:
                found = make()
                self.keep(slot, key, found)
            return found

    def cache_clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.held = 0

    def __len__(self) -> int:
        return len(self._entries)


__all__ = ["LatestMemo"]
