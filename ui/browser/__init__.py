"""The rules browser: the tree of laws, search as you type, law and game pages."""
