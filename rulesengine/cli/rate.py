"""Placeholder: this sub-command is added by its issue's work."""


def register(subparsers) -> None:
    return None
