"""Hardening tests (issue 7): concurrency, crash consistency, hostile input, the route crawl."""
