"""The Call of Cthulhu collectible card game (rules: ``/work/shared/rules/call-of-cthulhu.md``).

For now this package holds the card data only: the schema of a card set file (CC-12.7) with the
closed ability vocabulary of CC-12.1–12.6 (``schema``), the original card pool (``cards/``), the
deck rules of CC-2 (``decks``) and the ready-made decks (``decks/``). The rules engine compiles
these records; the game object is added with the rules.
"""
