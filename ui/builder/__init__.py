"""The scenario builder: set up a table with real cards and see every code's ruling."""
