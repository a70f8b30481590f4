"""Regenerate the pictures in docs/: board.png (the SVG rendered by rsvg-convert), viewer.png (the
replay viewer in headless Chromium) and page.png (the play page in headless Chromium, mid-game
with a hint). Needs rsvg-convert (librsvg2-bin), chromium, chromium-driver, selenium and Flask.

    python docs/screenshots.py
"""
from __future__ import annotations

import random
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from tekhenu_engine import GameState
from tekhenu_engine.match import MatchConfig, play_game
from tekhenu_engine.svg import board_svg
from tekhenu_engine.viewer import replay_html

DOCS = Path(__file__).resolve().parent


def board_png() -> None:
    g = GameState.new(3, seed=21)
    r = random.Random(4)
    last = None
    while g.field("round") < 6:
        if g.is_chance():
            g.apply_chance()
            continue
        last = r.choice(g.legal_actions())
        g.apply(last)
    g.resolve_chance()
    with tempfile.TemporaryDirectory() as tmp:
        svg = Path(tmp) / "board.svg"
        svg.write_text(board_svg(g, seat=0, lastmove=last, arrow=g.legal_actions()[0]), encoding="utf-8")
        subprocess.run(["rsvg-convert", "-w", "1280", str(svg), "-o", str(DOCS / "board.png")], check=True)


def _driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000", "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def viewer_png(d) -> None:
    rec = play_game(MatchConfig("greedy", "botankhamun:hard", games=1, seed=3), 0)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "game.html"
        page.write_text(replay_html(rec, start=10**6), encoding="utf-8")
        d.get(page.as_uri())
        time.sleep(1.0)
        d.execute_script("go(Math.floor(G.frames.length * 0.55))")
        time.sleep(0.8)
        d.save_screenshot(str(DOCS / "viewer.png"))


def page_png(d) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    from werkzeug.serving import make_server

    from tekhenu_engine.web.server import create_app

    srv = make_server("127.0.0.1", 0, create_app(30), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        d.get(f"http://127.0.0.1:{srv.server_port}/")
        Select(d.find_element(By.ID, "players")).select_by_value("2")
        d.find_element(By.ID, "start").click()
        wait = WebDriverWait(d, 60, poll_frequency=0.05)
        rng = random.Random(2)
        for _ in range(40):
            wait.until(lambda d: not d.execute_script("return busy"))
            b = d.find_elements(By.CSS_SELECTOR, "#choices button")
            b[rng.randrange(len(b))].click()
        wait.until(lambda d: not d.execute_script("return busy"))
        d.find_element(By.ID, "hint").click()
        wait.until(lambda d: not d.execute_script("return busy"))
        d.save_screenshot(str(DOCS / "page.png"))
    finally:
        srv.shutdown()


if __name__ == "__main__":
    board_png()
    drv = _driver()
    try:
        viewer_png(drv)
        page_png(drv)
    finally:
        drv.quit()
    print("wrote docs/board.png docs/viewer.png docs/page.png")
