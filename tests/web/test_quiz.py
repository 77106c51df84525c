"""The quiz and "Check yourself": the seed decides the items and their order, every answer is the
engine's (each item replayed through POST /api/v1/check and answered from its response alone),
myths name their sources, the JSON keeps its names, and bad input is refused in the reader's
language without changing anything."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from itsdangerous import URLSafeSerializer

from app import create_app
from app.engine.cards import card, hand_points
from app.engine.moves import Move
from app.engine.rules import Rule
from app.i18n import LANGUAGES
from app.pages import section
from app.quiz import display
from app.quiz import progress as quizzes
from app.quiz.item import ITEMS, POSITIONS, check_items
from app.quiz.solvers import Allowed, ChallengeOutcome, Draws, Holds, Myth, NextPlayer, Playable, Points
from app.quiz.worked import worked_scoring
from app.scenes.question import SOURCES, Drawn, LastVerdict

from .test_site_crawl import Page

ARABIC = re.compile("[\u0600-\u06ff]")
RULE_PAGES = [page.path for page in section("rules/")]
ITEM_IDS = sorted(ITEMS)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("UNO_TUTOR_INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
        return create_app({"TESTING": True, "SECRET_KEY": "quiz-tests"})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def check(client, scenario, moves):
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": list(moves)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _actor(state):
    return state["pending"]["seat"] if state["pending"] else state["turn"]


def _drawn(answer, seat):
    events = [*answer.get("setup", []), *(e for r in answer["results"] for e in r["events"])]
    return sum(e["params"]["count"] for e in events if e["kind"] == "draw" and e["params"]["seat"] == seat)


def _play_move(seat, notation):
    return {"seat": seat, "action": "play", "card": notation, **({"color": "red"} if notation.startswith("W") else {})}


def engine_answer(client, item) -> set[str]:
    """The right choices, worked out from the check API's answers only (not from app.quiz)."""
    ask, scenario, moves = item.ask, item.scenario, list(item.moves)
    if isinstance(ask, Myth):
        answer = check(client, {**scenario, "rules": "official"}, moves)
        value = answer["results"][-1]["verdict"] if isinstance(ask.measure, LastVerdict) else _drawn(answer, ask.measure.seat)
        return {"true" if value == ask.claimed else "false"}
    answer = check(client, scenario, moves)
    state = answer["state"]
    if isinstance(ask, Playable):
        seat = _actor(state)
        return {c for c in dict.fromkeys(state["hands"][seat])
                if check(client, scenario, [*moves, _play_move(seat, c)])["results"][-1]["verdict"] == "legal"}
    if isinstance(ask, NextPlayer):
        return {str(_actor(state))}
    if isinstance(ask, Draws):
        return {str(_drawn(answer, ask.seat))}
    if isinstance(ask, Holds):
        return {str(len(state["hands"][ask.seat]))}
    if isinstance(ask, Points):
        return {str(state["round_points"][ask.seat])}
    if isinstance(ask, ChallengeOutcome):
        challenger = moves[-1]["seat"]
        return {f"{_drawn(answer, challenger)}-{'plays' if _actor(state) == challenger else 'loses-turn'}"}
    assert isinstance(ask, Allowed)
    return {check(client, scenario, [*moves, ask.move])["results"][-1]["verdict"]}


# --- the items ---------------------------------------------------------------------------------

@pytest.mark.parametrize("item_id", ITEM_IDS)
def test_every_answer_is_the_engines_as_the_check_api_replays_it(app, client, item_id):
    item = ITEMS[item_id]
    with app.test_request_context("/en/"):
        assert item.solution.right == engine_answer(client, item)
        assert {c.id for c in item.solution.choices} >= item.solution.right


@pytest.mark.parametrize("item_id", ITEM_IDS)
def test_an_item_teaches_rules_the_engine_names_for_it(app, item_id):
    """The rule ids an item gives are among those of its position's verdicts and events (for a myth,
    under any source's rule set) or of the verdicts on its choices; its topic is a rules page."""
    item = ITEMS[item_id]
    with app.test_request_context("/en/"):
        played = item.solution.runs.values() if item.myth else [item.played]
        named = {e.rule for p in played for e in p.events()} | {s.verdict.rule for p in played for s in p.steps}
        named |= {v.rule for v in item.solution.verdicts.values()}
    assert set(item.rules) <= named, set(item.rules) - named
    assert item.topic in RULE_PAGES


