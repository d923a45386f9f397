"""Built-in uschess plugin."""
