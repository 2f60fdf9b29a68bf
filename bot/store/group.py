"""Group commit, the same for every backend: the plans in one transaction, else each alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.store.errors import StoreError
from bot.store.records import WritePlan


class PlanWriter(Protocol):
    async def apply_plans(self, plans: Sequence[WritePlan]) -> None: ...


async def commit_grouped(
    transaction: Callable[[], AbstractAsyncContextManager[PlanWriter]], plans: Sequence[WritePlan]
) -> list[StoreError | None]:
    """Apply plans in one transaction (group commit); on a failure retry each alone.

    Returns, per plan, ``None`` (committed) or the exception that refused it.
    """
    try:
        async with transaction() as tx:
            await tx.apply_plans(plans)
        return [None] * len(plans)
    except StoreError as exc:
        if len(plans) == 1:
            return [exc]
    results: list[StoreError | None] = []
    for plan in plans:
        try:
            async with transaction() as tx:
                await tx.apply_plans([plan])
            results.append(None)
        except StoreError as exc:
            results.append(exc)
    return results
