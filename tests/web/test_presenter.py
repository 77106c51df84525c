"""Presenter mode (app/presenter, the demos of app/scenes/demos.py): every demo replays legally
through the check API, every hand is open on every frame as the engine has it, every frame
narrates its rule, each frame has its own address in both languages (the language link keeps the
place), a question never shows its answer, the frames walk through by their Back and Next links
alone (no JavaScript), from a demo's last frame to its end and on to the next demo, and the
home page, the course and every page's footer link the presenter."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.scenes.demos import DEMOS
from app.learn.lessons.judge import decisions, replay, solution
from app.scenes.lesson import LEARNER, NEXT_SEAT
from app.pages.anchors import rule_url
from app.presenter.frames import ANSWER, INTRO, MOVE, PAUSE, frames

from . import arabic_terms, english_terms
from .test_arabic_style import DIGIT_FIRST_CARD, page_text

STEPS = [(demo.id, number, step) for demo in DEMOS.values() for number, step in enumerate(demo.steps, 1)]
STEP_IDS = [f"{demo}-{number}" for demo, number, _ in STEPS]
FRAMES = [(demo_id, number) for demo_id in DEMOS for number in range(1, len(frames(demo_id)) + 1)]
MAX_PLAYERS, MAX_HAND = 3, 9  # what a 16:9 screen shows with every card label at 5% of its height


class Tags(HTMLParser):
    """Every start tag of a page with its attributes, in order, and the page's text."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))

    def all(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if (tag is None or t == tag) and (cls is None or cls in a.get("class", "").split())
                and all(a.get(name.replace("_", "-")) == value for name, value in attrs.items())]

    def one(self, cls: str | None = None, tag: str | None = None, **attrs: str) -> dict[str, str]:
        found = self.all(cls, tag, **attrs)
        assert len(found) == 1, (cls, tag, attrs, found)
        return found[0]


def get(client, lang, demo_id, number):
    response = client.get(f"/{lang}/present/{demo_id}/{number}")
    assert response.status_code == 200, (lang, demo_id, number, response.status_code)
    return Tags(response.text), response.text


def check(client, scenario, moves):
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": list(moves)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.fixture(scope="module")
def pages(module_client):
    """Every frame of every demo in both languages: {(lang, demo, number): (Tags, html)}."""
    return {(lang, demo_id, number): get(module_client, lang, demo_id, number)
            for lang in LANGUAGES for demo_id, number in FRAMES}


# --- the demos as data, played by the engine ----------------------------------------------------------

def test_six_demos_cover_what_the_issue_names():
    taught = {demo_id: {rule for step in demo.steps for rule in step.rules} for demo_id, demo in DEMOS.items()}
    expected = {
        "basic-round": {Rule.SETUP_DEAL, Rule.MATCH_COLOR, Rule.MATCH_NUMBER, Rule.DRAW_ONE, Rule.ROUND_END},
        "action-cards": {Rule.SKIP_EFFECT, Rule.REVERSE_EFFECT, Rule.DRAW_TWO_EFFECT, Rule.WILD_ANY_TIME},
        "wild-draw-four": {Rule.WILD_DRAW_FOUR_RESTRICTION, Rule.WILD_DRAW_FOUR_EFFECT, Rule.WILD_DRAW_FOUR_CHALLENGE},
        "uno": {Rule.UNO_CALL, Rule.UNO_CATCH},
        "first-card": {Rule.FIRST_SKIP, Rule.FIRST_REVERSE, Rule.FIRST_DRAW_TWO, Rule.FIRST_WILD,
                       Rule.FIRST_WILD_DRAW_FOUR},
        "scoring": {Rule.SCORE_VALUES, Rule.SCORE_WINNER_COLLECTS, Rule.SCORE_TALLY_LOWEST},
    }
    assert set(DEMOS) == set(expected)
    for demo_id, rules in expected.items():
        assert rules <= taught[demo_id], (demo_id, rules - taught[demo_id])


