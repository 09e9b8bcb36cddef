"""Help a stranger can use: the first-run welcome, the user guide, the shortcut sheet and the
words the app uses, explained."""
