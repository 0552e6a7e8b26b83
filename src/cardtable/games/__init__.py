"""Game modules. Each package exposes ``GAME`` (a ``GameDefinition``); ``cardtable.registry`` lists them."""
