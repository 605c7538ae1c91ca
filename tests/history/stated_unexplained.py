"""Differences between stored hands and their files' statements (test_stated_amounts.py)
not explained yet: the extractor's reading of these files or the readers' may be wrong.
Listed so that a new difference fails the test, and one explained (or fixed) must leave the
list. None left (issue 47): 888's "collected" is compared through each player's net, iPoker's
Italian and 888.ro's dotted thousands are read as such, and the 2011 iPoker tournament's bets
one ante off and a 2021 PartyPoker summary's net three chips off are refused by the readers,
the file disagreeing with itself."""

UNEXPLAINED: dict[str, list[str]] = {}
