"""Worked examples are rendered once per language and kept (app.pages.examples.example_html):
the kept HTML is what a fresh render gives, and each language keeps its own."""


def test_kept_examples_are_what_a_fresh_render_gives(app, client):
    pages = {lang: client.get(f"/{lang}/rules/turn").text for lang in ("en", "ar")}
    kept = app.extensions["rendered_examples"]
    assert {key[0] for key in kept} == {"en", "ar"}
    assert all(client.get(f"/{lang}/rules/turn").text == page for lang, page in pages.items())
    kept.clear()
    assert all(client.get(f"/{lang}/rules/turn").text == page for lang, page in pages.items())
