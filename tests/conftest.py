"""Settings shared by every test.

Hypothesis' per-example deadline measures the machine's load, not the code: on a busy
2-core CI runner an example that takes 20 ms alone can take 300 ms. Performance is measured
by the scripts in ``benchmarks/``; here a slow example is never a failure.
"""

import os
import tempfile
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

settings.register_profile("crescent", deadline=None)
settings.load_profile("crescent")

# Statistics go to a file of the test run's own, never to the user's data directory (every
# widget a test makes keeps them; kernels and servers the tests start inherit this).
os.environ.setdefault("CRESCENT_STATS_PATH", str(Path(tempfile.mkdtemp(prefix="crescent-stats-")) / "stats.sqlite3"))


@pytest.fixture(scope="session")
def accel() -> ModuleType:
    """The compiled search core: CI must have it, but in the job that tests the install without
    it (``CRESCENT_ACCEL=0``); elsewhere its tests are skipped without it."""
    try:
        import crescent_accel
    except ImportError as error:
        if os.environ.get("CI") and os.environ.get("CRESCENT_ACCEL", "1") != "0":
            pytest.fail(f"CI must test the compiled search core, and it does not import: {error}")
        pytest.skip(f"the compiled search core is not installed (pip install ./accel): {error}")
    return crescent_accel
