"""The rules, sources and about pages: live examples as the pages mean them, house rules marked,
numbers and rule sets read from the engine."""
import re

import pytest

from app.engine.moves import Move
from app.engine.rules import HOUSE_RULES, PRESETS, Rule
from app.engine.scenario import from_scenario
from app.i18n import LANGUAGES
from app.pages import section
from app.pages.anchors import MOVED, RULE_PAGES, rule_url
from app.scenes.rule_examples import EXAMPLES
from app.pages.rulefacts import RULE_FACTS, SHOWN_OPTIONS

from app import create_app

from .test_site_crawl import Page

MINE = [page.path for page in section("rules/")] + ["rules/", "sources", "about"]
EXAMPLE_CASES = [(rule, index) for rule, listed in EXAMPLES.items() for index in range(len(listed))]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """{(lang, path): (status, html)} for each of these pages, rendered once for the module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        client = create_app({"TESTING": True}).test_client()
        return {(lang, path): (r.status_code, r.text) for lang in LANGUAGES for path in MINE
                for r in [client.get(f"/{lang}/{path}")]}


def _section(html: str, rule: str) -> str:
    """The HTML of the rule's <section id="rule">…</section> (sections do not nest)."""
    start = html.index(f'<section class="rule" id="{rule}"')
    return html[start:html.index("</section>", start)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", MINE)
def test_page_answers(pages, lang, path):
    assert pages[lang, path][0] == 200


@pytest.mark.parametrize(("rule", "index"), EXAMPLE_CASES)
def test_each_example_ends_as_the_page_means(rule, index):
    """Every move but the last is legal (run_example insists), and the last is allowed or refused as
    the prose around it says; the engine, not the page, has the last word."""
    example = EXAMPLES[rule][index]
    state, _ = from_scenario(example.scenario)
    *before, last = [Move.from_dict(move) for move in example.moves]
    for move in before:
        state.apply(move)
    verdict = state.check(last)
    assert (verdict.legal, verdict.rule) == (example.legal, example.rule)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule", EXAMPLES)
def test_each_rule_shows_all_its_examples_in_its_section(pages, lang, rule):
    shown = re.findall(r'<figure class="example" id="[^"]+" data-scene="example:([^"]+)">', _section(pages[lang, RULE_PAGES[Rule(rule)]][1], rule))
    assert shown == [f"{rule}/{number}" for number in range(1, len(EXAMPLES[rule]) + 1)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", [page.path for page in section("rules/")])
def test_a_position_is_boxed_once_a_page_and_its_repeats_link_to_the_box(pages, lang, path):
    """#35: the same position was boxed up to four times on a page; an example on a position shown
    above links to that box (app.pages.examples.rule_example_html)."""
    html = pages[lang, path][1]
    boxes = re.findall(r'<dl class="example-position">.*?</dl>', html, re.S)
    assert len(boxes) == len(set(boxes))
    ids = set(re.findall(r' id="([^"]+)"', html))
    assert set(re.findall(r'<p class="example-same"><a href="#([^"]+)"', html)) <= ids


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("old", "rule"), [(old, rule) for old, rules in MOVED.items() for rule in rules])
def test_a_rule_that_moved_page_keeps_its_old_address(pages, lang, old, rule):
    """#35 split /rules/turn and /rules/action-cards; "<old page>#<rule id>" in a bookmark or a
    printed sheet still lands on the rule's id, a link to where it is now (site.js follows it)."""
    assert RULE_PAGES[rule] != old
    assert f'<li class="contents-moved" id="{rule.value}"><a href="{rule_url(rule, lang)}">' in pages[lang, old][1]
    assert f'<section class="rule" id="{rule.value}"' in pages[lang, RULE_PAGES[rule]][1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_examples_verdict_is_not_labelled_with_its_verdict(pages, lang):
    """«غير مسموح: لا يمكنك…» said it twice (#34, as the presenter did): a verdict is its mark and its sentence."""
    labels = {"ar": ("مسموح:", "خدعة:"), "en": ("Allowed:", "Not allowed:", "A bluff:")}[lang]
    lines = [re.sub(r"<[^>]+>", "", line).lstrip("✓✗! \n") for (page_lang, _), (_, html) in pages.items() if page_lang == lang
             for line in re.findall(r'<p class="verdict".*?</p>', html, re.S)]
    assert lines and not [line for line in lines if line.startswith(labels)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule", sorted(HOUSE_RULES))
def test_house_rules_carry_a_visible_marker(pages, lang, rule):
    """Marked in words (and a symbol), not by the border colour alone."""
    html = pages[lang, RULE_PAGES[rule]][1]
    marker = re.search(r'<p class="house-rule"><strong>(.*?)</strong>', _section(html, rule))
    assert marker and re.sub(r"<[^>]+>", "", marker.group(1)).strip("⌂ ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_presets_table_shows_every_preset_option_from_the_engine(pages, lang):
    html = pages[lang, "sources"][1]
    table = html[html.index('<section id="presets">'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S)
    assert len(rows) == len(SHOWN_OPTIONS)
    for option, row in zip(SHOWN_OPTIONS, rows):
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        assert len(cells) == len(PRESETS)
        for preset, cell in zip(PRESETS.values(), cells):
            value = getattr(preset, option)
            if type(value) is int:
                assert cell == f"<bdi>{value}</bdi>", option


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stated_numbers_follow_the_engine(client, monkeypatch, lang):
    """Change the engine's figures and the prose changes with them: nothing is retyped."""
    monkeypatch.setitem(RULE_FACTS, "hand", 9)
    monkeypatch.setitem(RULE_FACTS, "target", 777)
    setup = client.get(f"/{lang}/rules/setup").text
    scoring = client.get(f"/{lang}/rules/scoring").text
    assert "9" in re.sub(r"<[^>]+>", "", _section(setup, "setup.deal"))
    assert "777" in re.sub(r"<[^>]+>", "", _section(scoring, "score.winner-collects"))


def test_arabic_counted_nouns_agree_with_the_number(app):
    with app.test_request_context("/ar/"):
        macros = app.jinja_env.get_template("pages/_ar.html").module
        forms = {n: str(macros.cards(n)) for n in (1, 2, 3, 10, 11, 100, 108)}
    assert forms == {1: "بطاقة واحدة", 2: "بطاقتين", 3: "<bdi>3</bdi> بطاقات", 10: "<bdi>10</bdi> بطاقات",
                     11: "<bdi>11</bdi> بطاقة", 100: "<bdi>100</bdi> بطاقة", 108: "<bdi>108</bdi> بطاقات"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sources_page_has_the_sections_other_pages_link_to(pages, lang):
    ids = Page(pages[lang, "sources"][1]).ids
    assert {"the-sources", "compared", "slips", "choices", "presets"} <= ids


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wild_draw_four_costs_the_turn_unless_a_challenge_wins(pages, lang):
    """wild-draw-four.effect (#32): a challenge spares the victim only when it succeeds; a failed
    challenger draws challenge_failed (the engine's 6) and still loses the turn."""
    said = _text(_section(pages[lang, RULE_PAGES[Rule.WILD_DRAW_FOUR_EFFECT]][1], "wild-draw-four.effect"))
    failed = RULE_FACTS["challenge_failed"]
    wanted = {"en": ("unless they challenge the card and win", f"draws {failed} cards and still loses their turn"),
              "ar": ("إلا إذا تحدّاك ونجح تحدّيه", f"وفشل تحدّيه فيسحب {failed} بطاقات ويفقد دوره مع ذلك")}[lang]
    assert all(words in said for words in wanted), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_last_number_card_leaves_each_kind_counted_at_its_own_value(client, lang):
    """cards/number (#32): the cards left count by kind (score.values), not all "their printed number";
    the action and wild cards' values are the engine's."""
    from app.engine.cards import ACTION_POINTS, WILD_POINTS
    html = client.get(f"/{lang}/cards/number").text
    last = {"en": "As the last card", "ar": "إذا كانت آخر بطاقة تُلعب"}[lang]
    said = _text(html[html.index(last):].split("</dd>")[0])
    wanted = {"en": (f"a Skip, Reverse or Draw Two {ACTION_POINTS} points", f"a Wild or Wild Draw Four {WILD_POINTS} points"),
              "ar": (f"«اسحب 2» بـ {ACTION_POINTS} نقطة", f"بنوعيها بـ {WILD_POINTS} نقطة")}[lang]
    assert all(words in said for words in wanted), said
    assert 'href="/%s/rules/scoring#score.values"' % lang in html


DOTTED_IDS = re.compile("|".join(re.escape(rule.value) for rule in sorted(Rule, key=lambda r: -len(r.value))
                                 if "." in rule.value))


def _visible(html: str) -> str:
    """What a reader sees: the text outside tags and scripts (attributes, anchors and data left out)."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_readers_see_rule_names_and_tools_read_the_ids(client, lang):
    """#32: a verdict names its rule by title; the id stays in data-rule and the link's anchor only."""
    from app.quiz.item import POSITIONS
    answered = [f"/{lang}/quiz/check?item={item.id}&answer={sorted(item.solution.right)[0]}" for item in POSITIONS]
    urls = [f"/{lang}/{path}" for path in [*MINE, "cards/number", "cards/wild-draw-four"]] + answered
    shown = {}
    for url in urls:
        html = client.get(url).text
        shown[url] = set(DOTTED_IDS.findall(_visible(html)))
        if "item=turn-match&" in url or url.endswith("rules/turn"):  # verdicts shown, with their ids for tools
            assert 'class="verdict" data-rule="match.color"' in html, url
    assert not {url: ids for url, ids in shown.items() if ids}
