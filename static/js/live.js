// The spectator's live sheet: a stream of the match's versions (server-sent events, from
// scorekeeper/spectate/live.py) says when a hand was saved, and the sheet is asked for once then
// ("live-changed", a trigger of #live-sheet in templates/spectate/partials/sheet.html). While the stream
// is open htmx's own poll of the sheet is not sent; while it is not (no EventSource, a server that holds
// no stream and answers 204, the connection lost and being opened again) the poll goes on as before.
(function () {
  "use strict";
  // A stream refused (204: this worker holds no more, or none at all; an error page): the poll carries
  // on, and the stream is asked for again a while later, on whichever worker takes the connection.
  // The wait doubles at each refusal (a server that never holds one is asked once a minute at most)
  // and starts again once a stream is held; it is spread a little so that followers refused together
  // do not come back together.
  var RETRY_FIRST_MS = 2000, RETRY_MOST_MS = 60000;
  var retry = RETRY_FIRST_MS;
  var streaming = false;

  function sheet() { return document.getElementById("live-sheet"); }

  function open() {
    var at = sheet();
    var url = at && at.getAttribute("data-live-stream");
    if (!url || !window.EventSource || !window.htmx) return;
    var source = new EventSource(url);
    source.addEventListener("version", function (event) {
      streaming = true;
      retry = RETRY_FIRST_MS;
      var now = sheet();
      // the version as the stream opens, then each new one: the sheet is asked for when it differs
      // from the one drawn (a hand saved while the stream was being opened again is not missed)
      if (now && event.data !== now.getAttribute("data-version")) window.htmx.trigger(now, "live-changed");
    });
    source.addEventListener("error", function () {
      streaming = false;  // polls until the stream is back (the browser opens it again by itself)
      if (source.readyState !== EventSource.CLOSED) return;
      window.setTimeout(open, retry * (0.75 + Math.random() / 2));
      retry = Math.min(RETRY_MOST_MS, retry * 2);
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
