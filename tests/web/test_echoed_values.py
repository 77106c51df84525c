"""An error message repeats a value the client sent as the client wrote it, in JSON, never in
Python's spelling (issue 31, item 5): ``null`` not ``None``, ``false`` not ``False``, ``["R5"]``
not ``['R5']``, in both languages, from the check API and from a sandbox link. A number Python
would read as ``inf`` (1e400) or NaN never gets that far: tests/web/test_long_numbers.py."""
import html
import json
import re

import pytest

PYTHON = re.compile(r"\b(None|True|False|inf|nan)\b|'")
QUOTES = {"en": ("“", "”"), "ar": ("«", "»")}
# (what is sent, as JSON, in a card's place or the colour's; how the message repeats it)
SENT = [("null", "null"), ("false", "false"), ("true", "true"), ('["R5", {"a": 1}]', '["R5",{"a":1}]'),
        ("2.5", "2.5")]
ALERT = re.compile(r'role="alert"[^>]*>(.*?)</div>', re.S)


def scenario(card: str = '"R1"', color: str | None = None) -> str:
    extra = f', "color": {color}' if color is not None else ""
    return f'{{"hands": [[{card}, "G2"], ["B2"]], "discard": ["R5"]{extra}}}'


def check_message(client, lang: str, body: str) -> str:
    response = client.post(f"/api/v1/check?lang={lang}", data=body, content_type="application/json")
    assert response.status_code == 400
    return response.get_json()["message"]


# (the field, what is sent there as JSON, how the message repeats it); a null colour is no error
# (a card's own colour), so it is sent in a card's place only.
FIELDS = [("card", sent, shown) for sent, shown in SENT] + [
    ("color", sent, shown) for sent, shown in SENT if sent != "null"]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("field, sent, shown", FIELDS)
def test_the_check_api_repeats_a_card_or_colour_as_json_spells_it(client, lang, field, sent, shown):
    message = check_message(client, lang, f'{{"scenario": {scenario(**{field: sent})}}}')
    opening, closing = QUOTES[lang]
    assert f"{opening}{shown}{closing}" in message
    assert not PYTHON.search(message), message


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("sent, shown", SENT)
def test_a_sandbox_link_repeats_a_card_as_json_spells_it(client, lang, sent, shown):
    response = client.get(f"/{lang}/sandbox", query_string={"scenario": scenario(card=sent)})
    assert response.status_code == 400
    alert = html.unescape(ALERT.search(response.get_data(as_text=True))[1])
    opening, closing = QUOTES[lang]
    assert f"{opening}{shown}{closing}" in alert
    assert not PYTHON.search(alert.replace("can't", "")), alert


def test_text_is_still_repeated_as_sent_and_cut_at_forty_characters(client):
    message = check_message(client, "en", f'{{"scenario": {scenario(card=json.dumps("Q" * 60))}}}')
    assert f"“{'Q' * 39}…”" in message
    long = check_message(client, "en", f'{{"scenario": {scenario(card="7" * 60)}}}')
    assert f"“{'7' * 39}…”" in long  # a number too long to repeat is cut as text is
