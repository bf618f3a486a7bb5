// The match pages' JavaScript (the scoreboard, the hand form, the edit page, a hand's page, the match
// page): answers where the thumb is. Every page works without it. After a swap the first refusal is
// brought into view and focused, a saved hand or an undo brings the standings into view, a request that
// got no answer (or an error page) says so at its button, the live preview marks the box it is about,
// a question opened at the bottom of the screen is brought into view, one card picker is open at a
// time, and times written in UTC are shown in the phone's own time.
(function () {
  "use strict";
  var tr = function (s, v) { return window.scorekeeperWords(s, v); }; // app.js: the page's language

  // The form's first refusal (data-first-error names it): in the middle of the screen, clear of the
  // sticky Save bar, and focused. A saved hand or an undo (data-scroll-to) brings the standings up.
  function bringIntoView(scope) {
    var root = scope || document;
    var form = root.querySelector ? root.querySelector("[data-first-error]") : null;
    if (root.matches && root.matches("[data-first-error]")) form = root;
    if (form) {
      var target = document.getElementById(form.getAttribute("data-first-error"));
      if (target) {
        target.scrollIntoView({ block: "center" });
        target.focus({ preventScroll: true });
        return;
      }
    }
    var board = root.matches && root.matches("[data-scroll-to]") ? root
      : (root.querySelector ? root.querySelector("[data-scroll-to]") : null);
    if (board) {
      var spot = document.getElementById(board.getAttribute("data-scroll-to"));
      if (spot) spot.scrollIntoView({ block: "start" });
    }
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    if (!target || target.id === "preview" || target.closest(".picker")) return;
    // the swapped element replaced the target: look at what is in the page now, once the card
    // pickers in it have been drawn (they change the page's height)
    requestAnimationFrame(function () { bringIntoView(document.getElementById("scoreboard") || document); });
  });
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () { bringIntoView(document); });
  });

  // A double tap on Save. Save sits in the sticky bar at the bottom of the screen, and so does the
  // Save of the fresh form drawn after the hand is saved: the second tap of a double tap lands on it
  // and would post an empty form ("Not saved: say who ended the hand", the "Saved" line gone). While
  // the first tap's request is on its way, Save is disabled (hx-disabled-elt, in
  // templates/hands/partials/form.html; not inherited: htmx 2.0.3 throws on a "find" that finds
  // nothing, as it would from the live preview inside the form). Once the answer is drawn, a Save on
  // the fresh form (data-after-save) within a moment of the answer, before anything in it was
  // touched, is that same tap (or a third): ignored, and "Saved" stays in view. A double tap is well
  // under a second apart; nobody types a hand that fast. The moment is counted from the answer's arrival,
  // not from htmx's processing of the new form, which comes a settle later: a tap in between would
  // otherwise go out as a plain form post. Listened for at the document, before htmx sees the
  // submit, so both cases are caught.
  var DOUBLE_TAP_MS = 1000;
  var savedAt = 0;
  document.addEventListener("htmx:beforeSwap", function (event) {
    // said on the swap's target (the scoreboard); the request's own element is in its config
    var from = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (from && from.matches && from.matches("form.hand-form") && event.detail.xhr.status === 200) savedAt = Date.now();
  });
  ["input", "change", "cards-changed"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var fresh = event.target.closest && event.target.closest("form[data-after-save]");
      if (fresh) fresh.removeAttribute("data-after-save"); // a new hand begun: its Save is a Save
    }, true);
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.hand-form[data-after-save]")) return;
    if (Date.now() - savedAt > DOUBLE_TAP_MS) { form.removeAttribute("data-after-save"); return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    var note = document.querySelector("#standings .action-note");
    if (note) note.scrollIntoView({ block: "nearest" });
  }, true);

  // A Save on its way: the live preview of the form it sends is not asked for. Leaving the box typed
  // last is a "change", just before the tap on Save lands (the preview waits a moment for it, 60 ms,
  // in templates/hands/partials/form.html): the answer replaces the form, and a preview worked out by
  // the server at the same time only delays the new row.
  document.addEventListener("htmx:beforeSend", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.matches && elt.matches("form.hand-form")) elt.setAttribute("data-saving", "");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.matches && elt.matches("form.hand-form")) elt.removeAttribute("data-saving");
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "preview" && elt.closest("form[data-saving]")) event.preventDefault();
  });

  // A request that got no answer (no connection, server down) or an error page: say so at the
  // form's Save button, keep everything typed. The form gets a "save-failed" event too.
  function saveFailed(event, words) {
    var elt = event.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.closest("form"));
    if (!form || (elt.id === "preview") || (elt.closest && elt.closest(".picker"))) return;
    // a hand form whose Saves are kept on the phone when offline (static/js/offline.js) says so itself
    if (event.type === "htmx:sendError" && form.hasAttribute("data-offline-queue")) return;
    // offline.js is on its way (the tap on Save asked for it) but had not arrived: it keeps this
    // hand when it does, so a Save tapped in that moment is not left to be tapped again
    if (event.type === "htmx:sendError" && form.matches(".hand-form")) form.setAttribute("data-unsent", "");
    var status = form.querySelector("[data-save-status]");
    if (!status) {
      status = document.createElement("p");
      status.className = "save-status";
      status.setAttribute("data-save-status", "");
      status.setAttribute("tabindex", "-1");
      form.appendChild(status);
    }
    status.setAttribute("role", "alert");
    status.textContent = "";
    var line = document.createElement("p");
    line.className = "error";
    line.textContent = words;
    status.appendChild(line);
    status.scrollIntoView({ block: "nearest" });
    form.dispatchEvent(new CustomEvent("save-failed", { bubbles: true, detail: { words: words } }));
  }
  document.addEventListener("htmx:sendError", function (event) {
    saveFailed(event, tr("Not saved: no connection. What you typed is kept: tap Save again when you are back online."));
  });
  document.addEventListener("htmx:responseError", function (event) {
    saveFailed(event, tr("Not saved: the server could not save it (error %s). What you typed is kept: try again.",
      event.detail.xhr.status));
  });

  // A box typed in (and emptied again) is marked so, for the preview below.
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box.tagName === "INPUT" && box.closest && box.closest("form.hand-form")) box.setAttribute("data-typed", "");
  });

  // The live preview names the box it is about (data-field): mark that box until the next answer.
  document.addEventListener("htmx:afterSwap", function (event) {
    var region = event.detail.target;
    if (!region || region.id !== "preview") return;
    var form = region.closest("form");
    if (!form) return;
    // the preview is the latest verdict on the whole form: marks from an earlier answer go
    form.querySelectorAll("input.points[aria-invalid], [data-preview-marked]").forEach(function (box) {
      box.removeAttribute("data-preview-marked");
      box.removeAttribute("aria-invalid");
      var row = box.closest(".has-error");
      if (row) row.classList.remove("has-error");
    });
    // and so do the reasons the last Save drew beside the boxes: a reason still true is the preview's
    // now, said once there, not again beside a box that may since have changed
    if (region.textContent.trim()) {
      form.querySelectorAll("p.error[id$='-error']").forEach(function (said) {
        var box = document.getElementById(said.id.slice(0, -"-error".length));
        if (box) {
          box.removeAttribute("aria-invalid");
          if (box.getAttribute("aria-describedby") === said.id) box.removeAttribute("aria-describedby");
        }
        var row = said.closest(".has-error");
        if (row) row.classList.remove("has-error");
        said.remove();
      });
    }
    var said = region.querySelector("[data-field]");
    var box = said && document.getElementById(said.getAttribute("data-field"));
    // a box still empty that nobody has typed in yet is not wrong, only not reached: the preview's
    // line says what it waits for, and the box turns red once something in it is
    var waiting = box && box.value === "" && !box.hasAttribute("data-typed");
    if (box && box.tagName === "INPUT" && box.type !== "radio" && !waiting) {
      box.setAttribute("aria-invalid", "true");
      box.setAttribute("data-preview-marked", "");
    }
  });

  // The table's own end offered beside the totals (a match with no target) opens its question below.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest('.table-end-link a[href^="#end-"]');
    var asked = link && document.getElementById(link.getAttribute("href").slice(1));
    if (asked && asked.tagName === "DETAILS") asked.open = true;
  });

  // A question opened at the bottom of the screen ("End match early…") is brought into view.
  document.addEventListener("toggle", function (event) {
    var opened = event.target;
    if (opened.matches && opened.matches("details.confirm") && opened.open) {
      opened.scrollIntoView({ block: "nearest" });
    }
  }, true);

  // One card picker open at a time (browsers without the exclusive <details name> do it here).
  document.addEventListener("toggle", function (event) {
    var opened = event.target;
    if (!opened.matches || !opened.matches("details.cards-box") || !opened.open) return;
    var form = opened.closest("form");
    if (!form) return;
    form.querySelectorAll("details.cards-box[open]").forEach(function (other) {
      if (other !== opened) other.open = false;
    });
  }, true);

  // Times written in UTC by the server (data-local) are shown in the phone's own time.
  function localTimes(scope) {
    (scope || document).querySelectorAll("time[data-local]").forEach(function (t) {
      var when = new Date(t.getAttribute("datetime") + "Z");
      if (isNaN(when.getTime())) return;
      // in the page's language (an Italian page says "2 dic, 07:13"), at the phone's own time
      var lang = document.documentElement.lang || undefined;
      t.textContent = when.toLocaleString(lang, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
      t.removeAttribute("data-local");
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
  document.addEventListener("htmx:load", function (event) { localTimes(event.detail.elt); });

  // A points box that takes negatives (free scoring) is sent with the full keyboard, where the minus
  // is. Here it gets the number pad instead (inputmode numeric; iOS's has no minus key) and its "±"
  // button is shown beside it: a tap puts a minus in front of what was typed, or takes it away.
  function signBoxes(scope) {
    (scope || document).querySelectorAll("button.sign-toggle[hidden]").forEach(function (button) {
      var box = document.getElementById(button.getAttribute("data-sign-for"));
      if (!box) return;
      box.setAttribute("inputmode", "numeric");
      button.hidden = false;
      var row = button.closest(".held-row");
      if (row) row.classList.add("signed");
    });
  }
  document.addEventListener("DOMContentLoaded", function () { signBoxes(document); });
  document.addEventListener("htmx:load", function (event) { signBoxes(event.detail.elt); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.sign-toggle");
    if (!button) return;
    var box = document.getElementById(button.getAttribute("data-sign-for"));
    if (!box) return;
    var value = box.value.trim();
    box.value = /^[\u2212-]/.test(value) ? value.replace(/^[\u2212-]\s*/, "") : "\u2212" + value;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.focus();
  });
})();
