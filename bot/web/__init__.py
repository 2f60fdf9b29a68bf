"""The read-only web site (issue 31): a league's standings, its players and every game replayed, served from the
bot's own database by aiohttp with Jinja2 templates (autoescaped).

Running it: ``python -m bot web [--host 127.0.0.1] [--port 8080] [--database PATH_OR_URL]`` (its own process;
several may read one PostgreSQL), ``SPLENDOR_WEB_PORT`` (inside the bot's process), or ``python -m bot web --demo``
(a demo database of computer players, :mod:`bot.web.demo`).  :mod:`bot.web.cli` parses the command line.

Routes (GET and HEAD only, web play off; anything else is 405)
-------------------------------------------------
``/``                       the public leagues (``data-testid="league-link"``)
``/l/{slug}[?season=N]``    a league: standings (``#standings``, ``data-testid="standings"``; player links
                            ``data-testid="player-link"``), a season selector (``data-testid="season-selector"``),
                            the rating chart (inline SVG), rounds and pairings (rounds leagues), running and
                            finished games (``data-testid="game-link"``)
``/p/{slug}``               a member's page within a league: rating and its history, results, head-to-heads,
                            reliability (turns timed out, games abandoned: what ``/player stats`` shows)
``/g/{slug}[?step=K]``      a game: players, result, the story (the ``/splendor log`` sentences, ``#story``) and
                            the replay at step ``K`` (default: the last): ``#replay-prev``/``#replay-next``
                            (``data-testid="replay-prev"``/``"replay-next"``), ``#replay-image``
                            (``data-testid="replay-image"``), ``#replay-counter`` (``data-testid="replay-counter"``)
``/g/{slug}/{K}.png``       the table after ``K`` moves as a spectator saw it (the Pillow renderer; ETag, cached)
``/g/{slug}/{K}.txt``       that image's alt text (whose turn, the scores, the table: the spectator's text board),
                            which ``replay.js`` sets when it steps; the page's ``<img>`` carries its own step's
``/g/{slug}/live.json``     ``{"version": N, "status": ...}``: what a running game's page polls (ETag, 304)
``/static/...``             ``site.css``, ``replay.js`` (no inline script or style anywhere: a strict CSP)
``/healthz``                200 ``ok``

With web play on (``SPLENDOR_WEB_PLAY``, issue 44), :mod:`bot.web.auth` adds the sign-in with Discord:
``/signin?next=``, ``/signin/callback``, ``/account`` and the POST routes ``/signout`` and ``/signout/everywhere``
(and the playing pages built on its sessions); off, none of them exists and every page is as above.  With
``SPLENDOR_ACTIVITY`` too, :mod:`bot.web.activity` serves the game as a Discord Activity: ``/activity/`` (the
only page Discord's clients may frame) and the POST routes ``/activity/api/token`` and ``/activity/api/session``.

Every page takes ``?lang=en|es|pt`` (else ``Accept-Language``).  Links carry random slugs (:mod:`bot.web.links`),
never ids; a league's pages exist only when its organizer turned them on with ``/league web`` (unlisted: by
link only; public: also listed on ``/``), a game outside leagues only when its creator did.  An unknown or
turned-off link is a 404 page in the visitor's language; a failure a 500 page (logged), never a traceback.
Every answer carries the security headers of :data:`bot.web.app.SECURITY_HEADERS`; each client address is
rate-limited (429 with ``Retry-After``).

The playing pages (:mod:`bot.web.play`, with web play on, and in ``python -m bot web --demo``): ``/play`` (the
visitor's games), ``/play/{game}`` (a seat's own table: its legal choices as buttons over the drawn table and as a
list, previews, moves, take-back, hints, plans, followed live by server-sent events) and its JSON writes;
``/play/demo`` in the demo only: a game against the computer per browser, no sign-in.
"""

from __future__ import annotations

from bot.web.app import SECURITY_HEADERS, WebConfig, make_app
from bot.web.site import Site

__all__ = ["SECURITY_HEADERS", "Site", "WebConfig", "make_app"]
