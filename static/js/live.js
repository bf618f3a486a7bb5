// The spectator's live sheet: a stream of the match's versions (server-sent events, from
// scorekeeper/spectate/live.py) says when a hand was saved, and the sheet is asked for once then
// ("live-changed", a trigger of #live-sheet in templates/spectate/partials/sheet.html). While the stream
// is open htmx's own poll of the sheet is not sent; while it is not (no EventSource, a server that holds
// no stream and answers 204, the connection lost and being opened again) the poll goes on as before.
(function () {
  "use strict";
  var RETRY_CLOSED_MS = 30000;  // a stream refused (204, an error page): the poll carries on, and the
                                // stream is asked for again after this long
  var streaming = false;

  function sheet() { return document.getElementById("live-sheet"); }

  function open() {
    var at = sheet();
    var url = at && at.getAttribute("data-live-stream");
    if (!url || !window.EventSource || !window.htmx) return;
    var source = new EventSource(url);
    source.addEventListener("version", function (event) {
      streaming = true;
      var now = sheet();
      // the version as the stream opens, then each new one: the sheet is asked for when it differs
      // from the one drawn (a hand saved while the stream was being opened again is not missed)
      if (now && event.data !== now.getAttribute("data-version")) window.htmx.trigger(now, "live-changed");
    });
    source.addEventListener("error", function () {
      streaming = false;  // polls until the stream is back (the browser opens it again by itself)
      if (source.readyState === EventSource.CLOSED) window.setTimeout(open, RETRY_CLOSED_MS);
    });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!streaming || !elt || elt.id !== "live-sheet") return;
    var by = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (!by || by.type !== "live-changed") event.preventDefault();  // the timer's poll: not needed
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", open);
  else open();
})();
