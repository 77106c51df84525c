"""The course (app/learn/lessons): every step's solution and wrong moves through the check API,
every rule taught, the lessons' JSON, and every step completed by its forms alone (no JavaScript)."""
from __future__ import annotations

import re

import pytest

from app.engine.cards import card
from app.engine.moves import Move
from app.engine.rules import Rule, ruleset
from app.engine.setup import choose_dealer
from app.learn.lessons import CHAPTERS, LESSON_OF_RULE, LESSONS
from app.learn.lessons.judge import CONTINUE, RIGHT, decisions, replay, solution, solved
from app.scenes.lesson import ANY_LEGAL, GAME_WINNER, LEARNER, NEXT_DEALER, NEXT_SEAT, POINTS, SEAT_QUESTIONS

from .arabic_terms import replaced_words
from .lesson_forms import complete, press
from .test_arabic_style import DIGIT_FIRST_CARD, page_text

STEPS = [(lesson.id, number, step) for lesson in LESSONS.values() for number, step in enumerate(lesson.steps, 1)]
IDS = [f"{lesson}-{number}" for lesson, number, _ in STEPS]
ARABIC = re.compile(r"[\u0621-\u064a]")


def check(client, scenario, moves):
    response = client.post("/api/v1/check", json={"scenario": scenario, "moves": list(moves)})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("lesson_id, number, step", STEPS, ids=IDS)
def test_the_solution_is_legal_and_ends_on_a_rule_the_step_teaches(client, lesson_id, number, step):
    answer = check(client, step.scenario, solution(step))
    assert all(result["legal"] for result in answer["results"]), answer["results"]
    if answer["results"]:
        last = answer["results"][-1]
        seen = {last["rule"], *(event["rule"] for event in last["events"])}
    else:  # a question about a fresh deal: what the deal itself did
        seen = {event["rule"] for event in answer["setup"]}
    assert seen & {rule.value for rule in step.rules}, (seen, step.rules)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if s[2].wrong],
                         ids=[i for i, s in zip(IDS, STEPS) if s[2].wrong])
def test_each_wrong_move_is_refused_by_the_rule_it_names(client, lesson_id, number, step):
    for wrong in step.wrong:
        before = replay(step, decisions(step)[:wrong.at]).moves  # the table at that decision
        answer = check(client, step.scenario, [*before, wrong.move])
        refused = answer["results"][-1]
        assert refused["legal"] is False and refused["rule"] == wrong.rule.value, (wrong, refused)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if s[2].ask],
                         ids=[i for i, s in zip(IDS, STEPS) if s[2].ask])
def test_the_answer_to_a_question_is_the_engines(client, lesson_id, number, step):
    answer = check(client, step.scenario, solution(step))
    state, game = answer["state"], answer["game"]
    if step.ask == NEXT_SEAT:
        expected = state["pending"]["seat"] if state["pending"] else state["turn"]
    elif step.ask == POINTS:
        expected = state["round_points"][step.ask_seat]
    elif step.ask == NEXT_DEALER:
        expected = game["next_dealer"]
    else:
        assert step.ask == GAME_WINNER and game["game_over"] and len(game["winners"]) == 1  # no tie to guess
        expected = game["winners"][0]
    assert expected is not None and solved(step).answer() == expected


def test_every_rule_is_taught_by_some_step():
    taught = {rule for lesson in LESSONS.values() for step in lesson.steps for rule in step.rules}
    assert taught == set(Rule)
    assert set(LESSON_OF_RULE) == set(Rule)


def test_the_house_rules_and_the_guides_variants_come_last_and_marked():
    *official, variants = CHAPTERS
    assert variants.variants and not any(chapter.variants for chapter in official)
    house = {Rule.STACKING, Rule.SEVEN_ZERO, Rule.DRAW_UNTIL_PLAYABLE}
    for chapter in official:
        for lesson in chapter.lessons:
            for step in lesson.steps:
                assert step.scenario.get("rules", "official") in ("official", {"preset": "official", "scoring": "tally-lowest"})
                assert not house & set(step.rules), (lesson.id, step.rules)


def test_the_guided_round_is_played_through_and_scored():
    step = LESSONS["guided-round"].steps[0]
    done = solved(step)
    assert done.moves_done and done.state.round_over
    assert sum(1 for move in solution(step) if move["seat"] == LEARNER) >= 5  # the learner decides throughout


