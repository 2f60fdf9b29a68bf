"""Requests per client address, limited by a token bucket in memory (one per address, forgotten when full again),
charged by their cost: an image drawn costs as much as the ordinary requests it could have served."""

from __future__ import annotations

import math
import time
from collections.abc import Callable


class RateLimiter:
    """``rate`` requests a second on average, ``burst`` at once; :meth:`take` answers how long to wait (0: go)."""

    def __init__(self, rate: float, burst: int, *, clock: Callable[[], float] = time.monotonic,
                 max_clients: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def take(self, client: str, cost: float = 1.0) -> float:
        """Spend ``cost`` tokens of ``client`` (a request costs one; one that makes the server work longer, such as
        drawing an image, as many as it costs in ordinary requests): 0.0 if it had them, else the seconds until it
        has them (nothing is spent then).  A cost above ``burst`` is charged as ``burst``."""
        if self.rate <= 0:
            return 0.0
        cost = min(cost, float(self.burst))
        now = self.clock()
        tokens, at = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens < cost:
            self._buckets[client] = (tokens, now)
            return (cost - tokens) / self.rate
        self._buckets[client] = (tokens - cost, now)
        if len(self._buckets) > self.max_clients:
            self._forget(now)
        return 0.0

    def retry_after(self, wait: float) -> int:
        """The ``Retry-After`` header's whole seconds for a wait."""
        return max(1, math.ceil(wait))

    def _forget(self, now: float) -> None:
        """Drop the buckets that are full again (they are the same as no bucket)."""
        full = [c for c, (tokens, at) in self._buckets.items() if tokens + (now - at) * self.rate >= self.burst]
        for c in full:
            del self._buckets[c]
        while len(self._buckets) > self.max_clients:  # still too many: the oldest go
            del self._buckets[next(iter(self._buckets))]


__all__ = ["RateLimiter"]
