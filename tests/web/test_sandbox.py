"""The sandbox (/<lang>/sandbox) through plain GETs, as a browser without JavaScript sends them:
the builder's fields give a canonical ?scenario= link, that link fills the same fields, every card's
data-verdict is the engine's, a move tried says what happens, and bad input is refused in words."""
import html
import json
import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from app.engine.moves import Action, Move
from app.engine.scenario import from_scenario
from app.engine.cards import card

LANGS = ["ar", "en"]
ARABIC = re.compile("[\u0600-\u06ff]")


class Form(HTMLParser):
    """The values a browser would send for the form with ``form_id`` (no button pressed)."""

    def __init__(self, page: str, form_id: str = "builder"):
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.values, self._select = form_id, False, {}, None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside:
            return
        kind = attrs.get("type", "text")
        if tag == "input" and kind in ("text", "number", "hidden"):
            self.values[attrs["name"]] = attrs.get("value", "")
        elif tag == "input" and kind in ("radio", "checkbox") and "checked" in attrs:
            self.values[attrs["name"]] = attrs.get("value", "on")
        elif tag == "select":
            self._select = attrs["name"]
        elif tag == "option" and self._select and ("selected" in attrs or self._select not in self.values):
            self.values[self._select] = attrs["value"]

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None


def page_of(client, url: str):
    response = client.get(url)
    return response, response.get_data(as_text=True)


def link(lang: str, scenario, moves=None, **extra) -> str:
    query = {"scenario": json.dumps(scenario, separators=(",", ":"))}
    if moves:
        query["moves"] = json.dumps(moves, separators=(",", ":"))
    return f"/{lang}/sandbox?{urlencode({**query, **extra})}"


def linked_position(location: str):
    query = parse_qs(urlsplit(location).query)
    return json.loads(query["scenario"][0]), json.loads(query["moves"][0]) if "moves" in query else []


def shown_position(page: str):
    found = re.search(r"""class="position" id="sandbox-table" data-position='([^']*)'(?: data-moves='([^']*)')?""", page)
    assert found, "no position on the page"
    return json.loads(html.unescape(found.group(1))), json.loads(html.unescape(found.group(2) or "[]"))


