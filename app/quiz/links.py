"""Where a quiz answer sends the learner to learn more: the one place a lesson link is decided.

Today every item's "learn it" link is its first rule's explanation (app.pages.anchors.rule_url).
When the lessons exist (/<lang>/learn/<lesson-id>), ``lesson_url`` is the function to change: find
the lesson that teaches the item's rule and link to it, the rule's anchor staying the fallback.
"""
from __future__ import annotations

from app.pages.anchors import rule_url

from .item import Item


def lesson_url(item: Item, lang: str) -> str:
    """Where to learn what ``item`` tests, in ``lang``."""
    return rule_url(item.rules[0], lang)
