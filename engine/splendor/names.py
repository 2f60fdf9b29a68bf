"""Each ruleset this package plays, with its aliases.

Here, not in ``rules``, so that :func:`engine.find_ruleset` tells which package plays a name by importing this
small module, and loads that package's rules only (a Splendor game does not pay for loading Spectacle's).
"""

ALIASES: dict[str, tuple[str, ...]] = {
    "base": ("splendor", "classic", "clasico", "clássico", "basico", "básico", "base game"),
    "orient": ("base+orient", "oriente", "the orient", "cities orient"),
    "strongholds": ("base+strongholds", "fortalezas", "fortalezas", "stronghold"),
    "orient+strongholds": ("strongholds+orient", "base+orient+strongholds", "both", "all", "oriente+fortalezas",
                           "orient strongholds", "full"),
}
