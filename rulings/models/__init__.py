"""Rulings models, one module per concern (the flows engineer adds log.py)."""

from .documents import Clause, Document, Section, Vocabulary
from .glossary import Term
from .rulings_log import RulingLogEntry

__all__ = ["Clause", "Document", "RulingLogEntry", "Section", "Term", "Vocabulary"]
