"""The glossary: the terms of the game in Arabic and English, with the other words players use.

One structure rendered in both languages (the English page lists English first, the Arabic page
Arabic first), from the project's table of Arabic terms. The first Arabic word is the one the
pages use everywhere; the others are only listed here, so a learner recognises them.
"""
import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from app.engine.rules import Rule

SIGNED_NUMBER = re.compile(r"[+-]?\d+(?:-\d+)*")  # "+4", "-1", and "7-0" whole


@dataclass(frozen=True)
class Term:
    en: str
    ar: str
    ar_also: tuple[str, ...] = ()
    en_also: tuple[str, ...] = ()
    where: Rule | str | None = None  # the rule (anchor) or page path that explains it


TERMS: tuple[Term, ...] = (
    Term("UNO", "أونو", ("الأونو",), where=Rule.UNO_CALL),
    Term("card", "بطاقة", ("ورقة",), where="cards/"),
    Term("deck", "الرزمة", ("رزمة الورق", "الشدّة"), ("pack",), where=Rule.DECK_COMPOSITION),
    Term("hand", "اليد", ("الأوراق التي في يدك",)),
    Term("number cards", "بطاقات الأرقام", ("أوراق الأرقام",), where="cards/number"),
    Term("action cards", "بطاقات الأوامر", ("أوراق الأوامر", "أوراق الحركة"), where="rules/action-cards"),
    Term("Skip", "تخطي الدور", ("التوقف", "إيقاف الدور"), where="cards/skip"),
    Term("Reverse", "عكس الاتجاه", ("عكس الدور",), where="cards/reverse"),
    Term("Draw Two", "اسحب 2", ("اسحب ورقتين", "+2", "سحب 2"), ("+2",), where="cards/draw-two"),
    Term("Wild", "تغيير اللون", ("الجوكر", "البطاقة العالمية"), where="cards/wild"),
    Term("Wild Draw Four", "تغيير اللون + اسحب 4", ("جوكر +4", "+4"), ("+4",), where="cards/wild-draw-four"),
    Term("draw pile", "كومة السحب", ("الأوراق المقلوبة", "كومة الأوراق"), ("stock",), where=Rule.SETUP_DEAL),
    Term("discard pile", "كومة الرمي", ("الأرض", "النار"), where=Rule.SETUP_DEAL),
    Term("top card", "البطاقة العليا", ("الورقة المكشوفة",), where=Rule.MATCH_COLOR),
    Term("to play (a card)", "يلعب", ("يرمي",), where=Rule.MATCH_COLOR),
    Term("to name a colour", "يختار اللون", ("يسمّي اللون", "يعلن اللون"), ("to choose a colour", "to pick a colour"),
         where=Rule.WILD_ANY_TIME),
    Term("to lose a turn", "يفقد دوره", ("يخسر دوره", "يُحرم من دوره"), ("to miss a turn", "to be skipped"),
         where=Rule.SKIP_EFFECT),
    Term("dealer", "الموزّع", where=Rule.SETUP_DEALER),
    Term("turn", "الدور", where=Rule.TURN_ORDER),
    Term("clockwise", "في اتجاه عقارب الساعة", ("مع عقارب الساعة",), where=Rule.SETUP_FIRST_PLAYER),
    Term("anticlockwise", "عكس اتجاه عقارب الساعة", ("عكس عقارب الساعة",), ("counterclockwise",),
         where=Rule.REVERSE_EFFECT),
    Term("the Wild Draw Four restriction", "القيد", ("الشرط",), where=Rule.WILD_DRAW_FOUR_RESTRICTION),
    Term("challenge", "التحدّي", ("الاعتراض",), where=Rule.WILD_DRAW_FOUR_CHALLENGE),
    Term("catching (a missed UNO)", "الضبط", ("تحدّي الأونو",), where=Rule.UNO_CATCH),
    Term("bots", "الروبوتات", ("اللاعبون الآليون", "الحاسوب"), ("computer players", "the computer")),
    Term("house rule", "قاعدة منزلية", ("قاعدة إضافية",), where="rules/house-rules"),
    Term("stacking", "التكديس", (), where=Rule.STACKING),
    Term("draw until you can play", "السحب المتواصل", ("السحب حتى تجد ما تلعبه",), ("draw to match",),
         where=Rule.DRAW_UNTIL_PLAYABLE),
    Term("seven-zero", "قاعدة السبعة والصفر", ("قاعدة 7-0",), ("7-0",), where=Rule.SEVEN_ZERO),
    Term("round", "الجولة", where=Rule.ROUND_END),
    Term("points", "النقاط", where=Rule.SCORE_VALUES),
)


@dataclass(frozen=True)
class Row:
    term: str
    also: tuple[str, ...]
    other: str  # the term in the other language
    other_also: tuple[str, ...]
    where: Rule | str | None


SEPARATORS = {"ar": "، ", "en": ", "}


def rows(lang: str) -> list[Row]:
    """The glossary as the page in ``lang`` shows it: that language's words first."""
    def side(term: Term, code: str) -> tuple[str, tuple[str, ...]]:
        return (term.ar, term.ar_also) if code == "ar" else (term.en, term.en_also)

    other = "en" if lang == "ar" else "ar"
    return [Row(*side(term, lang), *side(term, other), term.where) for term in TERMS]


def isolate(text: str) -> Markup:
    """``text`` escaped, its numbers in <bdi dir="ltr"> so "جوكر +4" never shows "4+" in Arabic."""
    return Markup(SIGNED_NUMBER.sub(lambda m: f'<bdi dir="ltr">{m.group()}</bdi>', str(escape(text))))
