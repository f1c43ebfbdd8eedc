"""pdn2html's pages in a real browser (make check-browser).

Runs headless Chromium (Debian's package) on pages pdn2html writes and
checks, against pdnreplay, what a reader sees:
  - links #game=G&ply=P open at the position pdnreplay --fen prints for that
    game and ply (the board's data-fen), read with --dump-dom;
  - keys typed into the page (Chrome DevTools Protocol, Input.dispatchKeyEvent)
    move the position: Right, Left, End, Home, Down, f;
  - a screenshot of the board shows the pieces where pdnreplay --svg draws
    them (both pictures read square by square);
  - hostile tag values stay text: no element or script comes from a file.
Prints one line per check; exits 1 when one fails. Needs chromium,
python3-websocket and python3-pil (Debian); run with /usr/bin/python3.

usage: browser.py BIN OUTDIR
"""
import base64
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket
from PIL import Image

BIN, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=1200,1000"]
FRANCE = "tests/data/tournaments/Championnat de France 2021.pdn"
RUSSIAN = "tests/data/algebraic/ussr1947-game1.pdn"
HOSTILE = "tests/browser/hostile.pdn"
ENGLISH = "tests/browser/english.pdn"
ENGLISH_WON = "tests/browser/english-won.pdn"
WOMEN = "tests/data/tournaments/World Title Match Women 2024.pdn"
AVIGNON = "tests/data/tournaments/29eme Open d'Avignon 2014.pdn"
MATCH = "tests/data/tournaments/Match Samb-Buggy2.pdn"
# Problems from set-up positions: every tag but the FEN's unknown ('?',
# '????.??.??').
PROBLEMS = "tests/data/tournaments/Partie_avec_FEN1.pdn"
# Game 12 of the conformance file Cat.D1.pdn (../shared/corpus/conformance,
# the official PDN conformance set): a problem, Black to move, its first
# move written "1. ... 35-40".
PROBLEM = "tests/browser/problem.pdn"
# Spellings pdnstats joins that a browser's Unicode folding keeps apart
# ("Ł", "ø") or joins otherwise ("Ș" taken apart, "Stefan" kept).
FOLD = "tests/browser/fold.pdn"
failed = 0


def check(ok, what):
    global failed
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failed += 1


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def page(name, *args):
    path = os.path.join(OUT, name)
    subprocess.run([os.path.join(BIN, "pdn2html"), "-q", "-w", "-o", path, *args], check=True)
    return path


def replay_fens(pdn, game):
    """The main line's FENs as pdnreplay --fen prints them: [ply 0, 1, ...]."""
    out = run(os.path.join(BIN, "pdnreplay"), "--fen", "-g", str(game), pdn)
    return [line for line in out.splitlines() if re.match(r"^[WB?]:W", line)]


def linked_fen(browser, path, game, ply):
    """The board's data-fen once the page is loaded from a link to a ply:
    a fresh load (about:blank in between), not a change of the hash in a
    page already open (a Chromium a link took 2 to 3 s more each)."""
    browser.call("Page.navigate", url="about:blank")
    browser.open("file://%s#game=%d&ply=%d" % (path, game, ply))
    return browser.board("data-fen")


