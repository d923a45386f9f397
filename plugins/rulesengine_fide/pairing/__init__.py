"""FIDE Dutch system (C.04.3, 2025 text) with Baku acceleration (C.04.7)."""