def test_the_course_ends_with_the_guided_round_from_a_scripted_deal():
    *official, variants = CHAPTERS
    last = official[-1].lessons[-1]
    assert last.id == "guided-round" and [s.guided for s in last.steps] == [True]
    step = last.steps[0]
    assert "deck" in step.scenario and len(step.scenario["deck"]) == 108  # the deal is scripted, card by card
    assert solution(step) == solution(step)  # and plays the same way every time (the bots' dice are fixed)


def test_in_the_guided_round_every_decision_is_the_learners_and_each_move_is_narrated(client):
    step = LESSONS["guided-round"].steps[0]
    done = solved(step)
    # no bot ever moves for the learner's seat; every move of that seat was one the learner sent
    assert all(played.learner == (played.move["seat"] == LEARNER) for played in done.played)
    assert len(done.learner) == sum(played.learner for played in done.played)
    page = _play_through(client, "en", "guided-round", 1, step)
    entries = re.findall(r'<li class="log-step[^"]*"[^>]*>(.*?)</li>\s*(?=<li class="log-step|</ol>)', page, re.S)
    assert len(entries) == 1 + len(done.played)  # the deal, then one narrated entry per move
    for entry in entries:
        assert re.search(r'<p class="log-line">[^<]+', entry) and 'class="why"' in entry, entry


def test_seat_diagrams_are_steps_for_skip_and_reverse_with_two_and_four_players_both_ways():
    """"Who plays next?" after a Skip or a Reverse is asked on the table (a step), for two players and
    for four, in both directions of play."""
    from app.engine.cards import Kind, card
    seen: dict[Kind, set] = {Kind.SKIP: set(), Kind.REVERSE: set()}
    for lesson in LESSONS.values():
        for step in lesson.steps:
            played = [card(m["card"]).kind for m in solution(step) if m["seat"] == LEARNER and m["action"] == "play"]
            if step.ask == NEXT_SEAT and "hands" in step.scenario and played and played[-1] in seen:
                seen[played[-1]].add((step.players, step.scenario.get("direction", 1)))
    for kind, diagrams in seen.items():
        assert {players for players, _ in diagrams} >= {2, 4}, (kind, diagrams)
        assert {direction for _, direction in diagrams} == {1, -1}, (kind, diagrams)
    assert {(4, 1), (4, -1)} <= seen[Kind.REVERSE]


# --- the JSON -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_lessons_list(client, lang):
    listed = client.get(f"/api/v1/lessons?lang={lang}").get_json()
    assert [item["id"] for item in listed] == list(LESSONS)
    for item in listed:
        lesson = LESSONS[item["id"]]
        assert {"id", "title", "rules", "steps"} <= set(item)
        assert item["steps"] == len(lesson.steps) and item["rules"] == [r.value for r in lesson.rules]
        assert bool(ARABIC.search(item["title"])) == (lang == "ar")


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_lesson_in_full(client, lang):
    for lesson_id, lesson in LESSONS.items():
        body = client.get(f"/api/v1/lessons/{lesson_id}?lang={lang}").get_json()
        assert body["id"] == lesson_id and body["title"] and body["rules"] == [r.value for r in lesson.rules]
        assert len(body["steps"]) == len(lesson.steps)
        for shown, step in zip(body["steps"], lesson.steps):
            assert {"scenario", "instruction", "solution", "rules"} <= set(shown)
            assert shown["scenario"] == step.scenario and shown["solution"] == list(solution(step))
            assert shown["rules"] == [r.value for r in step.rules]
            assert bool(ARABIC.search(shown["instruction"])) == (lang == "ar")
            assert "%(" not in shown["instruction"]


def test_an_unknown_lesson_is_a_json_404_in_the_language(client):
    response = client.get("/api/v1/lessons/no-such-lesson?lang=ar")
    assert response.status_code == 404 and response.get_json()["error"] == "not-found"
    assert ARABIC.search(response.get_json()["message"])


# --- the pages, without JavaScript ---------------------------------------------------------------

def _play_through(client, lang, lesson_id, number, step, answer=True):
    """Complete the step by pressing the page's buttons, as a browser without JavaScript would (its
    question left open unless ``answer``)."""
    page = client.get(f"/{lang}/learn/{lesson_id}?step={number}").text
    for move in decisions(step):  # in the guided round the bots answer them as they did in the solution
        if move["action"] == "play":
            response = press(client, page, action="play", card=move["card"], uno=move.get("uno", False))
            if move.get("color"):
                response = press(client, response.text, action="play", card=move["card"], color=move["color"])
            elif move.get("target") is not None:
                response = press(client, response.text, action="play", card=move["card"], target=move["target"])
        else:
            response = press(client, page, action=move["action"], color=move.get("color"), target=move.get("target"))
        assert response.status_code == 200
        page = response.text
        assert 'feedback-right' in page or move["action"] == CONTINUE, (move, page_text(page)[-600:])
    if step.ask and answer:
        expected = solved(step).answer()
        response = (press(client, page, seat=expected) if step.ask in SEAT_QUESTIONS else
                    press(client, page, points=expected))
        page = response.text
    return page


