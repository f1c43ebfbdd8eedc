/*
 * pdn2html's page script. Reads the data the program wrote (three JSON
 * elements), draws the board as pdnreplay --svg draws it (lib/diagram.c:
 * the same sizes, colours, marks and arrow), lists the moves, the games and
 * the crosstables, and steps through the games. Every value from a file
 * goes into a text node or an attribute through the DOM, never into markup.
 *
 * The data. boards[v]: {name, w, h, bf (Black moves first), sq: [null,
 * [row, col]...], lb: [null, label...]} for each variant. games[i]: {file, index, variant, n0 (the
 * first move's number), start (FEN), tags: [[name, value]...], result (as
 * written after the moves), shown (the result as pdnfmt writes its tag), line,
 * rest (the main line's moves not replayed, as written)}. A line is a list
 * of moves, a move [text, [from, landing squares...], [squares taken],
 * promotes, {s: strength, cb, c: comments before and after, v: [line...]}]
 * (the last only when it holds something); a variation's moves not
 * replayed end it as one string, as written. expand() plays the moves and
 * flattens the tree into g.nodes: {b: the node before (-1 the start), nx:
 * the next in its line, n, k: move number and whether the side that moves
 * second made it ("12..."), t, m, x, s, cb, c,
 * v: first node of each variation (-1: none replayed), vr: the moves of
 * each not replayed, as written (or ""), f: the FEN after it, as
 * pdn_board_to_fen writes it}.
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var LIGHT = "#f0d9b5", DARK = "#b58863", FRAME = "#6b4226", NUMBER = "#f8ecd8",
      MARK = "#f6e05e", ARROW = "#c62828", SIZE = 56, BORDER = 18;

  function data(id) { return JSON.parse(document.getElementById(id).textContent); }
  var boards = data("pdn-boards"), games = data("pdn-games"), cross = data("pdn-crosstables");
  var aliases = {}; /* folded spelling -> folded name it counts as (--alias) */
  var state = { game: -1, node: -1, flip: false, timer: null };

  function $(id) { return document.getElementById(id); }
  function el(name, text, cls) {
    var e = document.createElement(name);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function svg(name, attrs) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  /* A tag's value, or the one the library read for it from a tag of
   * another language (Bianco for White: g.read). */
  function tag(g, name) {
    for (var i = 0; i < g.tags.length; i++) if (g.tags[i][0] === name) return g.tags[i][1];
    return g.read && g.read.hasOwnProperty(name) ? g.read[name] : null;
  }

  /* The sides in the order a result counts them: the side that opens
   * first, Black in English checkers, whose "1-0" is a Black win (pdn(5)):
   * "Smith \u2013 Jones 1-0" reads as Smith's win. */
  function opensBlack(g) {
    return !!(boards[g.variant] || boards[0]).bf;
  }
  function sideOrder(blackFirst) {
    return blackFirst ? ["Black", "White"] : ["White", "Black"];
  }

  /* ---- positions ---- */

  /* A FEN as pdn_board_to_fen writes it: "W:W31-50:BK4,13". */
  function readFen(fen) {
    var pos = { side: fen.charAt(0), at: {} };
    fen.split(":").slice(1).forEach(function (part) {
      var white = part.charAt(0) === "W";
      part.slice(1).split(",").forEach(function (item) {
        if (!item) return;
        var king = item.charAt(0) === "K";
        if (king) item = item.slice(1);
        var ends = item.split("-"), lo = parseInt(ends[0], 10),
            hi = ends.length > 1 ? parseInt(ends[1], 10) : lo;
        for (var s = lo; s <= hi; s++) pos.at[s] = (white ? "white" : "black") + (king ? "-king" : "-man");
      });
    });
    return pos;
  }

  /* The position after a move: what pdn_board_play does. */
  function playMove(pos, mv) {
    var at = {}, s;
    for (s in pos.at) at[s] = pos.at[s];
    var from = mv[1][0], to = mv[1][mv[1].length - 1], piece = at[from];
    delete at[from];
    mv[2].forEach(function (t) { delete at[t]; });
    if (piece) at[to] = mv[3] ? piece.replace("-man", "-king") : piece;
    var side = pos.side === "?" ? "?" : pos.side === "W" ? "B" : "W";
    return { side: side, at: at };
  }

  /* A FEN as pdn_board_to_fen writes it: runs of three or more alike as
   * ranges, kings marked K. */
  function writeFen(pos, squares) {
    function list(colour) {
      var out = [];
      for (var s = 1; s <= squares;) {
        var p = pos.at[s], last = s;
        var mine = p && p.indexOf(colour) === 0;
        while (mine && last < squares && pos.at[last + 1] === p) last++;
        if (mine) {
          var k = p.indexOf("king") > 0 ? "K" : "";
          if (last - s >= 2) out.push(k + s + "-" + last);
          else for (var q = s; q <= last; q++) out.push(k + q);
        }
        s = last + 1;
      }
      return out.join(",");
    }
    return pos.side + ":W" + list("white") + ":B" + list("black");
  }

  /* The moves of g as a flat list of nodes, each with its position. */
  function expand(g) {
    if (g.nodes) return;
    var squares = (boards[g.variant] || boards[0]).sq.length - 1;
    g.nodes = [];
    function walk(line, before, beforePos, number, black, held) {
      var first = -1, prev = -1;
      line.forEach(function (mv) {
        if (typeof mv === "string") { held.rest = mv; return; }
        var extra = mv[4] || {}, pos = playMove(beforePos, mv), id = g.nodes.length;
        var node = { b: before, nx: -1, n: number, k: black, t: mv[0], m: mv[1], x: mv[2],
                     s: extra.s, cb: extra.cb, c: extra.c, v: [], vr: [], f: writeFen(pos, squares) };
        g.nodes.push(node);
        if (prev >= 0) g.nodes[prev].nx = id;
        if (first < 0) first = id;
        (extra.v || []).forEach(function (v) {
          var rest = {};
          node.v.push(walk(v, before, beforePos, number, black, rest));
          node.vr.push(rest.rest || "");
        });
        prev = before = id;
        beforePos = pos;
        if (black) number++;
        black = !black;
      });
      return first;
    }
    var start = readFen(g.start), opens = opensBlack(g) ? "B" : "W";
    g.first = walk(g.line, -1, start, g.n0, start.side !== "?" && start.side !== opens, {});
  }

  function place(b, s) {
    var rc = b.sq[s], row = rc[0], col = rc[1];
    if (state.flip) { row = b.h - 1 - row; col = b.w - 1 - col; }
    return { x: BORDER + col * SIZE, y: BORDER + row * SIZE };
  }
  function centre(b, s) { var p = place(b, s); return { x: p.x + SIZE / 2, y: p.y + SIZE / 2 }; }
  function half(n) { return Math.floor(n / 2); }

  function drawSquares(root, b, marks) {
    var g = svg("g", { "class": "squares" }), font = Math.floor(SIZE / 5);
    for (var s = 1; s < b.sq.length; s++) {
      var p = place(b, s);
      g.appendChild(svg("rect", { x: p.x, y: p.y, width: SIZE, height: SIZE, fill: DARK }));
      var marked = marks[s] === "from" || marks[s] === "to";
      if (marked)
        g.appendChild(svg("rect", { "class": "mark", x: p.x, y: p.y, width: SIZE, height: SIZE,
                                    fill: MARK, "fill-opacity": "0.5" }));
      var t = svg("text", { x: p.x + 1 + Math.floor(SIZE / 56), y: p.y + font,
                            "font-family": "DejaVu Sans, Arial, sans-serif", "font-size": font,
                            fill: marked ? FRAME : NUMBER }); // dark on the yellow
      t.textContent = b.lb[s];
      g.appendChild(t);
    }
    root.appendChild(g);
  }

  function drawPiece(g, b, s, kind) {
    var white = kind.indexOf("white") === 0, c = centre(b, s), r = Math.floor(SIZE * 11 / 32);
    var p = svg("g", { "class": "piece " + kind, "data-square": s });
    p.appendChild(svg("circle", { cx: c.x, cy: c.y, r: r, fill: white ? "#fbfbf6" : "#262626",
                                  stroke: white ? "#3a3a3a" : "#000000", "stroke-width": 2 }));
    p.appendChild(svg("circle", { cx: c.x, cy: c.y, r: Math.floor(r * 2 / 3), fill: "none",
                                  stroke: white ? "#9a9a9a" : "#6a6a6a", "stroke-width": 1 }));
    if (kind.indexOf("king") > 0) {
      var k = half(r), x = c.x, y = c.y;
      p.appendChild(svg("path", { "class": "crown", fill: "#d4a017", stroke: "#5a4500", "stroke-width": 1,
        d: "M" + (x - k) + "," + (y + half(k)) + " L" + (x - k) + "," + (y - half(k)) + " L" +
           (x - half(k)) + "," + y + " L" + x + "," + (y - Math.floor(k * 3 / 4)) + " L" +
           (x + half(k)) + "," + y + " L" + (x + k) + "," + (y - half(k)) + " L" + (x + k) + "," +
           (y + half(k)) + " z" }));
    }
    g.appendChild(p);
  }

  function drawTaken(root, b, marks) {
    var k = Math.floor(SIZE / 4);
    for (var s = 1; s < b.sq.length; s++) {
      if (marks[s] !== "taken") continue;
      var c = centre(b, s);
      root.appendChild(svg("path", { "class": "taken", stroke: ARROW, "stroke-width": Math.floor(SIZE / 12),
        "stroke-linecap": "round", d: "M" + (c.x - k) + "," + (c.y - k) + " L" + (c.x + k) + "," +
        (c.y + k) + " M" + (c.x - k) + "," + (c.y + k) + " L" + (c.x + k) + "," + (c.y - k) }));
    }
  }

  // The head stops at the rim of the piece that landed, as the library's
  // (lib/diagram.c svg_arrow): over the piece it hid a king's crown.
  function drawArrow(root, b, squares) {
    var c = squares.map(function (s) { return centre(b, s); }), n = c.length;
    var stroke = Math.floor(SIZE / 10);
    var back = Math.floor(SIZE * 11 / 32) + Math.floor(stroke * 4 * 3 / 10);
    if (n > 1) {
      var dx = c[n - 1].x - c[n - 2].x, dy = c[n - 1].y - c[n - 2].y;
      var len = Math.floor(Math.sqrt(dx * dx + dy * dy));
      if (len > 2 * back)
        c[n - 1] = { x: c[n - 1].x - rounded(dx * back, len), y: c[n - 1].y - rounded(dy * back, len) };
    }
    var pts = c.map(function (p) { return p.x + "," + p.y; });
    root.appendChild(svg("polyline", { "class": "last-move", points: pts.join(" "), fill: "none",
      stroke: ARROW, "stroke-opacity": "0.8", "stroke-width": stroke,
      "stroke-linejoin": "round", "marker-end": "url(#arrowhead)" }));
  }
  // a / b to the nearest, b > 0, halves away from zero (as lib/diagram.c rounds).
  function rounded(a, b) {
    return a >= 0 ? Math.floor((a + Math.floor(b / 2)) / b) : -Math.floor((-a + Math.floor(b / 2)) / b);
  }

  function drawBoard(b, pos, move) {
    var w = 2 * BORDER + b.w * SIZE, h = 2 * BORDER + b.h * SIZE;
    var root = svg("svg", { xmlns: SVG, version: "1.1", width: w, height: h,
                            viewBox: "0 0 " + w + " " + h, "aria-hidden": "true" });
    var defs = svg("defs", {}), mk = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 7,
      refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" });
    mk.appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", fill: ARROW }));
    defs.appendChild(mk);
    root.appendChild(defs);
    root.appendChild(svg("rect", { "class": "frame", x: 0, y: 0, width: w, height: h, fill: FRAME }));
    root.appendChild(svg("rect", { "class": "light", x: BORDER, y: BORDER, width: w - 2 * BORDER,
                                   height: h - 2 * BORDER, fill: LIGHT }));
    var marks = {};
    if (move) {
      marks[move.m[0]] = "from";
      (move.x || []).forEach(function (s) { marks[s] = "taken"; });
      marks[move.m[move.m.length - 1]] = "to";
    }
    drawSquares(root, b, marks);
    var pieces = svg("g", { "class": "pieces" });
    for (var s = 1; s < b.sq.length; s++) if (pos.at[s]) drawPiece(pieces, b, s, pos.at[s]);
    root.appendChild(pieces);
    drawTaken(root, b, marks);
    if (move) drawArrow(root, b, move.m);
    return root;
  }

  /* ---- the game on show ---- */

  function game() { return games[state.game]; }
  function fenAt(g, id) { return id < 0 ? g.start : g.nodes[id].f; }
  function label(node) { return node.n + (node.k ? "..." : ".") + " " + node.t; }

  /* The main line's nodes in order. */
  function mainLine(g) {
    var line = [];
    for (var id = g.first; id >= 0; id = g.nodes[id].nx) line.push(id);
    return line;
  }
  function plyOf(g, id) { return mainLine(g).indexOf(id) + 1; }

  function listSquares(pos, kind) {
    var out = [];
    for (var s in pos.at) if (pos.at[s].indexOf(kind) === 0) out.push(s + (pos.at[s].indexOf("king") > 0 ? " (king)" : ""));
    return out.length ? out.join(", ") : "none";
  }

  function show() {
    var g = game(), b = boards[g.variant] || boards[0], fen = fenAt(g, state.node);
    var node = state.node >= 0 ? g.nodes[state.node] : null, pos = readFen(fen);
    var board = $("board");
    board.replaceChildren(drawBoard(b, pos, node));
    board.setAttribute("data-fen", fen);
    board.setAttribute("data-ply", node ? plyOf(g, state.node) : 0);
    var said = (node ? "After " + label(node) : "Start position") + ". " +
        (pos.side === "W" ? "White" : "Black") + " to move. White: " + listSquares(pos, "white") +
        ". Black: " + listSquares(pos, "black") + ".";
    board.setAttribute("aria-label", said);
    $("position-text").textContent = said;
    var links = document.querySelectorAll("#moves a");
    for (var i = 0; i < links.length; i++)
      links[i].classList.toggle("current", Number(links[i].getAttribute("data-node")) === state.node);
    var cur = document.querySelector("#moves a.current");
    if (cur) keepInList($("moves"), cur);
    var ply = node ? plyOf(g, state.node) : 0;
    var hash = "#game=" + (state.game + 1) + (ply > 0 || !node ? "&ply=" + ply : "");
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  // The current move scrolled into the list's view, and only the list's:
  // scrollIntoView scrolled the page too, and on a phone, the list under
  // the board, stepping through a game took the board off the screen.
  function keepInList(list, item) {
    var top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  function moveLink(g, id) {
    var node = g.nodes[id], a = el("a", node.t + (node.s || ""));
    a.href = "#";
    a.setAttribute("data-node", id);
    a.addEventListener("click", function (e) { e.preventDefault(); stop(); state.node = id; show(); });
    return a;
  }

  /* A comment's text without its embedded commands ("[%clock w1:29:46
   * B1:29:40]", lidraughts' broadcasts): data for programs, which buried
   * the moves; a comment of commands only is not shown (as pdnreplay
   * --narrate says them). The data keeps them whole. */
  function readable(c) {
    if (c.indexOf("[%") < 0) return c;
    return c.replace(/\[%[^\]]*\]/g, " ").replace(/\s+/g, " ").trim();
  }
  function comments(into, list) {
    (list || []).forEach(function (c) {
      var text = readable(c);
      if (!text && c) return;
      into.appendChild(document.createTextNode(" "));
      into.appendChild(el("span", "{" + text + "}", "comment"));
    });
  }

  /* A line of moves from node id, its variations in parentheses. */
  function writeLine(g, into, id, depth) {
    var first = true;
    for (; id >= 0; id = g.nodes[id].nx) {
      var node = g.nodes[id];
      comments(into, node.cb);
      into.appendChild(document.createTextNode(" "));
      /* a move and its number, never parted at a line's end */
      var pair = el("span", null, "pair");
      if (!node.k || first) pair.appendChild(el("span", node.n + (node.k ? "..." : ".") + " ", "num"));
      pair.appendChild(moveLink(g, id));
      into.appendChild(pair);
      comments(into, node.c);
      (node.v || []).forEach(function (v, j) {
        var rest = node.vr[j];
        if (v < 0 && !rest) return;
        var span = el("span", null, "var");
        span.appendChild(document.createTextNode(" ("));
        if (v >= 0) writeLine(g, span, v, depth + 1);
        if (rest) span.appendChild(el("span", " " + rest + " (not replayed: see pdncheck)", "rest"));
        span.appendChild(document.createTextNode(")"));
        into.appendChild(span);
      });
      first = (node.v || []).length > 0;
    }
  }

  /* A date with no digit known ("????.??.??"): none, as "?" is. */
  function knownDate(v) {
    return v && /\d/.test(v) ? v : null;
  }
  /* The header's round: "round 5" for a number; a value that names
   * itself ("ronde2", "Round 5", "final") as written, not "round ronde2";
   * none for an unknown one ("?", "-", as chess files write it). */
  function roundText(v) {
    v = (v || "").trim();
    if (v === "" || v === "?" || v === "-") return null;
    return /^\d/.test(v) ? "round " + v : v;
  }

  function showGame(i, node) {
    stop();
    expand(games[i]);
    state.game = i;
    state.node = node;
    var g = game(), head = $("game-head");
    head.replaceChildren();
    var both = sideOrder(opensBlack(g));
    head.appendChild(el("span", (tag(g, both[0]) || "?") + " \u2013 " + (tag(g, both[1]) || "?") + "  " +
                                g.shown));
    var sub = [tag(g, "Event"), tag(g, "Site"), knownDate(tag(g, "Date")), roundText(tag(g, "Round"))]
        .filter(function (x) { return x && x !== "?"; }).join(", ");
    head.appendChild(el("div", (sub ? sub + " " : "") + "(game " + (i + 1) + " of " + games.length + ", " + g.file + " #" + g.index + ")", "sub"));
    var moves = $("moves");
    moves.replaceChildren();
    if (g.first >= 0) writeLine(g, moves, g.first, 0);
    if (g.rest) moves.appendChild(el("span", " " + g.rest + " (not replayed: see pdncheck)", "rest"));
    moves.appendChild(el("span", " " + g.shown, "result"));
    var rows = document.querySelectorAll("#game-list tbody tr");
    for (var r = 0; r < rows.length; r++) rows[r].classList.toggle("current", r === i);
    show();
  }

  /* ---- navigation ---- */

  function step(forward) {
    var g = game();
    if (forward) {
      var next = state.node < 0 ? g.first : g.nodes[state.node].nx;
      if (next >= 0) { state.node = next; show(); return true; }
      return false;
    }
    if (state.node >= 0) { state.node = g.nodes[state.node].b; show(); return true; }
    return false;
  }
  function toEnd(forward) { if (forward) while (step(true)); else { state.node = -1; show(); } }
  function stop() {
    if (state.timer) clearInterval(state.timer);
    state.timer = null;
    var b = $("go-play");
    if (b) b.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (state.timer) { stop(); return; }
    $("go-play").setAttribute("aria-pressed", "true");
    state.timer = setInterval(function () { if (!step(true)) stop(); }, 1000);
  }
  function changeGame(d) { var i = state.game + d; if (i >= 0 && i < games.length) showGame(i, -1); }

  /* #game=N&ply=P: game N (from 1), the position after main-line ply P. */
  function fromHash() {
    var m = /game=(\d+)/.exec(location.hash), p = /ply=(\d+)/.exec(location.hash);
    var i = m ? Math.min(Math.max(parseInt(m[1], 10) - 1, 0), games.length - 1) : 0;
    expand(games[i]);
    var line = mainLine(games[i]), ply = p ? Math.min(parseInt(p[1], 10), line.length) : 0;
    showGame(i, ply > 0 ? line[ply - 1] : -1);
  }

  function flip() { state.flip = !state.flip; show(); }

  function keys(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA") return;
    var acts = { ArrowRight: function () { stop(); step(true); }, ArrowLeft: function () { stop(); step(false); },
                 Home: function () { stop(); toEnd(false); }, End: function () { stop(); toEnd(true); },
                 ArrowUp: function () { changeGame(-1); }, ArrowDown: function () { changeGame(1); },
                 f: flip, F: flip, " ": play };
    var act = acts[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  }

  /* ---- the game list and the crosstables ---- */

  /* The columns of the players name the sides the results count first
   * and second: White and Black, or Black and White when every game is
   * English checkers; among other games, an English game's result says
   * which it counts first. */
  function gameList() {
    var body = document.querySelector("#game-list tbody");
    var blackFirst = games.length > 0 && games.every(opensBlack);
    var columns = sideOrder(blackFirst);
    var th = document.querySelectorAll("#game-list thead th");
    th[1].textContent = columns[0];
    th[2].textContent = columns[1];
    games.forEach(function (g, i) {
      var tr = el("tr");
      var counted = g.shown !== "*" && !blackFirst && opensBlack(g);
      var result = counted ? g.shown + " (Black first)" : g.shown;
      [String(i + 1), tag(g, columns[0]), tag(g, columns[1]), result, tag(g, "Event"),
       tag(g, "Round"), knownDate(tag(g, "Date")), g.file + " #" + g.index].forEach(function (v) {
        var td = el("td", v || "?");
        td.setAttribute("dir", "auto");
        tr.appendChild(td);
      });
      tr.addEventListener("click", function () { showGame(i, -1); window.scrollTo(0, 0); });
      body.appendChild(tr);
    });
    $("summary").textContent = games.length + (games.length === 1 ? " game" : " games");
  }

  /* Names compared as pdnstats compares them (pdn_stats_name_key): each
   * character folded as the page's data says (cross.fold, made by the
   * library: "é" e, "ß" ss, "ł" l, Cyrillic lower case), ASCII letters in
   * lower case, the rest kept; the punctuation , . - ' \\ " and the
   * blanks read as one blank, none at the ends. */
  var folds = cross.fold || {};
  function fold(s) {
    return Array.from(s || "").map(function (ch) {
      return folds[ch] !== undefined ? folds[ch] : ch < "\u0080" ? ch.toLowerCase() : ch;
    }).join("").replace(/[,.\-'\\" \t\n\r\f\v]+/g, " ").trim();
  }
  /* A name as the crosstables count it: folded, through the aliases (they
   * chain: A = B, B = C counts A as C). */
  function counted(s) {
    var f = fold(s);
    for (var hops = 0; aliases[f] !== undefined && hops < 64; hops++) f = aliases[f];
    return f;
  }
  (cross.aliases || []).forEach(function (p) { aliases[fold(p[0])] = fold(p[1]); });

  /* The games pdnstats left out as repeats of others (its repeats table:
   * the file without its folders, the game's number in it, the players). */
  var repeats = {};
  ((cross.stats || {}).repeats || []).forEach(function (r) { repeats[r.file + "\n" + r.game] = r; });
  function isRepeat(g) {
    var r = repeats[g.file + "\n" + g.index];
    return r !== undefined && counted(r.white) === counted(tag(g, "White")) &&
           counted(r.black) === counted(tag(g, "Black"));
  }

  /* The games of an event between two players (any colours unless asked),
   * in a round when given ("unknown": a Round with no number, or none), as
   * the crosstable counts them: its repeats left out, in its order (the
   * round, the number after it, "1-2", then the files' order), which is
   * not the files' when rounds were read out of order (round10.pdn before
   * round2.pdn): a match's cell, a digit a game, links each in turn. */
  function findGames(event, white, black, round, anyColour) {
    var found = [];
    games.forEach(function (g, i) {
      if (counted(tag(g, "Event")) !== counted(event)) return;
      var w = counted(tag(g, "White")), b = counted(tag(g, "Black"));
      var same = w === counted(white) && b === counted(black),
          swapped = w === counted(black) && b === counted(white);
      if ((!same && !(anyColour && swapped)) || isRepeat(g)) return;
      /* the round's number and the one after it as pdnstats reads them:
       * "6", "6.1", "ronde6" */
      var number = /(\d+)\D*(\d*)/.exec(tag(g, "Round") || ""),
          n = number ? parseInt(number[1], 10) : 0, sub = number && number[2] ? parseInt(number[2], 10) : 0;
      if (round && n !== (round === "unknown" ? 0 : parseInt(round, 10))) return;
      found.push({ i: i, n: n, sub: sub });
    });
    found.sort(function (x, y) { return x.n - y.n || x.sub - y.sub || x.i - y.i; });
    return found.map(function (f) { return f.i; });
  }

  function cellLink(td, text, found) {
    if (!found.length) { td.appendChild(document.createTextNode(text)); return; }
    var a = el("a", text);
    a.href = "#game=" + (found[0] + 1) + "&ply=0";
    a.addEventListener("click", function (e) { e.preventDefault(); showGame(found[0], -1); window.scrollTo(0, 0); });
    td.appendChild(a);
  }

  /* The points a player took from a game, as the crosstables count them
   * (2 a win, 1 a draw, 0 a loss, from the Result tag), or -1. */
  function pointsOf(g, player) {
    var r = (tag(g, "Result") || "").replace(/\s/g, "").replace("\u00bd", "1/2");
    var both = { "2-0": [2, 0], "1-0": [2, 0], "0-2": [0, 2], "0-1": [0, 2], "1-1": [1, 1],
                 "1/2-1/2": [1, 1], "0.5-0.5": [1, 1], "0-0": [0, 0] }[r];
    if (!both) return -1;
    return both[counted(tag(g, "White")) === counted(player) ? 0 : 1];
  }

  /* A round robin's cell of several games, a digit each ("112212", a
   * match's six): a link each when the games found give those points in
   * that order; else one link, to the first. */
  function cellLinks(td, text, found, player) {
    var each = found.length > 1 && text.length === found.length && found.every(function (i, n) {
      return String(pointsOf(games[i], player)) === text[n];
    });
    if (!each) { cellLink(td, text, found); return; }
    found.forEach(function (i, n) { cellLink(td, text[n], [i]); });
  }

  /* What pdnstats --crosstable says of a table beside its event: "round
   * robin, 11 players, 34 of 55 games, tie-break fmjd; 6 repeated games
   * left out". */
  function crosstableSummary(ct) {
    var rows = ct.rows || [], parts = [], plural = function (n, one) { return n + " " + one + (n === 1 ? "" : "s"); };
    parts.push(ct.system === "round_robin" ? "round robin" : "by rounds");
    parts.push(plural(rows.length, "player"));
    /* the rounds read, as pdnstats' title says them ("1 round (12)"), not
     * the columns R1 to the last */
    if (ct.rounds) parts.push(ct.rounds);
    if (ct.round_robin_games) parts.push(ct.games + " of " + ct.round_robin_games + " games");
    if (ct.tiebreak) parts.push("tie-break " + ct.tiebreak + (ct.tiebreak_note ? " " + ct.tiebreak_note : ""));
    var text = parts.join(", ");
    if (ct.duplicates) text += "; " + plural(ct.duplicates, "repeated game") + " left out";
    return text;
  }

  function crosstable(ct) {
    var box = el("div", null, "crosstable"), table = el("table"), rows = ct.rows || [];
    box.appendChild(el("h2", "Crosstable: " + ct.event));
    box.appendChild(el("p", crosstableSummary(ct), "summary"));
    if (!rows.length) return box;
    /* the columns as pdnstats --json names them: round_N (by rounds; and
     * round_unknown, the games with no round number), vs_N (round robin:
     * against the Nth row) */
    var cols = Object.keys(rows[0]).filter(function (k) { return k !== "event"; }), head = el("tr");
    cols.forEach(function (k) {
      head.appendChild(el("th", k === "round_unknown" ? "R?" : k === "line" ? "#" :
                                k.replace(/^round_/, "R").replace(/^vs_/, "").replace(/_/g, " ")));
    });
    table.appendChild(el("thead")).appendChild(head);
    var body = el("tbody");
    rows.forEach(function (row) {
      var tr = el("tr");
      cols.forEach(function (k) {
        var td = el("td"), v = row[k], text = v === null || v === undefined ? "" : String(v);
        td.setAttribute("dir", "auto");
        var m = /^round_(\d+|unknown)$/.exec(k);
        if (m && /^\d+[wb]/.test(text)) {
          /* "12b2", or "18b1 20w2" when a round had two games: a link each */
          td.className = "cell";
          text.split(/\s+/).forEach(function (one, n) {
            var cell = /^(\d+)([wb])/.exec(one), them = cell && rows[cell[1] - 1] && rows[cell[1] - 1].player;
            var white = cell && cell[2] === "w";
            if (n) td.appendChild(document.createTextNode(" "));
            cellLink(td, one, them ? findGames(ct.event, white ? row.player : them, white ? them : row.player, m[1], false) : []);
          });
        } else if (/^vs_\d+$/.test(k) && rows[k.slice(3) - 1] && /^[0-9]/.test(text)) {
          td.className = "cell";
          cellLinks(td, text, findGames(ct.event, row.player, rows[k.slice(3) - 1].player, null, true), row.player);
        } else td.textContent = text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    box.appendChild(table);
    return box;
  }

  function crosstables() {
    var list = (cross.stats || {}).crosstables || [], box = $("crosstables");
    list.forEach(function (ct) { box.appendChild(crosstable(ct)); });
  }

  /* ---- start ---- */

  gameList();
  crosstables();
  var buttons = { "go-first": function () { stop(); toEnd(false); }, "go-prev": function () { stop(); step(false); },
                  "go-play": play, "go-next": function () { stop(); step(true); },
                  "go-last": function () { stop(); toEnd(true); },
                  "go-flip": flip,
                  "go-up": function () { changeGame(-1); }, "go-down": function () { changeGame(1); } };
  Object.keys(buttons).forEach(function (id) { $(id).addEventListener("click", buttons[id]); });
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", fromHash);
  if (games.length) fromHash();
  else $("viewer").replaceChildren(el("p", "No game."));
})();
