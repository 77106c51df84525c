"""The words docs/arabic.md replaced, as patterns, with the term used instead.

Only the glossary page lists them (so a learner knows them), and the sources page may quote them
from the guides it compares. Patterns are matched on text without tashkeel, as whole words that
may carry a prefix (و، ف، ب، ل، ك، ال، لل).
"""
from __future__ import annotations

import re

TASHKEEL = re.compile("[\u064b-\u0652\u0670]")
LETTER = "\u0621-\u064a"
PREFIX = "(?:[وفبلك]?(?:ال|لل)?)"

# pattern (after prefixes, without tashkeel) -> the term docs/arabic.md uses instead
REPLACED: dict[str, str] = {
    r"ورق(?:ة|تين|تان|ات)|أوراق": "بطاقة",
    r"الشدة|رزمة الورق": "الرزمة",
    r"[يتنأ]رم[يى]|رمى|رماها|رميت": "يلعب",
    r"[يت]سمي|سمي لها|[يت]علن(?:ه)?": "يختار اللون",
    r"[يت]خسر(?: دور\w*)?|تخطاك|تخطاه|[يت]حرم من دور\w*": "يفقد دوره",
    r"ين[اا]دي|تنادي": "يقول «أونو»",
    r"الحاسوب|آلي(?:ين|ون|ان)?": "الروبوتات",
    r"المسرد": "المصطلحات",
    r"شرط|الشرط": "القيد",
    r"7-0|0-7": "قاعدة السبعة والصفر",
    r"(?:مع|باتجاه|بعكس) عقارب الساعة|عكس عقارب الساعة": "في اتجاه / عكس اتجاه عقارب الساعة",
    r"الدليل الطويل|الدليل القصير": "الدليل العربي المطوّل / المختصر",
    r"البرية": "تغيير اللون",
    r"الجوكر|جوكر|البطاقة العالمية": "تغيير اللون",
    r"بطاقة التوقف|إيقاف الدور|عكس الدور": "تخطي الدور / عكس الاتجاه",
    r"سحب 2": "اسحب 2",
    r"النار|الأرض": "كومة الرمي",
    r"كومة الأوراق|الأوراق المقلوبة": "كومة السحب",
    r"الاعتراض|تحدي الأونو": "التحدّي / الضبط",
    r"قاعدة إضافية": "قاعدة منزلية",
    r"طريقة الحساب": "حساب النقاط",
    r"الأقل مجموعا": "يفوز صاحب أقل مجموع",
    r"من عليه السحب|الذي عليه السحب": "اللاعب المطلوب منه السحب",
    r"السيناريو|سيناريو": "الوضع",
    r"التطبيق": "الموقع",
    r"المواضيع": "الموضوعات",
    r"ضد(?: ال)?(?:روبوت\w*)": "أمام الروبوتات",
    r"[يت]ستخدم\w*|استخدام\w*": "يُستعمل",
    r"[يت]قلب اتجاه": "تعكس اتجاه اللعب (يُقلب البطاقة الأولى وحدها)",
    r"السحب حتى تجد|حتى تأتي بطاقة": "السحب المتواصل",
}

PATTERNS = [(re.compile(f"(?<![{LETTER}]){PREFIX}(?:{pattern})(?![{LETTER}])"), term)
            for pattern, term in REPLACED.items()]


def plain(text: str) -> str:
    return TASHKEEL.sub("", text)


def replaced_words(text: str) -> list[tuple[str, str]]:
    """Each replaced word in ``text`` with the term to use instead."""
    text = plain(text)
    return [(match.group(), term) for pattern, term in PATTERNS for match in pattern.finditer(text)]
