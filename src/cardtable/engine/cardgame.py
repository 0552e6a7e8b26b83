"""``CardGame``: the ``GameDefinition`` boilerplate every card game with set files and decks shares.

Why: the card games each wrote the same glue around their rules — the pool from the package's set
files (cached), the card-set versions a record keeps, ready decks resolved into the form a record
keeps, a deck given as a ready-deck name or a mapping, its legality as the game's deck rules say,
the default decks drawn from the seed, snapshots and samples with the game's zones, the How to play
text. It lives here once; a game package keeps its rules, schema, cards and presentation.

Custom card sets (``--cards``) are one more thing every card game gets from here: ``with_card_sets``
returns the same game over its shipped sets plus the given ones (set files or directories, see
``carddata.pool``); the deck lists of such a directory are offered as ready decks marked custom. A
record names every set it was played with and its content hash (``card_set_hashes``), and
``check_record_sets`` refuses a record whose sets are not the ones loaded.

Nothing here names a game: a subclass declares its pool source, state class, zones and, for decks
with one side card kept outside the main part, the option key of that card.
"""

from __future__ import annotations

import importlib
from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, TypeVar

from ..carddata.deckfacet import ReadyDeck
from ..carddata.decklist import ready_deck_list
from ..carddata.deckrules import Deck, Violation
from ..carddata.pool import PoolSource, SetRef, custom_deck_files, custom_set_files, records_match
from ..core import GameDefinition, Rng, SetupError, State
from .. import registry as _registry
from ..core.errors import CardDataError
from .table import ZoneDecl

G = TypeVar("G", bound="CardGame")


