"""The page in a real headless browser (issue 15, "Done means"): a solo game against Botankhamun
and a 2-player game against the engine are played to the end by clicking, and screenshots are
checked. Needs Debian's chromium and chromium-driver and selenium from PyPI (``.ci/run`` installs
them); skipped with the reason when they are missing."""
from __future__ import annotations

import random
import shutil
import threading
import time

import pytest

pytest.importorskip("flask", reason="the page needs Flask (pip install flask)")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER),
                                reason="no headless browser: apt-get install chromium chromium-driver (.ci/run does)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tekhenu_engine.web.server import create_app  # noqa: E402

ITER = 6  # a fast engine setting: the test checks the page, not the engine's strength
MAX_CLICKS = 3000


@pytest.fixture(scope="module")
def server():
    from werkzeug.serving import make_server

    app = create_app(ITER)
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_port}", app
    srv.shutdown()


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1600,1000", "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM
    d = webdriver.Chrome(service=Service(DRIVER), options=opts)
    d.set_page_load_timeout(30)
    yield d
    d.quit()


def idle(d, timeout: float = 60) -> None:
    WebDriverWait(d, timeout, poll_frequency=0.02).until(lambda d: not d.execute_script("return busy"))


def check_screenshot(d, path) -> None:
    """The screenshot is a real picture (many colours), not a blank page."""
    d.save_screenshot(str(path))
    raw = path.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n" and len(raw) > 20_000
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(path).convert("RGB")
    assert img.size[0] >= 1200
    colours = img.getcolors(maxcolors=1 << 22)
    assert colours and len(colours) > 200


def start_game(d, url: str, players: int, **form) -> None:
    d.get(url)
    Select(d.find_element(By.ID, "players")).select_by_value(str(players))
    if "difficulty" in form:
        Select(d.find_element(By.ID, "difficulty")).select_by_value(form["difficulty"])
    for box in ("decree8", "random_horus", "random_wheel", "random_start", "vizier", "seth"):
        if box in form:
            el = d.find_element(By.ID, box)
            if el.is_selected() != form[box]:
                el.click()
    seed = d.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys(str(form.get("seed", 1)))
    if players > 1:
        it = d.find_element(By.ID, "iterations")
        it.clear()
        it.send_keys(str(ITER))
    d.find_element(By.ID, "start").click()
    WebDriverWait(d, 60, poll_frequency=0.05).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button") or d.find_elements(By.ID, "winner"))


def click_place(place, rng: random.Random) -> None:
    """Click a place of the board as a person would: on the group, or, when its centre falls
    between its pieces (the Horus slots around the wheel), on one of its own pieces (the click
    bubbles up to the group's handler)."""
    from selenium.common.exceptions import ElementClickInterceptedException
    try:
        place.click()
        return
    except ElementClickInterceptedException:
        pass
    parts = place.find_elements(By.CSS_SELECTOR, "*")
    rng.shuffle(parts)
    for part in parts:
        try:
            part.click()
            return
        except ElementClickInterceptedException:
            continue
    raise AssertionError("no piece of a clickable place can be clicked")


def play_to_the_end(d, seed: int) -> dict:
    """Click choices (and, now and then, a place on the board) until the game is over."""
    rng = random.Random(seed)
    stats = {"clicks": 0, "board_clicks": 0, "hints": 0}
    for _ in range(MAX_CLICKS):
        idle(d)
        if d.find_elements(By.ID, "winner"):
            return stats
        if stats["hints"] == 0 and stats["clicks"] == 5:
            d.find_element(By.ID, "hint").click()
            idle(d)
            assert d.find_elements(By.CSS_SELECTOR, "#hints .hint"), d.find_element(By.ID, "error").text
            stats["hints"] += 1
        places = d.find_elements(By.CSS_SELECTOR, "#board .place.clickable")
        buttons = d.find_elements(By.CSS_SELECTOR, "#choices button")
        assert buttons, "no choices offered and the game is not over"
        if places and rng.random() < 0.3:
            click_place(places[rng.randrange(len(places))], rng)
            idle(d)
            picked = d.find_elements(By.CSS_SELECTOR, "#choices button.picked")
            if picked:  # the place stands for several choices: they are marked, pick one of them
                picked[rng.randrange(len(picked))].click()
            stats["board_clicks"] += 1
        else:
            buttons[rng.randrange(len(buttons))].click()
        stats["clicks"] += 1
    raise AssertionError(f"the game did not end after {MAX_CLICKS} clicks")


def test_solo_game_against_botankhamun_by_clicking(server, browser, tmp_path):
    url, app = server
    t0 = time.time()
    start_game(browser, url, 1, difficulty="medium", decree8=True, random_wheel=False, seed=3)
    assert browser.find_element(By.CSS_SELECTOR, "#board svg.tekhenu-board")
    assert browser.find_elements(By.CSS_SELECTOR, "#board #bot-pyramid")
    check_screenshot(browser, tmp_path / "solo-start.png")
    stats = play_to_the_end(browser, 3)
    check_screenshot(browser, tmp_path / "solo-end.png")
    rows = browser.find_elements(By.CSS_SELECTOR, "#breakdown tr")
    assert len(rows) >= 4 and "total" in rows[-1].text
    assert "win" in browser.find_element(By.ID, "winner").text
    log = browser.find_element(By.ID, "log").text
    assert "Botankhamun: Round" in log
    games = app.config["TEKHENU_GAMES"]
    s = max(games.values(), key=lambda s: len(s.log))
    assert s.state.is_terminal() and s.options.difficulty == "medium" and s.options.decree8
    assert stats["clicks"] > 20 and stats["board_clicks"] > 0
    print(f"solo game: {stats} in {time.time() - t0:.1f} s")


