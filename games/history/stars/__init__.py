"""PokerStars hand-history text, read (the format most sites follow) and written (exports): its
lines, fields, amounts' check, tournaments and bounties."""
