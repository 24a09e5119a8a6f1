// Copy a text to the clipboard from a button, on https and on plain http alike.
//
// The clipboard API exists only in a secure context (https, or the machine's own address); a
// class's laptop serves the site on plain http at its network address. There a hidden, selected
// textarea and the browser's copy command still copy; where even that is refused, the caller
// shows the text selected, for the pupil's or teacher's own Ctrl+C.

/**
 * @param {string} text
 * @returns {Promise<"copied" | "select">}  "select": copying was refused, show the text selected
 */
export async function copyText(text) {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return "copied";
    } catch {
      // refused (no permission, not focused): try the older way
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.readOnly = true;
  area.setAttribute("aria-hidden", "true");
  area.style.cssText = "position: fixed; top: 0; left: 0; width: 1px; height: 1px; opacity: 0;";
  const focused = document.activeElement;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
  return copied ? "copied" : "select";
}

/**
 * Select the text of `element` (a link, a code), so that Ctrl+C or a long press copies it.
 * @param {Element} element
 */
export function selectText(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