@pytest.mark.parametrize("demo_id, number, step", STEPS, ids=STEP_IDS)
def test_each_step_replays_legally_through_the_check_api(client, demo_id, number, step):
    moves = solution(step)
    answer = check(client, step.scenario, moves)
    assert all(result["legal"] for result in answer["results"]), answer["results"]
    seen = {event["rule"] for event in answer.get("setup", [])}
    seen |= {rule for result in answer["results"] for rule in (result["rule"], *(e["rule"] for e in result["events"]))}
    seen |= {wrong.rule.value for wrong in step.wrong}  # refused as it says: the next test
    assert seen & {rule.value for rule in step.rules}, (seen, step.rules)  # the step shows a rule it names
    assert len(answer["state"]["hands"]) <= MAX_PLAYERS
    for played in range(len(moves) + 1):  # no hand outgrows the screen at any point
        hands = check(client, step.scenario, moves[:played])["state"]["hands"]
        assert max(len(hand) for hand in hands) <= MAX_HAND, (played, hands)


@pytest.mark.parametrize("demo_id, number, step", [s for s in STEPS if s[2].wrong],
                         ids=[i for i, s in zip(STEP_IDS, STEPS) if s[2].wrong])
def test_each_wrong_move_is_refused_by_the_rule_it_names(client, demo_id, number, step):
    for wrong in step.wrong:
        before = replay(step, decisions(step)[:wrong.at]).moves  # the table at that decision, as a lesson has it
        refused = check(client, step.scenario, [*before, wrong.move])["results"][-1]
        assert refused["legal"] is False and refused["rule"] == wrong.rule.value, (wrong, refused)


def test_each_wrong_move_is_shown_refused_with_the_move_it_stands_for(pages):
    for demo_id, demo in DEMOS.items():
        for index, step in enumerate(demo.steps):
            shown = [(n, f) for n, f in enumerate(frames(demo_id), 1) if f.step == index]
            refused = [(f.played, r["data-rule"]) for n, f in shown for r in pages["en", demo_id, n][0].all("refused")]
            # beside the learner's move at that decision (the script's first moves let go on count as one)
            expected = []
            for wrong in step.wrong:
                at = decisions(step)[wrong.at]
                played = next(i + 1 for i, m in enumerate(solution(step))
                              if m["seat"] == LEARNER and {k: v for k, v in m.items() if k != "seat"} == at)
                expected.append((played, wrong.rule.value))
            assert refused == expected, (demo_id, index + 1)


@pytest.mark.parametrize("demo_id, number, step", [s for s in STEPS if s[2].ask],
                         ids=[i for i, s in zip(STEP_IDS, STEPS) if s[2].ask])
def test_the_answer_shown_is_the_engines(client, pages, demo_id, number, step):
    state = check(client, step.scenario, solution(step))["state"]
    if step.ask == NEXT_SEAT:
        expected = state["pending"]["seat"] if state["pending"] else state["turn"]
    else:
        expected = state["round_points"][step.ask_seat]
    answer_frame = next(n for n, f in enumerate(frames(demo_id), 1) if f.step == number - 1 and f.kind == ANSWER)
    for lang in LANGUAGES:
        tags, _ = pages[lang, demo_id, answer_frame]
        assert tags.one("answer")["data-value"] == str(expected)


# --- every frame: its rule, its question, its address ----------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_frame_narrates_its_rule(pages, lang):
    for demo_id, number in FRAMES:
        tags, _ = pages[lang, demo_id, number]
        frame = frames(demo_id)[number - 1]
        step = DEMOS[demo_id].steps[frame.step]
        linked = {a["href"] for a in tags.all("why", "a")}
        if frame.kind in (INTRO, ANSWER):  # the instruction and the answer rest on the step's rules
            assert {rule_url(rule, lang) for rule in step.rules} <= linked, (demo_id, number)
        for line in tags.all("narration-line"):  # each sentence of the engine's, with its rule's link
            assert rule_url(line["data-rule"], lang) in linked, (demo_id, number, line)
        if frame.kind == MOVE:
            move = solution(step)[frame.played - 1]
            assert tags.one("log-step")["data-seat"] == str(move["seat"])  # the step player's data
            assert tags.all("narration-line"), (demo_id, number)


def test_before_each_move_of_the_class_the_demo_asks_what_you_would_play(pages):
    for demo_id in DEMOS:
        shown = frames(demo_id)
        for number, frame in enumerate(shown, 1):
            step = DEMOS[demo_id].steps[frame.step]
            if frame.kind != MOVE or solution(step)[frame.played - 1]["seat"] != LEARNER:
                continue
            pause = shown[number - 2]
            assert (pause.kind, pause.step, pause.played) == (PAUSE, frame.step, frame.played - 1)
            tags, _ = pages["en", demo_id, number - 1]
            assert tags.all("question") and not tags.all("narration-line")  # asked, not yet answered
            card = solution(step)[frame.played - 1].get("card")
            if card:  # the card is still in a hand, not yet on the pile
                assert tags.one("pile-top")["data-card"] != card
                assert [a for a in tags.all(tag="span", data_card=card) if "pile-top" not in a.get("class", "")]