class CardGame(GameDefinition):
    """Base of a card game's ``GAME`` object (module docstring). Subclasses set the class attributes and
    implement ``zones``; the package has a ``deck_rules`` module and a ``howto`` module."""

    source: ClassVar[PoolSource[Any]]  # the game's shipped set files and how its pool is built
    state_class: ClassVar[type[Any]]  # the game's ``CardState`` subclass
    decks_dir: ClassVar[Path | None] = None  # the ready deck lists shipped with the game
    side_part: ClassVar[str] = ""  # the one card a deck brings besides its main part ("" for none)
    deck_salt: ClassVar[int] = 0  # mixed into the seed that draws the default decks
    custom_sources: tuple[Path, ...] = ()  # what ``--cards`` named (files or directories)
    custom_files: tuple[Path, ...] = ()  # the custom set files those hold, in load order

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A state class that keeps its turn frame on the stack for the whole game (its ``on_empty_stack``
        not overridden) gets one that says so loudly if the stack ever runs empty."""
        super().__init_subclass__(**kwargs)
        state = cls.__dict__.get("state_class")
        if state is not None and "on_empty_stack" not in state.__dict__:
            name = cls.info.name

            def never_empty(st: Any) -> None:
                raise RuntimeError(f"the {name} turn frame is never missing while the game goes on")

            state.on_empty_stack = never_empty

    # ---- the pool and its sets ---------------------------------------------------------------------

    def with_card_sets(self: G, sources: Iterable[Path | str]) -> G:
        """This game over its shipped sets plus the custom sets in ``sources`` (validated now: a bad file
        raises ``CardDataError`` naming file, card and field). No sources: a plain copy of the game."""
        game = type(self)()
        game.custom_sources = tuple(Path(s) for s in sources)
        game.custom_files = custom_set_files(game.custom_sources)
        _ = game.pool, game.deck_lists
        return game

    @cached_property
    def pool(self) -> Any:
        """The card pool: shipped sets, then custom ones (``carddata.pool``, built once per list)."""
        return self.source.pool(self.custom_files)

    @cached_property
    def card_set_refs(self) -> tuple[SetRef, ...]:
        return self.source.refs(self.custom_files)

    @property
    def card_set_versions(self) -> dict[str, int]:
        """The shipped sets' versions (a custom set is named with its hash in ``card_set_hashes``)."""
        shipped = len(self.source.shipped())
        return {s.set: s.version for s in self.pool.sets[:shipped]}

    @property
    def card_set_hashes(self) -> list[dict[str, Any]]:
        return [r.to_record() for r in self.card_set_refs]

    def check_record_sets(self, recorded: Any) -> str | None:
        if not isinstance(recorded, list):
            return f"the record's card_set_hashes must be a list, not {type(recorded).__name__}"
        return records_match(recorded, self.card_set_refs)

    def is_custom_card(self, index: int) -> bool:
        """Whether catalog card ``index`` comes from a custom set."""
        return index >= self.shipped_cards

    @cached_property
    def shipped_cards(self) -> int:
        """How many cards the shipped sets hold (custom cards follow them in the catalog)."""
        return sum(len(s.cards) for s in self.pool.sets[:len(self.source.shipped())])

    def mark_custom(self, catalog: dict[str, Any]) -> dict[str, Any]:
        """``catalog`` (``card_catalog``'s answer) with ``custom: true`` on every card of a custom set."""
        for card in catalog.get("cards", []):
            if self.is_custom_card(int(card["index"])):
                card["custom"] = True
        return catalog

    @property
    def lookup(self) -> Any:
        """Cards by catalog index (``[i].id``), ``len`` and ``index(id or name)``: the pool by default."""
        return self.pool

    # ---- decks -----------------------------------------------------------------------------------

    @property
    def deck_rules(self) -> Any:
        """The package's ``deck_rules`` module: ``load_deck_list(path, pool)`` and ``validate_deck(deck, pool)``."""
        return importlib.import_module(f"{type(self).__module__}.deck_rules")

    def read_deck_list(self, path: Path) -> Deck:
        """A deck-list file of this game, resolved against ``pool`` (``CardDataError`` when unreadable)."""
        deck: Deck = self.deck_rules.load_deck_list(path, self.pool)
        return deck

    def validate_deck(self, deck: Deck) -> list[Violation]:
        """Every deck-building rule ``deck`` breaks, each with its rule ID."""
        problems: list[Violation] = self.deck_rules.validate_deck(deck, self.pool)
        return problems

    @cached_property
    def deck_lists(self) -> dict[str, Deck]:
        """Ready decks by file stem: the shipped ones, then those of custom directories."""
        out: dict[str, Deck] = {}
        shipped = sorted(self.decks_dir.glob("*.yaml")) if self.decks_dir is not None else []
        for path in [*shipped, *custom_deck_files(self.custom_sources)]:
            if path.stem in out:
                raise CardDataError(f"{path}: a ready deck named {path.stem!r} exists already (rename the file)")
            out[path.stem] = self.read_deck_list(path)
        return out

    @cached_property
    def custom_decks(self) -> frozenset[str]:
        """Stems of the ready decks that came with custom sets."""
        return frozenset(p.stem for p in custom_deck_files(self.custom_sources))

    @cached_property
    def _ready(self) -> dict[str, dict[str, Any]]:
        """Ready decks by name and by stem in the resolved form a record keeps (read once)."""
        lookup, out = self.lookup, {}
        for stem, deck in self.deck_lists.items():
            entry: dict[str, Any] = {"name": deck.name}
            if self.side_part:
                entry[self.side_part] = lookup.index(deck.cards(self.side_part)[0])
            entry["cards"] = sorted(lookup.index(c) for c in deck.cards())
            out[deck.name] = out[stem] = entry
        return out

    def ready_decks(self) -> dict[str, dict[str, Any]]:
        """Ready decks by name (and stem) in the resolved form a record keeps."""
        return {k: {**v, "cards": list(v["cards"])} for k, v in self._ready.items()}

    def default_decks(self, seed: int, players: int) -> list[str]:
        """The ready decks a game without ``decks`` gets, drawn from the seed among the *shipped* decks
        (so loading custom sets never changes a seeded game)."""
        names = sorted({d.name for stem, d in self.deck_lists.items() if stem not in self.custom_decks})
        rng = Rng(seed ^ self.deck_salt)
        return [names[rng.below(len(names))] for _ in range(players)]

    def resolve_deck(self, data: Any, where: str, rule: str) -> dict[str, Any]:
        """A deck option entry — a ready deck's name or stem, or ``{side card, cards}`` — in the resolved
        form; ``SetupError`` citing ``rule`` for anything else."""
        ready, side = self._ready, self.side_part
        if isinstance(data, str):
            if data not in ready:
                raise SetupError(f"{where}: unknown ready deck {data!r}; ready decks: "
                                 f"{', '.join(sorted({d['name'] for d in ready.values()}))}")
            return {**ready[data], "cards": list(ready[data]["cards"])}
        if not isinstance(data, Mapping) or set(data) - {"name", side, "cards", "description"}:
            raise SetupError(f"{where}: a deck is a ready deck name or {{{side}, cards}} ({rule})")
        lookup = self.lookup
        lead, cards = data.get(side), data.get("cards")
        try:
            card = lead if type(lead) is int else lookup.index(str(lead))
            if isinstance(cards, Mapping):
                idx = [lookup.index(str(ref)) for ref, n in cards.items() for _ in range(int(n))]
            elif isinstance(cards, list) and all(type(c) is int for c in cards):
                idx = list(cards)
            else:
                raise SetupError(f"{where}: 'cards' maps card ids to copies")
        except KeyError as err:
            raise SetupError(f"{where}: {err.args[0]}") from None
        except (ValueError, TypeError) as err:
            raise SetupError(f"{where}: {err}") from None
        if not 0 <= card < len(lookup) or not all(0 <= c < len(lookup) for c in idx):
            raise SetupError(f"{where}: card numbers must be 0..{len(lookup) - 1}")
        return {"name": str(data.get("name") or "custom deck"), side: card, "cards": sorted(idx)}

    def deck_problems(self, deck: Mapping[str, Any]) -> list[str]:
        """Every violation of the game's deck rules by a resolved deck, each with its rule ID."""
        lookup = self.lookup
        main = Counter(lookup[c].id for c in deck["cards"])
        sides = {self.side_part: {lookup[deck[self.side_part]].id: 1}} if self.side_part else {}
        return [f"{v.rule_id}: {v.message}" for v in self.validate_deck(Deck(deck["name"], dict(main), sides))]

    # ---- snapshots and the rest --------------------------------------------------------------------

    def zones(self, players: int) -> Sequence[ZoneDecl]:
        """The game's zones for ``players`` seats: every card game declares its own (a required hook)."""
        raise NotImplementedError

    def players_in(self, data: Mapping[str, Any]) -> int:
        """How many players a snapshot or view is for (a game for several counts reads and checks it)."""
        return self.info.min_players

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return self.state_class.load(self, data, self.zones(self.players_in(data)))  # type: ignore[no-any-return]

    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> State:
        return self.state_class.sample(self, view, log, seed,  # type: ignore[no-any-return]
                                       self.zones(self.players_in(view)))

    def how_to_play(self) -> dict[str, Any]:
        """The game in plain words, a glossary of what the table shows and the section of each phase (the
        package's ``howto.py``)."""
        howto = importlib.import_module(f"{type(self).__module__}.howto")
        return howto.how_to_play(self.info.name)  # type: ignore[no-any-return]


