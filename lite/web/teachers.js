// The teachers' page (the site's root): every app page's link in both languages, absolute
// (from this page's own address, wherever the site is published), ready to copy.

(() => {
  const config = JSON.parse(document.getElementById("crescent-site").textContent);
  const STORE = config.store;
  const names = { en: { play: "Play", lesson: "Lesson" }, pl: { play: "Gra", lesson: "Lekcja" } };
  const url = (file, lang) => new URL(`${file}?lang=${lang}`, window.location.href).href;
  const said = document.getElementById("cr-said");
  const lines = [];

  function copy(text) {
    const done = () => {
      said.textContent = "Copied.";
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => {
        said.textContent = "Select the text and copy it.";
      });
    } else {
      said.textContent = "Select the text and copy it.";
    }
  }

  const body = document.querySelector("#cr-links tbody");
  for (const page of config.pages) {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    const title = page.lesson ? config.lessons[page.lesson - 1].en : "Play a game";
    name.textContent = title;
    row.append(name);
    for (const lang of ["en", "pl"]) {
      const cell = document.createElement("td");
      const link = document.createElement("a");
      link.href = url(page.file, lang);
      link.textContent = link.href;
      link.hreflang = lang;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cr-copy";
      button.textContent = "Copy";
      button.setAttribute("aria-label", `Copy the link: ${title} (${lang})`);
      button.addEventListener("click", () => copy(link.href));
      cell.append(link, " ", button);
      row.append(cell);
      const label = page.lesson ? `${names[lang].lesson} ${config.lessons[page.lesson - 1][lang]}` : names[lang].play;
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
      said.textContent = "Cleared.";
    } catch {
      said.textContent = "This browser keeps no storage for the site.";
    }
  });
})();
