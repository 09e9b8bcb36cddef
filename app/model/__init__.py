"""What a table is: games as each code sees them, the events that go wrong, and the scenario."""
