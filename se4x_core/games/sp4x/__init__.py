"""SP4X: the colony ship's four factions compete with Old Maid cards and a hex board.

Built from the prototype rules in ``resources``' Danish text (and its English
summary): two ages of an Old Maid draw, showing single cards or playing pairs
whose actions move, build, exploit, breed, steal and fight on hex tiles
placed as they are explored.  What the text leaves open is data
(``resources/sp4x/rules.json``) and explained in the README's section "SP4X: how
the prototype rules are read".

Modules, one per concern: :mod:`data` (the interpretation data),
:mod:`cards` (hands and card tracking), :mod:`board` (hex cells, roads),
:mod:`state`, :mod:`actions`, :mod:`rules` (the turn flow), :mod:`perform`
(each card's action), :mod:`scoring`, :mod:`observation`, :mod:`game` (the
facade), :mod:`bots` (random and rule bots), :mod:`search` (the search level),
:mod:`levels` (bots by spec: the app's levels, the arena's names) and
:mod:`arena` (the hooks of ``se4x arena --game sp4x``).
"""

from __future__ import annotations

#: The rules are a prototype's: the app should say so.
PROTOTYPE = True
