"""The learning part of the site: the /learn/ pages (rankings, which hand wins, odds, the
quiz, ranges), lessons, drills with exact answers, and each learner's progress.

The evaluator core computes every number; this app asks it, checks answers on the server
and remembers them. ``learning/drills/`` is pure (no Django), like the evaluator core.
"""
