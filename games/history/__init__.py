"""Hand history for players: my hands, the replayer, exports and imports, session ledgers."""
