"""Where each rule is explained: one page per rule id, the anchor being the id itself.

Explanations anywhere in the app (the practice table's "why?", lesson feedback, card pages) link
with rule_url, so a rule moves page in one place only.

>>> rule_url(Rule.WILD_DRAW_FOUR_CHALLENGE, "en")
'/en/rules/challenge#wild-draw-four.challenge'
>>> rule_url("deck.composition", "ar")
'/ar/cards/#deck.composition'
"""
from functools import lru_cache

from app.engine.rules import Rule

# Each page's rules in the order its sections show them: its contents list (pages/_contents.html).
_TOPICS: dict[str, tuple[Rule, ...]] = {
    "cards/": (Rule.DECK_COMPOSITION,),
    "cards/special": (Rule.DECK_BLANK,),
    "rules/setup": (Rule.SETUP_PLAYERS, Rule.SETUP_DEALER, Rule.SETUP_DEAL, Rule.SETUP_FIRST_PLAYER),
    "rules/first-card": (Rule.FIRST_NUMBER, Rule.FIRST_SKIP, Rule.FIRST_REVERSE, Rule.FIRST_DRAW_TWO,
                         Rule.FIRST_WILD, Rule.FIRST_WILD_DRAW_FOUR),
    "rules/turn": (Rule.TURN_ORDER, Rule.MATCH_COLOR, Rule.MATCH_NUMBER, Rule.MATCH_SYMBOL,
                   Rule.MATCH_NONE, Rule.MOVE_NOT_IN_HAND),
    "rules/drawing": (Rule.DRAW_ONE, Rule.DRAW_RESHUFFLE),
    "rules/action-cards": (Rule.SKIP_EFFECT, Rule.REVERSE_EFFECT, Rule.DRAW_TWO_EFFECT),
    "rules/wild-cards": (Rule.WILD_ANY_TIME, Rule.WILD_DRAW_FOUR_EFFECT, Rule.WILD_DRAW_FOUR_RESTRICTION),
    "rules/challenge": (Rule.WILD_DRAW_FOUR_CHALLENGE,),
    "rules/uno": (Rule.UNO_CALL, Rule.UNO_CATCH),
    "rules/scoring": (Rule.ROUND_END, Rule.SCORE_VALUES, Rule.SCORE_WINNER_COLLECTS,
                      Rule.SCORE_TALLY_LOWEST),
    "rules/two-players": (Rule.REVERSE_TWO_PLAYERS,),
    "rules/house-rules": (Rule.STACKING, Rule.DRAW_UNTIL_PLAYABLE, Rule.SEVEN_ZERO),
}

# Page path (without language) of every rule id; the test suite checks it is total.
RULE_PAGES: dict[Rule, str] = {rule: page for page, rules in _TOPICS.items() for rule in rules}

# Rules a page explained before they got a page of their own (#35: /rules/turn and
# /rules/action-cards were 12–22 screens). Links to "<old page>#<rule id>" are out there, in
# bookmarks and printed sheets: the old page keeps each id, on its contents' link to the new place
# (pages/_contents.html), and site.js follows that link when an address names it.
MOVED: dict[str, tuple[Rule, ...]] = {
    "rules/turn": (Rule.DRAW_ONE, Rule.DRAW_RESHUFFLE),
    "rules/action-cards": (Rule.WILD_ANY_TIME, Rule.WILD_DRAW_FOUR_EFFECT, Rule.WILD_DRAW_FOUR_RESTRICTION),
}


def page_rules(page: str) -> tuple[Rule, ...]:
    """The rules explained on ``page``, as its sections come (none on a page that explains none)."""
    return _TOPICS.get(page, ())


def moved_rules(page: str) -> tuple[Rule, ...]:
    """The rules ``page`` once explained and now links to (MOVED)."""
    return MOVED.get(page, ())


@lru_cache(maxsize=512)
def rule_url(rule: Rule | str, lang: str) -> str:
    """The rule's explanation in ``lang``: "/<lang>/<page>#<rule id>" (memoised: every narrated
    event of every move links its rule)."""
    rule = Rule(rule)
    return f"/{lang}/{RULE_PAGES[rule]}#{rule.value}"