@pytest.mark.parametrize("lesson_id, number, step", STEPS, ids=IDS)
def test_every_step_is_completed_by_its_forms_alone(client, lesson_id, number, step):
    page = _play_through(client, "en", lesson_id, number, step)
    assert complete(page), page_text(page)[-800:]


def test_a_wrong_move_is_explained_and_changes_nothing(client):
    first = client.get("/en/learn/deck").text
    refused = press(client, first, action="play", card="B2")
    assert refused.status_code == 200 and 'data-rule="match.none"' in refused.text
    assert not complete(refused.text) and "/en/rules/turn#match.none" in refused.text
    # the same table, the same forms: the step can be tried again
    assert re.findall(r'data-card="(\w+)"', refused.text) == re.findall(r'data-card="(\w+)"', first)
    assert complete(press(client, refused.text, action="play", card="R8").text)


def test_a_wrong_seat_is_said_and_can_be_chosen_again(client):
    page = press(client, client.get("/en/learn/skip-reverse").text, action="play", card="RS").text
    wrong = press(client, page, seat=1)
    assert "feedback-refused" in wrong.text and not complete(wrong.text)
    assert complete(press(client, wrong.text, seat=2).text)


def test_an_open_question_does_not_give_its_answer_away(client):
    asked = press(client, client.get("/en/learn/skip-reverse").text, action="play", card="RS").text
    assert "player-turn" not in asked and "badge-turn" not in asked  # whose turn it is: the answer
    answered = press(client, asked, seat=2).text
    assert "player-turn" in answered
    dealt = client.get("/en/learn/setup").text  # the deal's sentence "…; you start." waits for the answer
    assert "you start" not in dealt and "you start" in press(client, dealt, seat=0).text
    scored = press(client, client.get("/en/learn/scoring").text, action="play", card="G3").text
    assert "88" not in page_text(scored) and "88" in page_text(press(client, scored, points=88).text)


def test_a_step_links_to_its_rules(client):
    page = client.get("/ar/learn/deck?step=3").text
    assert 'href="/ar/rules/turn#match.symbol"' in page


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_step_links_to_the_anchor_of_each_rule_it_teaches(client, lang):
    from app.pages.anchors import rule_url
    for lesson_id, number, step in STEPS:
        page = client.get(f"/{lang}/learn/{lesson_id}?step={number}").text
        said = page[page.index('class="step-rules"'):]
        said = said[:said.index("</p>")]
        assert re.findall(r'href="([^"]+)"', said) == [rule_url(rule, lang) for rule in step.rules], (lesson_id, number)
        for rule in step.rules:  # and the anchor is there, on its page
            path, _, anchor = rule_url(rule, lang).partition("#")
            assert f'id="{anchor}"' in client.get(path).text, rule


def test_a_forged_token_restarts_the_step_and_says_so(client):
    response = client.get("/en/learn/drawing?step=3&at=forged.token")
    assert response.status_code == 400 and "could not be read" in response.text
    assert 'name="at"' not in response.text  # back at the start: no moves to carry


def test_a_token_for_another_step_is_refused(client):
    page = press(client, client.get("/en/learn/drawing?step=3").text, action="draw").text
    token = re.search(r'name="at" value="([^"]+)"', page).group(1)
    assert client.get(f"/en/learn/drawing?step=3&at={token}").status_code == 200
    assert client.get(f"/en/learn/drawing?step=2&at={token}").status_code == 400


@pytest.mark.parametrize("url", ["/en/learn/nope", "/en/learn/deck?step=9", "/en/learn/deck?step=0",
                                 "/en/learn/deck?step=x"])
def test_no_such_lesson_or_step_is_a_404_page(client, url):
    assert client.get(url).status_code == 404


def test_an_unreadable_move_is_refused_in_the_language(client):
    response = client.get("/ar/learn/deck?step=1&action=play&card=ZZ")
    assert response.status_code == 400 and ARABIC.search(response.text)


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if not s[2].guided], ids=[
    i for i, s in zip(IDS, STEPS) if not s[2].guided])