@pytest.mark.parametrize("item_id", [i for i in ITEM_IDS if ITEMS[i].myth])
def test_every_myth_names_its_sources_and_shows_what_each_says(app, client, item_id):
    """The official rules and both guides, each beside the engine's run under its rule set."""
    item = ITEMS[item_id]
    names = [source.name for source in item.ask.sources]
    assert set(SOURCES) <= set(names) and len(names) == len(set(names))
    with app.test_request_context("/en/"):
        assert item.solution.right == {"false"}  # each is a myth by the official rules
        shown = display.feedback(item, "true")["sources"]
    assert [s["name"] for s in shown][:3] == ["The official rules", "The long Arabic guide", "The short Arabic guide"]
    assert all(s["lines"] or s["verdict"] for s in shown)
    assert client.get(f"/en/quiz/check?item={item_id}").status_code == 404  # the quiz's, not a rules page's


@pytest.mark.parametrize("item_id", ITEM_IDS)
def test_a_missed_question_links_to_a_lesson_step_that_teaches_its_rule(app, item_id):
    from app.learn.lessons import LESSONS
    from app.quiz.links import lesson_link
    item = ITEMS[item_id]
    for lang in LANGUAGES:
        with app.test_request_context(f"/{lang}/quiz"):
            url = lesson_link(item, lang)["url"]
        path, _, query = url.partition("?")
        assert path.startswith(f"/{lang}/learn/"), url
        lesson = LESSONS[path.removeprefix(f"/{lang}/learn/")]
        number = int(parse_qs(query).get("step", ["1"])[0])
        assert item.rules[0] in lesson.steps[number - 1].rules, (url, item.rules)


def test_the_claimed_values_are_what_the_sources_that_hold_them_give(client):
    """A myth's ``claimed`` value is typed with the myth; where a rule set encodes the claim (the long
    guide's penalty and drawing, the stacking house rule), the engine finds exactly that value."""
    holders = {"myth-stacking": "house-rule", "myth-uno-four-cards": "guide-long", "myth-draw-until-playable": "guide-long"}
    for item_id, holder in holders.items():
        item = ITEMS[item_id]
        (source,) = [s for s in item.ask.sources if s.name == holder]
        answer = check(client, {**item.scenario, "rules": source.rules}, list(item.moves))
        measure = item.ask.measure
        value = answer["results"][-1]["verdict"] if isinstance(measure, LastVerdict) else _drawn(answer, measure.seat)
        assert value == item.ask.claimed, item_id
    assert isinstance(ITEMS["myth-first-wild-draw-four"].ask.measure, Drawn)


@pytest.mark.parametrize("item_id", [i for i in ITEM_IDS if isinstance(ITEMS[i].ask, Points)])
def test_points_choices_are_distinct_sums_and_one_is_right(app, item_id):
    with app.test_request_context("/en/"):
        solution = ITEMS[item_id].solution
    numbers = [c.number for c in solution.choices]
    assert len(numbers) >= 3 and numbers == sorted(set(numbers)) and len(solution.right) == 1


def test_a_broken_item_fails_loudly(app):
    """An item whose choices don't hold the engine's answer can't be asked."""
    from app.quiz.item import Item

    broken = Item("broken", Draws(1, (0, 1)), ITEMS["action-draw-two"].scenario, ITEMS["action-draw-two"].moves,
                  rules=(Rule.DRAW_TWO_EFFECT,))
    with app.test_request_context("/en/"), pytest.raises(ValueError):
        _ = broken.solution  # a property: reading it is the test


# --- the seed ----------------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_items_in_the_same_order(client):
    first = client.get("/api/v1/quiz?seed=class7&lang=en").get_json()
    again = client.get("/api/v1/quiz?seed=class7&lang=ar").get_json()
    ids = [item["id"] for item in first["items"]]
    assert ids == [item["id"] for item in again["items"]] == [i.id for i in quizzes.items_for("class7")]
    assert len(ids) == quizzes.LENGTH == len(set(ids))
    assert sum(ITEMS[i].myth for i in ids) == quizzes.MYTHS_PER_QUIZ
    other = [i.id for i in quizzes.items_for("class8")]
    assert other != ids
    # The web quiz asks them in that order: answer each and the next one asked is the next in the list.
    for lang in LANGUAGES:
        asked = _walk(client, lang, "class7", lambda item: item.solution.choices[0].id)
        assert asked == ids


