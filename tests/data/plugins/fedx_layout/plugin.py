"""Entry point: the layout record, each operation imported from `fedx_layout.sheet` on first use."""

from __future__ import annotations

from rulesengine.plugins import CrosstableLayout, hookimpl, lazy


def _sheet(operation: str):
    return lazy("fedx_layout.sheet", operation)


@hookimpl
def rulesengine_crosstable_layouts():
    return [CrosstableLayout("fedx_sheet", "a Federation X sheet (Runde 1, Runde 2, ... with 5s1)",
                             _sheet("detect"), _sheet("read"), aliases=("fedx",),
                             locate=_sheet("locate"), entry=_sheet("entry"), write=_sheet("write"),
                             export=_sheet("export"), round_columns="column (Runde {n})")]
