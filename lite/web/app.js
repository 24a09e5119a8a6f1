// An app page of the site (app/play.html, app/lesson-N.html): the board, with no code in sight,
// run by Python in the page (Pyodide, python.js) without JupyterLab. This script
//  - picks the language from the link (?lang=en), else the build's default;
//  - shows the lesson's rule and task at once, and the real progress of the download under them,
//    offering Reload only when nothing has arrived for a while;
//  - starts the board: host.py's Table in Pyodide, drawn by the very bundle a Jupyter widget uses
//    (widget.js), through a model that keeps anywidget's contract (python.js);
//  - deals the link's game (?code=CR1-…) or position (?position=…, Game.position()'s text);
//  - keeps the lessons done in the browser's storage, merged with other tabs', in memory when the
//    browser keeps nothing (and says so); shows them, with a code to hand in, and clears them
//    after asking;
//  - sizes the board so that it shows whole under the bar and the task where the window allows.
// Every text is set with textContent.

import { copyText, selectText } from "./copy.js";
import { createModel, loadPython } from "./python.js";
import { doneNumbers, handInCode, mergeRecords, openStore, parseRecord, withDone } from "./records.js";

const config = JSON.parse(document.getElementById("crescent-page")?.textContent ?? "{}");
const params = new URLSearchParams(window.location.search);
const asked = params.get("lang");
const lang = config.langs.includes(asked) ? asked : config.defaultLang;
const words = config.words[lang];
const keys = config.lessons.map((/** @type {{key: string}} */ each) => each.key);
// Nothing has arrived for this long while Python loads: offer Reload (a slow line is not stuck).
const STALL_MS = 20_000;
// A board narrower than this is not shrunk to fit the window's height: its cards would get too small.
const MIN_FIT_WIDTH = 500;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} file @param {string} language */
const link = (file, language = lang) => `${file}?lang=${language}`;
/** @param {string} template @param {Record<string, string | number>} values */
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

/** The lesson shown (1-based), or null on the play page; it follows the board's own Next lesson. */
let lessonNumber = config.lesson;
const lesson = () => (lessonNumber ? config.lessons[lessonNumber - 1] : null);
/** @type {ReturnType<typeof createModel> | null} */
let model = null;
const store = openStore(config.store, () => window.localStorage);
let record = store.read();
const stages = /** @type {Record<string, number>} */ ({});
/** @type {Record<string, unknown>} */ (window).crescentStages = stages;

function setState(/** @type {string} */ state) {
  document.body.dataset.state = state;
}

// ------------------------------------------------------------------------------- the bar

/** The nine lessons as numbers, the ones done filled in: in the bar (wide screens) and under Progress. */
function drawLessons() {
  const done = new Set(Object.keys(record.done));
  for (const nav of [$("cr-lessons"), $("cr-all-lessons")]) {
    nav.replaceChildren();
    nav.setAttribute("aria-label", words.lessons);
    config.lessons.forEach((/** @type {any} */ each, /** @type {number} */ index) => {
      const dot = document.createElement("a");
      const isDone = done.has(each.key);
      dot.className = `cr-dot${isDone ? " cr-done" : ""}`;
      dot.href = link(each.file);
      dot.textContent = String(index + 1);
      dot.title = each.title[lang];
      dot.setAttribute("aria-label", `${each.title[lang]}${isDone ? ` (${words.done})` : ""}`);
      if (index + 1 === lessonNumber) dot.setAttribute("aria-current", "page");
      nav.append(dot);
    });
  }
  $("cr-lessons").hidden = !lesson();
  drawSummary();
}

