"""The session review: any set of hands as one session, its facts stored once, its chart and
page."""
