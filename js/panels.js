// The panels that open over the board: the key list ("?"), the statistics ("%") and the
// settings ("⚙"). One is open at a time; Escape or its button closes it and gives focus
// back to the button that opened it. Settings go to Python as "setting" intents, which
// checks them and publishes the result: the controls only show what the model says. The
// statistics are Python's table (the terminal's `stats` prints the same), drawn as text.

import { rootNode } from "./board.js";
import { element, setText } from "./dom.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */
/** @typedef {(type: string, fields?: Record<string, unknown>) => void} Send */

/** @type {("teach" | "four_colour" | "large" | "auto_play")[]} */
const SWITCHES = ["teach", "four_colour", "large", "auto_play"];
const LANGS = ["pl", "en"];
const VARIANTS = ["N", "F", "H"];

/**
 * @param {HTMLElement} control
 * @param {string} className
 */
function labelled(control, className) {
  const row = element("label", className);
  const text = element("span");
  row.append(control, text);
  return { row, text };
}

/**
 * @param {string} name
 * @param {string[]} values
 */
function select(name, values) {
  const el = element("select", "", { "data-setting": name });
  for (const value of values) el.append(element("option", "", { value }));
  return el;
}

// How long a control keeps the player's choice against older updates, waiting for Python's answer.
const PENDING_MS = 1500;

/**
 * Fill the settings panel; returns {update(state)} to keep its controls in step with the model.
 * @param {HTMLElement} panel
 * @param {HTMLElement} close
 * @param {Send} send
 * @param {AbortSignal} signal
 */
function buildSettings(panel, close, send, signal) {
  // A choice just made is not undone by an update that left before Python heard of it.
  /** @type {Map<string, {value: unknown, until: number}>} */
  const pending = new Map();
  const title = element("p", "cw-help-title");
  /** @type {[keyof State, HTMLSelectElement | HTMLInputElement, string[], HTMLElement][]} */
  const settings = [];
  /** @type {[keyof State, string[]][]} a list's values; a box has none */
  const names = [
    ["lang", LANGS],
    ["variant", VARIANTS],
    ...SWITCHES.map((name) => /** @type {[keyof State, string[]]} */ ([name, []])),
  ];
  for (const [name, values] of names) {
    const control = values.length
      ? select(name, values)
      : element("input", "", { type: "checkbox", "data-setting": name });
    const { row, text } = labelled(control, values.length ? "cw-setting cw-setting-choice" : "cw-setting");
    if (values.length) row.prepend(text); // the words before a list, after a box
    settings.push([name, control, values, text]);
    control.addEventListener(
      "change",
      () => {
        const value = control instanceof HTMLInputElement ? control.checked : control.value;
        pending.set(name, { value, until: performance.now() + PENDING_MS });
        send("setting", { name, value });
      },
      { signal },
    );
    panel.append(row);
  }
  panel.prepend(close, title);
  return {
    /** @param {State} state */
    update(state) {
      const labels = state.labels;
      setText(title, labels.settings ?? "");
      for (const [name, control, values, text] of settings) {
        setText(text, labels[`setting_${name}`] ?? "");
        if (control instanceof HTMLSelectElement) {
          [...control.options].forEach((option, i) => {
            setText(option, labels[`${name}_${values[i]}`] ?? values[i]);
          });
        }
        const value = state[name];
        const wait = pending.get(name);
        if (wait && value !== wait.value && performance.now() < wait.until) continue;
        pending.delete(name);
        if (control instanceof HTMLInputElement) control.checked = Boolean(value);
        else control.value = String(value);
      }
    },
  };
}

/**
 * Fill the statistics panel; returns {update(state)} to draw Python's table in it.
 * @param {HTMLElement} panel
 * @param {HTMLElement} close
 */
