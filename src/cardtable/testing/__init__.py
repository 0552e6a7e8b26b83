"""Reusable checks that every game must pass (the conformance suite), importable by any game's tests."""
