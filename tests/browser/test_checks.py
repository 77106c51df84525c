"""The checks themselves catch what they look for, on small pages made to fail them."""
from .checks import PHONE, axe_violations, horizontal_overflow, right_to_left, signed_numbers_in_order

BAD = """<!doctype html><html lang="ar" dir="rtl"><head><title>س</title></head>
<body style="text-align: left"><main><p>اسحب +2 من كومة السحب</p>
<img src="/card.png"><div style="width: 500px">ب</div></main></body></html>"""
GOOD = """<!doctype html><html lang="ar" dir="rtl"><head><title>س</title></head>
<body><main><p>اسحب <bdi>+2</bdi> من كومة السحب</p></main></body></html>"""


def test_checks_find_problems(visit, axe_source):
    page = visit().page
    page.set_content(BAD)
    assert any("image-alt" in p for p in axe_violations(page, axe_source))
    assert any("text set to the left" in p for p in right_to_left(page))
    assert signed_numbers_in_order(page)[0] == 1 and signed_numbers_in_order(page)[1]
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page)


def test_checks_pass_a_good_page(visit, axe_source):
    page = visit().page
    page.set_content(GOOD)
    assert axe_violations(page, axe_source) == []
    assert right_to_left(page) == []
    assert signed_numbers_in_order(page) == (1, [])
    page.set_viewport_size(PHONE)
    assert horizontal_overflow(page) == []


def test_requests_elsewhere_are_blocked_and_recorded(visit):
    v = visit()
    v.page.set_content('<img src="http://example.invalid/card.png" alt="">')
    v.page.wait_for_load_state("load")
    assert v.offsite == ["http://example.invalid/card.png"]
    v.offsite.clear()  # seen; the fixture would otherwise fail this test for it
