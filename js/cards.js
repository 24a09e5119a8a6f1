// Card drawing: HTML text + CSS only, so faces stay crisp at any zoom and need no
// network images or fonts. A card's identity is its ASCII form ("10H", "QS").

import { element } from "./dom.js";

/** @typedef {"S" | "H" | "C" | "D"} Suit */
/** @typedef {Record<string, string> | undefined} Ranks  rank names in the widget's language ("J" -> "W") */

/** @type {Record<Suit, {symbol: string, red: boolean}>} */
const SUITS = {
  S: { symbol: "\u2660", red: false },
  H: { symbol: "\u2665", red: true },
  C: { symbol: "\u2663", red: false },
  D: { symbol: "\u2666", red: true },
};

/**
 * Split "10H" into {rank: "10", suit: "H"}; null for anything that is not a card.
 * @param {unknown} ascii
 * @returns {{rank: string, suit: Suit} | null}
 */
export function parseAscii(ascii) {
  if (typeof ascii !== "string" || ascii.length < 2) return null;
  const suit = ascii.slice(-1);
  const rank = ascii.slice(0, -1);
  if (!(suit in SUITS)) return null;
  return { rank, suit: /** @type {Suit} */ (suit) };
}

/**
 * The display text of a card in the widget's language ("W♦" in Polish).
 * @param {string} ascii
 * @param {Ranks} ranks
 */
export function cardText(ascii, ranks) {
  const card = parseAscii(ascii);
  if (!card) return "";
  const rank = ranks?.[card.rank] || card.rank;
  return rank + SUITS[card.suit].symbol;
}

/** @param {string} className */
function span(className) {
  return element("span", className, { "aria-hidden": "true" });
}

/** A new, blank card element; fill it with updateCard. */
export function createCard() {
  const el = element("div", "cw-card", { role: "img" });
  const top = span("cw-corner cw-corner-top");
  const pip = span("cw-pip");
  const bottom = span("cw-corner cw-corner-bottom");
  el.append(top, pip, bottom);
  return el;
}

/**
 * Show `ascii` on a card element, touching the DOM only when something changed.
 * Text goes in with textContent: state never reaches innerHTML.
 * @param {HTMLElement} el
 * @param {string} ascii
 * @param {Ranks} ranks
 */
export function updateCard(el, ascii, ranks) {
  const card = parseAscii(ascii);
  if (!card) return;
  const text = cardText(ascii, ranks);
  if (el.dataset.card === ascii && el.getAttribute("aria-label") === text) return;
  const symbol = SUITS[card.suit].symbol;
  const rank = ranks?.[card.rank] || card.rank;
  el.dataset.card = ascii;
  el.setAttribute("aria-label", text);
  el.classList.toggle("cw-red", SUITS[card.suit].red);
  // Four-colour decks colour by suit: the stylesheet reads these classes.
  for (const suit of Object.keys(SUITS)) el.classList.toggle(`cw-suit-${suit}`, suit === card.suit);
  const [top, pip, bottom] = el.children;
  top.textContent = `${rank}\n${symbol}`;
  bottom.textContent = `${rank}\n${symbol}`;
  pip.textContent = symbol;
}

/**
 * The card a place or slot shows, not one of motion's stand-ins; null when it shows none.
 * @param {Element | null | undefined} el
 * @returns {HTMLElement | null}
 */
export function cardIn(el) {
  return el?.querySelector(".cw-card:not(.cw-stand-in)") ?? null;
}

/**
 * A drag's ghost is done with: it goes, and its card (left dimmed under it) shows again.
 * @param {HTMLElement} ghost
 * @param {HTMLElement} [card]
 */
export function dropGhost(ghost, card) {
  ghost.remove();
  card?.classList.remove("cw-dragging");
}

/**
 * A refused drag's ghost slides back to its pile, then goes (with the dimming of `card`,
 * if given).
 * @param {HTMLElement} ghost
 * @param {number} ms
 * @param {HTMLElement} [card]
 */
export function snapBack(ghost, ms, card) {
  ghost.classList.add("cw-snap-back");
  ghost.style.transform = "translate(0px, 0px)";
  setTimeout(() => dropGhost(ghost, card), ms);
}
