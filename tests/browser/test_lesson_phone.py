"""A lesson on a phone: every step of every lesson, in each language, opens at 375×667 with its
instruction, the table's piles and the reader's hand (where the step has one) together on the first
screen; and after an answer, wrong or right, the verdict (✓/✗) is on the screen, and after the right
one the way on ("Next step") too. Issue #35: the instruction stood at y≈329–477 and the hand at
y≈951, never on one screen (the worst step's hand ended at y=1,462 in English, 1,336 in Arabic).

Run with -s to see the boxes measured.
"""
import pytest

from app.i18n import LANGUAGES
from app.learn.lessons import LESSONS
from app.learn.lessons.judge import decisions, solved
from app.scenes.lesson import SEAT_QUESTIONS

from .test_learn import PHONE, settle, take
from .test_practice import Learner

BOXES = """() => Object.fromEntries(Object.entries({
    instruction: '.lesson .instruction', piles: '.lesson-table .piles', hand: '.lesson-table .hand-cards',
  }).map(([name, selector]) => { const found = document.querySelector(selector);
    const box = found && found.getBoundingClientRect();
    return [name, box && {top: Math.round(box.top), bottom: Math.round(box.bottom)}]; }))"""


def off_screen(boxes: dict) -> dict:
    """The boxes measured that are not wholly on a screen of PHONE's height."""
    return {name: box for name, box in boxes.items() if box and (box["top"] < 0 or box["bottom"] > PHONE["height"])}


def on_screen(page, selector) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_opens_with_its_instruction_table_and_hand_on_one_phone_screen(visit, lang):
    page = visit(viewport=PHONE).page
    problems, worst = [], 0
    for lesson_id, lesson in LESSONS.items():
        for number in range(1, len(lesson.steps) + 1):
            page.goto(f"/{lang}/learn/{lesson_id}?step={number}")
            boxes = page.evaluate(BOXES)
            worst = max([worst] + [box["bottom"] for box in boxes.values() if box])
            print(lang, lesson_id, number, boxes)
            if off_screen(boxes):
                problems.append(f"{lesson_id} step {number}: {off_screen(boxes)}")
    print(f"{lang}: the lowest box ends at y={worst}")
    assert not problems, "\n".join(problems)


def answers(step) -> dict:
    """A wrong answer to the step's question, then the right one, as the form's field."""
    expected = solved(step).answer()
    if step.ask in SEAT_QUESTIONS:
        return {"wrong": {"seat": (expected + 1) % step.players}, "right": {"seat": expected}}
    return {"wrong": {"points": expected + 1}, "right": {"points": expected}}


def give(page, learner, answer: dict):
    if "seat" in answer:
        learner.press(page.locator(f'.ask button[name=seat][value="{answer["seat"]}"]'))
    else:
        page.locator("#points").fill(str(answer["points"]))
        learner.press(page.locator(".ask button"))
    settle(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_verdict_is_on_a_phone_screen_after_every_answer(visit, lang):
    page = visit(viewport=PHONE, reduced_motion="reduce").page
    learner = Learner(page, "mouse")
    problems = []
    page.goto(f"/{lang}/learn/deck?step=1")  # B2 on R5: a card the rules refuse
    learner.press(page.locator('.lesson-table .hand-cards [data-card="B2"]'))
    settle(page)
    if not on_screen(page, "#feedback .feedback-mark"):
        problems.append("deck step 1, a refused card: the verdict is off screen")
    for lesson_id, lesson in LESSONS.items():
        for number, step in enumerate(lesson.steps, 1):
            if not step.ask:
                continue
            page.goto(f"/{lang}/learn/{lesson_id}?step={number}")
            for move in decisions(step):
                take(learner, page, move)
            for said, answer in answers(step).items():
                give(page, learner, answer)
                shown = {"verdict": on_screen(page, "#feedback .feedback-mark")}
                if said == "right":
                    shown["next"] = on_screen(page, ".next-step")
                print(lang, lesson_id, number, said, shown)
                problems += [f"{lesson_id} step {number}, the {said} answer: the {name} is off screen"
                             for name, there in shown.items() if not there]
    assert not problems, "\n".join(problems)
