// An app page of the site (app/play.html, app/lesson-N.html): JupyterLite's REPL in a frame,
// running the page's code, with everything but the board hidden. This script
//  - picks the language from the link (?lang=en), else the build's default;
//  - starts the REPL with the page's code in that language (code= in its URL);
//  - hides the console's editor and chrome, and keeps keys outside the board from JupyterLab,
//    so that no code can be typed, run or changed: a reload starts the page afresh;
//  - shows the board once it is drawn, or a reload button if it is not;
//  - on a lesson page, keeps the lessons done in the browser's storage (localStorage) and
//    offers Try again and Next lesson.
// Every text is set with textContent.

(() => {
  const config = JSON.parse(document.getElementById("crescent-page").textContent);
  const asked = new URLSearchParams(window.location.search).get("lang");
  const lang = config.langs.includes(asked) ? asked : config.defaultLang;
  const words = config.words[lang];
  // The lesson shown (1-based), or null on the play page; it follows the board, whose own Next
  // lesson may switch it in place.
  let lessonNumber = config.lesson;
  let lesson = lessonNumber ? config.lessons[lessonNumber - 1] : null;
  const STORE = config.store;
  const SLOW_MS = 60_000;
  const $ = (id) => document.getElementById(id);
  const link = (file, language = lang) => `${file}?lang=${language}`;

  // The console's parts a pupil must not see or reach: its editor, toolbar, prompts, banner;
  // and the board's lesson title, progress and buttons, which the page's bar shows.
  const FRAME_CSS = `
    .jp-Toolbar, .jp-CodeConsole-input, .jp-CodeConsole-banner, .lm-SplitPanel-handle,
    .jp-Cell-inputWrapper, .jp-OutputArea-prompt, .jp-OutputArea-promptOverlay, .jp-CellHeader,
    .jp-CellFooter, .jp-Collapser, .Toastify, .jp-Notification-Status { display: none !important; }
    .crescent-widget .cw-lesson-progress, .crescent-widget .cw-lesson-title,
    .crescent-widget .cw-lesson-controls { display: none !important; }
    .jp-ConsolePanel > .lm-Panel, .jp-CodeConsole-content {
      top: 0 !important; height: 100% !important; padding: 0 !important; }
    .jp-CodeConsole .jp-Cell { padding: 0 !important; margin: 0 !important; border: 0 !important; }
    .jp-OutputArea-child, .jp-OutputArea-output { padding: 0 !important; margin: 0 !important; }
  `;

  // JupyterLab's console drawn; the kernel ran the code (its cell has an output); the board drawn.
  const STAGES = [
    ["console", ".jp-CodeConsole"],
    ["output", ".jp-CodeConsole .jp-OutputArea-output"],
    ["board", ".crescent-widget .cw-board"],
  ];

  function readDone() {
    try {
      const keys = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(keys) ? keys.filter((key) => typeof key === "string") : [];
    } catch {
      return []; // storage blocked or spoiled: start with nothing done
    }
  }

  function writeDone(keys) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(keys));
    } catch {
      // storage blocked (a private window may refuse): progress lasts this page only
    }
  }

  function drawLessons() {
    const nav = $("cr-lessons");
    const done = new Set(readDone());
    nav.replaceChildren();
    nav.setAttribute("aria-label", words.lessons);
    config.lessons.forEach((each, index) => {
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
    const reset = document.createElement("button");
    reset.type = "button";
    reset.className = "cr-dot cr-reset";
    reset.textContent = "↺";
    reset.title = words.reset;
    reset.setAttribute("aria-label", words.reset);
    reset.addEventListener("click", () => {
      writeDone([]);
      // A lesson board keeps its own list of the lessons done, and writes it back to the
      // storage: a fresh start reads the cleared storage.
      if (boardOf(frameDocument())?.querySelector(".cw-lesson")) window.location.reload();
      else {
        document.body.dataset.lessonDone = "false";
        drawLessons();
      }
    });
    nav.append(reset);
    nav.hidden = false;
  }

  function drawBar() {
    document.documentElement.lang = lang;
    $("cr-title").textContent = lesson ? lesson.title[lang] : words.play;
    document.title = lesson ? `${lesson.title[lang]} · ${words.play}` : words.play;
    const here = window.location.pathname.split("/").pop() || "play.html";
    const other = config.langs.find((each) => each !== lang) || lang;
    $("cr-lang").textContent = words.other_lang;
    $("cr-lang").href = link(here, other);
    $("cr-lang").setAttribute("hreflang", other);
    const next = $("cr-next");
    if (lesson) {
      $("cr-again").textContent = words.again;
      $("cr-again").href = link(here);
      $("cr-again").hidden = false;
      const following = config.lessons[lessonNumber];
      next.textContent = following ? words.next : words.to_play;
      next.href = following ? link(following.file) : link("play.html");
      drawLessons();
    } else {
      next.textContent = words.to_lessons;
      next.href = link(config.lessons[0].file);
    }
    next.hidden = false;
  }

  function frameDocument() {
    try {
      return $("cr-frame").contentDocument;
    } catch {
      return null; // not (yet) the site's own page
    }
  }

  function boardOf(doc) {
    return doc?.querySelector(".crescent-widget") ?? null;
  }

  // The bar's Try again and Next lesson are links (a new start of the page), but once the
  // board is drawn they press the board's own lesson buttons, which switch it at once.
  function pressOnBoard(action, event) {
    if (document.body.dataset.state !== "ready") return;
    const button = boardOf(frameDocument())?.querySelector(`button[data-lesson-action="${action}"]`);
    if (!button || (action === "next" && button.hidden)) return;
    event.preventDefault();
    button.click();
  }

  // The board's lesson, from its title: Next lesson on the board switches it in place. The
  // bar, the address (a reload opens that lesson) and the progress follow.
  function followBoard(board) {
    const shown = board.querySelector(".cw-lesson-title")?.textContent;
    if (!shown || shown === lesson.title[lang]) return;
    const index = config.lessons.findIndex((each) => each.title[lang] === shown);
    if (index < 0) return;
    lessonNumber = index + 1;
    lesson = config.lessons[index];
    window.history.replaceState(null, "", link(lesson.file));
    document.body.dataset.lessonDone = "false";
    $("cr-next").classList.remove("cr-go");
    drawBar();
  }

  function solved(board) {
    const panel = board.querySelector(".cw-lesson");
    if (panel) return panel.dataset.done === "true";
    return board.querySelector('.cw-note[data-tone="right"]') !== null;
  }

  function status(text, more = "", offerReload = false) {
    $("cr-status-text").textContent = text;
    $("cr-status-more").textContent = more;
    const reload = $("cr-reload");
    reload.textContent = words.reload;
    reload.href = window.location.href;
    reload.hidden = !offerReload;
  }

  // Keys aimed anywhere but the board, and every key with Ctrl, Alt or Cmd, stop at the frame's
  // window, before JupyterLab's shortcuts (run, restart, command palette) can hear them. The
  // board's own keys take no modifier. The browser's own keys (reload) still work.
  function guardKeys(event) {
    const target = event.target;
    const onBoard = target && typeof target.closest === "function" && target.closest(".crescent-widget");
    if (!onBoard || event.ctrlKey || event.metaKey || event.altKey) event.stopImmediatePropagation();
  }

  function prepareFrame(frameWindow, doc) {
    if (!doc.getElementById("cr-frame-style")) {
      const style = doc.createElement("style");
      style.id = "cr-frame-style";
      style.textContent = FRAME_CSS;
      (doc.head || doc.documentElement).append(style);
      for (const kind of ["keydown", "keypress", "keyup"]) frameWindow.addEventListener(kind, guardKeys, true);
    }
    for (const input of doc.querySelectorAll(".jp-CodeConsole-input")) input.inert = true;
  }

  function markDone() {
    if (document.body.dataset.lessonDone === "true") return;
    document.body.dataset.lessonDone = "true";
    const keys = readDone();
    if (!keys.includes(lesson.key)) writeDone([...keys, lesson.key]);
    $("cr-next").classList.add("cr-go");
    drawLessons();
  }

  function start() {
    drawBar();
    status(words.starting, words.first_visit);
    const options = new URLSearchParams(config.repl);
    options.set("code", config.code[lang]);
    const frame = $("cr-frame");
    frame.src = `../repl/index.html?${options}`;
    const opened = performance.now();
    const stages = {};
    window.crescentStages = stages;
    document.body.dataset.state = "starting";

    $("cr-again").addEventListener("click", (event) => pressOnBoard("retry", event));
    $("cr-next").addEventListener("click", (event) => lesson && pressOnBoard("next", event));

    const watch = () => {
      const doc = frameDocument();
      const ready = document.body.dataset.state === "ready";
      if (doc?.body) {
        prepareFrame(frame.contentWindow, doc);
        // When each stage was first seen, in ms since the page opened (the site's benchmark reads it).
        for (const [stage, selector] of STAGES) {
          if (!(stage in stages) && doc.querySelector(selector)) stages[stage] = Math.round(performance.now());
        }
        if (!ready && doc.querySelector(".crescent-widget .cw-board")) {
          document.body.dataset.state = "ready";
        } else if (!ready && doc.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')) {
          document.body.dataset.state = "failed";
          status(words.failed, "", true);
        }
        const board = boardOf(doc);
        if (ready && lesson && board) {
          followBoard(board);
          if (solved(board)) markDone();
        }
      }
      if (document.body.dataset.state === "starting" && performance.now() - opened > SLOW_MS) {
        status(words.starting, words.slow, true);
      }
      window.setTimeout(watch, ready ? 300 : 50);
    };
    watch();
  }

  start();
})();
