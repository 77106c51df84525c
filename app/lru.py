"""A bounded memory of answers: at most ``size`` entries, the least recently used forgotten first.

What a process keeps of pages drawn once (app.pages.rendered) and of their compressed bytes
(app.compression) is keyed by addresses anyone can make up (a sandbox position, a lesson's moves),
so it must stop growing. The threads of one server share it, so each read and write holds a lock.

>>> kept = LRU(2)
>>> kept["a"], kept["b"] = 1, 2
>>> kept.get("a"), kept.get("c")
(1, None)
>>> kept["c"] = 3  # "b" was used longest ago
>>> sorted(kept.keys())
['a', 'c']
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)

    def keys(self) -> list[K]:
        with self._lock:
            return list(self._entries)