def _walk(client, lang, seed, choose):
    """Answer a whole quiz through its forms, as a browser without JavaScript would; the items asked."""
    url, asked = f"/{lang}/quiz?seed={seed}", []
    for _ in range(quizzes.LENGTH):
        html = client.get(url).text
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', html))
        item = ITEMS[fields["item"]]
        asked.append(item.id)
        with client.application.test_request_context(f"/{lang}/"):
            answer = choose(item)
        response = client.get(f"/{lang}/quiz", query_string={**fields, "answer": answer})
        assert response.status_code == 303, response.text
        assert response.location.endswith("#feedback")
        url = response.location
    assert 'id="results"' in client.get(url).text
    return asked


def test_no_seed_is_a_random_one_put_in_the_address(client):
    seeds = set()
    for _ in range(3):
        response = client.get("/en/quiz")
        assert response.status_code == 302
        (seed,) = parse_qs(urlsplit(response.location).query)["seed"]
        assert quizzes.valid_seed(seed) and seed.isdigit()
        seeds.add(seed)
    assert len(seeds) > 1
    assert client.get("/api/v1/quiz").get_json()["seed"].isdigit()


def test_a_whole_quiz_scores_each_topic(client, app):
    """Right answers for the myths, wrong ones for the rest: the results count them by topic."""
    def choose(item):
        wrong = [c.id for c in item.solution.choices if c.id not in item.solution.right]
        return sorted(item.solution.right)[0] if item.myth else wrong[0]

    _walk(client, "en", "scores", choose)
    items = quizzes.items_for("scores")
    progress = quizzes.start("scores")
    with app.test_request_context("/en/"):
        for item in items:
            progress = progress.answer(item.id, choose(item))
        assert progress.right == quizzes.MYTHS_PER_QUIZ
        scores = progress.scores()
    assert sum(asked for _, _, asked in scores) == quizzes.LENGTH
    url = f"/en/quiz?seed=scores&progress={progress.token(app.secret_key)}"
    page = client.get(url).text
    results = page[page.index('id="results"'):]
    assert f"Your score: {quizzes.MYTHS_PER_QUIZ} of {quizzes.LENGTH}" in results
    for topic, right, asked in scores:
        assert re.search(rf'href="/en/{topic}">[^<]+</a></th><td class="num">{right}</td><td class="num">{asked}</td>',
                         results), topic
    # Each missed question links to where to learn it.
    assert results.count('class="lesson-link"') == quizzes.LENGTH - quizzes.MYTHS_PER_QUIZ


# --- the JSON ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_keeps_its_names(client, lang):
    answer = client.get(f"/api/v1/quiz?lang={lang}&seed=class7").get_json()
    assert set(answer) == {"seed", "items"} and answer["seed"] == "class7"
    for item in answer["items"]:
        assert {"id", "topic", "question", "choices", "scenario"} <= set(item)
        assert item["topic"] in RULE_PAGES and item["question"]
        assert (ARABIC.search(item["question"]) is not None) == (lang == "ar")
        assert all({"id", "label"} <= set(choice) for choice in item["choices"])
        assert set(item["answer"]) <= {choice["id"] for choice in item["choices"]}
        assert set(item["rules"]) <= set(Rule)
        # The scenario and moves replay as they are through the check API.
        assert check(client, item["scenario"], item["moves"])["results"] is not None


@pytest.mark.parametrize(("lang", "words"), [("en", "seed"), ("ar", "رمز")])
def test_the_api_refuses_a_bad_seed_in_the_readers_language(client, lang, words):
    for seed in ("x" * 41, "two words", "a/b"):
        response = client.get("/api/v1/quiz", query_string={"seed": seed, "lang": lang})
        assert response.status_code == 400
        assert response.get_json()["error"] == "bad-seed" and words in response.get_json()["message"]


# --- bad input -----------------------------------------------------------------------------------

def _token(app, seed, answers):
    return URLSafeSerializer(app.secret_key, salt=quizzes.TOKEN_SALT).dumps([seed, answers])


