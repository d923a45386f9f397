"""Batch runs over archives: many tournament files in parallel, results mirrored under one folder,
a summary row per input and a manifest so a second run only does what is left."""
