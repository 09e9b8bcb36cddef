"""Card Laws core: cards, games, laws, scenarios and the rules engine (never imports Qt)."""
