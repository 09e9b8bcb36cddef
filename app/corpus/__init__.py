"""The laws as loaded: their types, the files they are read from, the checks at the door, and
the content store that serves them (not to be confused with `content`, the data package)."""
