"""Limits on what one client, address or account may repeat (counted in the database)."""
