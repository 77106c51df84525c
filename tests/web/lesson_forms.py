"""Driving a lesson step as a browser without JavaScript does: read the page's forms, press a button.

Only what a page offers can be pressed, so a test that completes a step this way proves that the
step works through its forms alone (GET forms: the step, the signed moves so far, the move).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlencode


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)  # hidden inputs
    buttons: list[tuple[str | None, str | None, str]] = field(default_factory=list)  # name, value, text
    checkboxes: dict[str, str] = field(default_factory=dict)  # name -> value (sent when ticked)
    inputs: list[str] = field(default_factory=list)  # other named inputs (a number to type)


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._button: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(Form(attrs.get("action", ""), attrs.get("method", "get").lower()))
        elif tag == "input" and self.forms:
            kind, name = attrs.get("type", "text"), attrs.get("name")
            if kind == "hidden":
                self.forms[-1].fields[name] = attrs.get("value", "")
            elif kind == "checkbox":
                self.forms[-1].checkboxes[name] = attrs.get("value", "on")
            elif name:
                self.forms[-1].inputs.append(name)
        elif tag == "button" and self.forms:
            self._button = [attrs.get("name"), attrs.get("value"), ""]

    def handle_data(self, data):
        if self._button is not None:
            self._button[2] += data

    def handle_endtag(self, tag):
        if tag == "button" and self._button is not None:
            name, value, text = self._button
            self.forms[-1].buttons.append((name, value, " ".join(text.split())))
            self._button = None


def forms(page: str) -> list[Form]:
    parser = _Forms()
    parser.feed(page)
    return parser.forms


def press(client, page: str, *, action: str | None = None, card: str | None = None, color: str | None = None,
          target: int | None = None, seat: int | None = None, points: int | None = None, uno: bool = False):
    """Submit the form of ``page`` that sends what is asked for (pressing its button); returns the response.
    AssertionError if the page offers no such form."""
    for form in forms(page):
        sent = dict(form.fields)
        for name, value, _text in form.buttons:
            chosen = {**sent, **({name: value} if name else {})}
            if not _matches(chosen, action, card, color, target, seat):
                continue
            if points is not None:
                if "points" not in form.inputs:
                    continue
                chosen["points"] = str(points)
            if uno:
                assert "uno" in form.checkboxes or chosen.get("uno"), "no UNO box on this form"
                chosen["uno"] = form.checkboxes.get("uno", "1")
            return client.get(f"{form.action}?{urlencode(chosen)}")
    raise AssertionError(f"no form for {action=} {card=} {color=} {target=} {seat=} {points=}")


def _matches(sent, action, card, color, target, seat) -> bool:
    if seat is not None:
        return sent.get("seat") == str(seat)
    if action is None:  # a question with a typed answer: the form whose button sends no move
        return "points" not in sent and "action" not in sent and "seat" not in sent
    wanted = {"action": action, "card": card, "color": color, "target": None if target is None else str(target)}
    return all(sent.get(key) == value for key, value in wanted.items() if value is not None) and (
        card is not None or "card" not in sent)


def complete(page: str) -> bool:
    match = re.search(r'class="lesson"[^>]*data-complete="(\w+)"', page)
    assert match, "not a lesson page"
    return match.group(1) == "true"
