"""rulesengine: a plugin-based chess tournament rules engine (core)."""

import pluggy

__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker("rulesengine")

__all__ = ["hookimpl", "__version__"]
