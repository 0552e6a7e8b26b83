"""Structured value expressions and conditions from card data, compiled once into closures.

Card files say ``{max: [0, {sub: [5, {equipment_count: self}]}]}`` rather than a string formula, so
they validate structurally and need no parser. A game registers its own leaves (``equipment_count``,
``died``…); the arithmetic and boolean combinators are shared by every game. Compiling at load time
keeps evaluation on the hot path to a few closure calls.
"""

from __future__ import annotations

from typing import Any, Callable

Evaluator = Callable[[Any], Any]
LeafBuilder = Callable[[Any], Evaluator]

_ARITHMETIC: dict[str, Callable[[list[int]], int]] = {
    "add": sum,
    "sub": lambda xs: xs[0] - sum(xs[1:]),
    "max": max,
    "min": min,
}


class ExpressionError(ValueError):
    """A malformed expression; the loader reports it with the file, card and field."""


class ExpressionCompiler:
    """Compiles value expressions and conditions using the leaves a game registered."""

    def __init__(self, values: dict[str, LeafBuilder], conditions: dict[str, LeafBuilder]) -> None:
        self.values = values
        self.conditions = conditions

    def value(self, node: Any) -> Evaluator:
        if isinstance(node, bool):
            raise ExpressionError("a value expression cannot be true/false")
        if isinstance(node, int):
            number: int = node
            return lambda ctx: number
        name, arg = self._single_key(node, "value")
        if name in _ARITHMETIC:
            if not isinstance(arg, list) or not arg:
                raise ExpressionError(f"{name!r} takes a non-empty list of values")
            parts = [self.value(a) for a in arg]
            fold = _ARITHMETIC[name]
            return lambda ctx: fold([p(ctx) for p in parts])
        if name in self.values:
            return self.values[name](arg)
        raise ExpressionError(f"unknown value function {name!r}; known: {', '.join(sorted([*_ARITHMETIC, *self.values]))}")

    def condition(self, node: Any) -> Evaluator:
        if isinstance(node, bool):
            truth: bool = node
            return lambda ctx: truth
        name, arg = self._single_key(node, "condition")
        if name in ("and", "or"):
            if not isinstance(arg, list) or not arg:
                raise ExpressionError(f"{name!r} takes a non-empty list of conditions")
            parts = [self.condition(a) for a in arg]
            if name == "and":
                return lambda ctx: all(p(ctx) for p in parts)
            return lambda ctx: any(p(ctx) for p in parts)
        if name == "not":
            inner = self.condition(arg)
            return lambda ctx: not inner(ctx)
        if name in self.conditions:
            return self.conditions[name](arg)
        raise ExpressionError(f"unknown condition {name!r}; known: {', '.join(sorted(['and', 'or', 'not', *self.conditions]))}")

    @staticmethod
    def _single_key(node: Any, what: str) -> tuple[str, Any]:
        if not isinstance(node, dict) or len(node) != 1:
            raise ExpressionError(f"a {what} must be a number/boolean or a mapping with exactly one key, got {node!r}")
        ((name, arg),) = node.items()
        return str(name), arg