def test_the_arabic_step_follows_the_style_sheet(client, lesson_id, number, step):
    text = page_text(_play_through(client, "ar", lesson_id, number, step))
    assert not replaced_words(text) and not DIGIT_FIRST_CARD.search(text), text


# --- the rule pages become a course ----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ar", "en"])
def test_each_rule_section_links_to_the_lesson_that_teaches_it(client, lang):
    from app.pages.anchors import RULE_PAGES
    for rule, page in RULE_PAGES.items():
        html = client.get(f"/{lang}/{page}").text
        section = html[html.index(f'id="{rule.value}"'):]
        section = section[:section.index("</section>")]
        link = re.search(r'class="rule-lesson"[^>]*>.*?href="([^"]+)"', section, re.S)
        assert link, (rule, page)
        lesson_id, _, query = link.group(1).removeprefix(f"/{lang}/learn/").partition("?")
        number = int(query.removeprefix("step=")) if query else 1
        assert rule in LESSONS[lesson_id].steps[number - 1].rules


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_rule_pages_link_to_the_previous_and_the_next(client, lang):
    from app.pages import section
    topics = [page.path for page in section("rules/")]
    for before, here, after in zip([None, *topics], topics, [*topics[1:], None]):
        html = client.get(f"/{lang}/{here}").text
        nav = re.search(r'<nav class="course-nav".*?</nav>', html, re.S)
        assert nav, here
        if before:
            assert f'href="/{lang}/{before}" rel="prev"' in nav.group()
        if after:
            assert f'href="/{lang}/{after}" rel="next"' in nav.group()


# --- every step answerable as shown (issue 32, items 7 to 11) --------------------------------------

def _asked(client, lang, lesson_id, number):
    """The step's page with its moves made and its question open."""
    step = LESSONS[lesson_id].steps[number - 1]
    return step, _play_through(client, lang, lesson_id, number, step, answer=False)


def _feedback(page):
    """The answer's side from what the answer earned on: up to the worked scoring, else the log."""
    start = page.index('id="feedback"')
    return page[start:min(end for end in (page.find('<section class="scoring', start), page.index('<section id="log"', start))
                          if end >= 0)]


POINT_STEPS = [(lesson_id, number) for lesson_id, number, step in STEPS if step.ask == "points"]


@pytest.mark.parametrize("lesson_id, number", POINT_STEPS)
def test_a_points_question_shows_the_counted_hands_face_up(client, lesson_id, number):
    """Item 7: "how many points?" is asked with the hands that are counted face up, as at the end
    of a round, not as "3 cards"."""
    step, page = _asked(client, "en", lesson_id, number)
    state = solved(step).state
    table = page[page.index('class="players"'):page.index('class="piles"')]
    for seat, hand in enumerate(state.hands):
        if seat == LEARNER:
            continue
        shown = re.search(rf'data-seat="{seat}".*?(?=<li class="player|</ol>)', table, re.S).group()
        assert re.findall(r'data-card="(\w+)"', shown) == [c.notation for c in hand], (seat, shown)
    assert "feedback" in page and str(solved(step).answer()) not in page_text(_feedback(page))


def test_a_wrong_points_answer_is_summed_card_by_card_and_says_where_it_went_wrong(client):
    """Items 7 and 10: each counted card with the engine's value, the sum hand by hand, and what
    the learner's number is missing (here the Wild's 50)."""
    step, page = _asked(client, "en", "scoring", 1)
    wrong = press(client, page, points=38).text
    said = _feedback(wrong)
    assert "feedback-refused" in said and not complete(wrong)
    counted = [(c.notation, c.points) for seat in (1, 2) for c in solved(step).state.hands[seat]]
    assert re.findall(r'data-card="(\w+)"', said) == [notation for notation, _ in counted]
    assert re.findall(r'class="card-value">(\d+)<', said) == [str(value) for _, value in counted]
    text = page_text(said)
    assert "7 + 20 + 50 = 77" in text and "77 + 11 = 88" in text
    assert "50 points short: the value of Wild" in text
    arabic = page_text(_feedback(press(client, _asked(client, "ar", "scoring", 1)[1], points=38).text))
    assert "77 + 11 = 88" in arabic and ARABIC.search(arabic) and "Wild" not in arabic


def test_a_wrong_points_answer_for_one_hand_names_the_hand(client):
    _, page = _asked(client, "en", "scoring", 1)
    assert "77 is the hand of Player 2 alone" in page_text(_feedback(press(client, page, points=77).text))