@pytest.fixture
def started(app, client):
    """The first question of seed "bad" answered: its address and the hidden fields of question 2."""
    first = quizzes.items_for("bad")[0]
    with app.test_request_context("/en/"):
        choice = first.solution.choices[0].id
    location = client.get("/en/quiz", query_string={"seed": "bad", "item": first.id, "answer": choice}).location
    html = client.get(location).text
    return location, dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', html))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_input_is_refused_in_the_readers_language_and_changes_nothing(app, client, started, lang):
    location, fields = started
    token = fields["progress"]
    second = ITEMS[fields["item"]]
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    cases = [
        ({"seed": "x" * 41}, 400),
        ({"seed": "bad!"}, 400),
        ({"seed": "bad", "progress": tampered}, 400),
        ({"seed": "other", "progress": token}, 400),  # another quiz's answers
        ({"seed": "bad", "progress": _token(app, "bad", ["not-a-choice"])}, 400),  # signed, but no such answer
        ({"seed": "bad", "progress": _token(app, "bad", ["0"] * 11)}, 400),
        ({"seed": "bad", "progress": token, "item": second.id, "answer": "nope"}, 400),
        ({"seed": "bad", "progress": token, "item": quizzes.items_for("bad")[0].id, "answer": "0"}, 409),
        ({"seed": "bad", "progress": token, "item": second.id}, 400),  # no answer
    ]
    for query, status in cases:
        response = client.get(f"/{lang}/quiz", query_string=query)
        assert response.status_code == status, (query, response.status_code)
        page = Page(response.text)
        assert page.html_attrs["lang"] == lang
        notice = re.search(r'<p class="notice notice-error" role="alert">([^<]+)</p>', response.text).group(1)
        assert (ARABIC.search(notice) is not None) == (lang == "ar"), notice
    # Nothing changed: the quiz goes on from where it was.
    after = client.get(location.replace("/en/", f"/{lang}/"))
    assert after.status_code == 200 and f'name="item" value="{second.id}"' in after.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_refuses_what_it_cannot_use(client, lang):
    assert client.get(f"/{lang}/quiz/check?item=no-such-item").status_code == 404
    assert client.get(f"/{lang}/quiz/check?item=myth-stacking").status_code == 404
    response = client.get(f"/{lang}/quiz/check?item=turn-match&answer=XX")
    assert response.status_code == 400 and Page(response.text).html_attrs["lang"] == lang


# --- "Check yourself" and the worked example -----------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", RULE_PAGES)
def test_every_rules_page_ends_with_two_to_four_questions(client, lang, path):
    items = check_items(path)
    assert 2 <= len(items) <= 4
    html = client.get(f"/{lang}/{path}").text
    section_html = html[html.index('id="check-yourself"'):]
    assert re.findall(r'data-item="([^"]+)"', section_html) == [item.id for item in items]
    assert section_html.count('action="/%s/quiz/check"' % lang) == len(items)
    assert not set(re.findall(r'id="([^"]+)"', section_html)) & set(Rule)  # no rule anchor twice


def test_every_position_item_is_on_its_rules_page():
    assert sorted(i.id for path in RULE_PAGES for i in check_items(path)) == sorted(i.id for i in POSITIONS)


@pytest.mark.parametrize("item_id", [i.id for i in POSITIONS])
def test_a_check_yourself_answer_is_judged_by_the_engine(app, client, item_id):
    item = ITEMS[item_id]
    with app.test_request_context("/en/"):
        choices = item.solution.choices
    for choice in choices:
        html = client.get("/en/quiz/check", query_string={"item": item_id, "answer": choice.id}).text
        judged = re.search(rf'<section class="quiz-item answered (right|wrong)" id="item-{item_id}"', html).group(1)
        answered = html[html.index(f'id="item-{item_id}"'):]
        answered = answered[:answered.index("</section>")]
        right = choice.id in item.solution.right
        assert judged == ("right" if right else "wrong")
        assert ("Right!" if right else "Not quite.") in answered
        assert 'href="/en/rules/' in answered  # the rule link
        assert ('class="lesson-link"' in answered) == (not right)


def test_the_scoring_page_counts_a_worked_example_with_the_engine(app, client):
    with app.test_request_context("/en/"):
        worked = worked_scoring()
    collect, tally = worked["methods"]
    for row in collect["rows"]:
        assert row["sum"] == hand_points([card(c) for c in row["cards"]]) == sum(row["values"])
    assert [r["points"] for r in collect["rows"]] == [sum(r["sum"] for r in collect["rows"]), 0, 0, 0]
    assert [r["points"] for r in tally["rows"]] == [r["sum"] for r in tally["rows"]]
    assert collect["sum"].endswith(f"= {collect['rows'][0]['points']}")
    for lang in LANGUAGES:
        html = client.get(f"/{lang}/rules/scoring").text
        worked_html = html[html.index('id="worked-example"'):html.index('id="check-yourself"')]
        # One table: the hands shown once (#35), a column of points for each method.
        assert worked_html.count('class="scoring-table"') == 1
        assert f"<bdi dir=\"ltr\">{collect['sum']}</bdi>" in worked_html
        assert worked_html.count('class="card ') == 1 + sum(len(r["cards"]) for r in collect["rows"])  # and the last card
        points = re.findall(r'<td class="num" data-label="[^"]*">(\d+)</td>', worked_html)
        assert points == [str(m["rows"][seat]["points"]) for seat in range(len(collect["rows"])) for m in (collect, tally)]


