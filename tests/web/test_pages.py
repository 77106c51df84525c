"""The pages: routes and languages, the switcher, the 404 page, cards drawn from the engine."""
import re

import pytest
from flask import render_template_string

from app.engine.cards import DECK
from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.pages import PAGES, all_page_urls
from app.pages.anchors import RULE_PAGES, rule_url
from app.pages.cards import RELATED, kinds
from app.scenes.card_examples import CARD_EXAMPLES as EXAMPLES
from app.pages.examples import run_example

from .test_site_crawl import Page

OTHER = {"ar": "en", "en": "ar"}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)")
ALL = [(lang, path) for lang in LANGUAGES for path in PAGES]


def test_anchor_map_is_total_and_points_at_pages():
    assert set(RULE_PAGES) == set(Rule)
    assert set(RULE_PAGES.values()) <= set(PAGES)
    assert rule_url("wild-draw-four.challenge", "en") == "/en/rules/challenge#wild-draw-four.challenge"


def test_all_page_urls():
    assert all_page_urls("ar")[0] == "/ar/"
    assert "/en/cards/wild-draw-four" in all_page_urls("en")
    assert len(all_page_urls("en")) == len(PAGES)


@pytest.mark.parametrize(("lang", "path"), ALL)
def test_page_answers_in_its_language_links_its_counterpart_and_loads_nothing_inline(client, lang, path):
    response = client.get(f"/{lang}/{path}")
    assert response.status_code == 200
    page = Page(response.text)
    assert page.html_attrs == {"lang": lang, "dir": "rtl" if lang == "ar" else "ltr"}
    other = OTHER[lang]
    assert f'href="/{other}/{path}" hreflang="{other}" lang="{other}"' in response.text
    for code in LANGUAGES:
        assert f'hreflang="{code}" href="/{code}/{path}"' in response.text
    assert 'hreflang="x-default" href="/"' in response.text
    # A strict Content-Security-Policy must not break the page (scripts only from files, no inline
    # script or style); it makes no outside request.
    assert not INLINE_SCRIPT.search(response.text) and " style=" not in response.text and "<style" not in response.text
    assert all(url.startswith("/") and not url.startswith("//") for url in page.resources)


@pytest.mark.parametrize(
    ("headers", "cookie", "expected"),
    [({}, None, "ar"), ({"Accept-Language": "en-US,en;q=0.9"}, None, "en"),
     ({"Accept-Language": "en"}, "ar", "ar"), ({"Accept-Language": "de"}, None, "ar")],
)
def test_root_redirects_by_saved_choice_then_browser_then_arabic(client, headers, cookie, expected):
    if cookie:
        client.set_cookie("lang", cookie)
    response = client.get("/", headers=headers)
    assert response.status_code == 302
    assert response.location == f"/{expected}/"


def test_visiting_a_language_remembers_it(client):
    client.get("/en/cards/")
    assert client.get_cookie("lang").value == "en"
    assert client.get("/", headers={"Accept-Language": "ar"}).location == "/en/"
    client.get("/ar/glossary")
    assert client.get("/").location == "/ar/"


@pytest.mark.parametrize(("url", "headers", "lang"), [
    ("/fr/cards/", {"Accept-Language": "en"}, "en"),
    ("/fr/", {}, "ar"),
    ("/en/no-such-page", {"Accept-Language": "ar"}, "en"),
    ("/ar/cards/joker", {}, "ar"),
])
def test_not_found_is_a_page_in_the_readers_language(client, url, headers, lang):
    response = client.get(url, headers=headers)
    assert response.status_code == 404
    assert f'<html lang="{lang}"' in response.text
    assert client.get_cookie("lang") is None  # a wrong address is no choice of language


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_method_not_allowed_is_a_page_in_the_addresss_language(client, lang):
    response = client.delete(f"/{lang}/play")
    assert response.status_code == 405 and "POST" in response.headers["Allow"]
    assert f'<html lang="{lang}"' in response.text and 'role="alert"' in response.text
    api = client.delete("/api/v1/games")
    assert api.status_code == 405 and api.get_json()["error"] == "method-not-allowed" and "POST" in api.headers["Allow"]