function buildStats(panel, close) {
  const title = element("p", "cw-help-title");
  const said = element("p", "cw-stats-said");
  // Two faces of the one table: variants as rows, and (on a narrow board, where eight columns
  // cannot show) variants as columns; CSS shows one of them.
  const table = element("table", "cw-stats-table cw-stats-wide");
  const turned = element("table", "cw-stats-table cw-stats-turned");
  const head = element("thead");
  const body = element("tbody");
  const turnedHead = element("thead");
  const turnedBody = element("tbody");
  table.append(head, body);
  turned.append(turnedHead, turnedBody);
  panel.append(close, title, said, table, turned);
  let drawn = "";
  return {
    /** @param {State} state */
    update(state) {
      setText(title, state.labels.stats ?? "");
      const stats = state.stats_panel;
      setText(said, stats.said ?? "");
      said.hidden = !stats.said;
      table.hidden = !stats.enabled;
      turned.hidden = !stats.enabled;
      const rows = stats.rows ?? [];
      const key = JSON.stringify(rows);
      if (key === drawn) return;
      drawn = key;
      // The column names head the columns; each row is named by its first cell, the variant.
      /**
       * @param {string[]} cells
       * @param {boolean} heading  the row of column names
       */
      const row = (cells, heading) => {
        const tr = element("tr");
        cells.forEach((text, i) => {
          const named = heading || i === 0;
          const cell = element(named ? "th" : "td", "", named ? { scope: heading ? "col" : "row" } : {});
          cell.textContent = text;
          tr.append(cell);
        });
        return tr;
      };
      head.replaceChildren(...rows.slice(0, 1).map((cells) => row(cells, true)));
      body.replaceChildren(...rows.slice(1).map((cells) => row(cells, false)));
      const columns = rows.length ? rows[0].map((_, i) => rows.map((cells) => cells[i] ?? "")) : [];
      turnedHead.replaceChildren(...columns.slice(0, 1).map((cells) => row(cells, true)));
      turnedBody.replaceChildren(...columns.slice(1).map((cells) => row(cells, false)));
    },
  };
}

/**
 * Wire the panels of `view` (from createBoard). Returns {toggleHelp, toggleStats, isOpen(),
 * closeOpen(), update(state), cleanup}.
 * @param {View} view
 * @param {Send} send
 */
export function attachPanels(view, send) {
  const controller = new AbortController();
  const { signal } = controller;
  const b = view.buttons;
  const settingsClose = element("button", "cw-button cw-panel-close", { type: "button", "data-close": "settings" });
  const settings = buildSettings(view.settingsPanel, settingsClose, send, signal);
  const statsClose = element("button", "cw-button cw-panel-close", { type: "button", "data-close": "stats" });
  const stats = buildStats(view.statsPanel, statsClose);
  /** @type {[HTMLElement, HTMLElement, HTMLElement][]} panel, its opener, its close button */
  const pairs = [
    [view.helpPanel, b.help, b.helpClose],
    [view.statsPanel, b.stats, statsClose],
    [view.settingsPanel, b.settings, settingsClose],
  ];

  // Closing a panel gives focus back to where it was before it opened (a card, when the
  // panel was opened with a key), else to the panel's button.
  /** @type {HTMLElement | null} */
  let returnTo = null;
  /**
   * @param {HTMLElement | null} panel
   * @param {boolean} open
   */
  function show(panel, open) {
    const active = /** @type {HTMLElement | null} */ (rootNode(view).activeElement);
    if (open && !pairs.some(([other]) => other.contains(active))) returnTo = active;
    for (const [other, opener] of pairs) {
      const shown = other === panel && open;
      if (other.hidden === !shown) continue;
      other.hidden = !shown;
      opener.setAttribute("aria-expanded", String(shown));
      if (shown) other.focus({ preventScroll: true });
      else if (other.contains(active)) {
        const back = returnTo && view.root.contains(returnTo) ? returnTo : opener;
        back.focus({ preventScroll: true });
      }
    }
  }
  /** @param {HTMLElement} panel */
  const toggle = (panel) => () => show(panel, Boolean(panel.hidden));
  for (const [panel, opener, closer] of pairs) {
    opener.addEventListener("click", toggle(panel), { signal });
    closer.addEventListener("click", () => show(panel, false), { signal });
  }
  return {
    toggleHelp: toggle(view.helpPanel),
    toggleStats: toggle(view.statsPanel),
    isOpen: () => pairs.some(([panel]) => !panel.hidden),
    closeOpen: () => show(null, false),
    /** @param {State} state */
    update(state) {
      settings.update(state);
      stats.update(state);
      const words = state.labels.close ?? "";
      setText(settingsClose, words);
      setText(statsClose, words);
    },
    cleanup: () => controller.abort(),
  };
}
