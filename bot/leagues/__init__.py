"""Community leagues: ratings, points and standings, round pairing, ladder matchmaking.

Pure logic (no I/O, no clock): :mod:`.rating` (OpenSkill Plackett-Luce, conservative
display rating, inactivity), :mod:`.standings` (points by placement, tie-breaks),
:mod:`.pairing` (Swiss rounds for multiplayer tables), :mod:`.matchmaking` (the ladder
queue).  The service above the store is :mod:`.service`.
"""
