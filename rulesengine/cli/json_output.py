"""JSON on stdout as every command writes it (`rulesengine.output.json_text`), in a module of its
own: `plugins` writes JSON without importing the registry, which `rulesengine.cli.common` imports."""

from __future__ import annotations

import sys
from typing import Any

from rulesengine.output.json_text import json_text


def print_json(data: Any) -> None:
    sys.stdout.write(json_text(data))
