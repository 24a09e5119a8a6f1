"""The board as a picture for ``render_mode="rgb_array"``: the package's SVG, rasterised by resvg.

resvg (the ``resvg-py`` wheel, in the ``gym`` extra) was chosen over CairoSVG: it is one
self-contained wheel of about 3 MB, while CairoSVG needs the system's cairo library, which
pip cannot install; both draw this SVG alike (a mean difference of about 1 of 255 per
channel, anti-aliasing); CairoSVG's PNG route was no faster (docs/benchmarks.md has the
figures). resvg gives PNG bytes, which Pillow turns into the array.

>>> from crescent_widget import Game
>>> frame = rasterise(Game.from_number(1).svg("en"))
>>> frame.shape, frame.dtype.name, tuple(int(v) for v in frame[2, 2])
((564, 676, 3), 'uint8', (238, 245, 238))
"""

from __future__ import annotations

import importlib
import io
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import CrescentError


class MissingRasteriserError(CrescentError):
    """``render_mode="rgb_array"`` without resvg-py or Pillow installed (``reason`` ``missing_rasteriser``)."""

    def __init__(self, name: str) -> None:
        super().__init__("missing_rasteriser", f"rgb_array frames need {name}: pip install 'crescent-widget[gym]'")


def rasterise(svg: str) -> NDArray[np.uint8]:
    """An SVG drawing as an H×W×3 ``uint8`` array, at the drawing's own size.

    Raises:
        MissingRasteriserError: resvg-py or Pillow is not installed.
    """
    resvg: Any = _module("resvg_py", "resvg-py")  # typed Any: neither ships type hints
    image: Any = _module("PIL.Image", "Pillow")
    png = resvg.svg_to_bytes(svg_string=svg)
    with image.open(io.BytesIO(png)) as picture:
        return np.asarray(picture.convert("RGB"), dtype=np.uint8)


def _module(name: str, package: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        raise MissingRasteriserError(package) from None
