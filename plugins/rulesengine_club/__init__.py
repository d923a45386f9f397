"""Built-in club plugin."""
