"""Card data: reading YAML sets, validating them against a game's schema, compiling expressions."""

from .expressions import ExpressionCompiler
from .loader import load_card_file

__all__ = ["ExpressionCompiler", "load_card_file"]
