// The line shown instead of the board when the pane is too narrow for its cards to be
// tapped (widget.css decides when, by the board's own width); its text is Python's.

import { element, setText } from "./dom.js";

/** The line, to put before the board; hidden by the stylesheet until the pane is too narrow. */
export function createNarrowNote() {
  return element("p", "cw-too-narrow");
}

/**
 * Bring its text up to date with the labels of the widget's language.
 * @param {HTMLElement} note
 * @param {import("./state.js").Labels} labels
 */
export function updateNarrowNote(note, labels) {
  const text = labels.too_narrow ?? "";
  setText(note, text);
  if (note.title !== text) note.title = text;
}