def test_absolute_alternates_use_the_configured_address_never_the_host_header(app):
    app.config["SITE_URL"] = "https://uno.example"
    page = app.test_client().get("/en/cards/", headers={"Host": "evil.example"}).text
    assert 'hreflang="ar" href="https://uno.example/ar/cards/"' in page
    assert 'hreflang="x-default" href="https://uno.example/"' in page and "evil.example" not in page


def test_healthz_still_answers(client):
    assert client.get("/healthz").text == "ok"


def test_card_counts_and_points_come_from_the_engine():
    facts = {k.kind: k for k in kinds()}
    assert sum(k.count for k in facts.values()) == len(DECK)
    assert facts["number"].points is None and facts["wild-draw-four"].points == 50
    assert (facts["skip"].count, facts["skip"].per_color, facts["wild"].per_color) == (8, 2, None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_index_shows_the_engine_total(client, lang):
    html = client.get(f"/{lang}/cards/").text
    assert f'<td class="num">{len(DECK)}</td>' in html
    for kind in kinds():
        assert f'<td class="num">{kind.count}</td>' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_are_named_marked_and_isolated(client, lang):
    """Every card has an accessible name and a label in <bdi>, so "+2" never reads "2+"."""
    html = client.get(f"/{lang}/cards/draw-two").text
    hero = re.findall(r'<span class="card card-(\w+) card-large" role="img" aria-label="([^"]+)">(.*?)</span></span>', html)
    assert {color for color, _, _ in hero} == {"red", "yellow", "green", "blue"}
    assert all('<bdi dir="ltr">+2</bdi>' in body and 'class="card-mark"' in body for _, _, body in hero)
    names = {name for _, name, _ in hero}
    assert len(names) == 4 and ("Yellow Draw Two" in names) == (lang == "en")


def test_a_card_face_names_its_kind_and_corner_label(app):
    """The face says its kind (for its oval and symbol) and the label its corners repeat; a symbol
    card's corners draw its symbol, so it carries no label."""
    with app.test_request_context("/ar/"):
        html = render_template_string('{% from "macros/cards.html" import card %}'
                                      '{% for c in cards %}{{ card(c, "small") }}{% endfor %}',
                                      cards=["G7", "RS", "BR", "YD2", "W", "WD4"])
    faces = re.findall(r'<span class="card-face face-([a-z-]+)"( data-i="[^"]*")?>', html)
    assert faces == [("number", ' data-i="7"'), ("skip", ""), ("reverse", ""), ("draw-two", ' data-i="+2"'),
                     ("wild", ""), ("wild-draw-four", ' data-i="+4"')]


@pytest.mark.parametrize("kind", EXAMPLES)
def test_card_pages_show_the_engines_verdicts_and_link_their_rules(app, client, kind):
    html = client.get(f"/en/cards/{kind}").text
    with app.test_request_context("/en/"):
        verdicts = [step for example in EXAMPLES[kind]
                    for step in run_example(example.scenario, list(example.moves)).steps]
    for step in verdicts:
        assert f'href="{rule_url(step.rule, "en")}"' in html
        assert step.legal == (step.rule is not Rule.MATCH_NONE)  # the examples say what they mean to
    for rule in RELATED[kind]:
        assert f'href="{rule_url(rule, "en")}"' in html


def test_an_illegal_example_move_before_the_last_is_a_page_bug(app):
    with app.test_request_context("/en/"), pytest.raises(ValueError):
        run_example({"hands": [["B7"], ["G1"]], "discard": ["R5"]},
                    [{"seat": 0, "action": "play", "card": "B7"}, {"seat": 1, "action": "draw"}])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_lists_both_languages(client, lang):
    from app.pages.glossary import TERMS
    page = Page(client.get(f"/{lang}/glossary").text)
    text = {code: "".join(t for text_lang, t in page.texts if text_lang == code) for code in LANGUAGES}
    for term in TERMS:
        assert term.ar in text["ar"] and term.en in text["en"]


def test_glossary_isolates_signed_numbers(client):
    """"جوكر +4" in right-to-left text would show "4+" unless the number is isolated."""
    html = client.get("/ar/glossary").text
    assert 'جوكر <bdi dir="ltr">+4</bdi>' in html
    assert 'قاعدة <bdi dir="ltr">7-0</bdi>' in html  # one run, never "07-"
