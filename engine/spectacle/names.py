"""The ruleset this package plays, with its aliases (see :mod:`engine.splendor.names`)."""

ALIASES: dict[str, tuple[str, ...]] = {
    "spectacle": ("poker", "espectaculo", "espectáculo", "espetaculo", "espetáculo", "spectacle-poker"),
}
