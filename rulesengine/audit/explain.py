"""The audit explainer records now live in the core (`rulesengine.audit_records`): plugins return
them through `rulesengine.plugins`. Kept only for `audit/check.py`, not yet repointed."""

from rulesengine.audit_records import AuditExplainer, Explained, Reading

__all__ = ["AuditExplainer", "Explained", "Reading"]
