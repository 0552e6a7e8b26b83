"""The one compiled part of cardtable: the RL observation's inner loops (``src/cardtable/rl/_kernel.pyx``).

Everything else is in pyproject.toml. The extension is optional: where no C compiler is at hand the build warns
and goes on, and the encoder runs the same loops in Python (``card_observation.PyKernel``). Cython comes from the
build requirements; without it (a build with no isolation and no Cython) the extension is left out too.
"""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # pragma: no cover - pip installs Cython in the build environment (pyproject.toml)
    extensions = []
else:
    extensions = cythonize([Extension("cardtable.rl._kernel", ["src/cardtable/rl/_kernel.pyx"])],
                           compiler_directives={"language_level": "3"}, quiet=True)
    for extension in extensions:
        extension.optional = True  # (set after cythonize, which makes new Extension objects without it)

setup(ext_modules=extensions)
