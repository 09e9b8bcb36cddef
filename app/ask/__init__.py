"""Ask: a referee's guided ruling, asking only the facts the engine reads to decide."""
