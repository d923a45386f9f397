"""Crosstable layouts: each module turns a grid into a Tournament (`detect(grid)`, `read(grid)`)."""