def verdicts(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-card="(\w+)" class="card-button" data-verdict="(\w+)"', page))


def build_from(client, lang: str, fields: dict) -> tuple[str, dict, list]:
    """Send the builder's fields; returns the canonical link it redirects to and its position."""
    response = client.get(f"/{lang}/sandbox?{urlencode({**fields, 'build': '1'})}")
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    location = response.headers["Location"]
    assert location.startswith(f"/{lang}/sandbox?scenario=")
    return (location, *linked_position(location))


BUILDS = [  # the builder's fields, as a learner fills them in
    {"hand": "R3 G5 B7 YS W WD4", "top": "R5", "players": "3"},
    {"hand": "b1 wd4, GS", "top": "W", "color": "red", "players": "4", "count1": "3", "count2": "1", "count3": "9",
     "turn": "0", "direction": "-1", "preset": "guide-long", "stacking": "on"},
    {"hand": "R1 G2", "top": "G9", "players": "2", "turn": "1", "count1": "4"},
    {"hand": "R7 R0 G7", "top": "R5", "players": "3", "seven_zero": "on", "draw_until_playable": "on"},
    # drawn: you drew Green 5 (playable on the red 5) and may play or keep it
    {"hand": "B1 Y2", "top": "R5", "players": "3", "pending": "drawn", "drawn": "G5"},
    # the player before you played a Wild Draw Four on you, bluffing, then without a bluff
    {"hand": "B1 Y2 YD2", "top": "G4", "players": "3", "pending": "wild-draw-four", "named": "yellow", "bluff": "on"},
    {"hand": "B1 Y2", "top": "G4", "players": "4", "direction": "-1", "turn": "2", "pending": "wild-draw-four",
     "named": "blue"},
    # stacking: a Draw Two of the colour in play was played on you; you hold one to stack
    {"hand": "BD2 Y2", "top": "B6", "players": "3", "stacking": "on", "pending": "draw-two"},
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fields", BUILDS)
def test_fields_give_a_canonical_link_that_fills_the_same_fields(client, lang, fields):
    location, scenario, moves = build_from(client, lang, fields)
    response, page = page_of(client, location)
    assert response.status_code == 200
    assert shown_position(page) == (scenario, moves)
    form = Form(page).values
    for name, value in fields.items():
        expected = " ".join(card(n).notation for n in re.split(r"[\s,]+", value)) if name == "hand" else value
        assert form.get(name) == expected, name
    # Building again from the filled form gives the very same link: one spelling per position.
    again, *_ = build_from(client, lang, form)
    assert again == location


@pytest.mark.parametrize("fields", BUILDS)
def test_the_link_is_the_position_the_fields_describe(client, fields):
    _, scenario, moves = build_from(client, "en", fields)
    state, _ = from_scenario(scenario)
    assert [c.notation for c in state.hands[0]] == [card(n).notation for n in re.split(r"[\s,]+", fields["hand"])]
    assert state.top is card(fields["top"])
    for move in moves:  # the lead-in that reaches the decision
        verdict, _ = state.attempt(Move.from_dict(move))
        assert verdict.legal
    assert state.players == int(fields["players"])
    pending = fields.get("pending", "none")
    kinds = {"none": None, "drawn": "drawn", "wild-draw-four": "challenge", "draw-two": "stack"}
    assert (state.pending and state.pending.kind) == kinds[pending]
    assert state.actor() == int(fields.get("turn", "0"))
    for seat in range(1, state.players):
        assert len(state.hands[seat]) == int(fields.get(f"count{seat}", "7"))
    if pending == "wild-draw-four":
        assert state.pending.guilty == (fields.get("bluff") == "on")  # the bluff the fields asked for


SCENARIOS = [
    ({"hands": [["R1", "B7", "WD4", "W", "B5"], ["G2", "Y5"]], "discard": ["G9", "R5"]}, []),
    ({"hands": [["B1", "WD4", "GS"], ["G2"], ["Y3", "Y4"]], "discard": ["W"], "color": "green"}, []),
    ({"rules": "guide-short", "hands": [["R1", "WD4"], ["G2", "G3"]], "discard": ["R5"]}, []),
    ({"hands": [["R1", "R2"], ["G2", "G3"], ["B4"]], "discard": ["R5"], "turn": 2}, []),
    ({"rules": {"preset": "official", "stacking": True}, "hands": [["RD2", "WD4", "R4"], ["GD2", "Y1", "Y2"]],
      "discard": ["G9"], "turn": 1}, [{"seat": 1, "action": "play", "card": "GD2"}]),
    ({"hands": [["R1", "B2"], ["G2", "WD4", "R8"]], "discard": ["R5"], "turn": 1},
     [{"seat": 1, "action": "play", "card": "WD4", "color": "green"}]),
]


def engine_verdict(state, notation: str) -> str:
    plays = [m for m in state.legal_moves(0) if m.action is Action.PLAY and m.card is card(notation)]
    if not plays:
        return "illegal"
    return "bluff" if state.check(plays[0]).params.get("case") == "bluff" else "legal"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scenario, moves", SCENARIOS)
def test_each_card_verdict_on_the_page_is_the_engines(client, lang, scenario, moves):
    response, page = page_of(client, link(lang, scenario, moves))
    assert response.status_code == 200
    assert shown_position(page) == (scenario, moves)
    state, _ = from_scenario(scenario)
    for move in moves:
        state.apply(Move.from_dict(move))
    shown = verdicts(page)
    assert set(shown) == {c.notation for c in state.hands[0]}
    assert shown == {n: engine_verdict(state, n) for n in shown}
    assert "bluff" in shown.values() or scenario is not SCENARIOS[0][0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_fills_the_form_and_the_form_keeps_it(client, lang):
    """A position from another tool (extra rule options, a longer discard pile): shown as given;
    the form, sent unchanged, keeps its other hands and options."""
    scenario = {"rules": {"preset": "official", "uno_penalty": 4}, "hands": [["R1", "G7"], ["B2", "B3", "Y9"]],
                "discard": ["G9", "R5"]}
    response, page = page_of(client, link(lang, scenario))
    assert response.status_code == 200 and shown_position(page) == (scenario, [])
    form = Form(page).values
    assert (form["hand"], form["top"], form["players"], form["count1"]) == ("R1 G7", "R5", "2", "3")
    _, rebuilt, _ = build_from(client, lang, form)
    assert rebuilt["rules"] == scenario["rules"] and rebuilt["hands"] == scenario["hands"]


@pytest.mark.parametrize("lang", LANGS)
def test_what_happens_if_a_card_is_played(client, lang):
    scenario = SCENARIOS[0][0]
    refused = page_of(client, link(lang, scenario, card="B7"))[1]
    assert re.search(r'class="outcome outcome-illegal"[^>]*data-verdict="illegal" data-rule="match.none"', refused)
    assert f'href="/{lang}/rules/turn#match.none"' in refused
    # Its sentence says the verdict («لا يمكنك لعب…»): no «غير مسموحة:» before it says it again (#34).
    verdict = re.search(r'<p class="outcome-verdict">.*?</p>', refused, re.S).group()
    assert "<strong>" not in verdict and ":</" not in verdict
    colour = page_of(client, link(lang, scenario, action="play", card="WD4"))[1]
    assert 'data-verdict="bluff" data-rule="wild-draw-four.challenge"' in colour
    assert colour.count('name="color" value=') == 4  # the colour still to name: four buttons
    played = page_of(client, link(lang, scenario, action="play", card="WD4", color="blue"))[1]
    kinds = re.findall(r'<li data-kind="(\w[\w-]*)" data-rule="([\w.-]+)"', played)
    assert kinds == [("play", "wild-draw-four.effect"), ("color", "wild.any-time"), ("pending", "wild-draw-four.challenge")]
    # "Go on" from there: the move joins the lead-in; Player 2 now decides whether to challenge.
    after = html.unescape(re.search(r'<a href="([^"]*)">[^<]*</a></p>\s*<p class="share">', played).group(1))
    scenario_after, moves_after = linked_position(after)
    assert scenario_after == scenario and moves_after == [{"action": "play", "card": "WD4", "color": "blue", "seat": 0}]
    following = page_of(client, after)[1]
    assert re.search(r'class="player player-turn" data-seat="1"', following) and not verdicts(following).get("R1") == "legal"
    # A bluff is never the plain "allowed ✓": its own mark and words, as on the practice table.
    outcome = played[played.index('class="outcome'):]
    assert '<span class="verdict-badge" aria-hidden="true">!</span>' in outcome and "✓" not in outcome[:300]


@pytest.mark.parametrize("lang", LANGS)
def test_a_challenge_position_and_its_answers(client, lang):
    scenario, moves = SCENARIOS[-1]
    page = page_of(client, link(lang, scenario, moves))[1]
    assert 'name="action" value="challenge"' in page and 'name="action" value="accept"' in page
    answered = page_of(client, link(lang, scenario, moves, action="challenge"))[1]
    outcome = answered[answered.index('class="outcome'):]  # the lead-in's lines are events too
    kinds = re.findall(r'<li data-kind="(\w[\w-]*)" data-rule="([\w.-]+)"', outcome)
    assert kinds[0] == ("challenge", "wild-draw-four.challenge")  # it held red (Red 8): guilty, it draws
    assert ("draw", "wild-draw-four.challenge") in kinds


@pytest.mark.parametrize("lang", LANGS)
def test_clicking_the_palette_and_removing_cards(client, lang):
    """No JavaScript: each click is a GET of the whole form, answered by the canonical link."""
    _, page = page_of(client, f"/{lang}/sandbox")
    form = Form(page).values
    response = client.get(f"/{lang}/sandbox?{urlencode({**form, 'pick': 'G0', 'put': 'hand'})}")
    assert response.status_code == 303 and response.headers["Location"].endswith("#builder")
    scenario, _ = linked_position(response.headers["Location"])
    assert scenario["hands"][0][-1] == "G0"
    form = Form(page_of(client, response.headers["Location"])[1]).values
    response = client.get(f"/{lang}/sandbox?{urlencode({**form, 'pick': 'YR', 'put': 'top'})}")
    scenario, _ = linked_position(response.headers["Location"])
    assert scenario["discard"] == ["YR"]
    form = Form(page_of(client, response.headers["Location"])[1]).values
    response = client.get(f"/{lang}/sandbox?{urlencode({**form, 'remove': '0'})}")
    scenario, _ = linked_position(response.headers["Location"])
    assert scenario["hands"][0] == form["hand"].split()[1:]
    # The card just drawn, clicked: a decision to make (draw.one: play it or keep it).
    form = Form(page_of(client, response.headers["Location"])[1]).values
    response = client.get(f"/{lang}/sandbox?{urlencode({**form, 'pick': 'Y3', 'put': 'drawn'})}")
    scenario, moves = linked_position(response.headers["Location"])
    assert moves == [{"seat": 0, "action": "draw"}]
    page = page_of(client, response.headers["Location"])[1]
    assert verdicts(page)["Y3"] == "legal" and 'name="action" value="pass"' in page
    assert set(verdicts(page).values()) == {"legal", "illegal"}  # only the card drawn may be played now


BAD_LINKS = [  # (query, the message's code)
    ({"scenario": "{not json"}, "link-json"),
    ({"scenario": '{"hands": [["R1"], ["ZZ"]], "discard": ["R5"]}'}, "unknown-card"),
    ({"scenario": '{"hands": [["G0"], ["G0"]], "discard": ["R5"]}'}, "too-many-copies"),
    ({"scenario": '{"hands": [["R1"], ["G2"]], "discard": ["W"]}'}, "color-needed"),
    ({"scenario": '{"hands": [["R1"]], "discard": ["R5"]}'}, "bad-players"),
    ({"scenario": '{"hands": [["R1"], ["G2"]], "discard": ["R5"]}', "moves": '[{"seat": 1, "action": "draw"}]'},
     "illegal-lead-in"),
    ({"scenario": '{"hands": [["R1"], ["G2"]], "discard": ["R5"]}', "moves": "{}"}, "bad-moves"),
    ({"scenario": '{"hands": [["R1"], ["G2"]], "discard": ["R5"]}', "card": "ZZ"}, "bad-move"),
    ({"scenario": "[" * 9000}, "link-too-long"),
    ({"build": "1", "hand": "R1 Q9"}, "unknown-card"),
    ({"build": "1", "hand": "R1", "top": "W"}, "color-needed"),
    ({"build": "1", "hand": "G0", "top": "G0"}, "too-many-copies"),
    ({"build": "1", "hand": "R1", "players": "11"}, "bad-players"),
    ({"build": "1", "hand": "R1", "players": "10", **{f"count{s}": "25" for s in range(1, 10)}}, "not-enough-cards"),
    ({"build": "1", "hand": "R1", "count1": "0"}, "bad-count"),
    ({"build": "1", "hand": "R1", "pending": "sometimes"}, "bad-field"),
    ({"build": "1", "hand": "R1", "top": "G4", "preset": "guide-short", "pending": "wild-draw-four", "bluff": "on"},
     "illegal-lead-in"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query, code", BAD_LINKS)
def test_bad_input_is_refused_in_the_readers_language(app, client, lang, query, code):
    from flask_babel import force_locale

    from app.learn.sandbox.builder import SandboxError
    from app.learn.position import PositionError

    response, page = page_of(client, f"/{lang}/sandbox?{urlencode(query)}")
    assert response.status_code == 400
    assert "Traceback" not in page and 'id="builder"' in page  # the form is kept
    notice = html.unescape(re.search(r'id="sandbox-error"><p>(.*?)</p>', page, re.S).group(1))
    assert bool(ARABIC.search(notice)) == (lang == "ar")
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        generic = PositionError("no-such-code").message()
        unknown_field = SandboxError("no-such-code").message()
    assert notice not in (generic, unknown_field)  # a message of its own, not the fallback
    if query.get("build"):  # the fields come back as they were sent
        assert Form(page).values["hand"] == query["hand"]


def test_the_sandbox_is_in_the_navigation_and_on_the_home_page(client):
    for lang in LANGS:
        home = page_of(client, f"/{lang}/")[1]
        assert home.count(f'href="/{lang}/sandbox"') == 2  # the navigation and a door
        assert f'href="/{lang}/sandbox" aria-current="page"' in page_of(client, f"/{lang}/sandbox")[1]


def test_the_language_switch_keeps_the_position(client):
    url = link("en", SCENARIOS[0][0], card="B7")
    page = page_of(client, url)[1]
    switch = html.unescape(re.search(r'<a href="([^"]*)" hreflang="ar"', page).group(1))
    assert shown_position(page_of(client, switch)[1]) == (SCENARIOS[0][0], [])
    assert parse_qs(urlsplit(switch).query)["card"] == ["B7"]


def test_the_arabic_sandbox_follows_the_style_sheet(client):
    """docs/arabic.md, as tests/web/test_arabic_style.py checks the other pages: one term for each
    thing, no card name that begins with a digit, in every state of the page."""
    from .arabic_terms import replaced_words
    from .test_arabic_style import DIGIT_FIRST_CARD, page_text

    scenario, moves = SCENARIOS[-1]
    urls = ["/ar/sandbox", "/ar/sandbox?action=play&card=WD4", "/ar/sandbox?action=play&card=WD4&color=blue",
            "/ar/sandbox?card=B7", link("ar", scenario, moves), link("ar", scenario, moves, action="challenge"),
            link("ar", *SCENARIOS[4]), "/ar/sandbox?build=1&hand=R1&top=W&color="]
    for url in urls:
        text = page_text(page_of(client, url)[1])
        assert not [line for line in text.splitlines() if replaced_words(line)], url
        assert not DIGIT_FIRST_CARD.findall(text), url


def test_a_refused_link_fills_the_form_with_what_it_said(client):
    """A wild on top without a colour: the form shows the link's hand and top card, and choosing the
    colour there mends it (the fields start from a fresh position, as the link's can't be built)."""
    scenario = {"hands": [["R1", "G2"], ["B3"]], "discard": ["W"]}
    response, page = page_of(client, link("en", scenario))
    assert response.status_code == 400
    form = Form(page).values
    assert (form["hand"], form["top"], form["players"], form["count1"]) == ("R1 G2", "W", "2", "1")
    _, mended, _ = build_from(client, "en", {**form, "color": "green"})
    assert mended["hands"][0] == ["R1", "G2"] and mended["discard"] == ["W"] and mended["color"] == "green"
