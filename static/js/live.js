// The spectator's live sheet: a stream of the match's versions (server-sent events, from
// scorekeeper/web/spectate/live.py) says when a hand was saved, and the sheet is asked for once then
// ("live-changed", a trigger of #live-sheet in templates/spectate/partials/sheet.html). While the stream
// is open htmx's own poll of the sheet is not sent; while it is not (no EventSource, a server that holds
// none and draws no stream link, a worker with no slot left that answers 204, the connection lost and
// being opened again) the poll goes on as before.
(function () {
  "use strict";
  // A stream refused (204: this worker holds no more, or none at all; an error page): the poll carries
  // on, and the stream is asked for again a while later, on whichever worker takes the connection.
  // The wait doubles at each refusal (a server that never holds one is asked once a minute at most)
  // and starts again once a stream is held; it is spread a little so that followers refused together
  // do not come back together.
  var RETRY_FIRST_MS = 1000, RETRY_MOST_MS = 60000;
  var retry = RETRY_FIRST_MS;
  var streaming = false;
  var heard = 0;  // the newest version the stream said

  function sheet() { return document.getElementById("live-sheet"); }

  // Ask for the sheet when the stream said a newer version than the one drawn. Asked again once a
  // sheet is drawn: one asked for just before a second hand was saved shows the first only.
  function catchUp() {
    var now = sheet();
    if (now && heard > Number(now.getAttribute("data-version"))) window.htmx.trigger(now, "live-changed");
  }

  function open() {
    var at = sheet();
    var url = at && at.getAttribute("data-live-stream");
    if (!url || !window.EventSource || !window.htmx) return;
    var source = new EventSource(url);
    source.addEventListener("version", function (event) {
      streaming = true;
      retry = RETRY_FIRST_MS;
      // the version as the stream opens, then each new one (a hand saved while the stream was being
      // opened again is not missed)
      heard = Math.max(heard, Number(event.data) || 0);
      catchUp();
    });
    source.addEventListener("error", function () {
      streaming = false;  // polls until the stream is back (the browser opens it again by itself)
      if (source.readyState !== EventSource.CLOSED) return;
      window.setTimeout(open, retry * (0.75 + Math.random() / 2));
      retry = Math.min(RETRY_MOST_MS, retry * 2);
    });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "live-sheet") catchUp();
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!streaming || !elt || elt.id !== "live-sheet") return;
    var by = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (!by || by.type !== "live-changed") event.preventDefault();  // the timer's poll: not needed
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", open);
  else open();
})();
