"""Sub-commands of `python -m app`: each module exposes `register(subparsers)`."""
