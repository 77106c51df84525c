"""The engine stays pure Python: no web framework, nothing from the web layer above it."""

import ast
from pathlib import Path

import app.engine

ENGINE = Path(app.engine.__file__).parent
WEB = {"flask", "flask_babel", "jinja2", "werkzeug", "babel"}


def test_engine__imports_no_web_framework():
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level <= 1, f"{path.name} imports from outside the engine"
                names = [node.module or ""] if node.level == 0 else []
            else:
                continue
            assert not {name.split(".")[0] for name in names} & (WEB | {"app"}), f"{path.name}: {names}"
