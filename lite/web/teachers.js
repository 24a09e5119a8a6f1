// The teachers' page (the site's root): every app page's link in both languages, absolute (from
// this page's own address, wherever the site is published), ready to copy, each with its QR code
// (made when the site was built, for the address it was built for); the lessons done in this
// browser; and a pupil's hand-in code read back. The page speaks the language of its link
// (?lang=pl), else the build's, as the app pages do: its Polish text waits in a <template> and
// takes the English one's place.

import { copyText, selectText } from "./copy.js";
import { doneNumbers, openStore, readHandInCode } from "./records.js";

const config = JSON.parse(document.getElementById("crescent-site")?.textContent ?? "{}");
const asked = new URLSearchParams(window.location.search).get("lang");
const lang = config.langs.includes(asked) ? asked : config.defaultLang;
const names = { en: { play: "Play", lesson: "Lesson" }, pl: { play: "Gra", lesson: "Lekcja" } };
const words = {
  en: {
    title: "Crescent · For teachers",
    game: "Play a game",
    copy: "Copy",
    copyLabel: "Copy the link",
    copied: "Copied.",
    select: "The link is selected: copy it (Ctrl+C, or a long press).",
    selectAll: "The links are selected: copy them (Ctrl+C, or a long press).",
    cleared: "Cleared.",
    ask: "Clear every lesson done in this browser?",
    yes: "Clear",
    no: "Keep",
    noStorage: "This browser keeps no data for the site (cookies blocked, say): lessons done are not kept.",
    doneHere: "Lessons done in this browser: {list} ({n} of {count}).",
    noneHere: "No lesson has been done in this browser yet.",
    qrFor: "The QR codes open the site at {base} (the address it was built for).",
    noQr: "For a QR code beside each link, build the site with its address: scripts/site --url https://NAME.github.io/REPO/",
    qrAlt: "QR code of {url}",
    codeLessons: "Lessons done: {list} ({n} of {count}).",
    codeNone: "No lesson done.",
    codeBad: "This is not a hand-in code (CRL-… with two letters, a dash and one letter). Check it for a typo.",
    doneMark: "done here",
  },
  pl: {
    title: "Półksiężyc · Dla nauczycieli",
    game: "Zagraj partię",
    copy: "Kopiuj",
    copyLabel: "Kopiuj link",
    copied: "Skopiowano.",
    select: "Link jest zaznaczony: skopiuj go (Ctrl+C albo przytrzymaj palec).",
    selectAll: "Linki są zaznaczone: skopiuj je (Ctrl+C albo przytrzymaj palec).",
    cleared: "Wyczyszczono.",
    ask: "Wyczyścić wszystkie lekcje zrobione w tej przeglądarce?",
    yes: "Wyczyść",
    no: "Zostaw",
    noStorage: "Ta przeglądarka nie przechowuje danych strony (np. zablokowane ciasteczka): postępy nie są zapisywane.",
    doneHere: "Lekcje zrobione w tej przeglądarce: {list} ({n} z {count}).",
    noneHere: "W tej przeglądarce nie zrobiono jeszcze żadnej lekcji.",
    qrFor: "Kody QR otwierają stronę pod adresem {base} (tym, dla którego ją zbudowano).",
    noQr: "Żeby przy każdym linku był kod QR, zbuduj stronę z jej adresem: scripts/site --url https://NAZWA.github.io/REPO/",
    qrAlt: "Kod QR adresu {url}",
    codeLessons: "Zrobione lekcje: {list} ({n} z {count}).",
    codeNone: "Żadna lekcja nie jest zrobiona.",
    codeBad: "To nie jest kod do oddania (CRL-…: dwa znaki, kreska i jeden znak). Sprawdź, czy nie ma literówki.",
    doneMark: "zrobiona tutaj",
  },
}[lang];
/** @param {string} template @param {Record<string, string | number>} values */
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

if (lang !== "en") {
  const text = /** @type {HTMLTemplateElement | null} */ (document.getElementById(`cr-main-${lang}`));
  if (text) $("cr-main").replaceChildren(text.content.cloneNode(true));
}
document.documentElement.lang = lang;
document.title = words.title;
const url = (/** @type {string} */ file, /** @type {string} */ language) =>
  new URL(`${file}?lang=${language}`, window.location.href).href;
const said = $("cr-said");
const store = openStore(config.store, () => window.localStorage);
const done = doneNumbers(store.read(), config.lessonKeys);
const lines = [];

