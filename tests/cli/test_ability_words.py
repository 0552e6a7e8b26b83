"""Every choice explains itself (issue 23): a choice that uses a card's ability quotes what the ability does,
from the card's own text (a two-sided card: the side its seat shows, from the ability's name on)."""

from __future__ import annotations

import random
import re

import pytest

from cardtable import load_game
from cardtable.tui import get_renderer


def _ability_choices(game_id: str, seeds: range, want: int = 4) -> list[tuple[str, dict, dict]]:
    game, renderer = load_game(game_id), get_renderer(game_id)
    found: list[tuple[str, dict, dict]] = []
    for seed in seeds:
        state, rng = game.new_game(seed=seed, players=2), random.Random(seed)
        while not state.is_terminal and len(found) < want:
            d = state.decision
            view = state.view(d.player)
            for a in d.options:
                if "ability" in dict(a.params):
                    found.append((renderer.describe_action(a, view, None), dict(a.params), view))
            state.apply(rng.choice(d.options))
    return found


@pytest.mark.parametrize("game_id", ["call-of-cthulhu", "million-arthur", "mythos"])
def test_a_use_ability_choice_quotes_the_cards_text(game_id: str) -> None:
    renderer = get_renderer(game_id)
    found = _ability_choices(game_id, range(4))
    assert found, "no ability was offered in four seeded games"
    for said, params, view in found:
        quoted = re.search(r' — "([^"]+)"( \(\?(\d+) for the rest\))?$', said)
        assert quoted, said
        card = next(v for k, v in params.items() if k != "ability" and k in renderer.targets and renderer.targets[k].card)
        data = renderer.card_data(view, card)
        face = data if data.get("text") else renderer.shown_side(view, card, data)
        assert face, said
        assert quoted[1] in " ".join(face["text"].split()), said
        assert quoted[3] is None or int(quoted[3]) == card  # "?N for the rest" names this card
        assert "ability 0" not in said  # abilities are counted from 1 for people


def test_the_chosen_line_in_the_terminal_stays_one_line_without_the_quote(runner, in_tmp) -> None:
    from cardtable.cli import app

    result = runner.invoke(app, ["play", "million-arthur", "--seat", "0", "--bots", "random", "--seed", "1"],
                           input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert not [ln for ln in result.output.splitlines() if ln.startswith("You chose:") and ' — "' in ln]
