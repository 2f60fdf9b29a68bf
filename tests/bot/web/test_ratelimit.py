"""The web pages' per-address token bucket (bot.web.ratelimit): ``burst`` at once, then ``rate`` a second; memory
stays bounded however many addresses come, forgetting first the addresses whose bucket is full again (the same as
never having come), and a wait is told in whole seconds, at least one."""

from __future__ import annotations

from bot.web.ratelimit import RateLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_rate() -> None:
    clock = Clock()
    limiter = RateLimiter(2.0, 3, clock=clock)
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a") == 0.5  # one token comes back every half second
    assert limiter.take("b") == 0.0  # another address has its own bucket
    clock.now += 0.5
    assert limiter.take("a") == 0.0 and limiter.take("a") > 0
    assert limiter.retry_after(0.2) == 1 and limiter.retry_after(1.01) == 2
    assert RateLimiter(0.0, 1, clock=clock).take("a") == 0.0  # no limit


def test_memory_is_bounded_and_full_buckets_go_first() -> None:
    clock = Clock()
    limiter = RateLimiter(1.0, 2, clock=clock, max_clients=2)
    limiter.take("limited")
    limiter.take("limited")  # empty: it must wait
    limiter.take("passer")  # one token spent of two
    clock.now += 1.0  # the passer's bucket is full again (the same as never having come); the other one is not
    limiter.take("new")  # a third address: over the bound
    assert set(limiter._buckets) == {"limited", "new"}
    assert limiter.take("limited") == 0.0 and limiter.take("limited") > 0  # kept: one token back, not two


def test_when_no_bucket_is_full_the_oldest_go() -> None:
    clock = Clock()
    limiter = RateLimiter(1.0, 2, clock=clock, max_clients=1)
    limiter.take("first")
    limiter.take("first")
    assert limiter.take("first") > 0
    limiter.take("second")  # nobody is full again: the oldest address goes to keep the bound
    assert list(limiter._buckets) == ["second"]
