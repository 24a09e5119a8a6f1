// The teachers' page (the site's root): every app page's link in both languages, absolute
// (from this page's own address, wherever the site is published), ready to copy. The page
// speaks the language of its link (?lang=pl), else the build's, as the app pages do: its
// Polish text waits in a <template> and takes the English one's place.

(() => {
  const config = JSON.parse(document.getElementById("crescent-site").textContent);
  const asked = new URLSearchParams(window.location.search).get("lang");
  const lang = config.langs.includes(asked) ? asked : config.defaultLang;
  const STORE = config.store;
  const names = { en: { play: "Play", lesson: "Lesson" }, pl: { play: "Gra", lesson: "Lekcja" } };
  const words = {
    en: {
      title: "Crescent · For teachers",
      game: "Play a game",
      copy: "Copy",
      copyLabel: "Copy the link",
      copied: "Copied.",
      select: "Select the text and copy it.",
      cleared: "Cleared.",
      noStorage: "This browser keeps no storage for the site.",
    },
    pl: {
      title: "Półksiężyc · Dla nauczycieli",
      game: "Zagraj partię",
      copy: "Kopiuj",
      copyLabel: "Kopiuj link",
      copied: "Skopiowano.",
      select: "Zaznacz tekst i skopiuj go.",
      cleared: "Wyczyszczono.",
      noStorage: "Ta przeglądarka nie przechowuje danych strony.",
    },
  }[lang];
  if (lang !== "en") {
    const text = document.getElementById(`cr-main-${lang}`);
    if (text) document.getElementById("cr-main").replaceChildren(text.content.cloneNode(true));
  }
  document.documentElement.lang = lang;
  document.title = words.title;
  const url = (file, language) => new URL(`${file}?lang=${language}`, window.location.href).href;
  const said = document.getElementById("cr-said");
  const lines = [];

  function copy(text) {
    const done = () => {
      said.textContent = words.copied;
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => {
        said.textContent = words.select;
      });
    } else {
      said.textContent = words.select;
    }
  }

  const body = document.querySelector("#cr-links tbody");
  for (const page of config.pages) {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    const title = page.lesson ? config.lessons[page.lesson - 1][lang] : words.game;
    name.textContent = title;
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
      button.addEventListener("click", () => copy(link.href));
      cell.append(link, " ", button);
      row.append(cell);
      const label = page.lesson
        ? `${names[language].lesson} ${config.lessons[page.lesson - 1][language]}`
        : names[language].play;
      lines.push(`${label}: ${link.href}`);
    }
    body.append(row);
  }
  const all = document.getElementById("cr-all");
  all.value = [...lines.filter((_, i) => i % 2 === 0), "", ...lines.filter((_, i) => i % 2 === 1)].join("\n");
  document.getElementById("cr-copy-all").addEventListener("click", () => copy(all.value));
  document.getElementById("cr-reset").addEventListener("click", () => {
    try {
      window.localStorage.removeItem(STORE);
      said.textContent = words.cleared;
    } catch {
      said.textContent = words.noStorage;
    }
  });
})();
