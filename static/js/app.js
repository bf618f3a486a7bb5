// Scorekeeper's small JavaScript glue. Every page works without it; this only makes the table
// quicker: a copy button, keeping the screen awake during a match (Wake Lock API), and players
// tapped in seat order on the new-match page, and sharing a match's result.
(function () {
  "use strict";
  document.documentElement.classList.add("has-js");

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var source = document.querySelector(button.getAttribute("data-copy"));
    if (!source) return;
    var done = function () { button.textContent = "Copied"; };
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
    var say = function (words) { if (status) status.textContent = words; };
    if (navigator.share) {
      navigator.share({ title: button.getAttribute("data-share-title"), text: source.value, url: url })
        .then(function () { say("Shared."); }, function () { /* closed without sharing */ });
      return;
    }
    var all = source.value + "\n" + url;
    var select = function () { source.select(); say("Select the text above and copy it."); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(all).then(function () { say("Copied: paste it in your chat."); }, select);
    } else { select(); }
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
        dealer.options[0].textContent = order.length ? order[0].querySelector(".seat-name").textContent : "the first seated";
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
})();
