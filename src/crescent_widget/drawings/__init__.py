"""Pictures of a position without a browser: the text diagram (:mod:`.text`) and SVG (:mod:`.svg`)."""
