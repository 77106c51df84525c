"""Every rule id has a test named after it: ``test_<rule id>__<case>``, with "." and "-" as "_"."""

import ast
from pathlib import Path

from app.engine import Rule

HERE = Path(__file__).parent
# Test topics that are not rule ids (configuration, scenarios, whole-engine properties, golden rounds,
# who sees what over whole games).
TOPICS = {"presets", "rule_set", "scenario", "property", "golden", "engine", "visibility"}


def normalise(rule_id: str) -> str:
    return rule_id.replace(".", "_").replace("-", "_")


def engine_test_names() -> list[str]:
    """The names of the test functions in tests/engine (read from the source, not imported)."""
    names = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def topics() -> set[str]:
    return {name.removeprefix("test_").split("__")[0] for name in engine_test_names()}


def test_every_rule_id_has_a_test():
    named = topics()
    missing = [rule.value for rule in Rule if normalise(rule.value) not in named]
    assert missing == []


def test_every_test_topic_is_a_rule_id():
    # A test named after a rule that does not exist is a typo or a renamed rule.
    known = {normalise(rule.value) for rule in Rule} | TOPICS | {"every_rule_id_has_a_test",
                                                                 "every_test_topic_is_a_rule_id"}
    assert sorted(topics() - known) == []
