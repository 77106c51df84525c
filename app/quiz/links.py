"""Where a quiz answer sends the learner to learn more: the one place a lesson link is decided.

A missed question links to the lesson step that first teaches the item's first rule (the course,
app.learn.lessons, as a rules page's sections link to it); a rule no lesson teaches links to its
explanation (app.pages.anchors.rule_url).
"""
from __future__ import annotations

from app import wording
from app.learn.lessons.links import rule_lesson
from app.pages.anchors import rule_url

from .item import Item


def lesson_link(item: Item, lang: str) -> dict[str, str]:
    """{"title", "url"}: where to learn what ``item`` tests, in ``lang`` (the request's)."""
    rule = item.rules[0]
    return rule_lesson(rule) or {"title": wording.rule_title(rule), "url": rule_url(rule, lang)}
