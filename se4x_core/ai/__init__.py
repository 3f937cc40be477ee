"""Computer players: they decide from observations and legal actions only."""
