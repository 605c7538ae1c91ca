"""Clubs: members and roles, club nights and their settle-up (who pays whom), IOUs that
carry to the next night (docs/clubs.md)."""
