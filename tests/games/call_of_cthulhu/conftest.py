"""Shared fixtures of the Call of Cthulhu tests (the game is registered as ``GAME``; nothing to set up)."""
