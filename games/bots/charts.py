"""Preflop charts: which hands to open, call and re-raise from each seat (100 big blinds).

Where they come from (charts are facts, used here as data):

- **Opening (raise first in) at 6-max**: the UTG and button ranges are the example ranges of
  "Preflop opening ranges" (Poker GTO Lab, https://poker.skillhowto.com/article/
  preflop-opening-ranges): UTG ``22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, AJo+, KQo``; button
  ``22+, A2s+, K2s+, Q4s+, J6s+, 54s+ ..., A2o+, K8o+, Q9o+, J9o+``. The hijack, cutoff and
  small blind are built the way that article describes them ("UTG + suited connectors, small
  pairs"; "most suited, down to KJo"; "raise-or-fold"), and each chart's size is inside the
  article's band for its seat: UTG 15-18%, hijack (its "MP") 18-21%, cutoff 26-30%, button
  42-50%, small blind 35-44% (``tests/bots/test_preflop.py`` counts them). The cutoff follows
  the text chart of "Cutoff CO opening range" (dezhoupuke.org): all pairs, all suited aces,
  A9o+, suited connectors and one-gappers, KTo+, QTo+, JTo; with K5s+ added to reach the band.
- **Other table sizes**: a seat plays the chart of its distance from the button (the same
  players are left to act behind it): the button, cutoff and hijack keep their charts at 3 to 9
  players; the first seat of a 6-max table is the lowjack (``UTG`` chart). Seats further from
  the button (7 to 9 players) use ``EP``, this project's reduction of the UTG chart (small
  pairs, weak suited aces and suited connectors out; about 11%), not a published chart.
  Heads-up, the button opens the top 80% of the preflop equity order (``evaluator.preflop``),
  this project's approximation of heads-up charts, which open most hands.
- **Facing a raise, a re-raise, limpers**: simplified charts written for this project in the
  common shape of published 6-max charts (value re-raises with QQ+ and AK, suited wheel aces
  as bluffs; calls in position with pairs and suited broadways; the big blind defending
  widest because it has a big blind in already). They depend on your seat only, not on the
  raiser's: a simplification, said so in the coach's words.

>>> from evaluator.ranges import parse_range
>>> parse_range(OPEN["UTG"]).combo_count
206.0
"""

from __future__ import annotations

from typing import Final

from evaluator.ranges import top_classes

# Raise first in (nobody but the blinds has put chips in), by seat.
OPEN: Final[dict[str, str]] = {
    "EP": "66+, A9s+, A5s, KTs+, QTs+, JTs, AJo+, KQo",
    "UTG": "22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, AJo+, KQo",
    "HJ": "22+, A2s+, K9s+, Q9s+, J9s+, T8s+, 98s, 87s, 76s, ATo+, KJo+",
    "CO": "22+, A2s+, K5s+, Q9s+, J9s+, T8s+, 97s+, 86s+, 75s+, 65s, 54s, A9o+, KTo+, QTo+,"
          " JTo",
    "BTN": "22+, A2s+, K2s+, Q4s+, J6s+, T6s+, 96s+, 85s+, 75s+, 64s+, 53s+, A2o+, K8o+,"
           " Q9o+, J9o+, T9o",
    "SB": "22+, A2s+, K2s+, Q5s+, J7s+, T7s+, 97s+, 86s+, 75s+, 65s, 54s, A2o+, K9o+, QTo+,"
          " JTo",
    "BTN heads-up": ", ".join(top_classes(80)),
}

# Facing one raise: re-raise (3-bet) or call; every other hand folds.
THREE_BET: Final[dict[str, str]] = {
    "EP": "QQ+, AK",
    "UTG": "QQ+, AK",
    "HJ": "QQ+, AK, A5s",
    "CO": "QQ+, AK, AQs, A5s-A4s",
    "BTN": "JJ+, AK, AQs, KQs, A5s-A4s",
    "SB": "JJ+, AK, AQs, KQs, A5s-A4s",
    "BB": "QQ+, AK, A5s-A4s",
}
CALL_RAISE: Final[dict[str, str]] = {
    "EP": "JJ-99, AQs",
    "UTG": "JJ-88, AQs, AJs, KQs",
    "HJ": "JJ-77, AQs, AJs, KQs, QJs, JTs",
    "CO": "JJ-66, AJs, ATs, KQs, KJs, QJs, JTs, T9s, AQo",
    "BTN": "TT-22, AJs-A6s, KJs, KTs, QJs, QTs, JTs, T9s, 98s, 87s, 76s, 65s, AQo, AJo, KQo",
    "SB": "TT-88, AJs, KJs",
    "BB": "JJ-22, A3s-AQs, K6s+, Q8s+, J8s+, T7s+, 97s+, 86s+, 75s+, 64s+, 54s, A8o+, KTo+,"
          " QTo+, JTo, T9o",
}

# Facing a re-raise (3-bet) and facing a 4-bet or more, from any seat.
FOUR_BET: Final = "QQ+, AK"
CALL_THREE_BET: Final = "JJ-TT, AQs, AJs, KQs"
CALL_FOUR_BET: Final = "KK+, AK"

# Limpers in front: raise (isolate) with the chart of the seat one closer to the first
# player (fewer hands), over-limp only the small pairs and suited connectors of your chart.
OVER_LIMP: Final = "66-22, T9s, 98s, 87s, 76s, 65s, 54s"
# The big blind when nobody raised: raise for value, check the rest (it is free).
BIG_BLIND_RAISE: Final = "TT+, AQs+, AKo"
