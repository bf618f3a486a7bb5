// Scorekeeper's small JavaScript glue. Every page works without it; this only makes the table
// quicker: a copy button, keeping the screen awake during a match (Wake Lock API), players tapped in
// seat order on the new-match page, sharing a match's result, the service worker that keeps opened
// pages for a dropped connection, the "offline" line, and the two larger scripts loaded only when a
// page needs them (the card picker's, and offline.js for the hand form), so a first load stays light.
// The match pages add static/js/match.js (answers where the thumb is), and the pages that draw a new
// match or a hand form static/js/entry_fields.js (sides, steppers).
(function () {
  "use strict";
  document.documentElement.classList.add("has-js");
  var me = document.currentScript;
  // words in the page's language, by their English (%s: a value): the page's (#sk-words), and those a
  // script loaded on demand brings (its words file calls scorekeeperWords.add before the script runs)
  var words = null;
  var say = window.scorekeeperWords = function (text, value) {
    if (words === null) {
      try { words = JSON.parse(document.getElementById("sk-words").textContent); } catch (e) { words = {}; }
    }
    return (words[text] || text).replace("%s", value);
  };
  say.add = function (more) { say(""); Object.assign(words, more); }; // the page's words read first
  // the service worker's URL (data-sw) and those of the scripts and styles loaded on demand (data-load-*)
  var url = function (name) { return me && me.getAttribute(name === "sw" ? "data-sw" : "data-load-" + name); };

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var source = document.querySelector(button.getAttribute("data-copy"));
    if (!source) return;
    var done = function () { button.textContent = say("Copied"); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(source.value).then(done, function () { source.select(); });
    } else { source.select(); }
  });

  // Share a finished match's result: the phone's share sheet (Web Share API) where there is one,
  // otherwise the text summary and its link copied to the clipboard.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share]");
    if (!button) return;
    var source = document.querySelector(button.getAttribute("data-share"));
    var url = button.getAttribute("data-share-url");
    var status = document.querySelector(".share-done");
    var tell = function (words) { if (status) status.textContent = words; };
    if (navigator.share) {
      navigator.share({ title: button.getAttribute("data-share-title"), text: source.value, url: url })
        .then(function () { tell(say("Shared.")); }, function () { /* closed without sharing */ });
      return;
    }
    var all = source.value + "\n" + url;
    var select = function () { source.select(); tell(say("Select the text above and copy it.")); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(all).then(function () { tell(say("Copied: paste it in your chat.")); }, select);
    } else { select(); }
  });

  // Share the result's picture (a PNG): the phone's share sheet with the file where the Web Share API
  // takes files (most phones), otherwise the link's own download goes ahead.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-share-image]");
    if (!link) return;
    var status = document.querySelector(".share-done");
    // what the text's Share said ("Copied…") is not about the picture: the line is cleared
    if (status) status.textContent = "";
    if (!navigator.canShare || typeof File === "undefined") return;
    event.preventDefault();
    var download = function () {
      link.removeAttribute("data-share-image"); // the plain link from now on
      link.click();
    };
    fetch(link.href).then(function (r) { return r.blob(); }).then(function (blob) {
      var file = new File([blob], link.getAttribute("download") || "result.png", { type: "image/png" });
      if (!navigator.canShare({ files: [file] })) { download(); return; }
      return navigator.share({ files: [file], title: link.getAttribute("data-share-title") }).then(function () {
        if (status) status.textContent = say("Shared.");
      }, function () { /* closed without sharing */ });
    }, download);
  });

  // Keep the screen awake on the scoreboard and the record-hand screen; the lock is released when
  // the page is hidden, so take it again when the page comes back.
  var lock = null;
  function wantLock() { return document.body && document.body.hasAttribute("data-wake-lock"); }
  function acquire() {
    if (!wantLock() || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; }, function () { lock = null; });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquire();
  });
  document.addEventListener("DOMContentLoaded", acquire);

  // New match: players are tapped in the order they sit. Each tap fills the plain form's seat
  // selects (hidden with JavaScript, shown without), so the server sees one form either way.
  function seatTaps() {
    var group = document.querySelector(".seat-taps");
    if (!group) return;
    var buttons = Array.prototype.slice.call(group.querySelectorAll(".seat-tap"));
    var select = function (b) { return document.getElementById(b.getAttribute("data-seat-for")); };
    var order = buttons.filter(function (b) { return select(b).value; })
      .sort(function (a, b) { return Number(select(a).value) - Number(select(b).value); });
    var dealer = document.querySelector(".dealer-pick select");
    // the page's own words for "nobody seated yet" (the first seated, in the page's language)
    var nobody = dealer ? dealer.options[0].textContent : "";
    function render() {
      buttons.forEach(function (b) {
        var at = order.indexOf(b);
        b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        b.querySelector(".seat-no").textContent = at >= 0 ? String(at + 1) : "";
        select(b).value = at >= 0 ? String(at + 1) : "";
      });
      if (dealer) {
        Array.prototype.forEach.call(dealer.options, function (o) {
          var seated = !o.value || order.some(function (b) { return b.getAttribute("data-player") === o.value; });
          o.hidden = !seated;
          if (!seated && o.selected) dealer.value = "";
        });
        dealer.options[0].textContent = order.length ? order[0].querySelector(".seat-name").textContent : nobody;
      }
      // house rules that cannot apply to this many players are hidden (the engine says which)
      Array.prototype.forEach.call(document.querySelectorAll(".switch[data-players]"), function (s) {
        var counts = s.getAttribute("data-players").split(" ");
        s.hidden = order.length > 0 && counts.indexOf(String(order.length)) < 0;
      });
    }
    group.addEventListener("click", function (event) {
      var b = event.target.closest(".seat-tap");
      if (!b) return;
      var at = order.indexOf(b);
      if (at >= 0) order.splice(at, 1); else order.push(b);
      render();
    });
    var clear = document.querySelector(".seat-clear");
    if (clear) clear.addEventListener("click", function () { order = []; render(); });
    render();
  }
  document.addEventListener("DOMContentLoaded", seatTaps);

  // The service worker (static/js/sw.js). On the first visit it does not control the page yet, so
  // the page asks it to keep this page and every file the app may need offline; a page not in English
  // asks on every visit for the words of the scripts loaded on demand (a phone may change language
  // after its first visit; words already kept are found at once).
  // It is registered once the page has loaded, so that it never competes with the page's own files.
  if ("serviceWorker" in navigator && url("sw")) window.addEventListener("load", function () {
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url("sw"), { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var files = [url("picker-words"), url("offline-words")].filter(Boolean);
      if (!registration.active || !(first || files.length)) return;
      if (first) {
        files.push(url("picker"), url("picker-css"), url("offline"));
        document.querySelectorAll("link[href^='/static/'], script[src^='/static/'], script[src^='/vendor/']").forEach(function (n) {
          files.push(n.getAttribute("href") || n.getAttribute("src"));
        });
      }
      registration.active.postMessage({ pages: first ? [location.pathname] : [], files: files });
    }).catch(function () {});
  });

  // "Offline: last updated at …", under the top bar, while the connection is gone.
  function offlineLine(show) {
    var line = document.getElementById("offline-line");
    if (!show || line) { if (!show && line) line.remove(); return; }
    var at = new Date(document.body.getAttribute("data-rendered-at"));
    line = document.createElement("p");
    line.id = "offline-line";
    line.className = "offline-line";
    line.setAttribute("role", "status");
    line.textContent = say("Offline: last updated at %s. Hands you save are kept on this phone and sent when the connection returns.",
      at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }));
    var main = document.getElementById("main");
    if (main) main.insertBefore(line, main.firstChild);
  }
  window.scorekeeperOffline = offlineLine;
  window.addEventListener("online", function () { offlineLine(false); });
  window.addEventListener("offline", function () { offlineLine(true); need("offline"); });

  // The larger scripts, each loaded once, when the page needs it.
  var loaded = {};
  function need(name) {
    if (loaded[name] || !url(name)) return;
    loaded[name] = true;
    var css = url(name + "-css");
    if (css && !document.querySelector('link[href="' + css + '"]')) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = css;
      document.head.appendChild(link);
    }
    // its words first (none on an English page), then the script: added in order, run in order
    [url(name + "-words"), url(name)].forEach(function (src) {
      if (!src) return;
      var script = document.createElement("script");
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  function handForm() { return document.querySelector("form.hand-form"); }
  function check() {
    // a picker in view needs its script now; one folded in a closed panel, when the panel opens
    document.querySelectorAll("[data-picker]").forEach(function (p) {
      var panel = p.closest("details");
      if (!p.hasAttribute("data-picker-draw") || !panel || panel.open) need("picker");
    });
    var form = handForm();
    // hands kept on this phone are shown (and sent) on a page with no hand form too: the scoreboard
    // of a match that ended meanwhile shows them to copy or discard
    if ((localStorage.getItem("sk:queue") || "[]") !== "[]") need("offline");
    if (form && (!navigator.onLine ||
                 localStorage.getItem("sk:draft:" + new URL(form.action, location.href).pathname))) need("offline");
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.open && event.target.querySelector("[data-picker]")) need("picker");
  }, true);
  ["focusin", "pointerdown"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = handForm();
      if (form && form.contains(event.target)) need("offline");
    }, true);
  });
  document.addEventListener("htmx:load", check);

  function start() {
    if (!navigator.onLine) offlineLine(true);
    check();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
