// The board's geometry and the arrow keys' walk over it (board.js, keys.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { compactPileCell, pileCell, placeCell } from "../../js/board.js";
import { neighbour } from "../../js/keys.js";

const PILES = Array.from({ length: 16 }, (_, i) => i + 1);
const FOUNDATIONS = Array.from({ length: 8 }, (_, i) => `F${i + 1}`);

test("the wide horseshoe: 1–4 up the left side, 5–12 along the top, 13–16 down the right", () => {
  assert.deepEqual(pileCell(1), [5, 1]);
  assert.deepEqual(pileCell(4), [2, 1]);
  assert.deepEqual(pileCell(5), [1, 2]);
  assert.deepEqual(pileCell(12), [1, 9]);
  assert.deepEqual(pileCell(13), [2, 10]);
  assert.deepEqual(pileCell(16), [5, 10]);
});

test("the compact horseshoe is 8 columns wide with its sides under the top row's ends", () => {
  assert.deepEqual(compactPileCell(5), [1, 1]);
  assert.deepEqual(compactPileCell(12), [1, 8]);
  assert.deepEqual(compactPileCell(4), [2, 1]);
  assert.deepEqual(compactPileCell(13), [2, 8]);
  for (const pile of PILES) assert.ok(compactPileCell(pile)[1] <= 8);
});

test("no two places share a cell, in either layout", () => {
  for (const cell of [pileCell, compactPileCell]) {
    const cells = PILES.map((pile) => cell(pile).join(","));
    assert.equal(new Set(cells).size, 16);
  }
  const all = [...PILES.map(String), ...FOUNDATIONS].map((place) => placeCell(place).join(","));
  assert.equal(new Set(all).size, 24);
});

test("the foundations sit in the middle: aces' row F1–F4 over kings' row F5–F8", () => {
  assert.deepEqual(placeCell("F1"), [3, 4]);
  assert.deepEqual(placeCell("F4"), [3, 7]);
  assert.deepEqual(placeCell("F5"), [4, 4]);
  assert.deepEqual(placeCell("F8"), [4, 7]);
  assert.deepEqual(placeCell("13"), pileCell(13));
});

test("arrows go to the nearest place in their direction, straight lines first", () => {
  assert.equal(neighbour("5", "ArrowRight"), "6");
  assert.equal(neighbour("1", "ArrowUp"), "2");
  assert.equal(neighbour("4", "ArrowRight"), "5"); // one column over beats three straight on
  assert.equal(neighbour("3", "ArrowRight"), "F1");
  assert.equal(neighbour("F1", "ArrowDown"), "F5");
  assert.equal(neighbour("F4", "ArrowRight"), "14");
  assert.equal(neighbour("12", "ArrowDown"), "13");
});

test("an arrow off the edge leads nowhere, and every place can be left some way", () => {
  assert.equal(neighbour("5", "ArrowUp"), null);
  assert.equal(neighbour("1", "ArrowDown"), null);
  assert.equal(neighbour("16", "ArrowRight"), null);
  for (const place of [...PILES.map(String), ...FOUNDATIONS]) {
    const ways = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].map((key) => neighbour(place, key));
    assert.ok(
      ways.some((to) => to !== null && to !== place),
      place,
    );
  }
});
