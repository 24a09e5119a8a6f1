// What moved between two states, read from the states alone (motion.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { whatMoved } from "../../js/motion.js";

/** 16 piles of two cards ("1S" is not a card: tops are made-up names) and 8 empty foundations. */
function board(changes = {}) {
  const piles = Array.from({ length: 16 }, (_, i) => [`T${i + 1}`, 2]);
  const foundations = Array.from({ length: 8 }, () => ["", 0]);
  const state = { piles, foundations, reshuffles_left: 2, replay_state: {} };
  return { ...state, ...changes };
}

function withPlaces(state, places) {
  const next = { ...state, piles: [...state.piles], foundations: [...state.foundations] };
  for (const [place, entry] of Object.entries(places)) {
    if (place[0] === "F") next.foundations[Number(place.slice(1)) - 1] = entry;
    else next.piles[Number(place) - 1] = entry;
  }
  return next;
}

test("a card from one pile onto another is a move, with the card it now covers", () => {
  const before = withPlaces(board(), { 5: ["QS", 3], 6: ["KS", 2] });
  const after = withPlaces(before, { 5: ["T5", 2], 6: ["QS", 3] });
  assert.deepEqual(whatMoved(before, after), { kind: "move", src: "5", dst: "6", card: "QS", under: "KS" });
});

test("a card to a foundation is a move onto what the foundation showed", () => {
  const before = withPlaces(board(), { 3: ["AH", 3] });
  const after = withPlaces(before, { 3: ["T3", 2], F2: ["AH", 1] });
  assert.deepEqual(whatMoved(before, after), { kind: "move", src: "3", dst: "F2", card: "AH", under: "" });
});

test("a count that changes by one on each side but with another card on top is not a move", () => {
  const before = withPlaces(board(), { 5: ["QS", 3] });
  const after = withPlaces(before, { 5: ["T5", 2], 6: ["JD", 3] });
  assert.equal(whatMoved(before, after), null);
});

test("a reshuffle changes tops only and spends one reshuffle; stepping back over it in a replay undoes it", () => {
  const before = board({ reshuffles_left: 2, replay_state: { step: 4 } });
  const after = withPlaces(
    { ...before, reshuffles_left: 1, replay_state: { step: 5 } },
    { 1: ["XX", 2], 9: ["YY", 2] },
  );
  assert.deepEqual(whatMoved(before, after), {
    kind: "reshuffle",
    piles: [
      ["1", "T1"],
      ["9", "T9"],
    ],
  });
  const back = { ...before, replay_state: { step: 4 } };
  assert.deepEqual(whatMoved({ ...after, replay_state: { step: 5 } }, back), {
    kind: "unreshuffle",
    piles: [
      ["1", "XX"],
      ["9", "YY"],
    ],
  });
});

test("a new deal, a loaded position or no change at all shows no motion", () => {
  const before = board();
  assert.equal(whatMoved(null, before), null);
  assert.equal(whatMoved(before, before), null);
  // Tops changed without a reshuffle spent: a new deal of the same code.
  assert.equal(whatMoved(before, withPlaces(before, { 2: ["ZZ", 2] })), null);
  // Several cards at once.
  assert.equal(whatMoved(before, withPlaces(before, { 2: ["ZZ", 4] })), null);
  assert.equal(whatMoved(before, { ...before, piles: before.piles.slice(1) }), null);
});
