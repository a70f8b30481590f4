"""Build script: compiles the Cython rules core (``pip install .`` or ``pip install -e .``)."""
from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension("tekhenu_engine._core", ["tekhenu_engine/_core.pyx"],
              extra_compile_args=["-O3"]),
    Extension("tekhenu_engine._search", ["tekhenu_engine/_search.pyx"],
              extra_compile_args=["-O3"]),
]

setup(
    ext_modules=cythonize(extensions, language_level=3,
                          compiler_directives={"boundscheck": False, "wraparound": False}),
)
