"""What the suites ask of their surroundings: are we in CI, and what to do when a tool is missing."""
import os

import pytest

CI_VALUES = ("1", "true", "yes")  # what CI services set CI to (GitHub, GitLab: true; others: 1)


def in_ci() -> bool:
    """True under CI, where every tool must be there and property tests draw the same examples."""
    return os.environ.get("CI", "").strip().lower() in CI_VALUES


def missing(what: str):
    """Fail in CI, where every tool must be installed; skip elsewhere, saying what to install."""
    message = f"{what} (install it with `bash scripts/test.sh`, as root)"
    if in_ci():
        pytest.fail(f"CI needs {message}", pytrace=False)
    pytest.skip(f"no {message}")
