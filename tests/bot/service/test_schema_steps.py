"""Shipped migration steps never change: each one's text, as SQLite and as PostgreSQL run it, is pinned here.

A step that has shipped is what every database already migrated ran; editing it changes what a fresh database
runs and leaves the old ones behind (the schema's own rule: append a step instead).  The digests are those the
steps had when they shipped (step 8's PostgreSQL part is the group commit without the time banks, as it shipped;
step 13 carries its own version).  A new step is added to ``SHIPPED`` once it has been released.
"""

from __future__ import annotations

import hashlib

import pytest

from bot.store.pg_functions import COMMIT_FUNCTION, COMMIT_FUNCTION_V8, COMMIT_FUNCTION_V13
from bot.store.schema import MIGRATIONS

#: step -> (sha256 of its SQLite text, sha256 of its PostgreSQL text)
SHIPPED: dict[int, tuple[str, str]] = {
    1: ("b43459690883a7ea36d7ee2e33e46bf844055a0946fb5b84e0632e26a43b9bbc",
        "c7f85b74759df132ca70ed2a9a97a24e25c65e58e3e10ccb39f936137c6af694"),
    2: ("2c5261d86ae5164cd8441e19edefdec650ee7847c060c12617544b2fe45768d2",
        "2c5261d86ae5164cd8441e19edefdec650ee7847c060c12617544b2fe45768d2"),
    3: ("bcd6d68ce060c5cee0ef7656db6e02b321a1889b5e01ed3018cd4b221c48e122",
        "bcd6d68ce060c5cee0ef7656db6e02b321a1889b5e01ed3018cd4b221c48e122"),
    4: ("3bc0845881d667eb649ad7aabb08e12fe43457d370ba1380ed533695135e98c2",
        "68cf963bac93160eb6f2b48c2829a9658e875b22c8d9570fc6ea62cca48ab5f2"),
    5: ("74d89cabdd8e0a5c8c2d434e8a438c37fe8eb564ee6b41b42b3a8213fe67b8cd",
        "74d89cabdd8e0a5c8c2d434e8a438c37fe8eb564ee6b41b42b3a8213fe67b8cd"),
    6: ("a8390976d8c43523f932129ccbbb5a7f2c981738e0a27f0968c5f2b9698c4510",
        "59e726a3a324e119e0d2259506e6e420800c9e9b795af95d54a3ba87d9bf5d2f"),
    7: ("12b4426fcd99b4ea52fe582c4a249060cee1abf16ba873ab363c300b0cf39dae",
        "b319df91954223f231057151135a768f51d8cf7024db11169f6f40ca81d7c93c"),
    8: ("3cc45ac1b05b0bdea7eb1d52b4c3d57ada01631979f5f749477e00d82bde3d0f",
        "9c280384c1fd2e701156d22f38d7bed3d2ded35ad16e5aedb2973b1aca783b8f"),
    9: ("9824786da85a3eb7050862e8c00314117ff58412e1e607d841db974f86c0bccb",
        "82445dd91d337db63437a0d18428ffc589b4a5ce865bcaa296be1ef8df766a5b"),
    10: ("51c07cc540b27e6f1d94e92041270c76938509ef653c4e5041beeb3f1656b0c3",
         "405f4d27e4eb23ff10ede96148f48f3adcfa3b7f805dfc3e5921ee0dab1477ee"),
    11: ("2c26ca0fec7ffc50d2c6236088317ee98ad77bd21f00dc28dee2bcbfcd933bda",
         "f3b8c1a66b779f92fd55bb56b493183a4ff768996b1184720f9ab0f6e5759b73"),
    12: ("cf60dad053076c090a20e57ae78a27e3825a5bf5169ee3f660aaa3b8f295b384",
         "f64905313d40c84c1c7855ada801029a158bda8773f1b48ee0603922b8b17cd5"),
    13: ("fa1f9f046a8d069202b8c2ae790e99592a2f9b515a1b8623d4ac440e70d94249",
         "ba5110644b814af3837e7120ba914e9a70dc3c050a8955396b604e3fb6203881"),
    14: ("1538c1cd65d593b84781e0cad5b271fba3fd2b88d7610b026b2ccd1ceae39fca",
         "1fb4783abbaeebac8d34cba49c8aa5c2369cf48f3efe855ad74d476ccf521bec"),
    15: ("048a898cfb858bd2d65f98f06e32563cd622c64bca948b106e3482ce8c3cc9b4",
         "fb540abe6d58e25810692a6771fc6ffba6dbd92c5b9457c25926b42077ee1e9b"),
    16: ("b9490ad368a51cb0f4adf246f17a5ac7dde759b84525c46af009ebc910e810ea",
         "c71f50becfe7dbcd18c08a51e6d178fddc3a9c7b39212767340755cce075c178"),
}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("step", sorted(SHIPPED))
def test_a_shipped_step_runs_the_text_it_shipped_with(step: int) -> None:
    ran = MIGRATIONS[step - 1]
    assert (_sha(ran.sqlite), _sha(ran.postgres)) == SHIPPED[step], (
        f"step {step} has shipped: add a new step instead of editing it")


def test_every_step_but_the_newest_unreleased_ones_is_pinned() -> None:
    assert sorted(SHIPPED) == list(range(1, len(SHIPPED) + 1))
    assert len(MIGRATIONS) >= len(SHIPPED)


def test_each_version_of_the_group_commit_is_created_by_its_own_step() -> None:
    """Step 8 creates the function without the seats' time banks (as it shipped), step 13 drops that signature
    and creates its own; the store calls the latest."""
    step8, step13 = MIGRATIONS[7].postgres, MIGRATIONS[12].postgres
    assert COMMIT_FUNCTION_V8 in step8 and "bank" not in COMMIT_FUNCTION_V8
    assert COMMIT_FUNCTION_V13 in step13 and "s_bank_left" in COMMIT_FUNCTION_V13
    assert COMMIT_FUNCTION_V13 not in step8
    assert step13.index("DROP FUNCTION IF EXISTS splendor_commit") < step13.index(COMMIT_FUNCTION_V13)
    assert COMMIT_FUNCTION is COMMIT_FUNCTION_V13
