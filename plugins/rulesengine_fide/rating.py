"""FIDE rating regulations (B.02). Filled in by the rating-systems work (issue 5)."""

SYSTEMS: list = []
