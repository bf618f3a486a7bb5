// Scorekeeper's service worker: the app shell that keeps the table usable with no connection.
//
// Served from /sw.js (scope: the whole site) with the static files' build in its URL (?v=...), so a
// new build is a new worker: it takes over at once and removes the static files of older builds, and
// a phone is never more than one reload behind. Kept pages are one copy per URL, replaced on each visit.
// - Static files (their URLs carry a content hash), the scripts' words and the htmx script: from the
//   cache, else fetched and kept. Offline, a file of an older build stands in for a missing one.
// - The pages a player opens (home, a table, a scoreboard, its hand form, the meld checker): from the
//   network, each answer kept; with no connection, the last copy kept. Nothing else is cached, and
//   nothing but GET is touched: saves always go to the server (static/js/offline.js queues them).
"use strict";

var BUILD = new URL(self.location.href).searchParams.get("v") || "dev";
var STATIC = "sk-static-" + BUILD;
var PAGES = "sk-pages-1";
var KEPT_PAGE = /^\/(?:melds|t\/[\w-]+(?:\/m\/\d+(?:\/hands\/new)?)?)?$/;

self.addEventListener("install", function (event) {
  self.skipWaiting();
  // A save (every POST) goes straight to the network, without waking this worker: it never answers
  // one (see the fetch handler), and the trip through it was a few milliseconds of every tap on Save.
  // Browsers without static routes (InstallEvent.addRoutes) pass POSTs through the handler as before.
  if (event.addRoutes) {
    event.waitUntil(event.addRoutes([{ condition: { requestMethod: "POST" }, source: "network" }]).catch(function () {}));
  }
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("sk-") === 0 && n !== STATIC && n !== PAGES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function isStatic(url) {
  // the scripts' words in a language (/words/<lang>/<script>.js) are named by their content too
  return url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/vendor/") === 0 ||
    url.pathname.indexOf("/words/") === 0;
}

function pageKey(url) { return new Request(url.origin + url.pathname); }

function keepPage(url, response) {
  if (!response.ok || response.redirected || !KEPT_PAGE.test(url.pathname)) return Promise.resolve();
  var copy = response.clone();
  return caches.open(PAGES).then(function (cache) { return cache.put(pageKey(url), copy); });
}

function fromStatic(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      }, function (error) {
        // offline, a page kept by an older build: the same file of this build stands in
        return caches.match(request, { ignoreSearch: true }).then(function (old) {
          if (old) return old;
          throw error;
        });
      });
    });
  });
}

function fromNetworkThenPages(request, url) {
  return fetch(request).then(function (response) {
    keepPage(url, response);
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(pageKey(url), { ignoreVary: true }).then(function (kept) {
        return kept || new Response("No connection, and this page was not opened on this phone before.",
          { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isStatic(url)) {
    event.respondWith(fromStatic(request));
  } else if (request.mode === "navigate" && KEPT_PAGE.test(url.pathname)) {
    event.respondWith(fromNetworkThenPages(request, url));
  }
});

// A page asks to keep itself and its files: on the first visit (before this worker controlled it) and
// after an htmx save changed what the page shows.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var work = [];
  (data.pages || []).forEach(function (path) {
    var url = new URL(path, self.location.origin);
    work.push(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      return keepPage(url, response);
    }).catch(function () {}));
  });
  (data.files || []).forEach(function (path) {
    work.push(fromStatic(new Request(new URL(path, self.location.origin).href)).catch(function () {}));
  });
  event.waitUntil(Promise.all(work).then(function () {
    if (event.source && data.reply) event.source.postMessage({ kept: data.reply });
  }));
});
