// The hand form with no connection: hands kept on the phone until they are sent, and the half-typed
// hand (the draft) kept across a reload or a browser kill. static/js/app.js loads this file when the
// page has a hand form and it is needed (the form touched, hands waiting, a draft kept, offline).
//
// - Save with no connection (or while earlier hands of this match wait): the hand is kept in
//   localStorage with its idempotency key and the version it was drawn from, shown as "not sent yet",
//   and the form is ready for the next hand. The kept hands are sent in order when the connection
//   returns (the online event, a retry timer, the next page load). Each answer is shown on its row:
//   saved (the row goes, the scoreboard is drawn again), refused (the reason, kept until edited or
//   dropped), conflict (another phone saved first: "Keep theirs" drops it, "Add mine as the next hand"
//   sends it on top of theirs, as the Save button's conflict offers), match over (the match's last
//   hand was recorded, or the match ended early, meanwhile: nothing can be sent on top of it, so every
//   hand kept for it stays in view with what was typed, to copy or discard, and is never sent
//   again). A Save tapped online on a form drawn before the match ended is kept the same way, so
//   that what was typed is not lost with the form. The server checks every hand as always; the key
//   makes a resend harmless.
// - The draft: every change to the hand form is kept per match and put back when the form is drawn
//   empty (a reload, a new browser); cleared when the hand is saved, kept for sending, or discarded,
//   and never put back once a hand with its form's key was saved or kept.
(function () {
  "use strict";
  var QUEUE = "sk:queue", SENT = "sk:sent", DRAFT = "sk:draft:";
  var tr = function (s, v) { return window.scorekeeperWords(s, v); }; // app.js: the page's language
  var RETRY_MS = 15000;
  // the server's answer to a hand, in headers (scorekeeper/web/hands/routes.py): the match's version now,
  // and why it takes no more hands ("finished", "abandoned")
  var VERSION_HEADER = "Scorekeeper-Match-Version", OVER_HEADER = "Scorekeeper-Match-Over";
  var sending = false;

  function load(name, fallback) {
    try { return JSON.parse(localStorage.getItem(name)) || fallback; } catch (e) { return fallback; }
  }
  function store(name, value) { localStorage.setItem(name, JSON.stringify(value)); }
  function queue() { return load(QUEUE, []); }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }
  function time(iso) {
    var d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function offlineLine(show) { if (window.scorekeeperOffline) window.scorekeeperOffline(show); }

  // -- the hand form ------------------------------------------------------------------------------------
  function handForm() {
    var form = document.querySelector("form.hand-form");
    return form && /\/hands\/new$/.test(new URL(form.action, location.href).pathname) ? form : null;
  }
  function matchPath(form) { return new URL(form.action, location.href).pathname; }
  var SKIP = { csrf_token: true, version: true, key: true };
  function typed(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (!SKIP[name] && String(value).trim() !== "") fields.push([name, String(value)]);
    });
    return fields;
  }
  function field(form, name) { return form.querySelector('[name="' + name + '"]'); }

  function fill(form, fields) {
    clear(form);
    fields.forEach(function (pair) {
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          if (input.value === pair[1]) input.checked = true;
        } else if (!input.disabled) {
          input.value = pair[1];
        }
      });
    });
    redraw(form);
  }
  // Back to a fresh form's state: the taps a fresh form has made already (the usual end, "none" for a
  // player's choice) are marked data-fresh by the server; the rest are blank. With ``kept`` (the
  // fields of the hand just kept), only what still holds them: a box or tap changed since is the next
  // hand's, begun while the hand was on its way.
  function clear(form, kept) {
    var was = null;
    if (kept) {
      was = {};
      kept.forEach(function (pair) { (was[pair[0]] = was[pair[0]] || []).push(pair[1]); });
    }
    form.querySelectorAll("input, textarea, select").forEach(function (input) {
      if (input.type === "hidden" || input.disabled) return;
      var sent = was && (was[input.name] || []);
      if (input.type === "radio" || input.type === "checkbox") {
        if (!was || input.checked === (sent.indexOf(input.value) >= 0)) input.checked = input.hasAttribute("data-fresh");
      } else if (!was || input.value === (sent[0] || "")) {
        input.value = "";
      }
    });
  }
  function redraw(form) {
    // the card pickers draw their chips from their text boxes; the preview asks the server again
    form.querySelectorAll("[data-picker-text]").forEach(function (t) { t.dispatchEvent(new Event("input", { bubbles: true })); });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function describe(form) {
    var parts = [];
    var by = form.querySelector('input[name="by"]:checked');
    var end = form.querySelector('input[name="end"]:checked');
    var label = function (input) { var l = form.querySelector('label[for="' + input.id + '"]'); return l ? l.textContent.trim() : input.value; };
    if (by) parts.push(label(by) + (end ? " " + label(end).toLowerCase() : ""));
    form.querySelectorAll(".held-row").forEach(function (row) {
      // a game with several piles per player names the player once, above the piles
      var block = row.closest(".held-player");
      var name = row.querySelector(".name") || (block && block.querySelector("legend"));
      var pile = row.querySelector(".pile-label");
      if (!name) return;
      var points = row.querySelector("input.points");
      var cards = row.querySelector("[data-picker-text]");
      var who = name.textContent.trim() + (pile ? " (" + pile.textContent.trim() + ")" : "");
      if (points && points.value.trim()) parts.push(who + " " + points.value.trim());
      else if (cards && cards.value.trim()) parts.push(who + ": " + cards.value.trim());
      // what the player is entered as instead of a count (a drop, a wrong show)
      row.querySelectorAll(".player-choice input:checked").forEach(function (input) {
        if (input.value !== "") parts.push(who + " " + label(input).toLowerCase());
      });
      // a flag ticked beside the count ("never opened"): it may be all that was entered for the player
      row.querySelectorAll("label.unopened input:checked").forEach(function (input) {
        var l = input.closest("label");
        parts.push(who + " " + (l ? l.textContent.trim() : input.value).toLowerCase());
      });
    });
    // a hand entered by side: each side's boxes that hold something, in the form's own words
    form.querySelectorAll("fieldset.side-entry").forEach(function (side) {
      var name = side.querySelector("legend .side-name") || side.querySelector("legend");
      var said = [];
      side.querySelectorAll(".side-field > .stepper input, .side-field > .points-field input").forEach(function (input) {
        var value = input.value.trim();
        if (value && value !== "0") said.push(label(input) + " " + value);
      });
      // a side's box ticked (a pozzetto not taken), by its words
      side.querySelectorAll(".side-field > .check input:checked").forEach(function (input) {
        said.push(label(input));
      });
      if (name && said.length) parts.push(name.textContent.trim() + ": " + said.join(", "));
    });
    return parts.join(" · ") || tr("a hand");
  }

  // -- the draft ------------------------------------------------------------------------------------------
  // A draft names the hand it belongs to by the form's idempotency key: once a hand with that key is
  // saved or kept for sending, the draft is that hand's, never the next one's.
  function keepDraft(form) {
    var fields = typed(form);
    var key = field(form, "key");
    if (fields.length) store(DRAFT + matchPath(form), { fields: fields, key: key ? key.value : "", at: new Date().toISOString() });
    else localStorage.removeItem(DRAFT + matchPath(form));
  }
  function usedKeys() { return queue().map(function (i) { return i.key; }).concat(load(SENT, [])); }
  function dropDraft(form) {
    localStorage.removeItem(DRAFT + matchPath(form));
    var note = form.querySelector(".draft-note");
    if (note) note.remove();
  }
  // On a page load the draft wins over what the browser put back by itself (it restores some boxes on
  // a reload); a form the server drew again (a refusal) already shows what was typed.
  function restoreDraft(form, onLoad) {
    var draft = load(DRAFT + matchPath(form), null);
    if (draft && draft.key && usedKeys().indexOf(draft.key) >= 0) { dropDraft(form); return; }
    var now = typed(form);
    if (!draft || (onLoad ? JSON.stringify(now) === JSON.stringify(draft.fields) : now.length)) return;
    fill(form, draft.fields);
    form.querySelectorAll("[data-picker-text]").forEach(function (t) {
      var panel = t.closest("details");
      if (panel && t.value) panel.open = true;
    });
    var note = el("p", "draft-note", tr("Not saved yet: the hand typed at %s is back.", time(draft.at)) + " ");
    note.setAttribute("role", "status");
    var discard = el("button", "button small", tr("Discard it"));
    discard.type = "button";
    discard.setAttribute("data-draft-discard", "");
    note.appendChild(discard);
    form.insertBefore(note, form.firstChild);
  }

  // -- kept hands ----------------------------------------------------------------------------------------
  // ``sent``: the form as it was when Save sent it ({fields, label}), for a hand kept once its request
  // failed, a moment later: what was typed meanwhile (the next hand begun) is not part of it, and stays
  function keepHand(form, message, sent) {
    var items = queue();
    var path = matchPath(form);
    var mine = items.filter(function (i) { return i.match === path; });
    var editing = form.getAttribute("data-editing");
    var fields = sent ? sent.fields : typed(form);
    var label = sent ? sent.label : describe(form);
    var item = editing && items.filter(function (i) { return i.key === editing; })[0];
    if (item) {
      item.fields = fields;
      item.label = label;
      item.state = "pending";
      item.reason = "";
    } else {
      var version = mine.length ? mine[mine.length - 1].version + 1 : parseInt(field(form, "version").value, 10);
      items.push({ key: field(form, "key").value, match: path, page: location.pathname, version: version,
                   fields: fields, csrf: field(form, "csrf_token") ? field(form, "csrf_token").value : "",
                   label: label, state: "pending", reason: "", at: new Date().toISOString() });
    }
    store(QUEUE, items);
    form.removeAttribute("data-editing");
    dropDraft(form);
    clear(form, fields);
    field(form, "key").value = newKey();
    redraw(form);
    note = message;
    drawQueue();
    // the answer where the eyes go next: the kept hands, the new one last
    var section = document.getElementById("pending-hands");
    if (section) section.scrollIntoView({ block: "start" });
  }
  var note = "";
  function say(form, message) {
    // at the Save button, where the answer to a Save is said (the top of the form elsewhere)
    var status = form.querySelector("[data-save-status]");
    var line = form.querySelector(".queue-note");
    if (!line) {
      line = el("p", "queue-note");
      if (status) status.appendChild(line);
      else form.insertBefore(line, form.firstChild);
    }
    line.setAttribute("role", "status");
    line.textContent = message;
  }

  var STATES = { pending: "not sent yet", sending: "sending…", refused: "refused", conflict: "conflict",
                 over: "match over" };
  var state = function (s) { return STATES[s] ? tr(STATES[s]) : s; };
  function nextHandLine(form, waiting) {
    var line = form && form.querySelector(".next-dealer");
    if (!line) return;
    if (!line.hasAttribute("data-drawn")) line.setAttribute("data-drawn", line.innerHTML);
    // the engine's dealers of the hands after this one (data-ahead: "Hand 5 · Cat deals", in the page's
    // language); past them, or where the dealer depends on a hand (2-player Gin), the number alone
    var ahead = [];
    try { ahead = JSON.parse(line.getAttribute("data-ahead") || "[]"); } catch (e) { ahead = []; }
    if (waiting) line.textContent = ahead[waiting - 1] || tr("Hand %s", parseInt(form.getAttribute("data-hand"), 10) + waiting);
    else line.innerHTML = line.getAttribute("data-drawn"); // the server's own words, put back
  }
  function drawQueue() {
    var old = document.getElementById("pending-hands");
    if (old) old.remove();
    var form = handForm();
    var anchor = form ? form.closest("section") || form : document.getElementById("sheet");
    if (!anchor) return;
    var path = form ? matchPath(form) : null;
    var items = queue().filter(function (i) { return path ? i.match === path : i.page === location.pathname; });
    nextHandLine(form, items.filter(function (i) { return i.state !== "over"; }).length);
    if (!items.length) return;
    var section = el("section", "card pending-hands");
    section.id = "pending-hands";
    section.setAttribute("aria-live", "polite");
    // hands of a match that is over will never be sent: no "yet" about them
    var over = items.every(function (i) { return i.state === "over"; });
    section.appendChild(el("h2", "", tr(over ? "Not sent (%s)" : "Not sent yet (%s)", items.length)));
    // with no hand form (the match is over), right under the answer that said so, when there is one
    // (and then without saying it again)
    var banner = !form && document.getElementById("scoreboard-message");
    if (note && !banner) section.appendChild(el("p", "queue-note", note)).setAttribute("role", "status");
    var list = el("ol", "pending-list");
    // each kept hand by the number it will have (the form says the next hand's), and the Save bar's
    // line moved on past them: its dealer is left out, the engine says who deals once they are sent
    // (the next dealer can depend on a hand: 2-player Gin's winner deals, a player out is skipped)
    var first = form ? parseInt(form.getAttribute("data-hand"), 10) : NaN;
    var waiting = 0;
    items.forEach(function (item) {
      var row = el("li", "pending-row state-" + item.state);
      row.setAttribute("data-key", item.key);
      if (!isNaN(first) && item.state !== "over") row.appendChild(el("span", "pending-number", tr("Hand %s", first + waiting++)));
      row.appendChild(el("span", "pending-label", item.label));
      row.appendChild(el("span", "badge", state(item.state)));
      var why = item.state !== "over" ? item.reason : item.over === "abandoned"
        ? tr("Not sent: this match was ended early. Copy what was typed if you need it, or discard it.")
        : tr("Not sent: this match is over. Copy what was typed if you need it, or discard it.");
      if (why) row.appendChild(el("p", "error small", why));
      var actions = [];
      // a conflict offers the Save button's two choices in its words (templates/hands/partials/form.html)
      if (item.state === "conflict") {
        actions.push(["drop", tr("Keep theirs")]);
        // on top of the version the server said; with none said, there is nothing to add it after
        if (typeof item.server === "number" && !isNaN(item.server)) actions.push(["send-on-top", tr("Add mine as the next hand")]);
      }
      if (item.state === "refused") actions.push(["edit", tr("Edit")], ["drop", tr("Drop it")]);
      if (item.state === "over") actions.push(["copy", tr("Copy")], ["drop", tr("Discard it")]);
      actions.forEach(function (a) {
        var b = el("button", "button small", a[1]);
        b.type = "button";
        b.setAttribute("data-pending", a[0]);
        row.appendChild(b);
      });
      list.appendChild(row);
    });
    section.appendChild(list);
    if (banner) banner.parentNode.insertBefore(section, banner.nextSibling);
    else anchor.parentNode.insertBefore(section, anchor);
  }

  function update(key, change) {
    var items = queue();
    items.forEach(function (i) { if (i.key === key) change(i, items); });
    store(QUEUE, items);
  }
  function remove(key) { store(QUEUE, queue().filter(function (i) { return i.key !== key; })); }
  function rememberSent(key) { store(SENT, [key].concat(load(SENT, [])).slice(0, 50)); }

  function fragmentOf(text) { return new DOMParser().parseFromString(text, "text/html"); }
  function reasons(doc) {
    var found = [];
    doc.querySelectorAll(".error, [role=alert]").forEach(function (e) {
      var t = e.textContent.trim();
      // the Save bar's "Not saved: …" says again the refusal found beside its field: said once
      if (t && !found.some(function (f) { return t.indexOf(f) >= 0 || f.indexOf(t) >= 0; })) found.push(t);
    });
    return found.join(" ") || tr("The server refused this hand.");
  }

  // The match of these kept hands is over (its last hand recorded, or ended early, meanwhile): none
  // of them can be sent, now or later. Each stays in view with what was typed, to copy or discard;
  // the server's words head the list, which is brought into view once the sheet is drawn afresh.
  function matchOver(path, why, doc) {
    var banner = doc && doc.getElementById("scoreboard-message");
    note = banner ? banner.textContent.trim() : "";
    var items = queue();
    items.forEach(function (i) {
      // why, not the words: they are said in the language of the page that draws the row
      if (i.match === path) { i.state = "over"; i.over = why; i.reason = ""; }
    });
    store(QUEUE, items);
    showQueue = true;
  }
  var showQueue = false;
  function bringQueueIntoView() {
    var section = document.getElementById("pending-hands");
    if (showQueue && section) section.scrollIntoView({ block: "start" });
    showQueue = false;
  }

  // Send the kept hands in order; a match stops at its first refused or conflicting hand.
  function send() {
    if (sending) return;
    var items = queue();
    var blocked = {};
    var next = items.filter(function (i) {
      if (blocked[i.match]) return false;
      if (i.state === "refused" || i.state === "conflict" || i.state === "over") { blocked[i.match] = true; return false; }
      return true;
    })[0];
    if (!next) { finish(); return; }
    sending = true;
    var body = new URLSearchParams();
    next.fields.forEach(function (p) { body.append(p[0], p[1]); });
    var form = handForm();
    var csrf = (form && field(form, "csrf_token") && field(form, "csrf_token").value) || next.csrf;
    body.append("csrf_token", csrf);
    body.append("version", String(next.version));
    body.append("key", next.key);
    fetch(next.match, { method: "POST", body: body, credentials: "same-origin",
                        headers: { "HX-Request": "true", "X-CSRFToken": csrf } }).then(function (response) {
      return response.text().then(function (text) {
        sending = false;
        var over = response.headers.get(OVER_HEADER);
        var said = parseInt(response.headers.get(VERSION_HEADER), 10);
        if (response.ok) {
          note = "";
          sentNow += 1;
          remove(next.key);
          rememberSent(next.key);
          if (form && matchPath(form) === next.match) changed = true;
        } else if (over) {
          matchOver(next.match, over, fragmentOf(text));
          // the sheet drawn afresh shows the result (a finished match's scoreboard has no form)
          if (!form || matchPath(form) === next.match) changed = true;
        } else if (response.status === 409) {
          var doc = fragmentOf(text);
          // the sheet's version now (the stale form in the body keeps the one it was drawn from)
          var v = doc.querySelector('[name="accept_version"]');
          update(next.key, function (i) {
            i.state = "conflict";
            i.server = !isNaN(said) ? said : (v ? parseInt(v.value, 10) : null);
            i.reason = tr("Not sent: the sheet changed on another phone. Check the scores, then keep theirs or add mine as the next hand.");
          });
          if (form && matchPath(form) === next.match) changed = true;
        } else if (response.status === 429 || response.status >= 500) {
          retryLater();
          finish();
          return;
        } else {
          update(next.key, function (i) { i.state = "refused"; i.reason = reasons(fragmentOf(text)); });
        }
        drawQueue();
        send();
      });
    }, function () {
      sending = false;
      offlineLine(true);
      retryLater();
      finish();
    });
  }

  var changed = false, timer = null, sentNow = 0;
  // "2 hands sent.": said at the top of the standings drawn afresh, where "Saved" is said online
  function sayHandsSent() {
    var box = document.getElementById("standings");
    if (!sentNow || !box) return;
    var line = el("p", "action-note", sentNow === 1 ? tr("1 hand sent.") : tr("%s hands sent.", sentNow));
    line.setAttribute("role", "status");
    line.id = "hands-sent";
    var old = box.querySelector(".action-note");
    if (old) old.remove();
    box.insertBefore(line, box.firstChild);
    sentNow = 0;
    if (!document.getElementById("pending-hands")) line.scrollIntoView({ block: "start" });
  }
  function retryLater() {
    if (!timer) timer = setTimeout(function () { timer = null; send(); }, RETRY_MS);
  }
  // After hands were sent: draw the scoreboard afresh (the saved hands, another phone's, a new form;
  // a hand being typed comes back from its draft).
  function finish() {
    var redraw = changed && window.htmx && document.getElementById("scoreboard");
    if (redraw) {
      changed = false;
      fetch(location.pathname, { headers: { "HX-Request": "true" }, credentials: "same-origin" }).then(function (r) {
        return r.ok ? r.text() : null;
      }).then(function (html) {
        var fresh = html && fragmentOf(html).getElementById("scoreboard");
        if (fresh) window.htmx.swap("#scoreboard", fresh.outerHTML, { swapStyle: "outerHTML" });
        keepPage();
        prepare();
        sayHandsSent();
        bringQueueIntoView(); // once the sheet is drawn: it replaced the list drawn below
      }, function () {});
    }
    drawQueue();
    if (!redraw) bringQueueIntoView();
    if (queue().some(function (i) { return i.state === "pending"; })) retryLater();
  }
  function keepPage() {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ pages: [location.pathname] });
    }
  }
  // After a save: the page is kept again once the answer is drawn (when the phone is next idle). The
  // worker fetches the whole page for it, and the server draws it: asked for as the answer arrived,
  // that work ran beside the drawing of the new row and slowed it.
  function keepPageSoon() {
    if (window.requestIdleCallback) window.requestIdleCallback(keepPage, { timeout: 1000 });
    else setTimeout(keepPage, 100);
  }

  // -- wiring ------------------------------------------------------------------------------------------------
  function prepare(onLoad) {
    var form = handForm();
    if (!form) { drawQueue(); return; }
    // this script answers a Save that gets no connection (app.js leaves such a form to it)
    form.setAttribute("data-offline-queue", "");
    var key = field(form, "key");
    if (key && usedKeys().indexOf(key.value) >= 0) key.value = newKey();
    if (form.hasAttribute("data-unsent")) {
      // a Save that found no connection before this script had arrived (static/js/match.js marks it):
      // kept now, as it would have been, in place of "tap Save again"
      form.removeAttribute("data-unsent");
      var failed = form.querySelector("[data-save-status] .error");
      if (failed) failed.remove();
      offlineLine(true);
      keepHand(form, tr("No connection: the hand is kept on this phone (not sent yet) and will be sent when the connection returns. Record the next hand."));
      retryLater();
      return;
    }
    restoreDraft(form, onLoad === true);
    drawQueue();
  }

  document.addEventListener("input", function (e) { var f = handForm(); if (f && f.contains(e.target)) keepDraft(f); });
  document.addEventListener("change", function (e) { var f = handForm(); if (f && f.contains(e.target)) keepDraft(f); });
  document.addEventListener("cards-changed", function (e) { var f = handForm(); if (f && f.contains(e.target)) keepDraft(f); });

  document.addEventListener("click", function (e) {
    var form = handForm();
    var discard = e.target.closest("[data-draft-discard]");
    if (discard && form) { dropDraft(form); clear(form); redraw(form); return; }
    var action = e.target.closest("[data-pending]");
    if (!action) return;
    var key = action.closest("[data-key]").getAttribute("data-key");
    var what = action.getAttribute("data-pending");
    if (what === "copy") {
      copyText(action, queue().filter(function (i) { return i.key === key; })[0]);
      return;
    }
    if (what === "drop") {
      remove(key);
    } else if (what === "send-on-top") {
      update(key, function (item, items) {
        var mine = items.filter(function (i) { return i.match === item.match; });
        var base = item.server;
        mine.slice(mine.indexOf(item)).forEach(function (i, n) { i.version = base + n; });
        item.state = "pending";
        item.reason = "";
      });
    } else if (what === "edit" && form) {
      var item = queue().filter(function (i) { return i.key === key; })[0];
      fill(form, item.fields);
      form.setAttribute("data-editing", key);
      say(form, tr("Fix the hand, then save: it keeps its place among the hands not sent yet."));
      form.scrollIntoView({ block: "start" });
    }
    drawQueue();
    send();
  });

  // What was typed, for a chat or a note: to the clipboard where the page may write it, otherwise
  // selected on screen for the phone's own copy.
  function copyText(button, item) {
    if (!item) return;
    var row = button.closest("[data-key]");
    var select = function () {
      var label = row.querySelector(".pending-label");
      var range = document.createRange();
      range.selectNodeContents(label);
      var picked = window.getSelection();
      picked.removeAllRanges();
      picked.addRange(range);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(item.label).then(function () { button.textContent = tr("Copied"); }, select);
    } else {
      select();
    }
  }

  // Save: with earlier hands still waiting (or an edit of a kept one) keep this one after them;
  // with no connection, keep it (as the form was when Save sent it: sentHands).
  var sentHands = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = handForm();
    if (!form || e.detail.elt !== form) return;
    var waiting = queue().some(function (i) { return i.match === matchPath(form); });
    if (waiting || form.hasAttribute("data-editing")) {
      e.preventDefault();
      keepHand(form, tr("Kept on this phone after the hands not sent yet; it will be sent in order."));
      send();
      return;
    }
    sentHands.set(form, { fields: typed(form), label: describe(form) });
  });
  document.addEventListener("htmx:sendError", function (e) {
    var form = handForm();
    if (!form || e.detail.elt !== form) return;
    offlineLine(true);
    keepHand(form, tr("No connection: the hand is kept on this phone (not sent yet) and will be sent when the connection returns. Record the next hand."),
             sentHands.get(form));
    sentHands.delete(form);
    retryLater();
  });
  // A hand saved (200; a refusal is 422 and keeps the form as typed): its draft is done with, and its
  // key is remembered as sent, so that no draft of it is put back into the fresh form drawn in its
  // place. Said as the answer arrives (beforeOnLoad, fired on the form while it is still in the
  // page): the swap replaces the form, and htmx's later events (afterRequest) name the page around
  // it instead, so a draft left to them was never cleared and came back into the next hand's form.
  document.addEventListener("htmx:beforeOnLoad", function (e) {
    var form = handForm();
    if (!form || e.detail.elt !== form || !e.detail.xhr) return;
    var over = e.detail.xhr.getResponseHeader(OVER_HEADER);
    if (over && typed(form).length) {
      // a form drawn before the match ended: the answer takes the form away, so what was typed is
      // kept here, beside the other phone's result, to copy or discard
      var items = queue();
      items.push({ key: field(form, "key").value, match: matchPath(form), page: location.pathname,
                   version: parseInt(field(form, "version").value, 10), fields: typed(form), csrf: "",
                   label: describe(form), state: "pending", reason: "", at: new Date().toISOString() });
      store(QUEUE, items);
      matchOver(matchPath(form), over, fragmentOf(e.detail.xhr.responseText));
      dropDraft(form);
      return;
    }
    if (e.detail.xhr.status !== 200) return;
    var key = field(form, "key");
    if (key && key.value) rememberSent(key.value);
    dropDraft(form);
    keepPageSoon();
  });
  // the scoreboard drawn again: whole, or its part above the grid (a saved hand's answer), which
  // holds the hand form
  document.addEventListener("htmx:afterSettle", function (e) {
    var id = e.detail.target && e.detail.target.id;
    if (id === "scoreboard" || id === "scoreboard-top") { prepare(); bringQueueIntoView(); }
  });

  window.addEventListener("online", send);
  window.addEventListener("storage", function (e) { if (e.key === QUEUE) drawQueue(); });

  function start() {
    prepare(true);
    send();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