function drawBar() {
  document.documentElement.lang = lang;
  const shown = lesson();
  $("cr-title").textContent = shown ? shown.title[lang] : words.play;
  document.title = shown ? `${shown.title[lang]} · ${words.play}` : words.play;
  const here = window.location.pathname.split("/").pop() || "play.html";
  const other = config.langs.find((/** @type {string} */ each) => each !== lang) || lang;
  const otherLink = new URLSearchParams(params);
  otherLink.set("lang", other);
  $("cr-lang").textContent = words.other_lang;
  $("cr-lang").setAttribute("href", `${here}?${otherLink}`);
  $("cr-lang").setAttribute("hreflang", other);
  const next = $("cr-next");
  const mine = $("cr-mine");
  mine.textContent = words.mine;
  mine.hidden = false;
  if (shown) {
    $("cr-again").textContent = words.again;
    $("cr-again").setAttribute("href", link(shown.file));
    $("cr-again").hidden = false;
    const following = config.lessons[lessonNumber];
    next.textContent = following ? words.next : words.to_play;
    next.setAttribute("href", following ? link(following.file) : link("play.html"));
  } else {
    next.textContent = words.to_lessons;
    next.setAttribute("href", link(config.lessons[0].file));
  }
  next.hidden = false;
  drawLessons();
}

/**
 * The lesson's rule and task above the board, in the page's language: from the page's own texts
 * while Python loads, then from the board's lesson (which Next lesson switches in place).
 * @param {{rule?: string, task?: string, done?: boolean}} [panel]
 */
function drawRuleAndTask(panel) {
  const shown = lesson();
  const place = document.querySelector(".cr-lesson .cw-lesson");
  if (!shown || !(place instanceof HTMLElement)) return;
  const rule = place.querySelector(".cw-lesson-rule");
  const task = place.querySelector(".cw-lesson-task");
  if (rule) rule.textContent = panel?.rule ?? shown.rule[lang];
  if (task) task.textContent = panel?.task ?? shown.task[lang];
  place.dataset.done = panel?.done ? "true" : "false";
}

/** @param {string} text */
function notice(text) {
  const line = $("cr-notice");
  line.textContent = text;
  line.hidden = !text;
}

// ------------------------------------------------------------------ the pupil's progress

function summaryText() {
  const numbers = doneNumbers(record, keys);
  if (!numbers.length) return words.summary_none;
  return fill(words.summary, { list: numbers.join(", "), n: numbers.length, count: keys.length });
}

function drawSummary() {
  $("cr-summary").textContent = summaryText();
  $("cr-hand-in-label").textContent = words.hand_in;
  $("cr-hand-in").textContent = handInCode(doneNumbers(record, keys));
  $("cr-copy-summary").textContent = words.copy;
  $("cr-clear").textContent = `↺ ${words.reset}`;
  $("cr-clear-question").textContent = words.reset_ask;
  $("cr-clear-yes").textContent = words.reset_yes;
  $("cr-clear-no").textContent = words.reset_no;
}

/** The record changed (here or in another tab): redraw, and tell the board which lessons are done. */
function recordChanged() {
  drawLessons();
  if (!model) return;
  const now = Object.keys(record.done);
  const shown = /** @type {string[]} */ (model.get("lessons_done") || []);
  if (now.length !== shown.length || now.some((key) => !shown.includes(key))) {
    model.set("lessons_done", now);
    model.save_changes();
  }
}

function wireProgress() {
  const panel = $("cr-progress");
  const mine = $("cr-mine");
  const said = $("cr-progress-said");
  mine.addEventListener("click", () => {
    panel.hidden = !panel.hidden;
    mine.setAttribute("aria-expanded", String(!panel.hidden));
    said.textContent = "";
    $("cr-clear-ask").hidden = true;
  });
  $("cr-copy-summary").addEventListener("click", async () => {
    const text = `${summaryText()} ${words.hand_in} ${$("cr-hand-in").textContent}`;
    const result = await copyText(text);
    said.textContent = result === "copied" ? words.copied : words.select;
    if (result !== "copied") selectText($("cr-hand-in"));
  });
  $("cr-clear").addEventListener("click", () => {
    $("cr-clear-ask").hidden = false;
    $("cr-clear-no").focus();
  });
  $("cr-clear-no").addEventListener("click", () => {
    $("cr-clear-ask").hidden = true;
  });
  $("cr-clear-yes").addEventListener("click", () => {
    record = store.clear(Date.now());
    $("cr-clear-ask").hidden = true;
    said.textContent = words.cleared;
    recordChanged();
  });
  // Another tab of the site wrote its lessons: merge them in (storage events come from other tabs only).
  window.addEventListener("storage", (event) => {
    if (event.key !== config.store && event.key !== null) return;
    record = mergeRecords(record, parseRecord(event.newValue));
    record = store.write(record);
    recordChanged();
  });
}

