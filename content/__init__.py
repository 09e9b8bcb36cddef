"""The laws, glossary, game facts, example scenarios and quiz items, shipped as data."""
