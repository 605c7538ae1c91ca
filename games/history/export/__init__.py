"""Hand histories to download (PHH and PokerStars text) and the check of their fair deals."""
