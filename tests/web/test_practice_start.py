"""Starting a game in one click: /<lang>/play's #quick-start form (official rules, 3 bots, hints on)
above the full form ("Choose the rules"), and a teacher's link (?rules=&bots=&level=&seed=) that
fills both, so a whole class gets the same deal."""
from html.parser import HTMLParser

import pytest

from app.engine.rules import ruleset
from app.practice import access

from .practice_support import csrf, new_form_game, stored

TEACHER = "?rules=guide-long&bots=2&level=normal&seed=class7"


class Forms(HTMLParser):
    """The page's forms: {id or index: {"attrs", "fields": {name: [values sent]}, "buttons": [text]}},
    with what each sends as a browser would (checked boxes and radios only); and whether the
    "Choose the rules" <details> is open and the full form inside it."""

    def __init__(self, text):
        super().__init__()
        self.forms, self.current, self.details_open, self.in_details, self.button = {}, None, None, False, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "details" and attrs.get("id") == "choose-rules":
            self.details_open, self.in_details = "open" in attrs, True
        elif tag == "form":
            key = attrs.get("id") or str(len(self.forms))
            self.current = self.forms[key] = {"attrs": attrs, "fields": {}, "buttons": [], "in_details": self.in_details}
        elif tag == "input" and self.current is not None:
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in attrs:
                return
            value = attrs.get("value", "on" if kind in ("radio", "checkbox") else "")
            self.current["fields"].setdefault(attrs["name"], []).append(value)
        elif tag == "option" and "selected" in attrs and self.current is not None:
            self.current["fields"].setdefault("target", []).append(attrs["value"])
        elif tag == "button" and self.current is not None:
            self.button = []

    def handle_data(self, data):
        if self.button is not None:
            self.button.append(data)

    def handle_endtag(self, tag):
        if tag == "button" and self.button is not None:
            self.current["buttons"].append("".join(self.button).strip())
            self.button = None
        elif tag == "form":
            self.current = None
        elif tag == "details":
            self.in_details = False

    def quick(self):
        return self.forms["quick-start"]

    def full(self):
        (found,) = [form for key, form in self.forms.items() if form["in_details"]]
        return found

    @staticmethod
    def data(form, **changes):
        """What submitting the form sends (one value per name), with changes."""
        return {**{name: values[-1] for name, values in form["fields"].items()}, **changes}


def games(app) -> int:
    with app.app_context():
        return access.store()._one("SELECT count(*) FROM games")[0]


def summary(page: str) -> str:
    start = page.index('id="quick-summary"')
    return page[start:page.index("</p>", start)]


@pytest.mark.parametrize("lang, button", [("en", "Play now"), ("ar", "العب الآن")])
def test_the_quick_start_is_one_post_form_with_one_button_before_the_full_form(client, lang, button):
    page = client.get(f"/{lang}/play").text
    forms = Forms(page)
    quick = forms.quick()
    assert quick["attrs"]["method"] == "post" and quick["attrs"]["action"] == f"/{lang}/play"
    assert "new-game" in quick["attrs"]["class"].split()  # practice.js plays the new table's opening
    assert quick["buttons"] == [button]
    assert len(quick["fields"]["csrf_token"]) == 1  # masked afresh in each answer: the server takes it
    assert client.post(f"/{lang}/play", data=Forms.data(quick)).status_code == 303
    assert {name: values for name, values in quick["fields"].items() if name != "csrf_token"} == {
        "preset": ["official"], "target": ["500"], "bots": ["3"], "level": ["easy"], "seed": [""], "hints": ["on"]}
    assert not quick["in_details"]
    # The full form is still there, every option in it, one click further (closed at first).
    assert forms.details_open is False
    full = forms.full()
    assert "new-game" in full["attrs"]["class"].split()
    assert {"preset", "target", "scoring", "bots", "level", "hints", "seed"} <= set(full["fields"])
    assert page.index('id="quick-start"') < page.index('id="choose-rules"')


@pytest.mark.parametrize("lang, said", [("en", ["Official rules", "3 bots", "hints on"]),
                                        ("ar", ["القواعد الرسمية", "3 روبوتات", "التلميحات ظاهرة"])])
def test_the_quick_start_says_what_it_deals(client, lang, said):
    line = summary(client.get(f"/{lang}/play").text)
    assert [part in line for part in said] == [True] * len(said), line


def test_play_now_deals_official_rules_three_bots_and_hints(app, client):
    quick = Forms(client.get("/en/play").text).quick()
    response = client.post("/en/play", data=Forms.data(quick))
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert response.headers["Location"].endswith(f"/en/play/{game_id}")
    practice = stored(app, game_id)[1]
    assert practice.game.rules == ruleset({"preset": "official", "players": 4})
    assert (practice.round.players, practice.level, practice.hints) == (4, "easy", True)
    assert client.get(f"/en/play/{game_id}").status_code == 200


@pytest.mark.parametrize("token", [None, "forged"])
def test_play_now_needs_the_csrf_token(app, client, token):
    data = Forms.data(Forms(client.get("/en/play").text).quick(), csrf_token=token)
    if token is None:
        del data["csrf_token"]
    response = client.post("/en/play", data=data)
    assert response.status_code == 400
    assert games(app) == 0