def active(game: Any) -> Any:
    """``game`` (a package's ``GAME``) as this process plays it: the one registered in its place, with the
    custom sets ``registry.use_card_sets`` loaded, or ``game`` itself (a dict read: the bots' policies ask
    at every card they look at)."""
    custom = _registry.registered(game.info.id)
    return game if custom is None else custom


class DeckFacet:
    """The functions of a card game's ``decklists`` facet (``carddata.deckfacet``), over the game as this
    process plays it: ready decks (custom ones marked), deck files and their legality. ``key`` reads
    what a ready deck's summary counts of a card (a colour, a type) from the game and a card id;
    the ``top`` most common values are named in the game's own words (``face``)."""

    def __init__(self, game_id: str, key: Callable[[Any, str], str], top: int, face: Any) -> None:
        self.game_id, self.key, self.top, self.face = game_id, key, top, face

    def game(self) -> Any:
        return _registry.load_game(self.game_id)

    def ready_decks(self) -> list[ReadyDeck]:
        from .presentation import colour_words

        g = self.game()
        return ready_deck_list(g.deck_lists, lambda c: self.key(g, c), lambda v: colour_words(self.face, v),
                               self.top, g.custom_decks)

    def ready_deck_lists(self) -> dict[str, Deck]:
        """The ready decks by stem (shipped, then custom) as deck lists."""
        return dict(self.game().deck_lists)

    def load_deck_file(self, path: Path) -> Deck:
        deck: Deck = self.game().read_deck_list(path)
        return deck

    def deck_problems(self, deck: Deck) -> list[Violation]:
        problems: list[Violation] = self.game().validate_deck(deck)
        return problems
