"""A third-party crosstable layout, as a federation would ship it: Federation X's German sheet.

The test suite registers `fedx_layout.plugin` beside the built-ins (tests/workbook/
test_third_party_layout.py) and reads, recalculates, pairs into, folds into and exports this
layout with no change to the engine. It imports only the public core.
"""
