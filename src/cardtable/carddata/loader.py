"""Read one YAML card file and validate it against a game's pydantic schema.

Errors are rewritten for a person editing the file: which file, which card (by its ``id``), which
field, what was wrong — never a traceback or pydantic's raw dump.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from ..core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)


# libyaml's safe loader when PyYAML was built with it: the same documents and errors, ~7x faster
# (card sets are parsed at start-up, and by the card-file tests thousands of times).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FieldError(ValueError):
    """A schema check about one field (``field``, a path relative to the model that raises it, e.g.
    ``type_restricted`` or ``abilities[0].timing``): raised from a model validator, whose error pydantic
    places on the whole model, so that the load error still names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def load_card_file(path: Path, schema: type[M]) -> M:
    """Parse and validate ``path``; raise ``CardDataError`` naming file, card and field on any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CardDataError(f"{path}: cannot read the card file ({err.strerror})") from err
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise CardDataError(f"{path}: not valid YAML{where}: {getattr(err, 'problem', err)}") from err
    if not isinstance(data, dict):
        raise CardDataError(f"{path}: the file must hold a mapping with the set's fields and card lists")
    try:
        return schema.model_validate(data)
    except ValidationError as err:
        raise CardDataError(_describe(path, data, err)) from None


def _describe(path: Path, data: dict[str, Any], err: ValidationError) -> str:
    lines = []
    for problem in err.errors():
        loc = _data_path(data, list(problem["loc"]), problem["type"] == "missing")
        card = _card_id_at(data, loc)
        field = _field_path(loc[2:] if card is not None else loc)
        named = _named_field(problem)
        if named is not None:  # the error is about one key of the mapping at ``loc``
            sep = "" if named.startswith("[") else "."
            field = named if field == "(top level)" else f"{field}{sep}{named}"
        if card is not None:
            where = f"card {card!r}" if field == "(top level)" else f"card {card!r}, field {field!r}"
        else:
            where = f"field {field!r}"
        message = problem["msg"]
        if problem["type"] == "extra_forbidden":
            message = "unknown key (check its spelling against the rules' card vocabulary)"
        elif problem["type"] == "value_error" and message.startswith("Value error, "):
            message = message[len("Value error, "):]
        lines.append(f"{path}: {where}: {message}")
    return "\n".join(lines)


def _named_field(problem: Any) -> str | None:
    """The key an error placed on a whole mapping is about: a model check's ``FieldError``, the key of
    a tagged union whose tag is unknown or missing (``kind``, ``op``), or a custom discriminator error
    of type ``tag:<key>``."""
    ctx = problem.get("ctx") or {}
    raised = ctx.get("error")
    if isinstance(raised, FieldError):
        return raised.field
    if problem["type"] in ("union_tag_invalid", "union_tag_not_found"):
        key = str(ctx.get("discriminator", "")).strip("'")
        return key if key.isidentifier() else None
    if problem["type"].startswith("tag:"):
        return str(problem["type"][len("tag:"):])
    return None


def _data_path(data: Any, loc: list[Any], missing: bool) -> list[Any]:
    """``loc`` without the segments pydantic adds for union members (a tag such as ``draw`` or
    ``character``), which name no key in the file; a person looks for keys, so only those stay.

    A segment is kept when it is a key (or index) of the data at that point, or when it is the last
    one and the error says the key is missing.
    """
    out: list[Any] = []
    node = data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
            out.append(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            out.append(part)
        elif i == len(loc) - 1 and missing:
            out.append(part)
    return out


def _card_id_at(data: dict[str, Any], loc: list[Any]) -> str | None:
    """If ``loc`` points into a card list (``[list_name, index, ...]``), the card's id or position."""
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        items = data.get(loc[0])
        if isinstance(items, list) and loc[1] < len(items):
            item = items[loc[1]]
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                return item["id"]
            return f"{loc[0]}[{loc[1]}]"
    return None


def _field_path(loc: list[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not str(part).startswith(("function-", "tagged-union", "union[", "literal[", "int", "str", "bool", "list[", "dict[")):
            out += ("." if out else "") + str(part)
    return out or "(top level)"
