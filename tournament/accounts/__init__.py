"""Accounts: a confirmed email."""
