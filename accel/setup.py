"""The compiled extension of crescent-widget-accel; all other metadata is in pyproject.toml.

The extension is declared here, not in pyproject.toml's ``[tool.setuptools.ext-modules]``,
which setuptools still marks experimental (and warns about on every build).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "crescent_accel._core",
            sources=["src/crescent_accel/_core.c", "src/crescent_accel/relaxed.c"],
            depends=["src/crescent_accel/common.h"],
            extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wextra"],
        )
    ]
)
