"""Date formats that differ from Django's own for a language (settings.FORMAT_MODULE_PATH)."""
