"""Hand history for players: my hands, the replayer, exports and imports, session ledgers.

Privacy first: every view of a stored hand goes through ``masking.masked_state(state, seat)``,
the hand replayed by the engine from a deck in which each card this viewer may not know is
"??" (their own hole cards, the board and the hands shown at showdown stay). The replayer's
steps, the equity figures and the PHH / PokerStars exports are all built from that state.

    queries.py     my hands (filters, net, result), one hand per viewer (``Review``), neighbours
    masking.py     what a viewer may know, as an engine state
    replayer.py    the replayer's steps: engine views after each action, one step per event
    equity.py      exact equity by street among the visible hands (evaluator, cached)
    pokerstars.py  PokerStars-style hand-history text
    exports.py     PHH and PokerStars downloads for a hand or a table session
    imports.py     review a pasted or uploaded PHH hand (not stored)
    reading.py     hands played elsewhere: PHH, .phhs, PokerStars text (stars_text.py), replayed
    stars_text.py  PokerStars text into PHH fields, line by line; stars_fields.py what the lines
                   said made PHH fields (blinds, antes, who is dealt in); stars_lines.py its
                   line vocabulary (what is ignored on purpose), stars_check.py its figures
                   checked against the replay
    decoding.py    uploaded bytes to text (UTF-8, UTF-16, cp1252); site_time.py dates to UTC
    fair_lines.py  the fair-deal record as PokerStars summary lines, read back on import;
                   deal_checks.py exported hands checked against their record (verify_deal)
    uploads.py     importing them into "My hands" a few hands per request (the progress bar)
    imported.py    imported hands: the list and its filters, the replayer, exports
    session.py     a set of hands as a session: net, all-in adjusted net, stats by position
    session_facts.py  each hand's review facts stored once (HandFacts) and read in one query
    money.py       amounts in the site's money ("$1.25"); positions.py  SB, BB, UTG... BTN
    import_views.py review_views.py chart.py  their pages, and the session's SVG chart
    ledger.py      a table's buy-ins, cash-outs and net per player, CSV
    sharing.py     signed share links
    presenters.py  rows of "my hands" and the replayer's JSON
    views.py urls.py forms.py

URLs (under /hands/): ``""`` my hands; ``<id>/`` the replayer; ``<id>/hand.phh`` and
``<id>/pokerstars.txt``; ``shared/<token>/``; ``tables/<id>/hands.phhs``,
``tables/<id>/pokerstars.txt``, ``tables/<id>/ledger/``, ``ledger.csv``,
``ledger-entries.csv``; ``import/``; ``uploads/`` (POST), ``uploads/<id>/``,
``uploads/<id>/step/``; ``imported/<id>/`` with ``hand.phh`` and ``pokerstars.txt``;
``review/`` (``?source=played|imported`` and the lists' filters); ``?view=imported``.
"""
