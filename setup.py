"""Build script: compiles the Cython rules core and search (``pip install .``, ``pip wheel .``).

The documents that ``tekhenu --help`` refers to (the protocol spec, the notation, the card
list) are copied into the package as ``tekhenu_engine/docs/`` at build time, so a wheel
carries them (``tekhenu docs protocol`` prints them from an installed package).
"""
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
# document name -> source path in the checkout (the single copy; the package gets a build copy)
PACKAGED_DOCS = {
    "PROTOCOL.md": "protocol/PROTOCOL.md",
    "notation.md": "docs/notation.md",
    "cards.md": "docs/cards.md",
    "rules-notes.md": "docs/rules-notes.md",
}


class BuildPyWithDocs(build_py):
    """build_py that also copies the documents into the built package."""

    def run(self) -> None:
        super().run()
        target = os.path.join(self.build_lib, "tekhenu_engine", "docs")
        os.makedirs(target, exist_ok=True)
        for name, src in PACKAGED_DOCS.items():
            shutil.copyfile(os.path.join(HERE, src), os.path.join(target, name))


extensions = [
    Extension("tekhenu_engine._core", ["tekhenu_engine/_core.pyx"],
              extra_compile_args=["-O3"]),
    Extension("tekhenu_engine._search", ["tekhenu_engine/_search.pyx"],
              extra_compile_args=["-O3"]),
]

setup(
    cmdclass={"build_py": BuildPyWithDocs},
    ext_modules=cythonize(extensions, language_level=3,
                          compiler_directives={"boundscheck": False, "wraparound": False}),
)