class Browser:
    """One headless Chromium driven over the DevTools protocol."""

    def __init__(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.profile = tempfile.mkdtemp(prefix="pdn2html-chromium.")
        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, "--remote-debugging-port=%d" % port,
             "--user-data-dir=" + self.profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                pages = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json" % port))
                url = next(p["webSocketDebuggerUrl"] for p in pages if p["type"] == "page")
                break
            except (OSError, StopIteration, ValueError):
                time.sleep(0.1)
        else:
            raise RuntimeError("chromium did not start")
        self.ws = websocket.create_connection(url, timeout=60)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                return msg["result"]

    def eval(self, expr):
        return self.call("Runtime.evaluate", expression=expr, returnByValue=True)["result"].get("value")

    def open(self, url):
        self.call("Page.navigate", url=url)
        for _ in range(100):
            time.sleep(0.1)
            if self.eval("document.readyState") == "complete" and self.eval(
                    "!!document.getElementById('board') && "
                    "document.getElementById('board').hasAttribute('data-fen')"):
                return
        raise RuntimeError("page did not load: " + url)

    def key(self, key, code, vk):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code,
                      windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)

    def board(self, name):
        return self.eval("document.getElementById('board').getAttribute('%s')" % name)

    def screenshot(self, selector=None):
        params = {"format": "png"}
        if selector:
            r = self.eval("(function(){var r=document.querySelector('%s').getBoundingClientRect();"
                          "return [r.x,r.y,r.width,r.height];})()" % selector)
            params["clip"] = {"x": r[0], "y": r[1], "width": r[2], "height": r[3], "scale": 1}
        else:
            params["captureBeyondViewport"] = False
        return Image.open(io.BytesIO(base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])))

    def close(self):
        self.ws.close()
        self.proc.terminate()
        self.proc.wait(timeout=30)
        shutil.rmtree(self.profile, ignore_errors=True)


def squares_seen(img, width, height):
    """What stands on each square of a board picture, row by row: 'w' a
    white piece, 'b' a black one, '.' an empty square (frame: 18/56 of a
    square on each side, as lib/diagram.c draws it)."""
    img = img.convert("RGB")
    unit = img.size[0] / (width + 36 / 56)
    seen = []
    for row in range(height):
        line = ""
        for col in range(width):
            x = (18 / 56 + col + 0.5) * unit
            y = (18 / 56 + row + 0.5) * unit
            r, g, b = img.getpixel((int(x), int(y)))
            lum = (r + g + b) / 3
            line += "w" if lum > 235 else "b" if lum < 70 else "."
        seen.append(line)
    return seen


def first_cell_links(browser):
    """The links of the first crosstable's first cell: each digit's text
    and where it leads."""
    return browser.eval("Array.from(document.querySelectorAll('#crosstables td.cell')[0]"
                        ".querySelectorAll('a')).map(function(a){return a.textContent + "
                        "a.getAttribute('href')})")


def svg_picture(pdn, game, move):
    svg = os.path.join(OUT, "ref.svg")
    run(os.path.join(BIN, "pdnreplay"), "-g", str(game), "--move", move, "--svg", svg, pdn)
    png = os.path.join(OUT, "ref.png")
    run("rsvg-convert", "-w", "596", "-o", png, svg)
    return Image.open(png)


