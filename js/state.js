// The model as the board reads it: one snapshot of the synced traits per update.
// STATE_DEFAULTS is the one list of the traits the board reads as state, each with its
// type and the value it takes while the model lacks it. tests/test_widget_traits.py
// checks it against CrescentWidget's synced traits, so that neither side can gain or lose
// a trait unnoticed; tsc refuses a `state.x` for any x not listed here.

/** A place's top card ("" when empty, "10H" else) and how many cards it holds. */
/** @typedef {[string, number]} Entry */

/**
 * @typedef {object} ReplayState  {} outside a replay or review
 * @property {number} [step]
 * @property {number} [total]
 * @property {boolean} [playing]
 * @property {number} [delay]  seconds between steps while playing
 * @property {number} [moves]  the Moves counter at this step
 * @property {number} [total_moves]  and at the replay's end
 * @property {string} [better]  a review's better move from here ("" elsewhere)
 * @property {boolean} [practice]  a review's mistake can be practised (Practice)
 */

/**
 * @typedef {object} PracticeState  {} when no practice is on the board
 * @property {string} [position]  the practice position as Game.position() text
 * @property {string} [query]  position=…&task=keep, to hand it on as a link
 * @property {number} [tries]  tries so far that did not keep the win
 * @property {number} [most]  tries before the better move is shown
 * @property {string} [better]  the better move once shown
 * @property {boolean} [done]  a try kept the win
 */

/**
 * @typedef {object} LessonPanel  {} when no lesson holds the board
 * @property {number} [number]  1-based, in the course
 * @property {number} [count]
 * @property {string} [key]
 * @property {string} [title]
 * @property {string} [rule]
 * @property {string} [task]
 * @property {boolean} [solved]  done since the lesson last started
 * @property {boolean} [done]  in lessons_done
 * @property {boolean} [has_next]
 */

/**
 * @typedef {object} StatsPanel  the statistics panel, from Python's Stats.panel
 * @property {boolean} [enabled]  statistics are kept
 * @property {string[][]} [rows]  the column names, then a row per variant (N, F, H), as text
 * @property {string} [said]  "statistics are off", "no game played yet", or ""
 * @property {string} [record]  the wins and streak a win just counted says, or ""
 */

/**
 * Interface texts in the widget's language, from Python's i18n catalogue: templates
 * with `{n}`-style placeholders, rank names, and the word for "cards" after each count.
 * @typedef {Record<string, any>} Labels
 */

/** The minimal anywidget model the board uses. */
/**
 * @typedef {object} Model
 * @property {(key: string) => any} get
 * @property {(message: Record<string, unknown>) => void} send
 * @property {(event: string, callback: (...args: any[]) => void) => void} on
 * @property {(event: string, callback: (...args: any[]) => void) => void} off
 * @property {(key: string, value: unknown) => void} set  only for lessons_done (lesson.js)
 * @property {() => void} save_changes
 */

export const STATE_DEFAULTS = {
  code: "",
  variant: "N",
  piles: /** @type {Entry[]} */ ([]),
  face_down: /** @type {number[]} */ ([]),
  foundations: /** @type {Entry[]} */ ([]),
  reshuffles_left: 0,
  reshuffle_label: "",
  move_count: 0,
  can_undo: false,
  can_redo: false,
  can_finish: false,
  undo_reason: "",
  status: "playing",
  message: "",
  note: "",
  note_tone: "",
  lesson_buttons: /** @type {string[]} */ ([]),
  lesson_panel: /** @type {LessonPanel} */ ({}),
  stats_panel: /** @type {StatsPanel} */ ({}),
  selected: "",
  targets: /** @type {Record<string, string[]>} */ ({}),
  hint_move: "",
  winnability: "",
  pending_move: "",
  warning: "",
  replay_state: /** @type {ReplayState} */ ({}),
  practice_state: /** @type {PracticeState} */ ({}),
  elapsed: 0,
  clock_running: false,
  lang: "pl",
  labels: /** @type {Labels} */ ({}),
  show_labels: true,
  teach: false,
  four_colour: false,
  large: false,
  auto_play: false,
  rev: 0,
  search: "",
};

/** @typedef {typeof STATE_DEFAULTS} State */

/** @type {(keyof State)[]} */
export const STATE_KEYS = /** @type {(keyof State)[]} */ (Object.keys(STATE_DEFAULTS));

/**
 * The model's traits now, as a plain object (motion.js compares consecutive ones).
 * @param {Model} model
 * @returns {State}
 */
export function readState(model) {
  /** @type {Record<string, unknown>} */
  const state = {};
  for (const key of STATE_KEYS) state[key] = model.get(key) ?? STATE_DEFAULTS[key];
  return /** @type {State} */ (state);
}

/**
 * Whether a replay (or a review) holds the board: its state, outside one, is {}.
 * @param {ReplayState | undefined} replay  the replay_state trait
 */
export function inReplay(replay) {
  return replay?.total !== undefined;
}
