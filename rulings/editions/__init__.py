"""The edition at the table: which DBA edition an answer comes from, and where 3.0 is known to differ."""
