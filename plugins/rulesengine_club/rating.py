"""Club rating ladder (shared/docs/domain.md section 2). Not yet implemented (its own issue)."""

SYSTEMS: list = []