def test_a_wild_draw_four_that_breaks_the_guides_rule_is_refused_by_that_rule(client):
    """Item 8: in the short guide's step the Wild Draw Four is refused at once by its rule (as at the
    practice table), not for a colour it was never given."""
    page = client.get("/en/learn/guides?step=2").text
    refused = press(client, page, action="play", card="WD4").text
    assert 'data-rule="wild-draw-four.restriction"' in refused and not complete(refused)
    assert "Red 2" in page_text(refused[refused.index('class="outcome'):])


NEXT_STEPS = [(lesson_id, number) for lesson_id, number, step in STEPS if step.ask == NEXT_SEAT]


@pytest.mark.parametrize("lesson_id, number", NEXT_STEPS)
def test_a_wrong_seat_is_explained_from_the_position(client, lesson_id, number):
    """Item 10: a wrong "who plays next?" gets the engine's sentences for what the card did and, where
    play moved on from the seat that acted, the walk round the table to the engine's answer."""
    step, page = _asked(client, "en", lesson_id, number)
    answer = solved(step).answer()
    wrong = press(client, page, seat=(answer + 1) % step.players).text
    said = _feedback(wrong)
    assert 'class="explain explain-next"' in said and "look again" not in said
    walk = re.findall(r"<li>([^<]+)</li>", said[said.index('class="walk"'):]) if 'class="walk"' in said else []
    names = ["You", "Player 2", "Player 3", "Player 4"]
    when = "first" if step.asks_first else "next"  # a fresh deal's question asks who plays first
    if walk:
        assert walk[-1] in (f"{names[answer]} plays {when}.", f"You play {when}.") and (
            walk[-1] == f"You play {when}.") == (answer == LEARNER)
    else:  # play did not move on from the seat that acted: the engine's sentence says who starts
        assert "you start" in said


def test_a_wrong_seat_after_a_skip_walks_past_the_skipped_seat(client):
    _, page = _asked(client, "en", "skip-reverse", 1)
    said = " ".join(page_text(_feedback(press(client, page, seat=1).text)).split())
    assert "You played Red Skip. Player 2 loses their turn. Player 3 plays next." in said
    assert "Play goes clockwise." in said


FIRST_STEPS = [(lesson.id, number) for lesson in LESSONS.values()
               for number, step in enumerate(lesson.steps, 1) if step.asks_first]


@pytest.mark.parametrize("lang, right", [("en", "Right: you play first."), ("ar", "صحيح: تلعب أنت أولًا.")])
def test_who_plays_first_is_answered_as_asked(client, lang, right):
    """A fresh deal asks who plays first, and its answer says *first*, not "next" (the learners' trial)."""
    assert ("setup", 1) in FIRST_STEPS and ("first-card", 6) in FIRST_STEPS
    for lesson_id, number in FIRST_STEPS:
        step = LESSONS[lesson_id].steps[number - 1]
        page = client.get(f"/{lang}/learn/{lesson_id}?step={number}").text
        said = page_text(_feedback(press(client, page, seat=solved(step).answer()).text))
        if solved(step).answer() == LEARNER:
            assert right in said, (lesson_id, number, said)
        assert ("plays next" not in said and "play next" not in said) if lang == "en" else "بعد ذلك" not in said


@pytest.mark.parametrize("lesson_id, number", [("draw-cards", 3), ("challenge", 2)])
def test_a_wrong_seat_tells_the_card_before_what_it_did(client, lesson_id, number):
    """The learners' trial: "You draw 4 cards" came before the Wild Draw Four that made you draw."""
    step, page = _asked(client, "en", lesson_id, number)
    said = " ".join(page_text(_feedback(press(client, page, seat=(solved(step).answer() + 1) % step.players).text)).split())
    played, drawn = said.find("played Wild Draw Four"), said.find("You draw")
    assert 0 <= played < drawn, said


@pytest.mark.parametrize("number", [2, 3])
def test_a_wrong_seat_after_a_reverse_says_the_direction_once(client, number):
    step, page = _asked(client, "en", "skip-reverse", number)
    said = " ".join(page_text(_feedback(press(client, page, seat=(solved(step).answer() + 1) % step.players).text)).split())
    assert said.count("play now goes") == 1 and "Play goes" not in said, said


def test_the_deal_says_who_starts_before_it_asks(client):
    """Item 9: the rule comes before the question, and a deal's question asks who plays *first*."""
    page = client.get("/en/learn/setup").text
    assert "dealer's left plays first" in page_text(page)
    assert "Who plays first? Choose the player." in page and "Who plays next?" not in page
    for lesson_id, number in (("first-card", 6), ("guides", 3)):  # and says who dealt
        assert "Player 4 dealt." in page_text(client.get(f"/en/learn/{lesson_id}?step={number}").text)


