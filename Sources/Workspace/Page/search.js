// studyctl coding workspace: searching the transcripts (hits in context; code every hit as one undoable action) and
// annotations on passages (add on a selection, edit, remove). Uses app.js's state, api, t, tn, remember and
// openTranscript; offsets are code points, as everywhere in the page.
"use strict";

const search = { hits: [], pattern: "", ignoreCase: false, speaker: "", annotations: [], annotating: null };

function searchQuery() {
  return "pattern=" + q(search.pattern) + "&ignoreCase=" + search.ignoreCase + (search.speaker ? "&speaker=" + q(search.speaker) : "");
}

// Runs the search over every transcript and lists each hit with its place and the words around it.
async function runSearch() {
  search.pattern = $("search-pattern").value;
  search.ignoreCase = $("search-ignore-case").checked;
  search.speaker = $("search-speaker").value.trim();
  if (!search.pattern) return;
  try {
    const data = await api("GET", "search?" + searchQuery());
    // A hit opens its transcript (`participant`: whose it is) and counts for who said it (`whose`; none: the moderator).
    search.hits = data.transcripts.flatMap((d) => d.hits.map((h) => ({ ...h, whose: h.participant, participant: d.participant, label: d.label })));
    const perParticipant = {};
    for (const h of search.hits) { const who = h.whose || t("moderator"); perParticipant[who] = (perParticipant[who] || 0) + 1; }
    $("search-count").textContent = data.hits
      ? tn("searchHits", data.hits) + " — " + Object.entries(perParticipant).map(([p, n]) => `${p}: ${n}`).join(" · ")
      : t("noHits");
    $("search-hits").replaceChildren(...search.hits.map((h) => el("li", { "data-participant": h.participant, "data-start": h.start,
      onclick: () => showHit(h) },
      // The place is a button: a hit opens from the keyboard too (the click reaches the item's handler).
      el("button", { type: "button", class: "where" }, `${h.participant}${h.label ? " · " + h.label : ""} ${h.line}:${h.column}${h.speaker ? " " + h.speaker : ""}`
                                      + (h.whose && h.whose !== h.participant ? " → " + h.whose : "")),
      "…" + h.before, el("mark", {}, h.text), h.after + "…")));
    $("code-hits-form").hidden = !data.hits;
    $("search-results").hidden = false;
  } catch (error) { say(error.message, true); }
}

// Opens the hit's transcript and selects its words.
async function showHit(hit) {
  try {
    await openTranscript(hit.participant, hit.label);
    selectPassage(hit.start, hit.end);
  } catch (error) { say(error.message, true); }
}

// Codes every hit of the search with one category: one step on the server, one step of the page's undo.
async function codeEveryHit() {
  try {
    const done = await api("POST", "search/code", { pattern: search.pattern, ignoreCase: search.ignoreCase, speaker: search.speaker || null,
                                                    category: $("code-hits-category").value, coder: state.coder, page: pageID,
                                                    unit: $("code-hits-unit").value, partial: $("code-hits-partial").checked,
                                                    moderator: $("code-hits-moderator").checked });
    remember(done.action);
    // The hits left uncoded (and why) follow the message, as the command line lists them.
    say([done.message, ...(done.notCoded || [])].join("\n"));
    if (state.participant) await openTranscript(state.participant); else await loadState();
  } catch (error) { say(error.message, true); }
}

// The text node and UTF-16 offset at code point `offset` of the transcript box.
function pointInTranscript(offset) {
  const walker = document.createTreeWalker($("transcript"), NodeFilter.SHOW_TEXT);
  let seen = 0;
  let last = null;
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const points = [...node.data];
    if (seen + points.length >= offset) return { node, offset: points.slice(0, offset - seen).join("").length };
    seen += points.length;
    last = node;
  }
  return last ? { node: last, offset: last.data.length } : null;
}

// Selects code points [start, end) of the transcript and scrolls them into view.
function selectPassage(start, end) {
  const from = pointInTranscript(start), to = pointInTranscript(end);
  if (!from || !to) return;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  (from.node.parentElement || $("transcript")).scrollIntoView({ block: "center" });
}

// The annotations of the open transcript, under it.
async function afterTranscript() {
  const box = $("annotations");
  if (!state.participant) { box.replaceChildren(); return; }
  const data = await api("GET", "annotations?participant=" + q(state.participant) + "&label=" + q(state.label || ""));
  search.annotations = data.annotations;
  // Marked in the text too (app.js's render).
  state.annotations = data.annotations;
  render();
  const focus = box.contains(document.activeElement) ? focusKey() : null;
  const list = el("ul", { id: "annotation-list" }, ...data.annotations.map((a) => el("li", { "data-id": a.id },
    el("blockquote", {}, a.excerpt), el("span", { class: "annotation-text" }, a.text),
    el("small", {}, ` (${a.coder ? a.coder + ", " : ""}${(a.modified || a.created).slice(0, 10)})`),
    el("button", { onclick: () => selectPassage(a.start, a.end) }, t("showPassage")),
    el("button", { onclick: () => openAnnotator(a) }, t("edit")),
    el("button", { onclick: () => removeAnnotation(a) }, t("delete")))));
  box.replaceChildren(el("h3", {}, t("annotationsHeading")), data.annotations.length ? list : el("p", {}, t("noAnnotations")));
  restoreFocus(focus);
}

// The annotation dialog: on the selected passage (new), or on an annotation's (edit).
function openAnnotator(existing = null) {
  if (existing) {
    search.annotating = { id: existing.id };
    $("annotator-excerpt").textContent = existing.excerpt;
    $("annotator-text").value = existing.text;
  } else {
    const chosen = selectionOffsets();
    if (!chosen) { say(t("selectFirst"), true); return; }
    search.annotating = { selection: chosen };
    $("annotator-excerpt").textContent = chosen.text;
    $("annotator-text").value = "";
  }
  $("annotator").showModal();
  $("annotator-text").focus();
}

async function saveAnnotation() {
  const what = search.annotating;
  const text = $("annotator-text").value;
  try {
    const done = what.id != null
      ? await api("PATCH", "annotations/" + what.id, { text })
      : await api("POST", "annotations", { participant: state.participant, label: state.label || "", start: what.selection.start,
                                            end: what.selection.end, excerpt: what.selection.text, text, coder: state.coder });
    say(done.message);
    window.getSelection().removeAllRanges();
    await afterTranscript();
  } catch (error) { say(error.message, true); }
}

async function removeAnnotation(a) {
  try {
    say((await api("DELETE", "annotations/" + a.id)).message);
    await afterTranscript();
  } catch (error) { say(error.message, true); }
}

document.addEventListener("DOMContentLoaded", () => {
  $("search-form").addEventListener("submit", (event) => { event.preventDefault(); runSearch(); });
  $("code-hits-form").addEventListener("submit", (event) => { event.preventDefault(); codeEveryHit(); });
  $("annotate-selection").addEventListener("click", () => openAnnotator());
  $("annotator-form").addEventListener("submit", (event) => { event.preventDefault(); $("annotator").close(); saveAnnotation(); });
  $("annotator-cancel").addEventListener("click", () => $("annotator").close());
  $("annotator-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); $("annotator-form").requestSubmit(); }
  });
  document.addEventListener("selectionchange", () => { $("annotate-selection").hidden = !selectionOffsets(); });
});
