"""Spectacle (seed 004): Splendor for a 52-card poker deck and poker chips (rules P-1 .. P-10)."""
