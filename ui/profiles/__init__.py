"""Profiles: choose or create a learner, daily new items, export and import of progress."""
