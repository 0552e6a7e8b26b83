"""A card game's pool as set files: the sets it ships plus any extra (custom) sets, loaded once each.

Why here: every card game reads its pool the same way — every ``cards/*.yaml`` of its package in name
order, validated by the game's schema, cross-checked across files by the game's ``build`` — and a
player may bring more sets in the same format (``cardtable play GAME --cards FILE_OR_DIR``). What is
the same for every game lives here: where the files are, the cache (one pool per list of extra sets),
the checks that span sets whatever the game (a card id or a set id used twice), and each set's content
hash, which a record keeps so that a replay against other cards is refused instead of played wrong.

A custom source is a set file, or a directory holding set files (``DIR/*.yaml``, or ``DIR/cards/*.yaml``
when there is a ``cards`` folder) and optionally deck lists (``DIR/decks/*.yaml``) offered as ready decks.
Nothing here knows a game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Sequence, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field

from ..core.errors import CardDataError
from .loader import FieldError

P = TypeVar("P")

_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class SetRef:
    """One set a pool was built from: its id, the hash of its content, and whether it is custom."""

    set: str
    sha256: str
    custom: bool = False
    path: str = ""

    def to_record(self) -> dict[str, Any]:
        """The entry a game record keeps (no path: a record travels between machines)."""
        return {"set": self.set, "sha256": self.sha256, "custom": self.custom}


def _raw(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise CardDataError(f"{path}: cannot read the card file ({err.strerror})") from None


def file_key(path: Path) -> tuple[Path, str]:
    """A set file as a cache key: its path and the hash of its bytes (an edited file is another key)."""
    return path, hashlib.sha1(_raw(path)).hexdigest()


def set_digest(path: Path) -> str:
    """sha256 of the set's canonical form (the parsed YAML as sorted, compact JSON), so comments and
    layout do not count but any change to a card does."""
    return _digest(_raw(path), path)


@lru_cache(maxsize=256)
def _digest(raw: bytes, path: Path) -> str:
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=_SAFE_LOADER)  # noqa: S506 - a safe loader
    except (UnicodeDecodeError, yaml.YAMLError) as err:
        raise CardDataError(f"{path}: cannot read the card file ({err})") from None
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _yaml_files(folder: Path) -> list[Path]:
    return sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")])


def custom_set_files(sources: Iterable[Path | str]) -> tuple[Path, ...]:
    """The set files of ``--cards`` sources, in the order given (a directory's files in name order);
    ``CardDataError`` for a source that does not exist or holds no set file."""
    out: list[Path] = []
    for source in sources:
        path = Path(source).expanduser()
        if path.is_dir():
            folder = path / "cards" if (path / "cards").is_dir() else path
            files = _yaml_files(folder)
            if not files:
                raise CardDataError(f"{path}: no card set files (*.yaml) in this directory")
            out += [f.resolve() for f in files]
        elif path.is_file():
            out.append(path.resolve())
        else:
            raise CardDataError(f"{path}: no such card set file or directory")
    seen: set[Path] = set()
    return tuple(p for p in out if not (p in seen or seen.add(p)))  # type: ignore[func-returns-value]


def custom_deck_files(sources: Iterable[Path | str]) -> tuple[Path, ...]:
    """The deck lists that come with ``--cards`` directories (``DIR/decks/*.yaml``)."""
    out: list[Path] = []
    for source in sources:
        path = Path(source).expanduser()
        if path.is_dir() and (path / "decks").is_dir():
            out += [f.resolve() for f in _yaml_files(path / "decks")]
    return tuple(out)


def unique_card_ids(cards: Iterable[Any]) -> None:
    """A set-schema check: no card id twice in one file (``FieldError`` on ``cards``)."""
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise FieldError("cards", f"card id {card.id!r} is used twice")
        seen.add(card.id)


def claim_id(where: dict[str, Path], path: Path, card_id: str) -> None:
    """A check across set files: ``card_id`` (of a card in ``path``) is not used by a set read before."""
    if card_id in where:
        raise CardDataError(f"{path}: card {card_id!r}, field 'id': the id is already used in {where[card_id]}")
    where[card_id] = path


class PoolSource(Generic[P]):
    """Where a game's pool comes from: its shipped set files plus extra ones, each pool built once.

    ``build`` is the game's: it reads the set files (``load_card_file`` with its schema), checks what
    spans files and returns the game's pool, which has ``sets`` (the validated set models, with ``set``
    and ``version``) in file order.
    """

    def __init__(self, cards_dir: Path, build: Callable[[Sequence[Path]], P]) -> None:
        self.cards_dir = cards_dir
        self.build = build
        self._pools: dict[tuple[tuple[Path, str], ...], P] = {}

    def shipped(self) -> tuple[Path, ...]:
        return tuple(sorted(self.cards_dir.glob("*.yaml")))

    def pool(self, extra: Sequence[Path] = ()) -> P:
        """The pool of the shipped sets followed by ``extra`` (cached per list of extra files and their
        contents: an edited custom set is read again)."""
        key = tuple(file_key(p) for p in extra)
        if key not in self._pools:
            files = self.shipped() + tuple(extra)
            pool = self.build(files)
            self._check_set_ids(pool, files)
            self._pools[key] = pool
        return self._pools[key]

    def refs(self, extra: Sequence[Path] = ()) -> tuple[SetRef, ...]:
        """The sets of ``pool(extra)`` with their content hashes, shipped first, in load order."""
        sets = getattr(self.pool(extra), "sets")
        files = self.shipped() + tuple(extra)
        shipped = len(self.shipped())
        return tuple(SetRef(s.set, set_digest(f), k >= shipped, str(f)) for k, (s, f) in enumerate(zip(sets, files)))

    @staticmethod
    def _check_set_ids(pool: Any, files: Sequence[Path]) -> None:
        first: dict[str, Path] = {}
        for card_set, path in zip(getattr(pool, "sets"), files):
            if card_set.set in first:
                raise CardDataError(f"{path}: field 'set': the set id {card_set.set!r} is already used by "
                                    f"{first[card_set.set]} (give the custom set its own id)")
            first[card_set.set] = path


def records_match(recorded: Sequence[Mapping[str, Any]], loaded: Sequence[SetRef]) -> str | None:
    """Why a record played with ``recorded`` sets cannot be replayed against ``loaded`` ones (``None``
    when it can): each recorded set must be loaded, in the same place, with the same content. Sets
    loaded after the recorded ones do not matter (they only add cards after the record's)."""
    for k, entry in enumerate(recorded):
        name = str(entry.get("set")) if isinstance(entry, Mapping) else repr(entry)
        want = str(entry.get("sha256", "")) if isinstance(entry, Mapping) else ""
        if k >= len(loaded):
            more = " (give it with --cards)" if isinstance(entry, Mapping) and entry.get("custom") else ""
            return f"the record was played with card set {name!r} (sha256 {want[:12]}), which is not loaded{more}"
        have = loaded[k]
        if have.set != name:
            return (f"the record was played with card set {name!r} as set {k + 1}, but set {k + 1} here is "
                    f"{have.set!r}")
        if have.sha256 != want:
            return (f"card set {name!r} differs: the record was played with sha256 {want[:12]}, the loaded one "
                    f"({have.path or 'shipped'}) has sha256 {have.sha256[:12]}")
    return None


class SetHeader(BaseModel):
    """The fields every card set file starts with, whatever the game: its id and its version. A game's
    ``CardSet`` model adds its card list (and whatever else a set of that game declares)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    set: str = Field(min_length=1)
    version: int = Field(ge=1)


class IndexedPool:
    """Cards by catalog position, and a catalog position by card id or name (a game's ``Pool`` mixes it in).

    The pool has ``defs`` (in catalog order), ``by_id`` and a name index whose attribute ``NAMES`` names
    (``by_name``, ``by_title``); ``GAME_NAME`` words the ``KeyError`` of an unknown reference."""

    NAMES: ClassVar[str] = "by_name"
    GAME_NAME: ClassVar[str] = "this game's"

    def __len__(self) -> int:
        return len(getattr(self, "defs"))

    def __getitem__(self, k: int) -> Any:
        return getattr(self, "defs")[k]

    def index(self, ref: str) -> int:
        """A card's catalog index from its id or its name."""
        by_id: Mapping[str, int] = getattr(self, "by_id")
        if ref in by_id:
            return by_id[ref]
        names: Mapping[str, int] = getattr(self, self.NAMES)
        if ref in names:
            return names[ref]
        raise KeyError(f"no {self.GAME_NAME} card {ref!r}")
