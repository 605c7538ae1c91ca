"""The replayer: a finished hand stepped through the engine, with the equities one viewer may
see."""
