// The lessons done, kept in the browser's storage (lesson.js): merged in, written back,
// and nothing kept (but nothing broken) when the storage is blocked or holds junk.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { keepLessonsDone } from "../../js/lesson.js";

const KEY = "crescent-lessons";

function fakeStorage(items = {}, { blocked = false } = {}) {
  return {
    items,
    getItem(key) {
      if (blocked) throw new Error("SecurityError");
      return key in items ? items[key] : null;
    },
    setItem(key, value) {
      if (blocked) throw new Error("SecurityError");
      items[key] = String(value);
    },
  };
}

// A model that hears its own changes, as anywidget's does; `saved` counts the syncs to Python.
function fakeModel(traits) {
  const listeners = {};
  const model = {
    saved: 0,
    get: (key) => traits[key],
    set(key, value) {
      traits[key] = value;
      for (const callback of listeners[`change:${key}`] || []) callback();
    },
    save_changes() {
      model.saved += 1;
    },
    send() {},
    on(event, callback) {
      listeners[event] = [...(listeners[event] || []), callback];
    },
    off(event, callback) {
      listeners[event] = (listeners[event] || []).filter((c) => c !== callback);
    },
  };
  return model;
}

afterEach(() => {
  delete globalThis.window;
});

test("what the browser kept is added to the model, then every change is written back", () => {
  globalThis.window = { localStorage: fakeStorage({ [KEY]: '["layout","wrap"]' }) };
  const model = fakeModel({ lesson_storage: KEY, lessons_done: ["wrap", "build"] });
  const stop = keepLessonsDone(model);
  assert.deepEqual(model.get("lessons_done"), ["wrap", "build", "layout"]);
  assert.equal(model.saved, 1);
  assert.equal(window.localStorage.items[KEY], '["wrap","build","layout"]');
  model.set("lessons_done", []); // a reset from Python
  assert.equal(window.localStorage.items[KEY], "[]");
  stop();
  model.set("lessons_done", ["end"]);
  assert.equal(window.localStorage.items[KEY], "[]", "no writes once the view is gone");
});

test("without a storage key nothing is read or written", () => {
  globalThis.window = { localStorage: fakeStorage({ [KEY]: '["layout"]' }) };
  const model = fakeModel({ lesson_storage: "", lessons_done: [] });
  keepLessonsDone(model);
  model.set("lessons_done", ["wrap"]);
  assert.deepEqual(window.localStorage.items, { [KEY]: '["layout"]' });
  assert.equal(model.saved, 0);
});

test("junk or a blocked storage keeps nothing and breaks nothing", () => {
  for (const junk of ["{not json", '{"a": 1}', "[1, null, 2]"]) {
    globalThis.window = { localStorage: fakeStorage({ [KEY]: junk }) };
    const model = fakeModel({ lesson_storage: KEY, lessons_done: ["wrap"] });
    keepLessonsDone(model);
    assert.deepEqual(model.get("lessons_done"), ["wrap"], junk);
    assert.equal(model.saved, 0);
  }
  globalThis.window = { localStorage: fakeStorage({}, { blocked: true }) };
  const model = fakeModel({ lesson_storage: KEY, lessons_done: ["wrap"] });
  keepLessonsDone(model);
  model.set("lessons_done", ["wrap", "end"]);
  assert.deepEqual(model.get("lessons_done"), ["wrap", "end"]);
});

// A page: its storage, and the events its boards and other tabs send.
function fakePage(items = {}) {
  return Object.assign(new EventTarget(), { localStorage: fakeStorage(items) });
}

test("boards of one page under one key hear each other: a lesson done on one is done on all", () => {
  globalThis.window = fakePage();
  const first = fakeModel({ lesson_storage: KEY, lessons_done: [] });
  const second = fakeModel({ lesson_storage: KEY, lessons_done: ["wrap"] });
  const other = fakeModel({ lesson_storage: "another-course", lessons_done: [] });
  const stops = [first, second, other].map(keepLessonsDone);
  assert.deepEqual(first.get("lessons_done"), ["wrap"], "the second board's save reached the first");
  first.set("lessons_done", ["wrap", "layout"]); // lesson 1 solved on the first board (Python's echo)
  assert.deepEqual(second.get("lessons_done"), ["wrap", "layout"]);
  assert.equal(second.saved, 1, "Python hears of it once");
  assert.deepEqual(other.get("lessons_done"), [], "another key hears nothing");
  assert.equal(window.localStorage.items[KEY], '["wrap","layout"]');
  for (const stop of stops) stop();
  second.set("lessons_done", ["wrap", "layout", "end"]);
  assert.deepEqual(first.get("lessons_done"), ["wrap", "layout"], "a closed view hears nothing");
});

test("another tab's write under the key is merged in", () => {
  globalThis.window = fakePage({ [KEY]: '["wrap"]' });
  const model = fakeModel({ lesson_storage: KEY, lessons_done: [] });
  const stop = keepLessonsDone(model);
  window.localStorage.items[KEY] = '["wrap","build"]'; // written by another tab, which says so
  const written = Object.assign(new Event("storage"), { key: KEY });
  window.dispatchEvent(written);
  assert.deepEqual(model.get("lessons_done"), ["wrap", "build"]);
  window.dispatchEvent(Object.assign(new Event("storage"), { key: "unrelated" }));
  assert.equal(model.saved, 2);
  stop();
});

test("progress cleared on one board is not written back by its neighbours", () => {
  globalThis.window = fakePage({ [KEY]: '["wrap"]' });
  const first = fakeModel({ lesson_storage: KEY, lessons_done: [] });
  const second = fakeModel({ lesson_storage: KEY, lessons_done: [] });
  const stops = [first, second].map(keepLessonsDone);
  assert.deepEqual(second.get("lessons_done"), ["wrap"]);
  first.set("lessons_done", []); // w.lessons_done = [] in Python
  assert.equal(window.localStorage.items[KEY], "[]");
  for (const stop of stops) stop();
});