# --- what readers stumbled on --------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "said"), [("en", "Each colour has 25 cards"), ("ar", "لكل لون 25 بطاقة")])
def test_the_cards_index_says_how_many_cards_each_colour_has(client, lang, said):
    assert said in client.get(f"/{lang}/cards/").text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bluff_is_never_shown_as_plainly_allowed(client, lang):
    """The restriction's bluff example and the Wild Draw Four page's challenged bluff: the "!" mark
    (its sentence says why), never ✓; the check API says "bluff"."""
    for url in (f"/{lang}/rules/wild-cards", f"/{lang}/cards/wild-draw-four", f"/{lang}/rules/challenge"):
        html = client.get(url).text
        steps = re.findall(r'<li class="(legal|bluff|illegal)">\s*<p class="example-move">.*?</li>', html, re.S)
        assert "bluff" in steps, url
        for block in re.findall(r'<li class="bluff">.*?</p>\s*</li>|<li class="bluff">.*?</code></p>', html, re.S):
            assert '<span class="verdict-mark" aria-hidden="true">!</span>' in block and "✓" not in block
    answer = client.post("/api/v1/check", json={"scenario": {"hands": [["R2", "WD4"], ["G1"]], "discard": ["R5"]},
                                                "moves": [{"seat": 0, "action": "play", "card": "WD4", "color": "blue"}]})
    result = answer.get_json()["results"][0]
    assert result["legal"] is True and result["verdict"] == "bluff"


@pytest.mark.parametrize("lang, official, ours", [("en", "Official", "Our reading"), ("ar", "الرسمي", "فهمُنا للقاعدة")])
def test_the_challenge_page_says_what_is_official_and_what_is_our_reading(client, lang, official, ours):
    html = client.get(f"/{lang}/rules/challenge").text
    block = html[html.index('id="official-and-our-reading"'):]
    block = block[:block.index("</dl>")]
    assert re.findall(r"<dt>(.*?)</dt>", block) == [official, ours]
    assert 'href="#whose-turn"' in block and 'id="whose-turn"' in html
    # said before the rule's own section: the first thing the page says after its introduction
    assert html.index('id="official-and-our-reading"') < html.index('id="wild-draw-four.challenge"')


def test_an_action_card_on_a_number_is_shown_by_colour_and_refused_off_colour():
    from app.scenes.card_examples import CARD_EXAMPLES
    from app.scenes.rule_examples import EXAMPLES

    def last(scenario, moves):
        from app.engine.scenario import from_scenario
        state, _ = from_scenario(scenario)
        *before, final = [Move.from_dict(m) for m in moves]
        for move in before:
            state.apply(move)
        return state.check(final)

    shown = EXAMPLES["match.color"] + EXAMPLES["match.none"] + CARD_EXAMPLES["skip"]
    on_number = [(last(e.scenario, e.moves), e.scenario) for e in shown]
    cases = {(v.rule, v.params["card"][1:]) for v, s in on_number if v.params.get("card", "")[1:] == "S"
             and s["discard"][-1][1:].isdigit()}
    assert {(Rule.MATCH_COLOR, "S"), (Rule.MATCH_NONE, "S")} <= cases


def test_the_arabic_quiz_has_no_latin_words(client):
    """Every Arabic "Check yourself" answer and a whole quiz (both of its myths) read in Arabic only
    (UNO, notation in <code> and text marked lang="en" aside), as the crawl requires of every page."""
    pages = [client.get("/ar/quiz/check", query_string={"item": item.id, "answer": choice.id}).text
             for item in POSITIONS for choice in item.solution.choices]
    url = "/ar/quiz?seed=class7"
    for _ in range(quizzes.LENGTH):
        pages.append(client.get(url).text)
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', pages[-1]))
        url = client.get("/ar/quiz", query_string={**fields, "answer": ITEMS[fields["item"]].solution.choices[-1].id}).location
    pages.append(client.get(url).text)
    leftovers = {word for html in pages for word in Page(html).latin_words()}
    assert not leftovers
