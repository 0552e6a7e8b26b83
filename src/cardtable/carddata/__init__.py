"""Card data: reading YAML sets, validating them against a game's schema, compiling expressions."""

from .expressions import ExpressionCompiler
from .loader import FieldError, load_card_file

__all__ = ["ExpressionCompiler", "FieldError", "load_card_file"]
