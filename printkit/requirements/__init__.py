"""The claim-requirement language: syntax tree, parser, term meanings, payment."""
from .ast import Combo, Repeat, Requirement, Slot, Span, Term, format_requirement
from .parser import RequirementSyntaxError, RequirementTooLongError, parse_requirement

__all__ = [
    "Combo", "Repeat", "Requirement", "RequirementSyntaxError", "RequirementTooLongError", "Slot", "Span", "Term",
    "format_requirement", "parse_requirement",
]
