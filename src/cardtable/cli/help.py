"""Help screens without a value placeholder on flags.

typer's rich help prints each option's type next to it (``<int>``, ``<path>``); for a flag, which
takes no value, it prints ``<bool>``, which reads as if ``--full <bool>`` wanted an argument. Every
command and the group use these classes, which give flags (``--help`` included) an empty metavar so
that the type column stays blank for them; options that take values keep their ``<type>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from typer.core import TyperCommand, TyperGroup, TyperOption

if TYPE_CHECKING:  # typer's own copy of click (typer >= 0.2x vendors it), named only for the signatures
    from typer._click import Context, Parameter


def _blank_flag_types(params: list[Parameter]) -> list[Parameter]:
    for param in params:
        if isinstance(param, TyperOption) and (param.is_flag or param.count) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A typer command whose help shows no type for flags."""

    def get_params(self, ctx: Context) -> list[Parameter]:
        return _blank_flag_types(super().get_params(ctx))


class Group(TyperGroup):
    """The ``cardtable`` group, with the same help for its own flags as :class:`Command`."""

    def get_params(self, ctx: Context) -> list[Parameter]:
        return _blank_flag_types(super().get_params(ctx))
