"""Rulings models, one module per concern: documents (the library), glossary, rulings_log (an event's
rulings log and its decisions on the doubts)."""

from rulings.models.documents import Clause, Document, Section, Vocabulary
from rulings.models.glossary import Term
from rulings.models.rulings_log import DoubtDecision, RulingLogEntry

__all__ = ["Clause", "Document", "DoubtDecision", "RulingLogEntry", "Section", "Term", "Vocabulary"]
