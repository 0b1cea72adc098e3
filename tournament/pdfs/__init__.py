"""Printed documents (reportlab platypus): army sheets, pairing sheets, result slips, standings."""
