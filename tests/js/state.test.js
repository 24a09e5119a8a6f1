// The model's snapshot (state.js) and the drop's legality guess (input.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { dropDestination, looksLegal } from "../../js/input.js";
import { readState, STATE_DEFAULTS, STATE_KEYS } from "../../js/state.js";

function fakeModel(traits) {
  return { get: (key) => traits[key], send() {}, on() {}, off() {} };
}

test("the snapshot holds every listed trait, and only those", () => {
  const traits = Object.fromEntries(STATE_KEYS.map((key, i) => [key, i]));
  traits.announcement = "not part of the state";
  const state = readState(fakeModel(traits));
  assert.deepEqual(Object.keys(state), STATE_KEYS);
  assert.equal(state.rev, STATE_KEYS.indexOf("rev"));
});

test("a trait the model lacks takes its default, while falsy values are kept", () => {
  const state = readState(fakeModel({ move_count: 0, can_undo: false, code: "", labels: null }));
  assert.deepEqual(state.piles, []);
  assert.deepEqual(state.labels, {});
  assert.deepEqual(state.replay_state, {});
  assert.equal(state.status, STATE_DEFAULTS.status);
  assert.equal(state.move_count, 0);
  assert.equal(state.can_undo, false);
});

test("a drop looks legal on a published destination, and anywhere on the foundations if one is", () => {
  assert.ok(looksLegal(["6", "F3"], "6"));
  assert.ok(looksLegal(["6", "F3"], "F"));
  assert.ok(!looksLegal(["6"], "F"));
  assert.ok(!looksLegal(["6"], "7"));
  assert.ok(!looksLegal([], "6"));
});

test("a drop on a foundation that takes the card goes there; elsewhere on the foundations, to any", () => {
  // 5♠ fits both F1 (A♠ up to 4♠) and F5 (K♠ down to 6♠): the one aimed at is the one played.
  assert.equal(dropDestination("F5", ["F1", "F5"]), "F5");
  assert.equal(dropDestination("F1", ["F1", "F5"]), "F1");
  // A foundation that does not take it, or the space between them: the one of its suit that does.
  assert.equal(dropDestination("F2", ["F1", "6"]), "F");
  assert.equal(dropDestination("F", ["F1"]), "F");
  assert.equal(dropDestination("F2", ["6"]), "F");
  assert.ok(!looksLegal(["6"], dropDestination("F2", ["6"])));
  assert.equal(dropDestination("6", ["F1"]), "6");
});