def test_two_player_game_against_the_engine_by_clicking(server, browser, tmp_path):
    url, app = server
    t0 = time.time()
    start_game(browser, url, 2, random_start=True, seed=5)
    check_screenshot(browser, tmp_path / "2p-start.png")
    stats = play_to_the_end(browser, 5)
    check_screenshot(browser, tmp_path / "2p-end.png")
    rows = browser.find_elements(By.CSS_SELECTOR, "#breakdown tr")
    assert len(rows) >= 4 and "total" in rows[-1].text
    log = browser.find_element(By.ID, "log").text
    assert "Seat 1:" in log
    s = [s for s in app.config["TEKHENU_GAMES"].values() if s.players == 2][-1]
    assert s.state.is_terminal() and s.engines  # the engine seat played through the protocol Engine
    assert stats["hints"] == 1
    print(f"2-player game: {stats} in {time.time() - t0:.1f} s")


def test_vizier_game_by_clicking(server, browser, tmp_path):
    """A 2-player game with the Vizier's Challenge: the board shows the Vizier once it is placed,
    and the game plays to the end through the page (the discard and the placement are choices)."""
    url, app = server
    start_game(browser, url, 2, vizier=True, seed=4)
    s = [s for s in app.config["TEKHENU_GAMES"].values() if s.players == 2 and s.options.vizier][-1]
    stats = play_to_the_end(browser, 4)
    assert s.state.is_terminal() and s.state.field("vizier_area") > 0
    assert browser.find_elements(By.CSS_SELECTOR, "#board #vizier")
    assert "Vizier" in browser.find_element(By.ID, "vizier-line").text
    check_screenshot(browser, tmp_path / "vizier-end.png")
    moves = [line for line in browser.find_element(By.ID, "log").text.splitlines() if "Vizier" in line]
    assert moves, "the Vizier's moves are in the log"
    assert stats["clicks"] > 20


def test_time_of_seth_game_by_clicking(server, browser, tmp_path):
    """A 2-player Time of Seth game through the page: the board shows the Seth board, the
    Conquest stack and each seat's Soldiers and Priests; the game plays to the end by clicks
    (the draft of Cultists, the Seth action, Conquest tiles and Artifacts are choices)."""
    url, app = server
    start_game(browser, url, 2, seth=True, seed=2)
    s = [s for s in app.config["TEKHENU_GAMES"].values() if s.players == 2 and s.options.seth][-1]
    assert browser.find_elements(By.CSS_SELECTOR, "#board #seth-board")
    assert browser.find_elements(By.CSS_SELECTOR, "#board #seth-conquest")
    check_screenshot(browser, tmp_path / "seth-start.png")
    stats = play_to_the_end(browser, 2)
    assert s.state.is_terminal()
    assert browser.find_elements(By.CSS_SELECTOR, "#board .soldiers")
    check_screenshot(browser, tmp_path / "seth-end.png")
    assert stats["clicks"] > 20


def test_a_rejected_request_shows_its_message(server, browser):
    """A malformed request gets HTTP 400 with a JSON message, shown on the page; the game stays."""
    url, _ = server
    start_game(browser, url, 2, seed=9)
    idle(browser)
    before = browser.execute_script("return JSON.stringify(game.legal)")
    browser.execute_script("play(999)")
    idle(browser)
    assert "out of range" in browser.find_element(By.ID, "error").text
    assert browser.execute_script("return JSON.stringify(game.legal)") == before


def test_replay_viewer_steps_through_a_game_in_the_browser(browser, tmp_path):
    """The viewer file opens without a network, unpacks its pictures and steps with the buttons."""
    from tekhenu_engine.match import MatchConfig, play_game
    from tekhenu_engine.viewer import replay_html

    rec = play_game(MatchConfig("random", "random", games=1, seed=2), 0)
    page = tmp_path / "game.html"
    page.write_text(replay_html(rec), encoding="utf-8")
    browser.get(page.as_uri())
    wait = WebDriverWait(browser, 20, poll_frequency=0.05)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg.tekhenu-board"))
    assert browser.find_element(By.ID, "pos").text.startswith("1 / ")
    browser.find_element(By.ID, "next").click()
    wait.until(lambda d: d.find_element(By.ID, "pos").text.startswith("2 / "))
    browser.find_element(By.ID, "last").click()
    wait.until(lambda d: "game over" in d.find_element(By.ID, "note").text)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#scorings table")) == 3
    assert browser.find_element(By.ID, "vp-chart")
    check_screenshot(browser, tmp_path / "viewer.png")
