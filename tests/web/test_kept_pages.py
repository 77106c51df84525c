"""The learner's pages (a lesson step, a move tried on it, the sandbox, a quiz) rendered once per
address and language and revalidated (app.pages.rendered.address_page): a kept page is the one its
address would render afresh, never another language's, another state's or another reader's; its
strong ETag changes with its bytes and answers a 304; what is kept is bounded."""
import pytest

from app import create_app, lru
from app.learn.lessons.step_page import StepPage
from app.pages import rendered

STEP = "/en/learn/skip-reverse"
MOVE = "/en/learn/skip-reverse?step=1&action=play&card=RS"
SANDBOX = "/en/sandbox"
QUIZ = "/en/quiz?seed=2024"
CHECK = "/en/quiz/check?item=turn-match&answer=B7"
LEARNER_PAGES = (STEP, MOVE, "/en/learn/", SANDBOX, QUIZ)


def fresh(url: str, **headers) -> bytes:
    """The page as a new process renders it, nothing kept."""
    answer = create_app({"TESTING": True}).test_client().get(url, headers=headers)
    assert answer.status_code == 200, url
    return answer.data


@pytest.mark.parametrize("url", LEARNER_PAGES)
def test_a_learner_page_is_rendered_once_then_revalidated(client, renders, url):
    first = client.get(url)
    assert first.status_code == 200 and renders and first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    assert not etag.startswith("W/")  # strong: the same bytes
    renders.clear()
    again = client.get(url)
    assert renders == [] and again.data == first.data and again.headers["ETag"] == etag
    unchanged = client.get(url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b"" and unchanged.headers["ETag"] == etag


def test_a_check_yourself_answer_is_kept_too(client, renders):
    first = client.get(CHECK)
    assert first.status_code == 200 and "ETag" in first.headers
    renders.clear()
    assert client.get(CHECK, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304 and renders == []


@pytest.mark.parametrize("url", LEARNER_PAGES)
def test_each_language_is_a_page_of_its_own(client, url):
    english = client.get(url)
    arabic = client.get(url.replace("/en/", "/ar/", 1))  # after the English one was kept
    assert 'lang="ar"' in arabic.text and arabic.data != english.data
    assert arabic.headers["ETag"] != english.headers["ETag"]
    assert arabic.data == fresh(url.replace("/en/", "/ar/", 1))
    queried = client.get(url.replace("/en/", "/ar/", 1) + ("&" if "?" in url else "?") + "lang=en")
    assert 'lang="en"' in queried.text  # ?lang= outranks the address (app.i18n): kept apart too
    stale = client.get(url.replace("/en/", "/ar/", 1), headers={"If-None-Match": english.headers["ETag"]})
    assert stale.status_code == 200 and stale.data == arabic.data


@pytest.mark.parametrize("other", [
    "/en/learn/skip-reverse?step=2",  # another step
    "/en/learn/skip-reverse?step=1&action=play&card=B3",  # another move on the same step
    "/en/learn/skip-reverse?step=1&action=draw",
    "/en/sandbox?scenario=%7B%22hands%22%3A%5B%5B%22R1%22%2C%22G2%22%5D%2C%5B%22Y5%22%5D%5D%2C%22discard%22%3A%5B%22R9%22%5D%7D",
    "/en/quiz?seed=2025",  # another quiz
])
def test_each_state_is_a_page_of_its_own(client, other):
    """Every page of the learner set kept first, then another address: its own page, as fresh."""
    kept = {url: client.get(url).data for url in LEARNER_PAGES}
    answer = client.get(other)
    assert answer.status_code == 200 and answer.data not in kept.values()
    assert answer.data == fresh(other)


def test_a_quiz_answered_is_another_page(client):
    start = client.get(QUIZ).text
    item = start.split('name="item" value="')[1].split('"')[0]
    answer = start.split('name="answer" value="')[1].split('"')[0]
    answered = client.get(f"{QUIZ}&item={item}&answer={answer}")
    assert answered.status_code == 303  # a redirect, never kept as a page
    after = client.get(answered.location)
    assert after.status_code == 200 and after.data != client.get(QUIZ).data
    assert "ETag" in after.headers and after.data == fresh(answered.location)


@pytest.mark.parametrize("url", LEARNER_PAGES)
def test_no_kept_page_is_one_readers(app, url):
    """No CSRF token (one session's) and no session in any kept page, whatever the reader's
    cookies; a reader with a session, or a cookie of another language, gets the same page."""
    stranger = app.test_client()
    first = stranger.get(url)
    assert "csrf_token" not in first.text
    assert not any(c.startswith("session=") for c in first.headers.getlist("Set-Cookie"))
    player = app.test_client()
    assert "csrf_token" in player.get("/en/play").text  # a page with a form: this reader has a session now
    again = player.get(url, headers={"Cookie": "lang=ar"})
    assert again.data == first.data and "csrf_token" not in again.text


@pytest.mark.parametrize("url", [
    "/en/learn/drawing?step=3&at=forged.token",  # progress that can't be read: 400, the step again
    "/en/sandbox?scenario=%7B",  # a link the sandbox can't read: 400
])
def test_a_refusal_is_rendered_each_time_and_never_kept(client, renders, url):
    first = client.get(url)
    assert first.status_code == 400 and "ETag" not in first.headers
    renders.clear()
    assert client.get(url).status_code == 400 and renders  # rendered again


def test_the_etag_changes_when_the_page_does(app, monkeypatch):
    """A new release that draws the page differently: a new ETag, and the old one gets the page."""
    before = app.test_client().get(STEP)
    render = StepPage.render
    monkeypatch.setattr(StepPage, "render", lambda page: (render(page)[0].replace("</main>", "<p>new</p></main>"), 200))
    after = create_app({"TESTING": True}).test_client().get(STEP, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and b"<p>new</p>" in after.data
    assert after.headers["ETag"] != before.headers["ETag"]


def test_at_most_max_addresses_are_kept_the_least_recently_used_forgotten(monkeypatch, renders, client):
    monkeypatch.setattr(rendered, "MAX_ADDRESSES", 2)
    client.get(STEP)
    client.get(SANDBOX)
    client.get(STEP)  # used again: the sandbox is now the least recent
    client.get(QUIZ)
    kept = client.application.extensions["rendered_addresses"]
    assert len(kept) == 2 and {path for _, path, _ in kept.keys()} == {"/en/learn/skip-reverse", "/en/quiz"}
    renders.clear()
    client.get(STEP)
    assert renders == []
    client.get(SANDBOX)
    assert renders  # forgotten, so rendered again


def test_lru_forgets_the_least_recently_used():
    kept: lru.LRU[str, int] = lru.LRU(2)
    kept["a"], kept["b"] = 1, 2
    assert kept.get("a") == 1  # "b" is now the least recently used
    kept["c"] = 3
    assert kept.keys() == ["a", "c"] and kept.get("b") is None and len(kept) == 2
