"""What a suite does when a tool it needs is not installed (the browser suite, the serve suite)."""
import os

import pytest


def missing(what: str):
    """Fail in CI, where every tool must be installed; skip elsewhere, saying what to install."""
    message = f"{what} (install it with `bash scripts/test.sh`, as root)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI needs {message}", pytrace=False)
    pytest.skip(f"no {message}")
