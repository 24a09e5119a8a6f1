"""Settings shared by every test.

Hypothesis' per-example deadline measures the machine's load, not the code: on a busy
2-core CI runner an example that takes 20 ms alone can take 300 ms. Performance is measured
by the scripts in ``benchmarks/``; here a slow example is never a failure.
"""

from hypothesis import settings

settings.register_profile("crescent", deadline=None)
settings.load_profile("crescent")
