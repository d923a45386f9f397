"""FIDE tie-breaks (C.07)."""

from rulesengine_fide.tiebreaks.basic import RULES

__all__ = ["RULES"]
