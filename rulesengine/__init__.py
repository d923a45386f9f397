"""rulesengine: a plugin-based chess tournament rules engine (core)."""

__version__ = "0.1.0"

__all__ = ["hookimpl", "__version__"]


def __getattr__(name: str):
    # `hookimpl` needs pluggy; importing it only when a plugin asks keeps `rulesengine --help` light.
    if name == "hookimpl":
        import pluggy

        global hookimpl
        hookimpl = pluggy.HookimplMarker("rulesengine")
        return hookimpl
    raise AttributeError(f"module 'rulesengine' has no attribute {name!r}")
