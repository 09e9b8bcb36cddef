"""Search as you type: the laws store and its FTS5 index, and how a query is read."""
