"""The statistics screen: standings, most missed laws and charts over time."""
