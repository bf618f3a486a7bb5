// Scorekeeper's small JavaScript glue. Every page works without it; this only makes the table
// quicker: a copy button, and keeping the screen awake during a match (Wake Lock API).
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
})();