/**
 * Copy `text`; where the browser refuses, show `shown` selected for the teacher's own copy.
 * @param {string} text
 * @param {Element} shown
 * @param {string} selectWord
 */
async function copy(text, shown, selectWord) {
  const result = await copyText(text);
  if (result === "copied") {
    said.textContent = words.copied;
  } else {
    if (shown instanceof HTMLTextAreaElement) shown.select();
    else selectText(shown);
    said.textContent = selectWord;
  }
}

const body = /** @type {HTMLElement} */ (document.querySelector("#cr-links tbody"));
for (const page of config.pages) {
  const row = document.createElement("tr");
  const name = document.createElement("th");
  name.scope = "row";
  const title = page.lesson ? config.lessons[page.lesson - 1][lang] : words.game;
  name.textContent = title;
  if (page.lesson && done.includes(page.lesson)) {
    const mark = document.createElement("span");
    mark.className = "cr-done-here";
    mark.textContent = ` ✓ ${words.doneMark}`;
    name.append(mark);
  }
  row.append(name);
  for (const language of ["en", "pl"]) {
    const cell = document.createElement("td");
    const link = document.createElement("a");
    link.href = url(page.file, language);
    link.textContent = link.href;
    link.hreflang = language;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cr-copy";
    button.textContent = words.copy;
    button.setAttribute("aria-label", `${words.copyLabel}: ${title} (${language})`);
    button.addEventListener("click", () => copy(link.href, link, words.select));
    cell.append(link, " ", button);
    const qr = config.qr.files[`${page.file}?lang=${language}`];
    if (qr) {
      const image = document.createElement("img");
      image.className = "cr-qr";
      image.src = qr;
      image.alt = fill(words.qrAlt, { url: `${config.qr.base}${page.file}?lang=${language}` });
      image.dataset.link = `${config.qr.base}${page.file}?lang=${language}`;
      cell.append(image);
    }
    row.append(cell);
    const label = page.lesson
      ? `${names[/** @type {"en" | "pl"} */ (language)].lesson} ${config.lessons[page.lesson - 1][language]}`
      : names[/** @type {"en" | "pl"} */ (language)].play;
    lines.push(`${label}: ${link.href}`);
  }
  body.append(row);
}
const here = new URL(".", window.location.href).href;
$("cr-qr-note").textContent = config.qr.base
  ? config.qr.base === here
    ? ""
    : fill(words.qrFor, { base: config.qr.base })
  : words.noQr;

const all = /** @type {HTMLTextAreaElement} */ ($("cr-all"));
all.value = [...lines.filter((_, i) => i % 2 === 0), "", ...lines.filter((_, i) => i % 2 === 1)].join("\n");
$("cr-copy-all").addEventListener("click", () => copy(all.value, all, words.selectAll));

// This browser's lessons done, and clearing them (it asks first).
const count = config.lessonKeys.length;
$("cr-done-here").textContent = store.kept
  ? done.length
    ? fill(words.doneHere, { list: done.join(", "), n: done.length, count })
    : words.noneHere
  : words.noStorage;
$("cr-reset-yes").textContent = words.yes;
$("cr-reset-no").textContent = words.no;
$("cr-reset-question").textContent = words.ask;
$("cr-reset").addEventListener("click", () => {
  $("cr-reset-ask").hidden = false;
});
$("cr-reset-no").addEventListener("click", () => {
  $("cr-reset-ask").hidden = true;
});
$("cr-reset-yes").addEventListener("click", () => {
  store.clear(Date.now());
  $("cr-reset-ask").hidden = true;
  said.textContent = store.kept ? words.cleared : words.noStorage;
  $("cr-done-here").textContent = words.noneHere;
  for (const mark of document.querySelectorAll(".cr-done-here")) mark.remove();
});

// A pupil's hand-in code (Progress on a lesson's page), read back.
const codeInput = /** @type {HTMLInputElement} */ ($("cr-code"));
const readCode = () => {
  const numbers = readHandInCode(codeInput.value, count);
  $("cr-code-said").textContent =
    codeInput.value.trim() === ""
      ? ""
      : numbers === null
        ? words.codeBad
        : numbers.length
          ? fill(words.codeLessons, { list: numbers.join(", "), n: numbers.length, count })
          : words.codeNone;
};
codeInput.addEventListener("input", readCode);