def test_a_teachers_link_fills_both_forms(client):
    page = client.get(f"/en/play{TEACHER}").text
    forms = Forms(page)
    expected = {"preset": "guide-long", "bots": "2", "level": "normal", "seed": "class7", "hints": "on"}
    for form in (forms.quick(), forms.full()):
        sent = Forms.data(form)
        assert {name: sent.get(name) for name in expected} == expected
    assert forms.details_open is False  # one click: the quick start does it
    line = summary(page)
    for part in ("Long Arabic guide", "2 bots", "normal level", "class7", "hints on"):
        assert part in line, line
    assert 'id="link-problems"' not in page


def test_a_teachers_link_is_summed_up_in_arabic(client):
    line = summary(client.get(f"/ar/play{TEACHER}").text)
    for part in ("الدليل العربي المطوّل", "روبوتان", "المستوى العادي", "رمز التوزيع", "class7", "التلميحات ظاهرة"):
        assert part in line, line


def test_every_student_with_the_link_gets_the_same_deal(app):
    deals = []
    for _student in range(2):
        client = app.test_client()
        quick = Forms(client.get(f"/en/play{TEACHER}").text).quick()
        response = client.post("/en/play", data=Forms.data(quick))
        assert response.status_code == 303
        practice = stored(app, response.headers["Location"].rsplit("/", 1)[1])[1]
        deals.append(practice.round.to_dict())
        rules = practice.game.rules
        assert (rules.players, rules.draw, rules.uno_penalty, practice.level, practice.hints) == (
            3, "until-playable", 4, "normal", True)
    assert deals[0] == deals[1]
    # The full form with the same choices deals that game too.
    client = app.test_client()
    same = stored(app, new_form_game(client, preset="guide-long", bots="2", level="normal", seed="class7",
                                     target="500"))[1]
    assert same.round.to_dict() == deals[0]


@pytest.mark.parametrize("query, field, default", [
    ("bots=99", "bots", "3"), ("bots=0", "bots", "3"), ("bots=two", "bots", "3"), ("bots=" + "9" * 5000, "bots", "3"),
    ("rules=nope", "preset", "official"), ("level=hard", "level", "easy"), ("seed=" + "x" * 41, "seed", ""),
    ("seed=a%0Ab", "seed", ""),
])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_bad_value_in_the_link_is_named_and_the_default_used(app, client, lang, query, field, default):
    response = client.get(f"/{lang}/play?{query}&bots=2" if field != "bots" else f"/{lang}/play?{query}")
    assert response.status_code == 200
    page = response.text
    start = page.index('id="link-problems"')
    notice = page[start:page.index("</div>", start)]
    assert notice.count("<li>") == 1
    # Which value, and what is used instead, in the reader's language.
    said = {"bots": (("number of bots", "the default is used: 3 bots"), ("عدد الروبوتات", "العدد الافتراضي: 3 روبوتات")),
            "preset": (("rules", "the official rules are used"), ("القواعد", "تُستعمل القواعد الرسمية")),
            "level": (("bot level", "the default is used: easy"), ("مستوى الروبوتات", "المستوى الافتراضي: سهل")),
            "seed": (("seed", "a new deal is chosen at random"), ("رمز التوزيع", "يُختار توزيع جديد عشوائيًا"))}
    for words in said[field][lang == "ar"]:
        assert words in notice, notice
    forms = Forms(page)
    for form in (forms.quick(), forms.full()):
        assert Forms.data(form).get(field) == default
    if field != "bots":  # the link's good values are still used
        assert Forms.data(forms.quick())["bots"] == "2"
    assert games(app) == 0  # a GET creates nothing


def test_a_link_with_every_value_wrong_names_each(client):
    page = client.get("/en/play?bots=99&rules=nope&level=hard&seed=" + "x" * 41).text
    start = page.index('id="link-problems"')
    assert page[start:page.index("</div>", start)].count("<li>") == 4
    assert "Official rules · 3 bots · hints on" in summary(page).replace("</span>", "").replace("<span>", "")


def test_a_link_without_values_is_the_plain_page(client):
    plain, empty = client.get("/en/play").text, client.get("/en/play?rules=&bots=&level=&seed=").text
    assert 'id="link-problems"' not in empty
    for form in ("quick", "full"):  # the same fields and values, but for the token, masked afresh in each answer
        assert {**Forms.data(getattr(Forms(empty), form)()), "csrf_token": ""} == \
            {**Forms.data(getattr(Forms(plain), form)()), "csrf_token": ""}


def test_arabic_digits_in_the_link_are_read(client):
    assert Forms.data(Forms(client.get("/ar/play?bots=٢").text).quick())["bots"] == "2"


def test_a_refused_full_form_comes_back_open_with_its_error(client):
    data = {"csrf_token": csrf(client), "preset": "official", "target": "100", "bots": "42", "level": "easy"}
    response = client.post("/en/play", data=data)
    assert response.status_code == 400
    forms = Forms(response.text)
    assert forms.details_open is True
    page = response.text
    details = page[page.index('id="choose-rules"'):page.index("</details>")]
    assert 'role="alert"' in details and 'id="bots-error"' in details and "autofocus" in details
    assert Forms.data(forms.full())["bots"] == "42"  # what was sent, to correct


def test_a_tampered_quick_start_is_refused_with_the_form_open(app, client):
    data = Forms.data(Forms(client.get("/en/play").text).quick(), bots="99")
    response = client.post("/en/play", data=data)
    assert response.status_code == 400
    assert Forms(response.text).details_open is True
    assert games(app) == 0