def test_what_the_challenge_step_says_is_what_the_engine_does(client):
    """Item 9: who plays after a successful challenge, and the colour, are taught before they are asked."""
    step = LESSONS["challenge"].steps[0]
    text = page_text(client.get("/en/learn/challenge").text)
    assert "you keep your turn, and the colour they named stands" in text
    done = solved(step)
    named = next(m["color"] for m in solution(step) if m.get("color"))
    assert done.answer() == LEARNER and done.state.color.value == named


def test_the_next_player_is_not_named_before_the_question(client):
    """Item 9: "play goes anticlockwise: Player 4 plays next" gave away the answer of first-card step 3."""
    page = client.get("/en/learn/first-card?step=3").text
    assert "Player 4 plays next" not in page_text(page)
    played = press(client, page, action="play", card="B1").text
    assert "Player 4 plays next" not in page_text(played) and "Play goes anticlockwise." in page_text(played)


def test_cards_a_first_card_makes_you_draw_are_not_in_your_hand_before_the_question(client):
    page = client.get("/en/learn/first-card?step=4").text
    hand = re.findall(r'class="card-button"', page)
    assert len(hand) == 7 and 'data-seat="0" data-count="7"' in page and 'pile-draw" data-count="79"' in page
    answered = press(client, page, seat=1).text
    assert len(re.findall(r'class="card-button"', answered)) == 9 and 'pile-draw" data-count="77"' in answered


def test_name_the_colour_then_play_works(client):
    """Item 9: "name the colour, then play" is what the step asks, and the play is accepted."""
    page = press(client, client.get("/en/learn/first-card?step=5").text, action="color", color="green").text
    assert not complete(page)
    refused = press(client, page, action="play", card="R2").text
    assert 'data-rule="match.none"' in refused or 'data-rule="match.color"' in refused
    assert not complete(refused)
    assert complete(press(client, page, action="play", card="G6").text)


DEALT_FIRST = ("first-card", 4)  # the first card's Draw Two waits for its question: see below


@pytest.mark.parametrize("lesson_id, number, step", [s for s in STEPS if s[:2] != DEALT_FIRST],
                         ids=[i for i, s in zip(IDS, STEPS) if s[:2] != DEALT_FIRST])
def test_every_step_shows_the_draw_pile(client, lesson_id, number, step):
    """Item 11: the draw pile is on the table, with the engine's count."""
    page = client.get(f"/en/learn/{lesson_id}?step={number}").text
    count = len(replay(step, []).state.draw_pile)
    assert f'class="pile pile-draw" data-count="{count}"' in page


def test_the_empty_draw_pile_is_shown_empty(client):
    page = client.get("/en/learn/drawing?step=4").text
    assert 'class="pile pile-draw" data-count="0"' in page and "0 cards" in page_text(page)


def test_the_uno_controls_appear_from_the_lesson_that_teaches_uno(client):
    """Item 11: no UNO box (or call, or catch) before the UNO lesson; from it on, they are there."""
    before = press(client, client.get("/en/learn/drawing").text, action="continue").text
    assert "uno-box" not in before and 'value="uno"' not in before
    played = press(client, before, action="play", card="R3").text  # one card left, UNO not said
    assert 'value="uno"' not in played and 'value="catch"' not in played
    assert "uno-box" in client.get("/en/learn/uno").text


# --- what a player needs that no step taught (issue 32, "Never taught by the lessons") -------------

def _step_of(lesson_id, rule, text):
    """The step of ``lesson_id`` that teaches ``rule`` and whose instruction says ``text``."""
    lesson = LESSONS[lesson_id]
    found = [n for n, step in enumerate(lesson.steps, 1) if rule in step.rules and text in str(step.instruction)]
    assert len(found) == 1, (lesson_id, rule, text)
    return found[0]


