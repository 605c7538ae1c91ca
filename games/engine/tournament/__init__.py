"""Sit-and-go rules as pure functions: the blind schedule (``schedule.py``), the payouts and
finishing places (``payouts.py``), and deals among the players left, by ICM or an equal
split (``icm.py``). Issue 24 builds the tournament table on them; like the rest of the
engine they import no Django and are tested without a database.
"""
