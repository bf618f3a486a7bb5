"""The web: the app's factory, its extensions, one blueprint per feature and the helpers of its pages
(forms, words, charts, the card picker). It calls the service for whatever is stored and the engine for
what a game says; nothing below it imports it."""