def test_the_deck_step_says_what_the_engine_deals(client):
    """The 25 cards of a colour and the 8 wild cards, counted from the engine's deck."""
    from app.engine.cards import COPIES, DECK, card
    number = _step_of("deck", Rule.DECK_COMPOSITION, "one 0")
    params = LESSONS["deck"].steps[number - 1].params
    red = [c for c in DECK if c.color and c.color.value == "red"]
    assert COPIES[card("R0")] == 1 and all(COPIES[card(f"R{n}")] == params["numbers"] for n in range(1, 10))
    assert all(COPIES[card(f"R{kind}")] == params["actions"] for kind in ("S", "R", "D2"))
    assert len(red) == params["per_color"] == 1 + 9 * params["numbers"] + 3 * params["actions"]
    assert (params["plain"], params["fours"]) == (COPIES[card("W")], COPIES[card("WD4")])
    assert params["plain"] + params["fours"] == params["wilds"] == sum(1 for c in DECK if c.is_wild)
    text = page_text(client.get(f"/en/learn/deck?step={number}").text)
    assert "Each colour has 25 cards: one 0, 2 of each number from 1 to 9, and 2 each of" in text
    assert "The 8 wild cards have no colour: 4 Wilds and 4 Wild Draw Fours." in text


@pytest.mark.parametrize("text, case", [("wrong catch", "called"), ("too late", "too-late")])
def test_a_wrong_or_late_catch_can_be_tried_and_the_engine_refuses_it(client, text, case):
    """A catch of a player who called UNO, or after the next player has begun, is offered to try:
    the engine refuses it (no penalty), and the step goes on."""
    number = _step_of("uno", Rule.UNO_CATCH, text)
    step = LESSONS["uno"].steps[number - 1]
    page = press(client, client.get(f"/en/learn/uno?step={number}").text, action="continue").text
    target = step.wrong[0].move["target"]
    refused = press(client, page, action="catch", target=target).text
    assert 'data-rule="uno.catch"' in refused and not complete(refused)
    before = replay(step, decisions(step)[:1])
    verdict, _events = before.state.copy().attempt(Move.from_dict({**step.wrong[0].move, "seat": LEARNER}))
    assert verdict.params.get("case") == case
    assert len(before.state.hands[target]) == 1  # nothing drawn
    assert complete(press(client, refused, action="play", card="B7").text)


def test_a_wild_draw_four_as_the_last_card_still_makes_the_next_player_draw(client):
    number = _step_of("scoring", Rule.WILD_DRAW_FOUR_EFFECT, "Wild Draw Four")
    step = LESSONS["scoring"].steps[number - 1]
    done = solved(step)
    assert len(done.state.hands[1]) == len(step.scenario["hands"][1]) + 4
    assert done.answer() == sum(c.points for hand in done.state.hands[1:] for c in hand)


def test_both_piles_run_out(client):
    number = _step_of("drawing", Rule.DRAW_RESHUFFLE, "Both piles")
    page = client.get(f"/en/learn/drawing?step={number}").text
    assert 'pile-draw" data-count="0"' in page
    drawn = press(client, page, action="draw").text
    assert "You draw 0 cards." in page_text(drawn) and solved(LESSONS["drawing"].steps[number - 1]).answer() == 1
    assert complete(press(client, drawn, seat=1).text)


def test_you_may_draw_holding_a_card_that_matches(client):
    number = _step_of("drawing", Rule.DRAW_ONE, "You may draw even")
    step = LESSONS["drawing"].steps[number - 1]
    start = replay(step, [])
    assert start.state.playable_faces(LEARNER) & set(start.state.hands[LEARNER])  # a card that matches is in the hand
    assert complete(press(client, client.get(f"/en/learn/drawing?step={number}").text, action="draw").text)


def test_the_game_to_500_and_who_deals_the_next_round(client):
    """A game is played to 500 and the deal passes to the left (setup.dealer), whatever the direction of
    play: the table marks who dealt and shows each total before the round and, once the learner's last
    card ends it, the engine's total after; a wrong dealer is explained from the engine's totals."""
    from app.engine.rules import ruleset
    number = _step_of("scoring", Rule.SETUP_DEALER, "deal passes to the left")
    step = LESSONS["scoring"].steps[number - 1]
    assert str(ruleset(step.scenario["rules"]).target) in str(step.instruction)  # "500" is the engine's target
    page = client.get(f"/en/learn/scoring?step={number}").text
    assert page.count("badge-dealer") == 1 and re.search(r'data-seat="1"[^>]*>(?:(?!</li>).)*badge-dealer', page, re.S)
    assert re.findall(r'class="player-total" data-total="(\d+)"', page) == [str(s) for s in step.scenario["scores"]]
    asked = press(client, page, action="play", card="G3").text
    done = solved(step)
    assert re.findall(r'data-after="(\d+)"', asked) == [str(total) for total in done.game.scores]
    assert not done.game.game_over and "badge-deals-next" not in asked  # the answer is not marked while asked
    anticlockwise = (step.scenario["dealer"] - 1) % step.players  # the direction of play is not the deal's
    assert done.answer() == (step.scenario["dealer"] + 1) % step.players != anticlockwise
    wrong = press(client, asked, seat=anticlockwise).text
    said = " ".join(page_text(_feedback(wrong)).split())
    assert "feedback-refused" in _feedback(wrong) and not complete(wrong)
    assert "380 + 93 = 473" in said and "Nobody has reached 500 points" in said and "Player 2 dealt this round." in said
    assert "whatever the direction of play: Player 3 deals the next round." in said
    right = press(client, wrong, seat=done.answer()).text
    assert complete(right) and re.search(r'data-seat="2"[^>]*>(?:(?!</li>).)*badge-deals-next', right, re.S)
    arabic = page_text(_feedback(press(client, _asked(client, "ar", "scoring", number)[1], seat=0).text))
    assert "380 + 93 = 473" in arabic and "اللاعب 3" in arabic and ARABIC.search(arabic)


