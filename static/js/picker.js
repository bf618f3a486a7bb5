// The card picker (templates/shared/_card_picker.html): progressive enhancement of a grid of checkboxes.
//
// Without this file the picker is a plain form: a text box plus checkboxes the server merges
// (scorekeeper/web/picker.py). With it, each cell becomes one toggle button: a tap adds the card, in a
// two-pack game a second tap adds the second copy (badge ×2) and the next tap removes them all. The
// chosen cards line up as chips (a tap on a chip removes that card), and the text box, which stays the
// only thing submitted, follows both ways. Each change fires "cards-changed" on the text box, which
// htmx listens for (data-hx-trigger) to refresh the live preview. No inline script, no eval: CSP-safe.
(function () {
  "use strict";

  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣",
                "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣" };
  var SUIT_CODE = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  var tr = function (s, v) { return window.scorekeeperWords(s, v); }; // app.js: the page's language
  var SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
  var JOKERS = { JK: true, JKR: true, "*": true, "🃏": true, JOKER: true };

  // One natural card's code ("9S", "10H") from a token as people type it, or null.
  function natural(text) {
    var m = /^(10|[2-9]|[ATJQK])(.)$/u.exec(text);
    if (!m || !SUITS[m[2]]) return null;
    var rank = m[1] === "T" ? "10" : m[1];
    return rank + SUIT_CODE[SUITS[m[2]]];
  }

  // A token read the way the server reads it: {slot, code, symbol, name, red, joker}, or null.
  function readStandard(token) {
    var text = token.toUpperCase();
    var declared = null;
    if (text.indexOf("=") > 0) {
      var parts = text.split("=");
      if (parts.length !== 2 || !JOKERS[parts[0]]) return null;
      declared = natural(parts[1]);
      if (!declared) return null;
      text = parts[0];
    }
    if (JOKERS[text]) {
      return { slot: "JK", code: declared ? "JK=" + declared : "JK", joker: true, red: false,
               symbol: declared ? "JKR=" + symbol(declared) : "JKR",
               name: declared ? tr("joker as %s", name(declared)) : tr("joker") };
    }
    var code = natural(text);
    if (!code) return null;
    var suit = code.slice(-1);
    return { slot: code, code: code, joker: false, red: suit === "H" || suit === "D",
             symbol: symbol(code), name: name(code) };
  }

  // A token of a game's own deck (data-deck: Phase 10's "7R", Rummikub's "13k", a special "W" or "J"),
  // read as the server's deck declaration reads it, or null.
  function readOwn(token, deck) {
    var text = token.toUpperCase();
    var special = deck.read.specials[text];
    if (special) {
      var words = deck.specials.filter(function (s) { return s[0] === special; })[0];
      return { slot: special, code: special, joker: true, red: false, symbol: special,
               name: words ? words[2] : special };
    }
    var m = /^(\d{1,2})([A-Z])$/.exec(text);
    if (!m) return null;
    var number = parseInt(m[1], 10);
    var letter = deck.read.letters[m[2]];
    if (!letter || number < deck.read.numbers[0] || number > deck.read.numbers[1]) return null;
    var colour = deck.colours.filter(function (c) { return c[0] === letter; })[0];
    return { slot: number + letter, code: number + letter, joker: false, red: false, colour: letter.toLowerCase(),
             symbol: number + letter, name: number + " " + (colour ? colour[1] : letter) };
  }

  // The grid of a game's own deck: a row per number, a column per colour, its special cards below.
  function drawOwnGrid(root, copies, deck) {
    var table = document.createElement("table");
    table.className = "picker-grid own-deck copies-" + copies;
    table.setAttribute("data-picker-grid", "");
    var caption = table.createCaption();
    caption.className = "sr-only";
    caption.textContent = tr("%s: every number in every colour", root.querySelector(".picker-label").textContent);
    var head = table.createTHead().insertRow();
    head.appendChild(document.createElement("th"));
    deck.colours.forEach(function (c) {
      var th = document.createElement("th");
      th.scope = "col";
      th.className = "colour-" + c[0].toLowerCase();
      th.textContent = c[0];
      th.setAttribute("aria-label", c[1]);
      head.appendChild(th);
    });
    var body = table.createTBody();
    for (var n = deck.read.numbers[0]; n <= deck.read.numbers[1]; n++) {
      var row = body.insertRow();
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(n);
      row.appendChild(th);
      deck.colours.forEach(function (c) {
        var td = row.insertCell();
        td.className = "cell colour-" + c[0].toLowerCase();
        td.setAttribute("data-card", n + c[0]);
        td.setAttribute("data-symbol", n + c[0]);
        td.setAttribute("data-name", n + " " + c[1]);
      });
    }
    deck.specials.forEach(function (s) {
      var srow = body.insertRow();
      srow.className = "jokers";
      var sth = document.createElement("th");
      sth.scope = "row";
      sth.textContent = s[0];
      srow.appendChild(sth);
      var td = srow.insertCell();
      td.className = "cell joker";
      td.colSpan = deck.colours.length;
      td.setAttribute("data-card", s[0]);
      td.setAttribute("data-symbol", s[0]);
      td.setAttribute("data-name", s[2]);
    });
    root.appendChild(table);
  }

  function symbol(code) { return code.slice(0, -1) + SUITS[code.slice(-1)]; }
  function name(code) {
    var rank = code.slice(0, -1);
    return tr("%s of " + SUIT_NAMES[code.slice(-1)], RANK_NAMES[rank] ? tr(RANK_NAMES[rank]) : rank);
  }

  // A picker of melds in groups (data-picker-groups) keeps "|" (the next meld) and "/" (laid off on
  // the meld that follows) as tokens of their own, however they were typed.
  var MARKS = { "|": true, "/": true };
  function tokens(value, grouped) {
    if (grouped) value = value.replace(/([|/])/g, " $1 ");
    return value.split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }
  // Which tokens are the player's own cards: in a group, those after "/" are the meld on the table
  // a lay-off went on, someone else's cards, not counted against the deck's copies.
  function ownFlags(list, grouped) {
    var context = false;
    return list.map(function (t) {
      if (!grouped) return true;
      if (t === "|") { context = false; return false; }
      if (t === "/") { context = true; return false; }
      return !context;
    });
  }

  // A picker marked data-picker-draw has no grid in the page (a hand form with six players would
  // carry six grids): its grid is drawn here the first time its panel opens.
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  function drawGrid(root, copies, jokers) {
    var table = document.createElement("table");
    table.className = "picker-grid copies-" + copies;
    table.setAttribute("data-picker-grid", "");
    var caption = table.createCaption();
    caption.className = "sr-only";
    caption.textContent = tr("%s: every card by rank and suit", root.querySelector(".picker-label").textContent);
    var head = table.createTHead().insertRow();
    ["", "S", "H", "D", "C"].forEach(function (suit) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = suit ? SUITS[suit] : "";
      if (suit) th.setAttribute("aria-label", tr(SUIT_NAMES[suit]));
      if (suit === "H" || suit === "D") th.className = "red";
      head.appendChild(th);
    });
    var body = table.createTBody();
    RANKS.forEach(function (rank) {
      var row = body.insertRow();
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = rank;
      row.appendChild(th);
      "SHDC".split("").forEach(function (suit) { cell(row, rank + suit, symbol(rank + suit), name(rank + suit)); });
    });
    if (jokers) {
      var jrow = body.insertRow();
      jrow.className = "jokers";
      var jth = document.createElement("th");
      jth.scope = "row";
      jth.textContent = "Jkr";
      jrow.appendChild(jth);
      cell(jrow, "JK", "JKR", tr("joker")).colSpan = 4;
    }
    root.appendChild(table);
  }
  function cell(row, code, face, label) {
    var td = row.insertCell();
    var suit = code.slice(-1);
    td.className = "cell" + (code === "JK" ? " joker" : suit === "H" || suit === "D" ? " red" : "");
    td.setAttribute("data-card", code);
    td.setAttribute("data-symbol", face);
    td.setAttribute("data-name", label);
    return td;
  }

  function whenOpen(root) {
    if (!root.hasAttribute("data-picker-watched")) {
      root.setAttribute("data-picker-watched", "");
      keepGridInSight(root);
    }
    var panel = root.closest("details");
    if (!root.hasAttribute("data-picker-draw") || !panel || panel.open) { enhance(root); return; }
    panel.addEventListener("toggle", function () { if (panel.open) enhance(root); });
  }

  // A hand form's picker: the sticky head's height is known to the CSS (rows scrolled to stop below it),
  // and on opening, a grid whose first row is out of sight (under the Save bar, past the screen) is
  // brought up with the head, so the first row shows below the chosen cards.
  function keepGridInSight(root) {
    var panel = root.closest("details.cards-box");
    var head = root.querySelector(".picker-head");
    if (!panel || !head) return;
    var measure = function () { root.style.setProperty("--picker-head", head.offsetHeight + "px"); };
    if (window.ResizeObserver) new ResizeObserver(measure).observe(head);
    var show = function () {
      var first = root.querySelector("[data-picker-grid] tbody tr");
      if (!panel.open || !first) return;
      var bar = document.getElementById("save-bar");
      var floor = bar ? Math.min(window.innerHeight, bar.getBoundingClientRect().top) : window.innerHeight;
      if (first.getBoundingClientRect().bottom > floor) root.scrollIntoView({ block: "start" });
    };
    // opened by a tap, not drawn open (a refused save keeps its own place on the page)
    panel.addEventListener("toggle", function () { measure(); requestAnimationFrame(show); });
  }

  function enhance(root) {
    if (root.hasAttribute("data-picker-ready")) return;
    root.setAttribute("data-picker-ready", "");
    root.classList.add("is-enhanced");
    var text = root.querySelector("[data-picker-text]");
    var chips = root.querySelector("[data-picker-chips]");
    var copies = parseInt(root.getAttribute("data-copies"), 10) || 1;
    var jokers = parseInt(root.getAttribute("data-jokers"), 10) || 0;
    var prefix = text.id.replace(/-text$/, "");
    var buttons = {};
    var grouped = root.hasAttribute("data-picker-groups");
    var marks = root.querySelector("[data-picker-marks]");
    if (marks) marks.hidden = false;
    var deck = root.hasAttribute("data-deck") ? JSON.parse(root.getAttribute("data-deck")) : null;
    var read = deck ? function (t) { return readOwn(t, deck); } : readStandard;
    // how many of a card the deck holds: a special its own copies, a joker the jokers, any other the copies
    var held = {};
    if (deck) deck.specials.forEach(function (s) { held[s[0]] = s[1]; });
    var most = function (slot) { return held[slot] !== undefined ? held[slot] : slot === "JK" && !deck ? jokers : copies; };
    if (root.hasAttribute("data-picker-draw") && !root.querySelector("[data-picker-grid]")) {
      if (deck) drawOwnGrid(root, copies, deck); else drawGrid(root, copies, jokers);
    }

    // The boxes stay in the page (so a screen without the script is the same form) but are not sent:
    // the text box alone carries the cards from now on.
    root.querySelectorAll("[data-picker-nojs]").forEach(function (input) { input.disabled = true; });

    root.querySelectorAll("td[data-card]").forEach(function (cell) {
      var slot = cell.getAttribute("data-card");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "pick";
      button.setAttribute("data-slot", slot);
      button.setAttribute("aria-label", cell.getAttribute("data-name"));
      button.setAttribute("aria-pressed", "false");
      var face = document.createElement("span");
      face.className = "face";
      face.setAttribute("aria-hidden", "true");
      face.textContent = cell.getAttribute("data-symbol");
      var badge = document.createElement("span");
      badge.className = "count";
      badge.id = prefix + "-count-" + slot;
      button.setAttribute("aria-describedby", badge.id);
      button.appendChild(face);
      button.appendChild(badge);
      cell.appendChild(button);
      buttons[slot] = button;
    });

    function counts(list) {
      var found = {};
      var own = ownFlags(list, grouped);
      list.forEach(function (t, i) {
        var card = read(t);
        if (card && own[i]) found[card.slot] = (found[card.slot] || 0) + 1;
      });
      return found;
    }

    function draw() {
      var list = tokens(text.value, grouped);
      var found = counts(list);
      Object.keys(buttons).forEach(function (slot) {
        var n = found[slot] || 0;
        var button = buttons[slot];
        button.setAttribute("aria-pressed", n > 0 ? "true" : "false");
        button.classList.toggle("is-full", n >= most(slot));
        button.lastChild.textContent = n > 1 ? "×" + n : "";
      });
      chips.textContent = "";
      list.forEach(function (t, index) {
        var card = read(t);
        if (grouped && MARKS[t]) {
          // a mark is a chip too, removed by a tap like a card
          var word = root.getAttribute(t === "|" ? "data-word-group" : "data-word-on");
          var mli = document.createElement("li");
          var mark = document.createElement("button");
          mark.type = "button";
          mark.className = "chip mark";
          mark.setAttribute("data-index", String(index));
          mark.setAttribute("aria-label", tr("Remove %s", word));
          mark.textContent = t === "|" ? "|" : word;
          mli.appendChild(mark);
          chips.appendChild(mli);
          return;
        }
        if (!card) return;
        var li = document.createElement("li");
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip" + (card.joker ? " joker" : card.red ? " red" : card.colour ? " colour-" + card.colour : "");
        chip.setAttribute("data-index", String(index));
        chip.setAttribute("aria-label", tr("Remove %s", card.name));
        chip.textContent = card.symbol;
        li.appendChild(chip);
        chips.appendChild(li);
      });
      // the newest chip in view, where the chips keep to one line
      chips.scrollLeft = chips.scrollWidth;
      // A change made here makes an error drawn by the server out of date.
      var errors = root.querySelector(".picker-errors");
      if (errors && text.getAttribute("data-edited") === "yes") {
        errors.remove();
        text.removeAttribute("aria-invalid");
      }
    }

    function write(list) {
      text.value = list.join(" ");
      text.setAttribute("data-edited", "yes");
      draw();
      text.dispatchEvent(new CustomEvent("cards-changed", { bubbles: true }));
    }

    root.addEventListener("click", function (event) {
      var pick = event.target.closest("button.pick");
      var chip = event.target.closest("[data-picker-chips] button");
      var addMark = event.target.closest("[data-picker-mark]");
      var list = tokens(text.value, grouped);
      if (addMark) {
        list.push(addMark.getAttribute("data-picker-mark"));
        write(list);
      } else if (pick) {
        var slot = pick.getAttribute("data-slot");
        var own = ownFlags(list, grouped);
        var have = list.filter(function (t, i) { var c = read(t); return own[i] && c && c.slot === slot; }).length;
        // after "/" come the cards of a meld on the table: someone's own, never counted here
        var onTable = grouped && list.length > 0 && !ownFlags(list.concat(["2C"]), grouped)[list.length];
        if (onTable || have < most(slot)) {
          list.push(slot);
        } else {
          // one tap past the deck's copies takes them all away again
          list = list.filter(function (t, i) { var c = read(t); return !(own[i] && c && c.slot === slot); });
        }
        write(list);
      } else if (chip) {
        list.splice(parseInt(chip.getAttribute("data-index"), 10), 1);
        write(list);
        var next = chips.querySelector("button") || text;
        next.focus();
      }
    });
    text.addEventListener("input", function () { text.setAttribute("data-edited", "yes"); draw(); });
    draw();
  }

  // A select marked data-submit-on-change (the meld checker's game) draws the page again for its deck.
  document.addEventListener("change", function (event) {
    var select = event.target.closest("[data-submit-on-change]");
    if (select && select.form) select.form.requestSubmit();
  });

  // After a live preview, mark the text box invalid when the answer is an error about it.
  document.addEventListener("htmx:afterSwap", function (event) {
    var region = event.detail.target;
    if (!region || !region.classList.contains("picker-preview")) return;
    var root = region.closest("[data-picker]");
    var text = root && root.querySelector("[data-picker-text]");
    if (!text) return;
    if (region.querySelector("[data-field-error]")) {
      text.setAttribute("aria-invalid", "true");
    } else {
      text.removeAttribute("aria-invalid");
    }
  });

  function enhanceAll(scope) {
    (scope || document).querySelectorAll("[data-picker]").forEach(whenOpen);
  }
  document.addEventListener("htmx:load", function (event) { enhanceAll(event.detail.elt.parentNode || document); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { enhanceAll(document); });
  } else {
    enhanceAll(document);
  }
})();
