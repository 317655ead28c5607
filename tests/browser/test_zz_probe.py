from tests.browser.test_table import *  # noqa
from tests.browser.conftest import PHONE

def test_probe(new_context):
    page = new_context(PHONE).new_page()
    page.goto("/")
    start_seeded_game(page, poor_seed())
    click_action(page, "armut")
    print(page.evaluate("""() => [...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 376).slice(0, 15).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().left) + '-' + Math.round(e.getBoundingClientRect().right))"""))
    print(page.evaluate("getComputedStyle(document.querySelector('.hand')).cssText.length"), page.evaluate("[...document.querySelectorAll('.hand label')].map(e=>Math.round(e.getBoundingClientRect().right)).join(',')"))
