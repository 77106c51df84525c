"""Card faces drawn once per face, size and language (app.pages.card_faces): a kept face is the
one the macro draws, in the language asked for, never another language's; what is kept is bounded."""
import pytest
from flask import render_template_string

from app.engine.cards import FACES, InvalidCardError
from app.pages.card_faces import SIZES, drawn_card

CARD = '{% from "macros/cards.html" import card %}{{ card(notation, size) }}'


def draw(app, lang: str, notation: str, size: str = "small") -> str:
    with app.test_request_context(f"/{lang}/"):
        return render_template_string(CARD, notation=notation, size=size)


def fresh(app, lang: str, notation: str, size: str) -> str:
    """The face as the template draws it, nothing kept."""
    with app.test_request_context(f"/{lang}/"):
        return str(app.jinja_env.get_template("macros/card_face.html").module.face_of(notation, size))


def test_a_kept_face_is_the_one_the_template_draws(app):
    for notation in ("R5", "GS", "BR", "YD2", "W", "WD4"):
        for size in SIZES:
            assert draw(app, "en", notation, size) == draw(app, "en", notation, size) == fresh(app, "en", notation, size)


def test_each_language_has_its_own_face(app):
    english = draw(app, "en", "YD2")
    arabic = draw(app, "ar", "YD2")  # asked after the English one was kept
    assert 'aria-label="Yellow Draw Two"' in english and arabic != english
    assert arabic == fresh(app, "ar", "YD2", "small") and draw(app, "en", "YD2") == english


def test_each_size_has_its_own_face(app):
    assert len({draw(app, "en", "R5", size) for size in SIZES}) == len(SIZES)
    assert 'card-large"' in draw(app, "en", "R5", "large")


def test_what_is_kept_is_bounded_by_the_deck_the_sizes_and_the_languages(app):
    """Any spelling of a card is kept under its notation; no other size or notation is kept."""
    with app.test_request_context("/en/"):
        assert drawn_card("wd4", "small") == drawn_card("WD4", "small")
        with pytest.raises(ValueError):
            drawn_card("R5", "huge")
        with pytest.raises(InvalidCardError):
            drawn_card("X9")
    for lang in ("ar", "en"):
        for notation in FACES:
            draw(app, lang, notation)
    kept = app.extensions["card_faces"]
    assert {notation for notation, _, _ in kept} == set(FACES)
    assert len(kept) == len(FACES) * 2  # small faces, in two languages
