"""Rulings models, one module per concern (the flows engineer adds log.py)."""

from .documents import Clause, Document, Section, Vocabulary
from .glossary import Term

__all__ = ["Clause", "Document", "Section", "Term", "Vocabulary"]
