// studyctl coding workspace: the trend in the Across tab (serve --studies A.sqlite B.sqlite …): `studyctl trend`'s
// figure, table and comparisons over the studies given, each a release. Drawn above the tab's search (across.js);
// uses app.js's api, t, q, moreTabs and common.js's el, $ and say.
"use strict";

const trend = { measure: "sus", task: "", result: null };

function drawTable(id, table) {
  const head = el("tr", {}, ...table.headers.map((h) => el("th", { scope: "col" }, h)));
  const rows = table.rows.map((row) => el("tr", {}, el("th", { scope: "row" }, row[0]), ...row.slice(1).map((cell) => el("td", {}, cell))));
  return el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": table.caption },
    el("table", { id, class: "across-names" }, el("caption", {}, table.caption), el("thead", {}, head), el("tbody", {}, ...rows)),
    ...table.notes.map((note) => el("p", { class: "hint" }, note)));
}

async function trendSection(panel) {
  if (across.studies.length < 2) return;
  const measure = el("select", { id: "trend-measure" },
    ...["sus", "umux-lite", "seq", "completion", "time"].map((m) => el("option", { value: m, selected: m === trend.measure ? "" : null }, m.toUpperCase())));
  const task = el("input", { id: "trend-task", value: trend.task, autocomplete: "off" });
  const form = el("form", { id: "trend-form", "aria-label": t("trendHeading"),
                            onsubmit: (event) => { event.preventDefault(); runTrend(); } },
    el("label", {}, el("span", {}, t("trendMeasure")), " ", measure), " ",
    el("label", {}, el("span", {}, t("trendTask")), " ", task), " ",
    el("button", { id: "trend-button" }, t("trendButton")));
  const section = el("section", { id: "across-trend", "aria-labelledby": "trend-heading" },
    el("h2", { id: "trend-heading" }, t("trendHeading")), form);
  const result = trend.result;
  if (result) {
    // The figure as an image whose name is its title; its numbers are in the table under it.
    const figure = el("img", { id: "trend-figure", alt: result.title, src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(result.svg) });
    section.append(el("figure", {}, figure, el("figcaption", {}, result.title)),
                   drawTable("trend-releases", result.releases), drawTable("trend-comparisons", result.comparisons));
  }
  panel.append(section);
}

async function runTrend() {
  trend.measure = $("trend-measure").value;
  trend.task = $("trend-task").value.trim();
  try {
    trend.result = await api("GET", "across/trend?measure=" + q(trend.measure) + (trend.task ? "&task=" + q(trend.task) : ""));
  } catch (error) {
    trend.result = null;
    say(error.message, true);
  }
  if (state.tab === "across") await showTab("across");
}

const drawAcross = moreTabs.across;
moreTabs.across = async (panel) => { await trendSection(panel); await drawAcross(panel); };