def test_a_question_does_not_show_its_answer(pages):
    for demo_id, number in FRAMES:
        frame = frames(demo_id)[number - 1]
        step = DEMOS[demo_id].steps[frame.step]
        nxt = frames(demo_id)[number] if number < len(frames(demo_id)) else None
        if not (nxt and nxt.kind == ANSWER and nxt.step == frame.step):
            continue
        tags, _ = pages["en", demo_id, number]
        assert tags.all("question"), (demo_id, number)
        assert not tags.all("answer")
        if step.ask == NEXT_SEAT:  # no mark or badge says whose turn it is
            assert not tags.all("player-turn") and not tags.all("badge-turn"), (demo_id, number)
        else:  # nor the round's points
            assert not [line for line in tags.all("narration-line") if line.get("data-kind") == "points"]
        answer, _ = pages["en", demo_id, number + 1]
        assert answer.all("answer")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_frame_has_its_address_in_both_languages(pages, lang):
    other = "en" if lang == "ar" else "ar"
    for demo_id, number in FRAMES:
        tags, _ = pages[lang, demo_id, number]
        total = len(frames(demo_id))
        shown = tags.one("presenter")
        assert (shown["data-demo"], shown["data-number"], shown["data-total"]) == (demo_id, str(number), str(total))
        assert shown["data-kind"] == frames(demo_id)[number - 1].kind
        here = f"/{other}/present/{demo_id}/{number}"
        assert tags.one("presenter-lang")["href"] == here  # L: the other language, the same frame
        assert tags.one(tag="link", rel="alternate", hreflang=other)["href"] == here
        back, forward = tags.all(tag="a", rel="prev"), tags.all(tag="a", rel="next")
        assert [a["href"] for a in back] == ([f"/{lang}/present/{demo_id}/{number - 1}"] if number > 1 else [])
        assert [a["href"] for a in forward] == [f"/{lang}/present/{demo_id}/{number + 1}" if number < total
                                                else f"/{lang}/present/{demo_id}/end"]
        edges = [p["data-edge"] for p in tags.all("presenter-edge")]  # ← on the first frame: nowhere to go
        assert edges == (["back"] if number == 1 else [])
        assert shown.get("data-back", "") == (back[0]["href"] if back else "")
        assert shown.get("data-next", "") == (forward[0]["href"] if forward else "")


def test_frames_walk_through_by_their_links_alone(client, pages):
    """From a demo's address, Next after Next: every frame in order, the demo's end, then the next
    demo's first frame; after the last demo's end, nothing."""
    by_url = {f"/{lang}/present/{demo_id}/{number}": tags for (lang, demo_id, number), (tags, _) in pages.items()}
    order = list(DEMOS)
    for lang in LANGUAGES:
        for index, demo_id in enumerate(order):
            response = client.get(f"/{lang}/present/{demo_id}")  # a demo's address: its first frame
            assert response.status_code == 302
            url, seen = response.headers["Location"], []
            assert url == f"/{lang}/present/{demo_id}/1"
            while url in by_url:
                tags = by_url[url]
                seen.append(int(tags.one("presenter")["data-number"]))
                url = next(a["href"] for a in tags.all(tag="a", rel="next"))
            assert seen == list(range(1, len(frames(demo_id)) + 1))
            assert url == f"/{lang}/present/{demo_id}/end"
            end = Tags(client.get(url).text)
            assert end.one("presenter")["data-kind"] == "end"
            assert [a["href"] for a in end.all(tag="a", rel="prev")] == [f"/{lang}/present/{demo_id}/{seen[-1]}"]
            following = [a["href"] for a in end.all(tag="a", rel="next")]
            if index + 1 < len(order):
                assert following == [f"/{lang}/present/{order[index + 1]}/1"]
                assert end.one("presenter")["data-next"] == following[0]
                assert end.one("end-next")["data-demo"] == order[index + 1]
                assert not end.all("presenter-edge")
            else:  # the last demo: → says there is nothing further
                assert following == [] and "data-next" not in end.one("presenter")
                assert end.one("presenter-edge")["data-edge"] == "next"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_demos_end_lists_the_rules_it_showed_in_the_address_language(client, lang):
    other = "en" if lang == "ar" else "ar"
    for demo_id, demo in DEMOS.items():
        response = client.get(f"/{lang}/present/{demo_id}/end")
        assert response.status_code == 200 and f'<html lang="{lang}"' in response.text
        tags = Tags(response.text)
        taught = list(dict.fromkeys(rule for step in demo.steps for rule in step.rules))
        assert [a["href"] for a in tags.all("why", "a")] == [rule_url(rule, lang) for rule in taught]
        assert tags.one("presenter-lang")["href"] == f"/{other}/present/{demo_id}/end"  # L keeps the place