def main():
    os.makedirs(OUT, exist_ok=True)
    france = page("france.html", FRANCE)
    russian = page("russian.html", RUSSIAN)
    hostile = page("hostile.html", HOSTILE)
    english = page("english.html", ENGLISH)
    mixed = page("mixed.html", ENGLISH_WON, PROBLEM)
    aliased = page("france-alias.html", "--alias", "tests/browser/france.alias", FRANCE)
    # Avignon's first game with its Round tag made "?": a table by rounds
    # with a column of the games without a round number.
    unnumbered = os.path.join(OUT, "avignon-round-unknown.pdn")
    with open(AVIGNON, encoding="utf-8") as f:
        lines = f.read().split("\n")
    lines[4] = '[Round "?"]'
    with open(unnumbered, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    avignon = page("avignon-round-unknown.html", unnumbered)
    match = page("match.html", MATCH)
    kndb = page("match-kndb.html", "--tiebreak", "kndb", MATCH)
    # The match's games read out of round order (round 2's file before
    # round 1's, as a shell's sort puts round10.pdn before round2.pdn), and
    # round 1's first game filed again after them: a repeat pdnstats leaves
    # out.
    with open(MATCH, encoding="utf-8") as f:
        match_games = ["[Event" + g for g in f.read().split("[Event")[1:]]
    shuffled = os.path.join(OUT, "match-rounds-shuffled.pdn")
    with open(shuffled, "w", encoding="utf-8") as f:
        f.write("".join(match_games[3:] + match_games[:3] + match_games[:1]))
    shuffled = page("match-rounds-shuffled.html", shuffled)
    fold = page("fold.html", FOLD)
    problem = page("problem.html", PROBLEM)
    problems = page("problems.html", PROBLEMS)
    women = os.path.join(OUT, "women.html")  # an illegal move: pdn2html exits 1
    subprocess.run([os.path.join(BIN, "pdn2html"), "-q", "-w", "-o", women, WOMEN],
                   capture_output=True)

    b = Browser()
    try:
        # Links: the position pdnreplay --fen prints.
        for pdn, path, game, plies in ((FRANCE, france, 24, (0, 1, 2, 13, 54, 110)),
                                       (FRANCE, france, 1, (7, 40)),
                                       (RUSSIAN, russian, 1, (0, 5, 30)),
                                       (PROBLEM, problem, 1, (0, 1, 9)),
                                       (ENGLISH, english, 1, (0, 1, 10))):
            fens = replay_fens(pdn, game)
            for ply in plies:
                want = fens[min(ply, len(fens) - 1)]
                got = linked_fen(b, path, game, ply)
                check(got == want, "%s #game=%d&ply=%d: data-fen %s (pdnreplay: %s)"
                      % (os.path.basename(path), game, ply, got, want))

        fens = replay_fens(FRANCE, 24)
        b.open("file://%s#game=24&ply=0" % france)
        for _ in range(3):
            b.key("ArrowRight", "ArrowRight", 39)
        check(b.board("data-fen") == fens[3] and b.board("data-ply") == "3",
              "keys: Right three times goes to ply 3")
        b.key("ArrowLeft", "ArrowLeft", 37)
        check(b.board("data-fen") == fens[2], "keys: Left goes back one ply")
        b.key("End", "End", 35)
        check(b.board("data-fen") == fens[-1], "keys: End goes to the last position")
        b.key("Home", "Home", 36)
        check(b.board("data-fen") == fens[0], "keys: Home goes to the start")
        b.key("ArrowDown", "ArrowDown", 40)
        check("game=25" in b.eval("location.hash"), "keys: Down opens the next game")
        b.key("ArrowUp", "ArrowUp", 38)
        before = b.eval("document.querySelector('#board g[data-square=\"31\"] circle').getAttribute('cx')")
        b.key("f", "KeyF", 70)
        after = b.eval("document.querySelector('#board g[data-square=\"31\"] circle').getAttribute('cx')")
        check(before != after, "keys: f flips the board (square 31 moved from x=%s to x=%s)" % (before, after))
        b.key("f", "KeyF", 70)

        # The picture: the pieces where pdnreplay --svg draws them.
        b.open("file://%s#game=24&ply=54" % france)
        shot = b.screenshot("#board svg")
        ref = svg_picture(FRANCE, 24, "27...")
        check(squares_seen(shot, 10, 10) == squares_seen(ref, 10, 10),
              "screenshot of game 24 after 27... 17-21: the pieces stand as in pdnreplay --svg")
        b.open("file://%s#game=1&ply=30" % russian)
        shot = b.screenshot("#board svg")
        ref = svg_picture(RUSSIAN, 1, "15...")
        check(squares_seen(shot, 8, 8) == squares_seen(ref, 8, 8),
              "screenshot of the Russian game after 15...: the pieces stand as in pdnreplay --svg")
        labels = b.eval("Array.from(document.querySelectorAll('#board text')).slice(0,4)"
                        ".map(function(t){return t.textContent}).join(' ')")
        check(labels == "b8 d8 f8 h8", "Russian board labelled algebraically: %s" % labels)

        b.open("file://%s#game=1&ply=1" % english)
        moves = b.eval("document.getElementById('moves').textContent").split()
        check(moves[:4] == ["1.", "11-15", "23-19", "2."],
              "English: Black's first move is numbered 1. (%s)" % " ".join(moves[:6]))
        # English checkers counts Black first ("1-0" is Black's win, pdn(5)):
        # Black is named first, so that "Jones - Smith 1-0" reads right.
        head = b.eval("document.getElementById('game-head').firstChild.textContent")
        columns = b.eval("Array.from(document.querySelectorAll('#game-list th')).slice(1, 4)"
                         ".map(function(t){return t.textContent}).join(' ')")
        row = b.eval("Array.from(document.querySelector('#game-list tbody tr').cells).slice(1, 3)"
                     ".map(function(t){return t.textContent}).join(' ')")
        check(head.startswith("Jones \u2013 Smith") and columns == "Black White Result"
              and row == "Jones Smith",
              "English: Black first in the header (%s) and the list (%s: %s)" % (head, columns, row))
        b.open("file://%s#game=1&ply=0" % mixed)
        columns = b.eval("Array.from(document.querySelectorAll('#game-list th')).slice(1, 4)"
                         ".map(function(t){return t.textContent}).join(' ')")
        results = b.eval("Array.from(document.querySelectorAll('#game-list tbody tr'))"
                         ".map(function(r){return r.cells[1].textContent + '/' + r.cells[3].textContent})"
                         ".join(' ')")
        check(columns == "White Black Result" and results.startswith("Smith/1-0 (Black first) "),
              "an English game among others: White's column, its result said Black first (%s: %s)"
              % (columns, results[:80]))

        # The dots holding White's place are no move, and the replay's
        # first ply is Black's: the game plays, numbered "1...".
        b.open("file://%s#game=1&ply=1" % problem)
        moves = b.eval("document.getElementById('moves').textContent")
        check(moves.split()[:3] == ["1...", "35-40", "2."] and "not replayed" not in moves,
              "a problem with Black to move, '1. ... 35-40': replayed from its first move: %s"
              % moves[:60])
        # Results in the form of the game's type, as pdnreplay shows them:
        # the tag says "1-0" and "1/2-1/2", an international game "2-0", "1-1".
        head = b.eval("document.getElementById('game-head').firstChild.textContent")
        check(head.endswith(" 2-0"), "the problem's tag '1-0' shown as 2-0: %s" % head)
        b.open("file://%s#game=1&ply=0" % france)
        head = b.eval("document.getElementById('game-head').firstChild.textContent")
        listed = b.eval("document.querySelector('#game-list tbody tr').cells[3].textContent")
        check(head.endswith(" 1-1") and listed == "1-1",
              "France's game 1, tag '1/2-1/2': 1-1 in the header (%s) and the list (%s)"
              % (head, listed))

        # The line under the players: a round that is a number "round 2",
        # one that names itself as written ("ronde2", not "round ronde2");
        # what is not known ("?", "????.??.??") left out, and a date with
        # no digit known "?" in the list, as the other tags not known.
        subs = []
        for path, game in ((france, 7), (france, 8), (problems, 2)):
            b.open("file://%s#game=%d&ply=0" % (path, game))
            subs.append(b.eval("document.querySelector('#game-head .sub').textContent"))
        dates = b.eval("Array.from(document.querySelectorAll('#game-list tbody tr'))"
                       ".map(function (r) { return r.cells[6].textContent; }).join(' ')")
        check(subs == ["Championnat de France 2021, Montpellier, ronde2 "
                       "(game 7 of 58, Championnat de France 2021.pdn #7)",
                       "Championnat de France 2021, Damier Club de Montpellier et d\\'Occitanie, "
                       "2021-08-13, round 2 (game 8 of 58, Championnat de France 2021.pdn #8)",
                       "(game 2 of 4, Partie_avec_FEN1.pdn #2)"] and dates == "? ? ? ?",
              "rounds and dates under the players: %s; unknown dates listed as %s" % (subs, dates))

        # On a phone: the buttons wrap under the board, the page does not
        # scroll sideways.
        b.call("Emulation.setDeviceMetricsOverride", width=420, height=900,
               deviceScaleFactor=1, mobile=True)
        b.open("file://%s#game=1&ply=0" % france)
        wide = b.eval("[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                      " document.getElementById('go-down').getBoundingClientRect().right]")
        check(wide[0] <= wide[1] and wide[2] <= wide[1],
              "420 pixels wide: page %s of %s, last button's right edge %s" % tuple(wide))
        # Stepping through a game there: the list keeps the current move in
        # its own view and the page stays where it is (scrollIntoView took
        # the board off the screen); board, buttons and list fit the screen.
        plies = len(replay_fens(FRANCE, 1)) - 1
        b.open("file://%s#game=1&ply=%d" % (france, plies - 3))
        for _ in range(2):
            b.key("ArrowRight", "ArrowRight", 39)
        seen = b.eval("(function () { var l = document.getElementById('moves'),"
                      " c = l.querySelector('a.current'), lr = l.getBoundingClientRect(),"
                      " cr = c.getBoundingClientRect(),"
                      " br = document.getElementById('board').getBoundingClientRect();"
                      " return [window.scrollY, cr.top >= lr.top && cr.bottom <= lr.bottom,"
                      " lr.bottom - br.top, window.innerHeight, c.textContent]; })()")
        check(seen[0] == 0 and seen[1] and seen[2] <= seen[3],
              "420 pixels wide, ply %d of %d: page scrolled %s, current move %s in the list's"
              " view %s, board to list's end %s of %s pixels"
              % (plies - 1, plies, seen[0], seen[4], seen[1], round(seen[2]), seen[3]))
        b.call("Emulation.clearDeviceMetricsOverride")

        # A variation the replay could not play: shown as written, marked.
        b.open("file://%s#game=2&ply=1" % women)
        moves = b.eval("document.getElementById('moves').textContent")
        check("( 5-10 (not replayed: see pdncheck))" in moves,
              "the broadcast's (1... 5-10), White to move, shown as written: %s" % moves[:90])
        # Its clock commands are data, not text: the moves are not buried.
        b.open("file://%s#game=1&ply=1" % women)
        moves = b.eval("document.getElementById('moves').textContent")
        check("[%clock" not in moves and "{Inaccuracy. Best move was 28-6.}" in moves
              and moves.split()[:4] == ["1.", "32-28", "17-22", "2."],
              "clock commands left out of the comments, the others kept: %s" % moves[:60])

        # Crosstables: every result a link to its game, through the aliases.
        b.open("file://%s" % aliased)
        cells = b.eval("document.querySelectorAll('#crosstables td.cell').length")
        linked = b.eval("document.querySelectorAll('#crosstables td.cell a').length")
        check(cells == 104 and linked == 104,
              "crosstables: 104 result cells (36 by rounds, 68 round robin), %s linked" % linked)
        hrefs = b.eval("Array.from(Array.from(document.querySelectorAll('#crosstables tr')).filter("
                       "function(r){return r.cells[2] && r.cells[2].textContent==='Cisse, Papa'})[0]"
                       ".querySelectorAll('a')).slice(0,2).map(function(a){return a.getAttribute('href')})")
        check(hrefs == ["#game=3&ply=0", "#game=9&ply=0"],
              "Cisse's rounds 1 and 2 link games 3 (Cisse - Crevat, 'Cpt France 2021': three "
              "aliases) and 9 (round 'ronde2'): %s" % hrefs)

        # A game without a round number: in the R? column, a link to it.
        b.open("file://%s" % avignon)
        heads = b.eval("Array.from(document.querySelectorAll('#crosstables th'))"
                       ".map(function(h){return h.textContent}).join(' ')")
        href = b.eval("Array.from(Array.from(document.querySelectorAll('#crosstables tr')).filter("
                      "function(r){return r.cells[2] && r.cells[2].textContent==='Dubois, Jean-Pierre'})[0]"
                      ".cells).filter(function(c){return c.querySelector('a')}).pop()"
                      ".querySelector('a').getAttribute('href')")
        check("R7 R? games" in heads and href == "#game=1&ply=0",
              "Avignon's game 1 without its round: column R? (%s), Dubois's last link %s"
              % (heads[:60], href))

        # What pdnstats says beside a crosstable.
        b.open("file://%s" % france)
        summaries = b.eval("Array.from(document.querySelectorAll('#crosstables p.summary'))"
                           ".map(function(p){return p.textContent})")
        # the rounds read, not the columns R1 to the last: rounds 5 to 11
        check("round robin, 11 players, 7 rounds (5 to 11), 34 of 55 games, tie-break fmjd; "
              "6 repeated games left out" in summaries,
              "crosstable summaries as pdnstats writes them: %s" % summaries)
        # a tie-break that leaves a criterion out says so, as pdnstats does
        b.open("file://%s" % kndb)
        summary = b.eval("document.querySelector('#crosstables p.summary').textContent")
        check(summary.endswith("tie-break kndb without plus- and minus-draws, which PDN files "
                               "do not record"), "the kndb tie-break's note: %s" % summary)

        # A match's cell, a digit a game ("112212"): each digit its game's link.
        b.open("file://%s" % match)
        links = first_cell_links(b)
        check(links == ["1#game=1&ply=0", "1#game=2&ply=0", "2#game=3&ply=0", "2#game=4&ply=0",
                        "1#game=5&ply=0", "2#game=6&ply=0"],
              "Buggy's six games against Samb: a link each, in order: %s" % links)

        # The same out of round order, a game filed twice: each digit, in
        # round order as pdnstats writes them, still links its own game
        # (games 4-6 are rounds 1-1 to 1-3, 1-3 round 2's); the copy, game
        # 7, none.
        b.open("file://%s" % shuffled)
        links = first_cell_links(b)
        check(links == ["1#game=4&ply=0", "1#game=5&ply=0", "2#game=6&ply=0", "2#game=1&ply=0",
                        "1#game=2&ply=0", "2#game=3&ply=0"],
              "Buggy's six games against Samb read round 2 first, one twice: a link each, in "
              "round order: %s" % links)

        # Names compared as pdnstats compares them (the library's folding,
        # the page's data): each of the four games is a cell's link.
        b.open("file://%s" % fold)
        hrefs = sorted(set(b.eval("Array.from(document.querySelectorAll('#crosstables td.cell a'))"
                                  ".map(function(a){return a.getAttribute('href')})")))
        check(hrefs == ["#game=%d&ply=0" % g for g in (1, 2, 3, 4)],
              "spellings pdnstats joins (Łukomska, Møller, Ștefan): every game linked: %s" % hrefs)

        # Hostile tags: text, never markup or script.
        b.open("file://%s" % hostile)
        check(b.eval("window.pwned === undefined"), "hostile tags: no script of the file ran")
        check(b.eval("document.querySelectorAll('script').length") == 4,
              "hostile tags: the page holds its own four script elements only")
        head = b.eval("document.getElementById('game-head').textContent")
        check("<script>window.pwned=1</script>" in head, "hostile tags: shown as text: %s" % head[:80])
        check(b.eval("document.querySelectorAll('#game-list td[dir=auto]').length") > 0,
              "names in the game list have dir=auto (right-to-left names)")

        # The published page, for the README.
        b.open("file://%s#game=24&ply=54" % france)
        b.screenshot().save(os.path.join(OUT, "pdn2html.png"))
    finally:
        b.close()
    print("browser: %d failed" % failed)
    sys.exit(1 if failed else 0)


main()
