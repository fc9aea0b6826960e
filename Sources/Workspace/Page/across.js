// studyctl coding workspace: the Across tab (serve --studies A.sqlite B.sqlite …). A read-only full-text search over
// the quotes, memos, annotations and open answers of other study files, as `studyctl search --studies` does it; each
// hit with its study, participant, kind, categories and time in its recording. Uses app.js's api, t, tn, q, clock,
// moreTabs and common.js's el, $ and say. The tab shows only when the server was given studies.
//
// The tab's parts, top to bottom, each in its own element so more can be added beside them (a trend figure, say):
// #across-studies (the studies read), #across-form (the search), #across-count, #across-hits, #across-names.
"use strict";

const across = { studies: [], query: "", category: "", where: "", result: null };

const kindWords = { quote: "kindQuote", memo: "kindMemo", annotation: "kindAnnotation", answer: "kindAnswer",
                    category: "kindCategory", attribute: "kindAttribute", value: "kindValue" };

// Draws the tab into `panel`: the studies, the search form and the last search's hits (kept while other tabs are shown).
async function acrossTab(panel) {
  panel.append(el("p", { id: "across-studies", class: "hint" }, t("acrossIntro") + " "
    + across.studies.map((s) => s.title === s.name ? s.name : `${s.name} (${s.title})`).join(", ")));
  const field = (id, label, value, extra = {}) => el("label", {}, el("span", {}, t(label)), " ",
    el("input", { id, value, autocomplete: "off", ...extra }));
  const form = el("form", { id: "across-form", role: "search", "aria-label": t("tabAcross"),
                            onsubmit: (event) => { event.preventDefault(); runAcross(); } },
    field("across-query", "acrossQuery", across.query, { required: "required" }),
    field("across-category", "acrossCategory", across.category),
    field("across-where", "acrossWhere", across.where),
    el("button", { id: "across-button" }, t("searchButton")));
  panel.append(form);
  if (across.result) drawAcrossResult(panel, across.result);
}

async function runAcross() {
  across.query = $("across-query").value;
  across.category = $("across-category").value.trim();
  across.where = $("across-where").value.trim();
  if (!across.query.trim()) return;
  try {
    across.result = await api("GET", "across/search?q=" + q(across.query) + (across.category ? "&category=" + q(across.category) : "")
                                     + (across.where ? "&where=" + q(across.where) : ""));
    say(across.result.hits.length ? tn("searchHits", across.result.hits.length) : t("noHits"));
  } catch (error) {
    across.result = null;
    say(error.message, true);
  }
  if (state.tab === "across") await showTab("across");
}

function drawAcrossResult(panel, result) {
  panel.append(el("p", { id: "across-count" }, result.hits.length ? tn("searchHits", result.hits.length) : t("noHits")));
  const hits = el("ol", { id: "across-hits", class: "across-hits", tabindex: "0", "aria-label": t("acrossHitsLabel") });
  for (const hit of result.hits) {
    const where = [hit.study, hit.participant, t(kindWords[hit.kind] || hit.kind)];
    if (hit.categories.length) where.push(hit.categories.join(", "));
    if (hit.startTime != null) where.push(t("acrossAt", { time: clock(hit.startTime) }));
    if (hit.place) where.push(hit.place);
    const words = el("p", { class: "across-words" },
      ...hit.snippetParts.map((part, index) => index % 2 ? el("mark", {}, part) : part));
    hits.append(el("li", { "data-study": hit.study, "data-kind": hit.kind, "data-id": hit.id },
                   el("strong", {}, where.filter((part) => part != null && part !== "").join(" · ")), words));
  }
  panel.append(hits);
  if (result.matches.length) {
    const head = el("tr", {}, el("th", { scope: "col" }, t("acrossAsked")), ...result.studies.map((s) => el("th", { scope: "col" }, s.name)));
    const rows = result.matches.map((m) => el("tr", {},
      el("th", { scope: "row" }, `${t(kindWords[m.kind] || m.kind)}: ${m.asked}`),
      ...m.found.map((name) => el("td", {}, name ?? "–"))));
    panel.append(el("table", { id: "across-names", class: "across-names" }, el("caption", {}, t("acrossNames")),
                    el("thead", {}, head), el("tbody", {}, ...rows)));
  }
}

moreTabs.across = acrossTab;

// The tab is offered when the server reads other studies.
document.addEventListener("DOMContentLoaded", async () => {
  try {
    across.studies = (await api("GET", "across/studies")).studies;
    const button = $("tab-across");
    if (button) button.hidden = !across.studies.length;
  } catch (error) { say(error.message, true); }
});
