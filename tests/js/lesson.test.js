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
