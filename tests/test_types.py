"""The type check, run with the suite: mypy over app/ with the settings in pyproject.toml
([tool.mypy]). A type error fails the run with mypy's own report, which names the file, the line
and what does not fit."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_app_type_checks():
    mypy = Path(sys.executable).parent / "mypy"
    checked = subprocess.run([str(mypy)], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("Success: no issues found"), checked.stdout
