"""Rulings models, one module per concern (the flows engineer adds log.py)."""

from rulings.models.documents import Clause, Document, Section, Vocabulary
from rulings.models.glossary import Term
from rulings.models.rulings_log import DoubtDecision, RulingLogEntry

__all__ = ["Clause", "Document", "DoubtDecision", "RulingLogEntry", "Section", "Term", "Vocabulary"]
