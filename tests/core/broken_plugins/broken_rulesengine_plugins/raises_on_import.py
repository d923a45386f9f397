"""A plugin whose module fails while it is imported."""

raise RuntimeError("federation database not reachable")