/** The board's lessons done, as Python sends them: keep the new ones. */
function boardDone() {
  const shown = /** @type {string[]} */ (model?.get("lessons_done") || []);
  const added = shown.filter((key) => !(key in record.done));
  if (!added.length) return;
  record = store.write(withDone(record, added, Date.now()));
  drawLessons();
}

// -------------------------------------------------------------------------- the board

/** The board follows its own Next lesson in place: the bar, the address and the progress follow it. */
function followBoard() {
  const panel = /** @type {{number?: number, solved?: boolean, rule?: string, task?: string, done?: boolean}} */ (
    model?.get("lesson_panel") || {}
  );
  if (!panel.number) return;
  if (panel.number !== lessonNumber) {
    lessonNumber = panel.number;
    window.history.replaceState(null, "", link(config.lessons[lessonNumber - 1].file));
    drawBar();
  }
  drawRuleAndTask(panel);
  $("cr-next").classList.toggle("cr-go", Boolean(panel.solved));
  document.body.dataset.lessonDone = panel.solved ? "true" : "false";
  fitSoon();
}

// The bar's Try again and Next lesson are links (a new start of the page), but once the board is
// drawn they press the board's own lesson buttons, which switch it at once.
/** @param {string} action @param {Event} event */
function pressOnBoard(action, event) {
  if (document.body.dataset.state !== "ready" || !lesson()) return;
  const button = /** @type {HTMLButtonElement | null} */ (
    document.querySelector(`.crescent-widget button[data-lesson-action="${action}"]`)
  );
  if (!button || (action === "next" && button.hidden)) return;
  event.preventDefault();
  button.click();
}

/** The board as wide as lets all of it show in the window's height (never under MIN_FIT_WIDTH). */
function fitBoard() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector(".cr-board .crescent-widget"));
  const felt = root?.querySelector(".cw-board");
  if (!root || !felt) return;
  const room = /** @type {HTMLElement} */ (root.parentElement).clientWidth;
  for (let pass = 0; pass < 2; pass += 1) {
    const width = root.getBoundingClientRect().width;
    const board = felt.getBoundingClientRect();
    const below = root.getBoundingClientRect().bottom - board.bottom;
    const top = board.top + window.scrollY;
    const fits = (width * (window.innerHeight - top - below - 8)) / board.height;
    const wanted = Math.min(room, Math.max(Math.min(room, MIN_FIT_WIDTH), Math.floor(fits)));
    if (Math.abs(wanted - width) < 2) break;
    root.style.maxWidth = `${wanted}px`;
  }
}

let fitting = 0;
function fitSoon() {
  cancelAnimationFrame(fitting);
  fitting = requestAnimationFrame(fitBoard);
}

/** "Link to this deal" beside the board's game code: the play page with ?code=. */
function addDealLink() {
  const codeBox = document.querySelector(".cr-board .cw-code");
  if (!codeBox || !model || lesson()) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cw-button cr-deal-link";
  button.textContent = words.deal_link;
  button.addEventListener("click", async () => {
    const url = new URL(
      `play.html?code=${encodeURIComponent(String(model?.get("code")))}&lang=${lang}`,
      window.location.href,
    );
    const result = await copyText(url.href);
    if (result === "copied") {
      button.textContent = words.copied;
      window.setTimeout(() => {
        button.textContent = words.deal_link;
      }, 1500);
    } else {
      notice(url.href);
      selectText($("cr-notice"));
    }
  });
  codeBox.append(button);
  const showIfDealt = () => {
    button.hidden = !model?.get("code"); // a position from a link has no code to link to
  };
  model.on("change:code", showIfDealt);
  showIfDealt();
}

