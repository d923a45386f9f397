"""Built-in FIDE plugin: tie-breaks (C.07), rating (B.02); a federation's plugin looks like this."""
