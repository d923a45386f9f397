"""The published-table records now live in the core (`rulesengine.published`): the Vega and
chess-results readers build them. Kept only for the audit modules not yet repointed."""

from rulesengine.published import Finding, PublishedColumn, PublishedEvent, PublishedRow, PublishedTable

__all__ = ["Finding", "PublishedColumn", "PublishedEvent", "PublishedRow", "PublishedTable"]
