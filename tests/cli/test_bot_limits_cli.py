"""The command line refuses bot budgets over the maximum in one line (the same parser as the server)."""

from __future__ import annotations

import pytest

from cardtable.cli import app


@pytest.mark.parametrize("args,needle", [
    (["simulate", "two-mists", "--games", "1", "--bots", "random,ismcts:2000000000,random"], "at most 5000"),
    (["play", "two-mists", "--seat", "none", "--bots", "ismcts:99999999s,random,random,random"], "at most 5 s"),
])
def test_budgets_over_the_maximum_exit_2_with_one_line(runner, in_tmp, args, needle):
    result = runner.invoke(app, args, input="")
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith("error: ") and needle in lines[0]
