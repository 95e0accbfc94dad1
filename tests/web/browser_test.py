#!/usr/bin/env python3
"""The browser board in a real browser: headless Chromium drives the page.

Usage: browser_test.py LEISERCHESS SCREENSHOT_DIR

Starts `leiserchess serve --port 0`, opens the page in headless Chromium and,
through the DevTools protocol over a pipe (--remote-debugging-pipe: no
WebSocket library needed), plays a legal move by clicking its squares and sees
it on the board, sees an illegal move refused, lets the engine reply, runs an
analysis until an info line shows, opens a PGN and steps to its end. A
screenshot of each state goes to SCREENSHOT_DIR (CI keeps it as an artefact).
Exits 77 (meson's SKIP) with the reason when no Chromium is installed or it
cannot start; scripts/browser_setup.sh installs Debian's.
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77
DEADLINE_S = 60  # per wait: a hang detector, never a speed claim


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 and 4."""

    def __init__(self, binary, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def wire_pipes():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-pipe", f"--user-data-dir={profile}",
             "--window-size=1200,900", "about:blank"],
            preexec_fn=wire_pipes, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 1
        self.session = None

    def send(self, method, params=None, session=True):
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        self.next_id += 1
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + DEADLINE_S
        while True:
            while b"\0" not in self.buffer:
                if time.time() > deadline:
                    raise RuntimeError(f"no answer to {method} within {DEADLINE_S} s")
                chunk = os.read(self.from_browser, 65536)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe: "
                                       + self.process.stderr.read().decode(errors="replace")[-500:])
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == message["id"]:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url):
        target = self.send("Target.createTarget", {"url": url}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def js(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what):
        deadline = time.time() + DEADLINE_S
        while time.time() < deadline:
            if self.js(expression):
                return
            time.sleep(0.1)
        raise AssertionError(f"{what}: not seen within {DEADLINE_S} s ({expression})")

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:  # already gone
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def click(square):
    return (f"document.querySelector('#board rect[data-square=\"{square}\"]')"
            ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    engine, screens = sys.argv[1], sys.argv[2]
    chromium = find_chromium()
    if not chromium:
        print("SKIP: no Chromium installed (scripts/browser_setup.sh installs Debian's)")
        return SKIP
    os.makedirs(screens, exist_ok=True)

    server = subprocess.Popen([engine, "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://\S+/)", line)
    if not match:
        print(f"FAIL: serve printed no address: {line!r} {server.stderr.read()}")
        return 1
    url = match.group(1)
    profile = tempfile.mkdtemp(prefix="leiser-chromium-")
    browser = None
    try:
        try:
            browser = Browser(chromium, profile)
            browser.open(url)
        except (RuntimeError, OSError) as error:
            print(f"SKIP: Chromium ({chromium}) cannot start here: {error}")
            return SKIP
        shot = lambda name: browser.screenshot(os.path.join(screens, name + ".png"))

        # The page loads, with a game of the default edition on the board.
        browser.wait_for("typeof state !== 'undefined' && state !== null && "
                         "document.querySelectorAll('#board rect.square').length === 64", "the board")
        assert browser.js("document.querySelectorAll('#board polyline.beam').length") == 2, "both beams"
        shot("1-loaded")

        # A legal move by clicking its two squares, with no engine to reply.
        browser.js("document.getElementById('engine-side').value = 'none'")
        # The loaded game has no moves either: wait for the new game's own state
        # (setState replaces the object), or the clicks below may select a piece
        # on the old board and the new game's render clear the selection.
        browser.js("window.stateBeforeNewGame = state")
        browser.js("document.getElementById('new-game').click()")
        browser.wait_for("state !== window.stateBeforeNewGame && state.moves.length === 0", "a new game")
        move = browser.js("state.legal_moves.map(m => m.move).find(m => /^[a-h][0-7][a-h][0-7]$/.test(m) && "
                          "!state.legal_moves.some(o => o.move !== m && o.move.startsWith(m)) && "
                          "!document.querySelector(`#board g.piece[data-square=\"${m.slice(2)}\"]`))")
        assert move, "a shift to an empty square among the legal moves"
        browser.js(click(move[:2]))
        browser.wait_for(f"document.querySelector('#candidates button[data-move=\"{move}\"]') !== null",
                         "the selected piece's moves")
        browser.js(click(move[2:]))
        browser.wait_for(f"state.moves.length === 1 && state.moves[0] === '{move}'", "the move played")
        browser.wait_for(f"document.querySelector('#board g.piece[data-square=\"{move[2:]}\"]') !== null && "
                         f"document.querySelector('#board g.piece[data-square=\"{move[:2]}\"]') === null",
                         "the piece on its new square")
        shot("2-legal-move")

        # An illegal move is refused with a reason, and the game is unchanged.
        browser.js("document.getElementById('move-text').value = 'a0a0';"
                   "document.getElementById('type-move').requestSubmit()")
        browser.wait_for("document.getElementById('error').textContent.includes('illegal')", "the refusal")
        assert browser.js("state.moves.length") == 1, "the illegal move changed the game"
        shot("3-illegal-refused")

        # The engine replies to a move.
        browser.js("document.getElementById('engine-side').value = 'lavender';"
                   "document.getElementById('time-value').value = '200';"
                   "document.getElementById('new-game').click()")
        browser.wait_for("state.moves.length === 0 && !engineThinking", "a new game against the engine")
        browser.js(f"document.getElementById('move-text').value = '{move}';"
                   "document.getElementById('type-move').requestSubmit()")
        browser.wait_for("state.moves.length === 2", "the engine's reply")
        shot("4-engine-replied")

        # Analysis: an info line appears, and stop ends it with a best move.
        browser.js("document.getElementById('tab-analyse').click();"
                   "document.getElementById('analyse-start').click()")
        browser.wait_for("document.getElementById('info').textContent.includes('depth')", "an info line")
        shot("5-analysis")
        browser.js("document.getElementById('analyse-stop').click()")
        browser.wait_for("document.getElementById('info').textContent.includes('best move')", "the best move")

        # Watch: a PGN opened and stepped to its end.
        pgn = ('[Event \\"browser test\\"]\\n[White \\"a\\"]\\n[Black \\"b\\"]\\n[Edition \\"2016\\"]\\n'
               '[Result \\"*\\"]\\n\\n1. h0g1 {+0.35/9 0.4s} a7b6 {-0.10/8 0.2s} *\\n')
        browser.js("document.getElementById('tab-watch').click();"
                   f"document.getElementById('pgn-text').value = \"{pgn}\";"
                   "document.getElementById('pgn-open').click()")
        browser.wait_for("watch.games.length === 1", "the PGN's game")
        # The server answers on several threads, so quick clicks may come back in any order.
        # Hold back every answer for the start position, then ask for end, start and end again:
        # the board must end on the last one asked for, not the last one to arrive.
        browser.js("const plainApi = api;"
                   "window.rendersPending = 0;"
                   "api = async (method, path, body) => {"
                   "  if (path !== '/api/render') return plainApi(method, path, body);"
                   "  ++window.rendersPending;"
                   "  try {"
                   "    const answer = await plainApi(method, path, body);"
                   "    if (body.moves.length === 0) await new Promise((r) => setTimeout(r, 500));"
                   "    return answer;"
                   "  } finally { setTimeout(() => --window.rendersPending, 0); } };"
                   "document.getElementById('last').click();"
                   "document.getElementById('first').click();"
                   "document.getElementById('last').click()")
        browser.wait_for("window.rendersPending === 0 && "
                         "document.getElementById('ply').textContent.startsWith('ply 2 of 2') && "
                         "document.querySelector('#board g.piece[data-square=\"b6\"]') !== null",
                         "the last ply on the board")
        assert "-0.10/8" in browser.js("document.getElementById('comment').textContent"), "the ply's comment"
        shot("6-watch-end")
        print(f"OK: page at {url} played, refused, analysed and replayed; screenshots in {screens}")
        return 0
    except AssertionError as failure:
        print(f"FAIL: {failure}")
        if browser:
            try:
                browser.screenshot(os.path.join(screens, "failure.png"))
            except Exception:
                pass
        return 1
    finally:
        if browser:
            browser.close()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