def test_a_game_that_ends_under_the_lowest_total_is_won_by_the_lowest(client):
    """score.tally-lowest: the total that reaches 500 ends the game and the lowest total wins it; who won
    stays out of the log until it is answered."""
    number = _step_of("scoring", Rule.SCORE_TALLY_LOWEST, "who wins the game")
    step = LESSONS["scoring"].steps[number - 1]
    done = solved(step)
    assert done.game.game_over and done.game.winners == [done.answer()]
    assert done.answer() not in (LEARNER, *done.game.reached)  # neither the round's winner nor who reached 500
    _, asked = _asked(client, "en", "scoring", number)
    assert "wins the game" not in page_text(asked[asked.index('id="log"'):])
    wrong = press(client, asked, seat=LEARNER).text
    said = " ".join(page_text(_feedback(wrong)).split())
    assert "Player 2 reaches 505 points: the game is over." in said and "The lowest total wins the game." in said
    assert "Player 3 wins the game." in said and "380 + 12 = 392" in said
    right = press(client, wrong, seat=done.answer()).text
    assert complete(right) and "Player 3 wins the game!" in page_text(right[right.index('id="log"'):])


def test_choosing_the_dealer_is_taught_as_the_engine_draws(client):
    """The setup step says what the engine does when the dealer is drawn (the learners' trial): action and
    wild cards count as zero, and players who tie for the highest number draw again, alone."""
    said = " ".join(page_text(client.get("/en/learn/setup").text).split())
    assert "action and wild cards count as zero; players who tie for the highest draw again" in said
    assert "تعادل لاعبان أو أكثر على أعلى رقم سحبوا من جديد" in " ".join(page_text(client.get("/ar/learn/setup").text).split())
    ties = zeros = 0
    for seed in range(300):  # seeded: the same draws every run
        _, events = choose_dealer(ruleset("official"), 4, seed)
        draws = [event.params["cards"] for event in events if event.kind == "dealer-draw"]
        for first, again in zip(draws, draws[1:]):
            values = {seat: card(face).number or 0 for seat, face in first.items()}
            assert set(again) == {seat for seat, value in values.items() if value == max(values.values())}
            ties += 1
        for cards in draws:
            faces = [card(face) for face in cards.values()]
            zeros += any(face.number is None for face in faces) and max(f.number or 0 for f in faces) > 0
    assert ties and zeros



def _draw_legal_at_last_play(step) -> bool:
    """The step's last decision is a card to play, and drawing there would be legal too."""
    moves = decisions(step)
    if step.accept != ANY_LEGAL or step.guided or not moves or moves[-1]["action"] != "play":
        return False
    state = replay(step, moves[:-1]).state
    return state.actor() == LEARNER and state.attempt(Move.from_dict({"seat": LEARNER, "action": "draw"}))[0].legal


ANY_PLAY_STEPS = [(lesson.id, number) for lesson in LESSONS.values() for number, step in enumerate(lesson.steps, 1)
                  if _draw_legal_at_last_play(step)]


@pytest.mark.parametrize("lesson_id, number", ANY_PLAY_STEPS)
def test_a_step_that_asks_for_a_card_does_not_take_a_draw(lesson_id, number):
    """The learners' retrial: scoring step 3 took "Draw a card" as right and asked its question with two
    cards in hand. A step that accepts any legal card still asks for a card, not a draw."""
    assert ("scoring", 3) in ANY_PLAY_STEPS
    step = LESSONS[lesson_id].steps[number - 1]
    assert replay(step, decisions(step)[:-1]).accept({"action": "draw"}).kind != RIGHT
