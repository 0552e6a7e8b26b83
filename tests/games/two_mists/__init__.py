"""Two Mists rule tests (a package so that file names like ``test_setup.py`` cannot clash with other games')."""
