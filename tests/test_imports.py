"""The import contract, run with the suite: import-linter with the contracts in pyproject.toml
([tool.importlinter]): each layer of app/ imports only the layers below it, and no package's
modules import one another in a circle. A broken contract fails the run with import-linter's own
words, which name the import that breaks it."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept():
    lint_imports = Path(sys.executable).parent / "lint-imports"
    checked = subprocess.run([str(lint_imports), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "0 broken" in checked.stdout
