"""Built pages kept in memory, compressed once (a league link posted in a large server: the same few pages asked
by thousands at once).

A page is kept under a key that names what it was made of: a finished game's page under its moves' digest (it
never changes), a league's or a player's page under its address for ``ttl`` seconds (a second or two: its
standings and games lists are built once per moment however many visitors ask; still, its link is checked on
every request, so a page turned off is a 404 at once).  Each page is kept with its gzip form and a strong ETag
(a digest of its bytes); the whole cache is bounded in bytes, least recently used first out.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

DEFAULT_MAX_BYTES = 16 * 1024 * 1024
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class CachedPage:
    body: bytes  # the HTML, UTF-8
    gzipped: bytes
    etag: str  # strong: a digest of ``body``
    made: float  # the cache's clock when it was built

    @property
    def size(self) -> int:
        return len(self.body) + len(self.gzipped)


def make_page(html: str, made: float = 0.0) -> CachedPage:
    body = html.encode()
    return CachedPage(body, gzip.compress(body, compresslevel=6, mtime=0),
                      '"h-' + hashlib.sha256(body).hexdigest()[:32] + '"', made)


class PageCache:
    """Pages by key, at most ``max_bytes`` of them (HTML and gzip together)."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.max_bytes = max_bytes
        self.clock = clock
        self._pages: OrderedDict[Hashable, CachedPage] = OrderedDict()
        self._bytes = 0
        self._refreshing: dict[Hashable, asyncio.Task[None]] = {}

    def age(self, page: CachedPage) -> float:
        return self.clock() - page.made

    def refresh(self, key: Hashable, build: Callable[[], Awaitable[str]]) -> None:
        """Build ``key``'s page again in the background, unless that is under way already (the old one is served
        meanwhile); a failure drops the page (the next visitor builds it, and sees the failure if it lasts)."""
        if key in self._refreshing:
            return

        async def run() -> None:
            try:
                self.put(key, await build())
            except Exception:
                log.exception("rebuilding a page failed")
                if key in self._pages:
                    self._drop(key)
            finally:
                del self._refreshing[key]

        self._refreshing[key] = asyncio.get_running_loop().create_task(run())

    def get(self, key: Hashable, ttl: float | None = None) -> CachedPage | None:
        """The page kept under ``key`` (``ttl``: only if built less than that many seconds ago)."""
        page = self._pages.get(key)
        if page is None:
            return None
        if ttl is not None and self.clock() - page.made >= ttl:
            self._drop(key)
            return None
        self._pages.move_to_end(key)
        return page

    def put(self, key: Hashable, html: str) -> CachedPage:
        page = make_page(html, self.clock())
        if key in self._pages:
            self._drop(key)
        if page.size <= self.max_bytes:
            self._pages[key] = page
            self._bytes += page.size
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._pages)))
        return page

    def _drop(self, key: Hashable) -> None:
        self._bytes -= self._pages.pop(key).size

    @property
    def bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._pages)


__all__ = ["DEFAULT_MAX_BYTES", "CachedPage", "PageCache", "make_page"]