def test_every_hand_is_open_as_the_engine_has_it(client, pages):
    """On every frame each player's cards are all face up in their place, and they are the cards
    the engine's state has in that hand once the frame's moves are played."""
    for demo_id, number in FRAMES:
        frame = frames(demo_id)[number - 1]
        step = DEMOS[demo_id].steps[frame.step]
        hands = check(client, step.scenario, solution(step)[:frame.played])["state"]["hands"]
        html = pages["en", demo_id, number][1]
        for seat, hand in enumerate(hands):
            place = html[html.index(f'data-seat="{seat}" data-count='):]
            place = place[:place.index("</li>\n") if not hand else place.index("</ul>")]
            shown = re.findall(r'<li class="hand-card"><span data-card="([^"]+)"', place)
            assert sorted(shown) == sorted(hand), (demo_id, number, seat, shown, hand)
            assert f'data-count="{len(hand)}"' in place


@pytest.mark.parametrize("path", ["/en/present/nope/1", "/ar/present/uno/0", "/en/present/uno/999", "/ar/present/nope",
                                  "/en/present/uno/x", "/ar/present/nope/end", "/en/present/uno/end/1"])
def test_a_frame_that_does_not_exist_is_a_404_in_the_addresss_language(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert f'<html lang="{path[1:3]}"' in response.text


def test_the_index_lists_every_demo_and_the_home_page_course_and_footer_link_it(client):
    for lang in LANGUAGES:
        tags = Tags(client.get(f"/{lang}/present/").text)
        listed = [item["data-demo"] for item in tags.all("lesson-item")]
        assert listed == list(DEMOS)
        hrefs = {a["href"] for a in tags.all(tag="a")}
        assert {f"/{lang}/present/{demo_id}/1" for demo_id in DEMOS} <= hrefs
        assert len(tags.all("key-list")) == 1  # and the keys, in full
        for page in (f"/{lang}/", f"/{lang}/learn/", f"/{lang}/rules/"):
            links = Tags(client.get(page).text).all(tag="a", href=f"/{lang}/present/")
            assert len(links) >= (2 if page != f"/{lang}/rules/" else 1), page  # a door or a line, and the footer


# --- the words ----------------------------------------------------------------------------------------------

def test_the_arabic_frames_follow_the_style_sheet(pages):
    found = {}
    for demo_id, number in FRAMES:
        text = page_text(pages["ar", demo_id, number][1])
        assert re.search(r"[\u0621-\u064a]", text)
        problems = arabic_terms.replaced_words(text) + DIGIT_FIRST_CARD.findall(text)
        if problems:
            found[demo_id, number] = problems
    assert not found, found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_verdict_line_is_not_labelled_with_its_verdict(pages, lang):
    """«غير مسموح: لا يمكنك…» said it twice (#34): the ✓ and ✗ lines are the mark and the sentence."""
    labels = {"ar": ("مسموح:", "خدعة:"), "en": ("Allowed:", "A bluff:")}[lang]
    lines = [re.sub(r"<[^>]+>", "", line) for demo_id, number in FRAMES
             for line in re.findall(r'<p class="(?:refused|narration-line narration-legal)".*?</p>', pages[lang, demo_id, number][1], re.S)]
    assert lines and not [line for line in lines if any(label in line for label in labels)]


def test_the_english_frames_use_one_term_for_each_thing(pages):
    found = {(demo_id, number): english_terms.replaced_words(page_text(pages["en", demo_id, number][1]))
             for demo_id, number in FRAMES}
    assert not any(found.values()), {key: words for key, words in found.items() if words}


def test_every_step_starts_with_its_instruction(pages):
    for demo_id, number in FRAMES:
        if frames(demo_id)[number - 1].kind == INTRO:
            for lang in LANGUAGES:
                assert pages[lang, demo_id, number][0].all("instruction"), (lang, demo_id, number)
