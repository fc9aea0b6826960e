// studyctl coding workspace: the Suggestions tab. The pending suggested codings (studyctl code suggest), each with its
// passage, category, score and the words that weighed most; the person at the page accepts (it becomes their coding)
// or rejects each one, by keyboard or pointer, one transaction each, and can undo the last decision. Uses app.js's
// api, t, q, state, moreTabs, showTab and common.js's el, $ and say. The tab shows only while suggestions are pending.
"use strict";

const suggested = { pending: [], last: null };

async function loadSuggestions() {
  try {
    suggested.pending = (await api("GET", "suggestions")).suggestions;
  } catch (error) { say(error.message, true); suggested.pending = []; }
  const button = $("tab-suggestions");
  if (button) button.hidden = !suggested.pending.length && !suggested.last;
}

async function decide(suggestion, action, index) {
  if (!state.coder) { say(t("suggestionsNeedCoder"), true); $("coder").focus(); return; }
  try {
    const result = await api("POST", `suggestions/${suggestion.id}/${action}`, { coder: state.coder });
    suggested.last = suggestion.id;
    say(result.message);
  } catch (error) { say(error.message, true); return; }
  await loadSuggestions();
  await showTab("suggestions");
  // The keyboard stays where the person is: on the next suggestion's first button (or the undo button).
  const buttons = document.querySelectorAll("#suggestions-list button.accept");
  (buttons[Math.min(index, buttons.length - 1)] || $("suggestions-undo"))?.focus();
}

async function undoSuggestion() {
  if (suggested.last == null) return;
  try { say((await api("POST", `suggestions/${suggested.last}/undo`, {})).message); } catch (error) { say(error.message, true); return; }
  suggested.last = null;
  await loadSuggestions();
  await showTab("suggestions");
}

async function suggestionsTab(panel) {
  panel.append(el("p", { class: "hint" }, t("suggestionsIntro")));
  if (suggested.last != null) {
    panel.append(el("button", { id: "suggestions-undo", onclick: undoSuggestion }, t("suggestionsUndo")));
  }
  if (!suggested.pending.length) { panel.append(el("p", {}, t("suggestionsNone"))); return; }
  const list = el("ol", { id: "suggestions-list", class: "suggestions" });
  suggested.pending.forEach((s, index) => {
    const name = `${s.participant} · ${s.category}`;
    list.append(el("li", { "data-id": s.id },
      el("blockquote", {}, s.text),
      el("p", {}, el("strong", {}, name), " ", t("suggestionsScore", { score: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(s.score) }),
         s.rationale ? " · " + s.rationale : "", " · ", s.suggester),
      el("button", { class: "accept", "aria-label": t("suggestionsAcceptLabel", { name }), onclick: () => decide(s, "accept", index) }, t("suggestionsAccept")), " ",
      el("button", { class: "reject", "aria-label": t("suggestionsRejectLabel", { name }), onclick: () => decide(s, "reject", index) }, t("suggestionsReject"))));
  });
  panel.append(list);
}

moreTabs.suggestions = suggestionsTab;
document.addEventListener("DOMContentLoaded", loadSuggestions);
