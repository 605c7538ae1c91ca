"""Bots: server-side players to practise against, and the coach that explains decisions.

Pure parts (no Django, mypy-strict), which see one player's own view and nothing else:

- ``situation.py``  ``Situation.from_view(view, seat, big_blind)``: what a bot may know,
                    read from the engine's ``HandState.view(seat)``
- ``ranges.py``     starting-hand percentiles and the range an opponent's actions suggest
- ``equity.py``     Monte Carlo equity against those ranges (NumPy, the evaluator's batch path)
- ``holdings.py``   the 1,326 two-card holdings as arrays, and ranges as weights over them
- ``outs.py``       outs, danger cards and drawing dead, counted against the likely ranges
- ``styles.py``     the decision functions: calling station, tight-aggressive, random
- ``advice.py``     the coach's figures (equity, outs, pot odds) and its one-line verdicts

Django parts: ``players.py`` (bot users, and which bots a table gets; games/services/practice.py
seats them, and starts practice tables), ``practice.py`` (their pages) and ``driver.py``
(a bot's turn on the table clock, acting through ``games.services.act`` like a person).
"""
