"""처음 한 판: 같이 두기 as a newcomer plays it: on a 375-px phone with touch, in the live page, choosing
every move through what is on screen (mostly the teacher's "추천대로 두기", sometimes another move), to
the end of the game. At every decision the teacher's rule links lead to sections that exist, and every
move's label names only things the board shows (no coordinates, no placeholders). On one position every
card is tapped and its text appears; nothing in the game's screen lives only in a hover tooltip.

Pages come from _toc.yml: a game's guided page is covered as soon as it is listed."""
from __future__ import annotations

import random
import re

import pytest

from conftest import BOOK_ROOT
from live_helpers import wait_first_live
from site_helpers import PHONE, TOUCH, toc_pages, watched_page
from test_korean import component_names

GUIDED = [d for d in toc_pages(BOOK_ROOT) if d.endswith("/guided")]
MAX_DECISIONS = 600
FIXED = {"새 게임", "한 수 되돌리기", "추천대로 두기", "실행"}
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")
PLACEHOLDER = re.compile(r"[을를이가은는와과]\([을를이가은는와과]\)|\(으\)로")

MOVES_JS = "() => document.querySelector('.kr-status')?.dataset.moves ?? null"
BOARD_TEXT_JS = """() => { const b = document.querySelector('.kr-board');
    return b.textContent + ' ' + [...b.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(' '); }"""
CHOICES_JS = """() => [...document.querySelectorAll('.kr-moves button, .kr-moves option')]
    .filter(e => e.offsetParent !== null || e.tagName === 'OPTION').map(e => e.textContent.trim())"""
# A tooltip that says something the element does not show itself (ipywidgets repeats a button's label
# as its title, or writes "null"); an SVG <title> is never shown on a phone.
TOOLTIPS_JS = """() => [
    ...[...document.querySelectorAll('.kr-board [title], .kr-moves [title], .kr-coach [title]')]
        .map(e => [e.getAttribute('title').trim(), e.textContent])
        .filter(([t, shown]) => t && t !== 'null' && !shown.includes(t)).map(([t]) => t),
    ...[...document.querySelectorAll('.kr-board svg title, .kr-moves svg title')].map(e => e.textContent)]"""


def test_every_game_with_a_teacher_is_listed():
    assert "book/archaeology/guided" in GUIDED


def _links_exist(page, site_url: str, docname: str, seen: dict):
    folder = docname.rsplit("/", 1)[0]
    for href in page.eval_on_selector_all(".kr-coach a", "els => els.map(a => a.getAttribute('href'))"):
        target, anchor = href.split("#")
        if target not in seen:
            seen[target] = page.request.get(f"{site_url}/{folder}/{target}").text()
        assert f'id="{anchor}"' in seen[target], f"{href}: 그런 자리가 없습니다"


def _check_choices(page, names: list):
    board = page.evaluate(BOARD_TEXT_JS)
    for label in page.evaluate(CHOICES_JS):
        if label in FIXED:
            continue
        assert not COORDINATES.search(label) and not PLACEHOLDER.search(label), label
        for name in names:
            if name in label:
                assert name in board, f"'{label}': 화면에 없는 '{name}'"
                label = label.replace(name, "")


def _tap_every_card(page):
    cards = page.locator(".kr-board details.kr-card")
    assert cards.count() > 0
    for i in range(cards.count()):
        card = cards.nth(i)
        card.locator("summary").tap()
        text = card.locator(":scope > div")
        text.wait_for(state="visible")
        assert text.inner_text().strip()
        card.locator("summary").tap()


@pytest.mark.parametrize("docname", GUIDED)
def test_a_whole_guided_game_on_a_phone(browser, site_url, screenshot_dir, docname):
    game = docname.split("/")[1]
    names = sorted(set(component_names([game])), key=len, reverse=True)
    rng = random.Random(docname)
    pages = {}
    with watched_page(browser, PHONE, **TOUCH) as (page, _, log):
        page.goto(f"{site_url}/{docname}.html")
        wait_first_live(page)
        page.locator(".kr-coach").scroll_into_view_if_needed()
        assert page.evaluate(TOOLTIPS_JS) == [], "툴팁에만 있는 정보"
        _tap_every_card(page)
        for decision in range(MAX_DECISIONS):
            status = page.locator(".kr-status").inner_text()
            if "게임이 끝났습니다" in status:
                break
            assert page.locator(".kr-coach").is_visible()
            _links_exist(page, site_url, docname, pages)
            _check_choices(page, names)
            if decision in (0, 5):
                page.screenshot(path=str(screenshot_dir / f"guided-{game}-{decision}.png"))
            before = page.evaluate(MOVES_JS)
            moves = [b for b in page.locator(".kr-moves button").all() if b.is_visible()]
            if moves and rng.random() < 0.2:
                rng.choice(moves).tap()
            else:
                page.get_by_role("button", name="추천대로 두기").tap()
            page.wait_for_function(f"() => ({MOVES_JS})() !== {before!r}")
        else:
            pytest.fail(f"{MAX_DECISIONS}번 두어도 게임이 끝나지 않았습니다")
        page.screenshot(path=str(screenshot_dir / f"guided-{game}-end.png"))
        assert "게임이 끝났습니다" in page.locator(".kr-coach").inner_text()
        log.wait_until_settled(page)
        log.assert_clean()
