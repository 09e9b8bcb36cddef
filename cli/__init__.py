"""The command line: `cli.main` parses; each sub-command module exposes `register(subparsers)`."""
