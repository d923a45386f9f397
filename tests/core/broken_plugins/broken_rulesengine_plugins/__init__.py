"""Deliberately broken rulesengine plugins (tests only); see ../README.md."""
