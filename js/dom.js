// The DOM helpers every part of the view shares. Text goes in with textContent only:
// state never reaches innerHTML.

/**
 * A new element with its class and attributes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className, attrs = {}) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/**
 * Set an element's text, touching the DOM only when it changes.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Put each class on `el` or take it off, as `classes` says ({"cw-large": true}).
 * @param {Element} el
 * @param {Record<string, unknown>} classes
 */
export function setClasses(el, classes) {
  for (const [name, on] of Object.entries(classes)) el.classList.toggle(name, Boolean(on));
}
