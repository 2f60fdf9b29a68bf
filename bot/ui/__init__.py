"""Discord UI of the game: stateless buttons and menus (``spl:<game>:<version>:<verb>``), the turn composer and
the board posts.  Every item reloads the game from the service on click, so posts survive restarts."""

from bot.ui.buttons import GameButton, GameSelect

__all__ = ["GameButton", "GameSelect"]