function showStatus(/** @type {string} */ text, more = "", offerReload = false) {
  $("cr-status-text").textContent = text;
  $("cr-status-more").textContent = more;
  const reload = $("cr-reload");
  reload.textContent = words.reload;
  reload.setAttribute("href", window.location.href);
  reload.hidden = !offerReload;
}

/** The board's options from the link: a lesson, or a game code, or a position. */
function boardOptions() {
  const shown = lesson();
  if (shown) return { lang, lesson: lessonNumber, done: Object.keys(record.done) };
  return {
    lang,
    code: params.get("code") || "",
    position: params.get("position") || "",
    task: params.get("task") || "",
  };
}

/** A position's task from the link (&task=keep), above the board as a lesson's task is. */
function drawPositionTask() {
  if (lesson() || !params.get("position") || params.get("task") !== "keep") return;
  const panel = document.createElement("div");
  panel.className = "crescent-widget cw cr-preview";
  const section = document.createElement("section");
  section.className = "cw-lesson";
  const task = document.createElement("p");
  task.className = "cw-lesson-task";
  task.textContent = words.task_keep;
  section.append(task);
  panel.append(section);
  $("cr-lesson").replaceChildren(panel);
}

async function start() {
  const opened = performance.now();
  let lastArrival = opened;
  const total = config.python.bytes;
  const bar = /** @type {HTMLProgressElement} */ ($("cr-progress-bar"));
  bar.max = total;
  const megabytes = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);
  showStatus(fill(words.downloading, { got: megabytes(0), total: megabytes(total) }), words.first_visit);
  const stall = window.setInterval(() => {
    if (document.body.dataset.state === "starting" && performance.now() - lastArrival > STALL_MS) {
      showStatus($("cr-status-text").textContent ?? "", words.slow, true);
    }
  }, 1000);
  try {
    const base = new URL(config.python.base, window.location.href).href;
    const pyodide = await loadPython(base, config.python.packages, ({ bytes }) => {
      lastArrival = performance.now();
      bar.value = Math.min(bytes, total);
      showStatus(
        fill(words.downloading, { got: megabytes(Math.min(bytes, total)), total: megabytes(total) }),
        words.first_visit,
      );
    });
    stages.python = Math.round(performance.now());
    lastArrival = performance.now();
    bar.removeAttribute("value"); // Python starts: no bytes to count, the bar moves on its own
    showStatus(words.starting);
    const [source, widget] = await Promise.all([
      fetch(config.python.host).then((answer) => answer.text()),
      import("./widget.js"),
    ]);
    const namespace = pyodide.globals.get("dict")();
    pyodide.runPython(source, { globals: namespace });
    model = createModel();
    const board = model;
    const opening = namespace.get("open_board")(
      JSON.stringify(boardOptions()),
      (/** @type {string} */ text) => board.receiveState(text),
      (/** @type {string} */ text) => board.receiveMessage(text),
    );
    model.connect(opening.get(0));
    const trouble = opening.get(1);
    if (trouble) notice(words[`bad_${trouble}`]);
    const place = document.createElement("div");
    widget.default.render({ model, el: place });
    $("cr-board").append(place);
    model.on("change:lessons_done", boardDone);
    model.on("change:lesson_panel", followBoard);
    followBoard();
    addDealLink();
    stages.board = Math.round(performance.now());
    setState("ready");
    fitBoard();
    window.scrollTo(0, 0);
  } catch (error) {
    console.error(error);
    setState("failed");
    showStatus(words.failed, "", true);
  } finally {
    window.clearInterval(stall);
  }
}

drawBar();
drawRuleAndTask();
drawPositionTask();
wireProgress();
if (!store.kept) notice(words.no_storage);
$("cr-again").addEventListener("click", (event) => pressOnBoard("retry", event));
$("cr-next").addEventListener("click", (event) => pressOnBoard("next", event));
window.addEventListener("resize", fitSoon);
if (!document.documentElement.classList.contains("cr-too-old")) start();
