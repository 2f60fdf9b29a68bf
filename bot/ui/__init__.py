"""Discord UI of the game: stateless buttons and menus (``spl:<game>:<version>:<verb>``), the turn composer and
the board posts.  Every item reloads the game from the service on click, so posts survive restarts.

``buttons`` builds and parses the items and imports no handler; ``board`` and ``composer`` build items and do the
work; ``handlers`` dispatches clicks and picks to the composer and is installed into ``buttons`` at bot start;
``context`` is the ``BotContext`` Protocol the UI is typed against."""

from bot.ui.buttons import GameButton, GameSelect

__all__ = ["GameButton", "GameSelect"]
