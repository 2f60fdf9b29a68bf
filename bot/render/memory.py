"""Process tuning for drawing many images: the C library keeps freed memory for reuse."""

from __future__ import annotations

import ctypes
import os


def keep_freed_memory() -> None:
    """Let the C library keep freed memory in the heap for reuse (glibc only).

    A table image's pixels, palette indices and PNG rows are a few MB each, above glibc's threshold for a private
    memory map (which it raises up to the largest block freed so far), and freeing the heap's top trims it: an image
    of a size not seen before (the table grows by a row of the last move's sentences, or a results box) was mapped
    anew and its pages faulted in one by one, 1-1.5 ms of the turns that make the p99.  A fixed map threshold of
    32 MB and a trim threshold of 128 MB keep them in the heap: the process keeps its peak heap (a few tens of MB
    more) instead of returning it between images."""
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):
        return
    if libc.startswith("glibc"):
        mallopt = ctypes.CDLL(None).mallopt
        mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
        mallopt(-1, 128 << 20)  # M_TRIM_THRESHOLD
