// What a game's entry fields ask beyond points and cards, loaded only by the pages that draw it (a new match,
// the hand form): who plays with whom in a game of sides, the steppers of a side's counts, and a hand
// that names nobody. Kept out of app.js so that the pages that only show a sheet (a match's history,
// the summary) do not carry it (tests/web/test_light_pages.py weighs every first load).
(function () {
  "use strict";
  // New match of a game played in sides: who plays with whom. Partners sit opposite unless a player
  // is tapped across; each player's side select (shown without JavaScript) carries the choice.
  function sidesPick() {
    var pick = document.querySelector("[data-sides-pick]");
    if (!pick) return;
    var counts = (pick.getAttribute("data-players") || "").split(" ");
    var cols = Array.prototype.slice.call(pick.querySelectorAll(".side-col .side-members"));
    // each table size's sides with partners opposite, seat by seat, as the server gives them
    var opposite = {};
    (pick.getAttribute("data-opposite") || "").split(" ").forEach(function (part) {
      var bits = part.split(":");
      if (bits.length === 2) opposite[bits[0]] = bits[1].split(",");
    });
    var shown = cols.length;  // the sides the seated players can fill: the rest are not drawn
    function seated() {
      return Array.prototype.slice.call(document.querySelectorAll(".seat-tap"))
        .map(function (b) { return { b: b, seat: document.getElementById(b.getAttribute("data-seat-for")) }; })
        .filter(function (x) { return x.seat.value; })
        .sort(function (a, b) { return Number(a.seat.value) - Number(b.seat.value); });
    }
    function defaults(n) {
      return opposite[String(n)] || [];
    }
    function sideOf(x, i, n) {
      var chosen = document.getElementById("side_" + x.b.getAttribute("data-player"));
      if (chosen && chosen.value && Number(chosen.value) <= shown) return chosen.value;
      return defaults(n)[i] || String(i % 2 + 1);
    }
    function render() {
      var players = seated();
      pick.hidden = counts.indexOf(String(players.length)) < 0;
      // as many sides as there are pairs of players (two at least), never an empty box past them
      shown = Math.min(cols.length, Math.max(2, Math.floor(players.length / 2)));
      cols.forEach(function (c, k) { c.textContent = ""; c.parentNode.hidden = k >= shown; });
      Array.prototype.forEach.call(pick.querySelectorAll("select"), function (s) {
        if (!players.some(function (x) { return "side_" + x.b.getAttribute("data-player") === s.id; })) s.value = "";
      });
      players.forEach(function (x, i) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "side-tap";
        b.setAttribute("data-player", x.b.getAttribute("data-player"));
        b.textContent = x.b.querySelector(".seat-name").textContent;
        var col = cols[Number(sideOf(x, i, players.length)) - 1] || cols[0];
        col.appendChild(b);
      });
    }
    pick.addEventListener("click", function (event) {
      var tap = event.target.closest(".side-tap");
      if (!tap) return;
      var players = seated();
      players.forEach(function (x, i) {  // the sides as shown become explicit, then the tapped one moves
        var s = document.getElementById("side_" + x.b.getAttribute("data-player"));
        if (s) s.value = sideOf(x, i, players.length);
      });
      var mine = document.getElementById("side_" + tap.getAttribute("data-player"));
      if (mine) mine.value = String(mine.value % shown + 1);
      render();
    });
    document.addEventListener("click", function (event) {
      if (event.target.closest(".seat-tap, .seat-clear")) window.setTimeout(render, 0);
    });
    render();
  }
  document.addEventListener("DOMContentLoaded", sidesPick);

  // Steppers (a side's counts, cards counted by class): − and + change the box beside them, and a
  // points total counted by class is the sum of each class's count times its value, shown as it is
  // tapped and written into the points box.
  function countedTotal(details) {
    var total = 0;
    Array.prototype.forEach.call(details.querySelectorAll("input[data-value]"), function (i) {
      total += (parseInt(i.value, 10) || 0) * Number(i.getAttribute("data-value"));
    });
    var out = details.querySelector("[data-counted-total]");
    if (out) out.textContent = total.toLocaleString(document.documentElement.lang || undefined);
    var box = document.getElementById(details.getAttribute("data-count-into"));
    if (box) box.value = String(total);
  }
  document.addEventListener("click", function (event) {
    var step = event.target.closest("[data-step]");
    if (!step) return;
    var box = document.getElementById(step.getAttribute("data-step-for"));
    if (!box) return;
    var max = step.getAttribute("data-step-max");
    var value = Math.max(0, (parseInt(box.value, 10) || 0) + Number(step.getAttribute("data-step")));
    if (max) value = Math.min(Number(max), value);
    box.value = value ? String(value) : "";
    var details = box.closest("[data-count-into]");
    if (details) countedTotal(details);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // A hand that ends in a way nobody makes (the stock ran out) names nobody: the tap on who ended it
  // is taken back, so that the form never sends a refusal the player did not mean.
  document.addEventListener("change", function (event) {
    if (!event.target.hasAttribute || !event.target.hasAttribute("data-names-nobody")) return;
    Array.prototype.forEach.call(event.target.form.querySelectorAll("input[name='by']"), function (r) { r.checked = false; });
  });
  // Boxes shown only for one choice of a field (a hand in which nobody plays alone: each player's own
  // boxes), and those shown for every other choice; without JavaScript both are drawn.
  function shownByChoice() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-when-field], [data-unless-field]"), function (el) {
      var when = el.hasAttribute("data-when-field");
      var name = el.getAttribute(when ? "data-when-field" : "data-unless-field");
      var form = el.closest("form");
      var picked = form && form.querySelector("input[name='" + name + "']:checked");
      var chosen = !!picked && picked.value === el.getAttribute(when ? "data-when-value" : "data-unless-value");
      el.hidden = when ? !chosen : chosen;
    });
  }
  document.addEventListener("DOMContentLoaded", shownByChoice);
  document.addEventListener("htmx:afterSettle", shownByChoice);
  document.addEventListener("change", shownByChoice);
  document.addEventListener("input", function (event) {
    var details = event.target.closest && event.target.closest("[data-count-into]");
    if (details && event.target.hasAttribute("data-value")) countedTotal(details);
  });
})();
