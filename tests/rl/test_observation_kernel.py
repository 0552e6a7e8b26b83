"""The compiled inner loops of the card games' observation (``rl/_kernel.pyx``).

Their results are proven equal to the reference route by ``test_card_observation.py``, which runs every test with
this kernel and with the Python one. Here: that the kernel was built where the test command runs (else the envs
silently run the slower Python loops), and that it refuses, writing nothing, a buffer its slots do not fit — it
writes through a raw pointer, where the Python loops index a memoryview that checks bounds itself.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtable import registry
from cardtable.engine import CardState
from cardtable.rl import card_observation
from cardtable.rl.cardgame import CardObservation
from cardtable.rl.spaces import load_encoding


def test_the_kernel_was_built_and_new_encoders_use_it() -> None:
    assert card_observation.Kernel is not None, (
        "the compiled kernel is missing: run scripts/setup (it compiles src/cardtable/rl/_kernel.pyx with gcc)")
    encoder = load_encoding("mythos").observation_encoder(2)
    assert isinstance(encoder, CardObservation)
    assert encoder._direct.compiled and isinstance(encoder._direct._kernel, card_observation.Kernel)


def test_the_kernel_refuses_a_buffer_its_slots_do_not_fit() -> None:
    encoder = load_encoding("mythos").observation_encoder(2)
    assert isinstance(encoder, CardObservation)
    direct = encoder._direct
    state = registry.load_game("mythos").new_game(seed=0, players=2)
    assert isinstance(state, CardState) and state.decision is not None
    encoder.encode_seat(state, 0)  # (the kernel is made for this table's zones)
    k, t = direct._kernel, state.table
    short = np.zeros(8, dtype=np.float32)
    z = max(range(len(t.zones)), key=lambda z: len(t.zones[z]))
    with pytest.raises(ValueError, match="does not fit"):
        k.copies(memoryview(short), z, 0, t.zones[z], t.defn, t.flags)
    with pytest.raises(ValueError, match="do not fit"):
        k.options(memoryview(short), 0, direct.option_stride, 1 + direct.kind_buckets, state.decision.options, 99,
                  direct._read_action, t.flags, t.known, t.defn, t.zone, t.ctrl,
                  [(True, True)] * len(t.zones), 1, 0)
    with pytest.raises(ValueError, match="do not fit"):
        k.vars(memoryview(short[:2]), direct._fetch_vars(state.vars), direct._scaled)
    with pytest.raises(IndexError):
        k.copies(memoryview(np.zeros(direct.size, dtype=np.float32)), len(t.zones), 0, [], t.defn, t.flags)
    assert not short.any()  # nothing was written


def test_a_read_only_buffer_is_refused() -> None:
    encoder = load_encoding("mythos").observation_encoder(2)
    assert isinstance(encoder, CardObservation)
    direct = encoder._direct
    state = registry.load_game("mythos").new_game(seed=0, players=2)
    assert isinstance(state, CardState)
    encoder.encode_seat(state, 0)
    frozen = np.zeros(direct.size, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(BufferError):
        direct._kernel.vars(memoryview(frozen), direct._fetch_vars(state.vars), direct._scaled)
