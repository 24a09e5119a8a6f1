// The site's record of the lessons done (lite/web/records.js): merging two tabs' records, a
// clearing that wins over older lessons, storage that fails, and the hand-in code.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  doneNumbers,
  handInCode,
  mergeRecords,
  openStore,
  parseRecord,
  readHandInCode,
  withDone,
} from "../../lite/web/records.js";

const KEY = "crescent-widget/lessons-done";
const COURSE = ["layout", "build", "wrap", "foundations", "limit", "empty", "reshuffle", "undo", "end"];

/** A localStorage as a browser gives it, shared by the "tabs" that open it. */
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

test("two tabs' writes keep each other's lessons", () => {
  const storage = memoryStorage();
  const tabA = openStore(KEY, () => storage);
  const tabB = openStore(KEY, () => storage);
  const a = tabA.read();
  const b = tabB.read(); // both opened before either wrote
  tabA.write(withDone(a, ["layout"], 10));
  tabB.write(withDone(b, ["build"], 20));
  assert.deepEqual(Object.keys(tabA.read().done).sort(), ["build", "layout"]);
  assert.deepEqual(doneNumbers(tabB.read(), COURSE), [1, 2]);
});

test("a clearing wins over the lessons done before it, in every tab, and not over later ones", () => {
  const storage = memoryStorage();
  const tabA = openStore(KEY, () => storage);
  const tabB = openStore(KEY, () => storage);
  const stale = tabB.write(withDone(tabB.read(), ["layout", "build"], 10));
  tabA.clear(15);
  assert.deepEqual(tabA.read().done, {});
  assert.deepEqual(tabB.write(stale).done, {}, "an older record written again does not bring them back");
  tabB.write(withDone(tabB.read(), ["wrap"], 30));
  assert.deepEqual(Object.keys(tabA.read().done), ["wrap"]);
});

test("merging is the same either way round", () => {
  const a = { done: { layout: 5, build: 9 }, cleared: 6 };
  const b = { done: { build: 7, wrap: 8 }, cleared: 2 };
  assert.deepEqual(mergeRecords(a, b), mergeRecords(b, a));
  assert.deepEqual(mergeRecords(a, b), { done: { build: 9, wrap: 8 }, cleared: 6 });
});

test("storage that throws leaves a store in memory that says it keeps nothing", () => {
  const store = openStore(KEY, () => {
    throw new Error("SecurityError: access is denied for this document");
  });
  assert.equal(store.kept, false);
  store.write(withDone(store.read(), ["layout"], 1));
  assert.deepEqual(Object.keys(store.read().done), ["layout"]);
  const full = memoryStorage();
  full.setItem = () => {
    throw new Error("QuotaExceededError");
  };
  assert.equal(openStore(KEY, () => full).kept, false);
});

test("what storage holds is read whatever it is: the older list of keys, or junk", () => {
  assert.deepEqual(Object.keys(parseRecord('["layout", 3, "build"]').done), ["layout", "build"]);
  assert.deepEqual(parseRecord("{not json"), { done: {}, cleared: 0 });
  assert.deepEqual(parseRecord('{"done": {"x": "soon"}, "cleared": "never"}'), { done: {}, cleared: 0 });
  assert.deepEqual(parseRecord(null), { done: {}, cleared: 0 });
});

test("a hand-in code names the lessons done and refuses a typo", () => {
  for (const numbers of [[], [1], [1, 2, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9]]) {
    const code = handInCode(numbers);
    assert.match(code, /^CRL-[0-9A-Z]{2}-[0-9A-Z]$/);
    assert.deepEqual(readHandInCode(code, 9), numbers);
    assert.deepEqual(readHandInCode(` ${code.toLowerCase()} `, 9), numbers);
  }
  const code = handInCode([1, 2, 9]);
  const typo = `${code.slice(0, 4)}${code[4] === "0" ? "1" : "0"}${code.slice(5)}`;
  assert.equal(readHandInCode(typo, 9), null);
  assert.equal(readHandInCode("CR1-N-AAAAAAB", 9), null);
  assert.equal(readHandInCode(handInCode([10]), 9), null, "a lesson the course does not have");
});
