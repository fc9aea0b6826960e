// studyctl coding workspace. Plain JavaScript, no build step, no network but this page's own origin.
// Offsets: the study counts Unicode scalars (code points) in the stored NFC text; the browser counts UTF-16 code
// units. Every offset sent or received is in code points, converted here with [...text].length.
"use strict";

const state = { coder: localStorage.getItem("studyctl-coder") || "", participant: null, label: null, text: "", codings: [], categories: [],
                attributes: [], attributeLabels: {}, tab: "codings", selection: null, editing: null, media: null, playUntil: null };

const api = (method, path, body) => request(method, "/api/" + path, body);

// This page's id for this load. The server files what this page changes under it, so the page's undo reaches
// neither another tab's changes nor, after a reload, its own earlier ones.
const pageID = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
// Per coder, the ids of the changes this page made, newest last (the server's ids for them).
const undoStacks = {};
const undoStack = () => (undoStacks[state.coder] ||= []);
const remember = (action) => { if (action != null) undoStack().push(action); };

// A category's underline style (solid, double, dashed, wavy by its place in the codebook): coded passages differ by
// more than colour.
function underline(category) {
  const index = state.categories.findIndex((c) => c.name === category);
  return "u" + (index < 0 ? 0 : index % 4);
}

// A category's colour is the server's (the codebook's order), the same on every page and after a reload.
function colour(category) {
  const found = state.categories.find((c) => c.name === category);
  return found ? found.colour : "#dddddd";
}

const q = (value) => encodeURIComponent(value);

// The page's words come with the study's state, in the study's language (PageWord in studyctl's catalog);
// numbers are written as that language writes them (58,3 % in Portuguese).
let words = {};
let language = "en";
const t = (key, values = {}) => (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
// Words with a count: the singular (the key with "One" after it) for 1, the plural otherwise; `n` fills {n}.
const tn = (key, n, values = {}) => t(n === 1 && words[key + "One"] ? key + "One" : key, { n, ...values });
// "58,3 %" as studyctl writes shares in Portuguese (a space before the sign), "58.3%" in English.
const percent = (share) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(share * 100) + (language === "pt-BR" ? " %" : "%");
const fixed = (value, digits) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

function translatePage() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  for (const node of document.querySelectorAll("[data-t-title]")) node.title = t(node.dataset.tTitle);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  $("participants").setAttribute("aria-label", t("participants"));
}

async function loadState() {
  const data = await api("GET", "state?coder=" + q(state.coder));
  const first = !Object.keys(words).length;
  words = data.words || {};
  language = data.language || "en";
  if (first) translatePage();
  document.title = data.title + " — studyctl · " + t("pageTitle");
  $("title").textContent = data.title;
  state.categories = data.categories;
  state.attributes = data.attributes;
  state.attributeLabels = data.attributeLabels || {};
  // A coder who codes blind is offered no comparison: it shows every coder's codes.
  const compareButton = document.querySelector(".tabs button[data-tab=compare]");
  compareButton.hidden = data.compare === false;
  if (compareButton.hidden && state.tab === "compare") state.tab = "codings";
  const list = $("participants");
  const focus = list.contains(document.activeElement) ? focusKey() : null;
  const items = [el("h2", {}, t("participants"))];
  for (const p of data.participants) {
    const share = p.characters ? p.coded / p.characters : 0;
    items.push(el("button", { class: "participant" + (p.code === state.participant ? " current" : ""), "data-code": p.code,
                              disabled: p.transcript ? null : "disabled",
                              onclick: () => openTranscript(p.code) },
                  el("strong", {}, p.code), p.group ? " · " + p.group : "",
                  el("small", {}, p.transcript ? `${tn("codings", p.codings)} · ${t("coded", { share: percent(share) })}` : t("noTranscript"))));
    // A participant with several transcripts (an interview and a session's log): one button each.
    if (p.labels && p.labels.length > 1) {
      for (const label of p.labels) {
        items.push(el("button", { class: "transcript-label" + (p.code === state.participant && label === state.label ? " current" : ""),
                                  "data-code": p.code, "data-label": label, onclick: () => openTranscript(p.code, label) },
                      label || p.code));
      }
    }
  }
  // The same participants as drawn: each button is updated where it is, so the one focused or being clicked stays.
  const key = (node) => [node.tagName, node.dataset.code ?? "", node.dataset.label ?? "", node.classList[0] ?? ""].join("\u0001");
  const drawn = [...list.children];
  if (drawn.length === items.length && drawn.every((node, i) => key(node) === key(items[i]))) {
    drawn.forEach((node, i) => {
      node.className = items[i].className;
      if (node.tagName === "BUTTON") node.disabled = items[i].disabled;
      node.replaceChildren(...items[i].childNodes);
    });
  } else list.replaceChildren(...items);
  restoreFocus(focus);
  $("category-list").replaceChildren(...state.categories.map((c) => el("option", { value: c.name })));
}

// Where keyboard focus is, told so that it can be found again after the page redraws that part: by id, or by what the
// element is (tag, class, words) and the item it belongs to (a participant, a coding, a category) in its container.
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body || active.closest("dialog")) return null;
  if (active.id) return { id: active.id };
  const container = active.parentElement && active.parentElement.closest("[id]");
  const owner = active.closest("[data-id], [data-code], [data-category], [data-excerpt]");
  const ownerKey = owner ? ["id", "code", "label", "category", "excerpt"].map((k) => owner.dataset[k] ?? "").join("\u0001") : "";
  const same = (node) => node.tagName === active.tagName && node.className === active.className && node.textContent === active.textContent;
  const peers = container ? [...container.querySelectorAll(active.tagName)].filter(same) : [];
  return { container: container && container.id, ownerKey, tag: active.tagName, className: active.className, text: active.textContent,
           index: peers.indexOf(active) };
}

// Puts focus back where `key` says it was, if the redraw lost it (focus on the page's body); else the nearest container.
function restoreFocus(key) {
  if (!key) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (key.id) { const node = $(key.id); if (node && !node.hidden) { node.focus(); return; } }
  const container = key.container && $(key.container);
  if (!container) return;
  // The same item's element of that kind (its words first: an item has several buttons; its class may have changed, as
  // the open participant's does), else the element with the same words at the same place.
  const all = [...container.querySelectorAll(key.tag)];
  const owned = key.ownerKey ? all.filter((node) => {
    const owner = node.closest("[data-id], [data-code], [data-category], [data-excerpt]");
    return owner && ["id", "code", "label", "category", "excerpt"].map((k) => owner.dataset[k] ?? "").join("\u0001") === key.ownerKey;
  }) : [];
  const candidates = all.filter((node) => node.className === key.className && node.textContent === key.text);
  const target = owned.find((node) => node.textContent === key.text) || owned.find((node) => node.className.split(" ")[0] === key.className.split(" ")[0])
    || candidates[Math.min(key.index, candidates.length - 1)];
  if (target) target.focus();
  else if (container.tabIndex >= 0) container.focus();
  else container.closest("[tabindex]")?.focus();
}

async function openTranscript(code, label = code === state.participant ? state.label : null) {
  if (!state.coder) { say(t("typeCoderFirst"), true); $("coder").focus(); return; }
  const data = await api("GET", "transcript/" + q(code) + "?coder=" + q(state.coder) + (label !== null ? "&label=" + q(label) : ""));
  state.participant = code;
  state.label = data.label;
  state.text = data.text;
  state.codings = data.codings;
  state.turns = data.turns || [];
  state.annotations = [];
  showRecording(data.media);
  $("doc-title").textContent = data.label ? `${code} · ${data.label}` : code;
  // The codebook first: a category just created from the picker is drawn in its own colour at once.
  await loadState();
  render();
  $("transcript-keys").hidden = false;
  await showTab(state.tab);
  // The annotations of this transcript (search.js).
  if (typeof afterTranscript === "function") await afterTranscript();
}

// The recording the transcript was made from (its turn times are the recording's), in the player above the text.
function showRecording(media) {
  const player = $("player");
  state.media = media || null;
  if (!media) { player.pause(); player.removeAttribute("src"); player.load(); player.hidden = true; return; }
  if (player.getAttribute("src") !== media.url) {
    player.replaceChildren();
    // Captions from the transcript's timed turns (MediaRoute), shown by default.
    if (media.captions) player.append(el("track", { kind: "captions", src: media.captions, srclang: language, label: t("captions"), default: "" }));
    player.src = media.url;
  }
  player.className = media.kind;
  player.hidden = false;
}

// "1:05" for 65.2 seconds.
const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

// Plays a coded passage from where its words were said, and pauses a moment after they end.
function play(coding) {
  const player = $("player");
  const start = () => {
    player.currentTime = coding.startTime;
    state.playUntil = coding.endTime != null ? coding.endTime + 1 : null;
    player.play().catch((error) => say(t("recordingGone", { reason: error.message }), true));
  };
  if (player.readyState >= 1) start(); else player.addEventListener("loadedmetadata", start, { once: true });
}

// Draws the transcript as runs of code points, each run wrapped in the codings that cover it, annotated passages
// underlined with a ✎ before them, and each timed paragraph's time beside it. The ✎ and the times are CSS-generated
// (from data attributes), so the text a selection counts is the transcript's own.
function render() {
  const points = [...state.text];
  const cuts = new Set([0, points.length]);
  for (const c of state.codings) if (c.start != null && c.end != null) { cuts.add(c.start); cuts.add(c.end); }
  const notes = (state.annotations || []).filter((a) => a.end > a.start);
  for (const a of notes) { cuts.add(a.start); cuts.add(a.end); }
  // A timed turn's time where its paragraph begins (the speaker's label included).
  const times = new Map();
  for (const turn of state.turns || []) {
    let at = Math.min(turn.at, points.length);
    while (at > 0 && points[at - 1] !== "\n") at--;
    if (!times.has(at)) { times.set(at, turn.startMs); cuts.add(at); }
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const box = $("transcript");
  box.replaceChildren();
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [from, to] = [sorted[i], sorted[i + 1]];
    if (times.has(from)) {
      const time = clock(times.get(from) / 1000);
      box.append(el("span", { class: "turn-time", "data-time": time, "data-ms": times.get(from), title: t("turnTime", { time }) }));
    }
    const text = points.slice(from, to).join("");
    const covering = state.codings.filter((c) => c.start != null && c.start <= from && c.end >= to);
    let node = document.createTextNode(text);
    if (covering.length) {
      const starting = covering.filter((c) => c.start === from);
      node = el("mark", { title: covering.map((c) => `${c.code} — ${c.categories.join(", ")}`).join("\n"),
                          "data-ids": covering.map((c) => c.id).join(" "), class: underline(covering[0].categories[0]),
                          "data-coded": starting.length ? starting.map((c) => t("codedAs", { categories: c.categories.join(", ") })).join("; ") + " " : null }, text);
      node.style.background = colour(covering[0].categories[0]);
      if (covering.length > 1) { node.classList.add("overlap"); node.style.outlineColor = colour(covering[1].categories[0]); }
    }
    const annotated = notes.filter((a) => a.start <= from && a.end >= to);
    if (annotated.length) {
      node = el("span", { class: "annotated" + (annotated.some((a) => a.start === from) ? " annotation-start" : ""),
                          "data-annotations": annotated.map((a) => a.id).join(" "),
                          title: annotated.map((a) => t("annotatedTitle", { text: a.text })).join("\n") }, node);
    }
    box.append(node);
  }
}

// The selection inside the transcript in code points, with leading and trailing white space left out.
function selectionOffsets() {
  const selection = window.getSelection();
  const box = $("transcript");
  if (!selection.rangeCount || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!box.contains(range.startContainer) || !box.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.setStart(box, 0);
  before.setEnd(range.startContainer, range.startOffset);
  let start = [...before.toString()].length;
  let chosen = [...range.toString()];
  while (chosen.length && /\s/.test(chosen[0])) { chosen.shift(); start++; }
  while (chosen.length && /\s/.test(chosen[chosen.length - 1])) chosen.pop();
  if (!chosen.length) return null;
  return { start, end: start + chosen.length, text: chosen.join("") };
}

function openPicker() {
  const chosen = selectionOffsets();
  if (!chosen) { say(t("selectFirst"), true); return; }
  state.selection = chosen;
  $("picker-excerpt").textContent = chosen.text;
  $("picker-code").value = chosen.text;
  $("picker-descriptive").checked = false;
  $("picker-category").value = "";
  $("picker-memo").value = "";
  picker.confirmed = null;
  $("picker-new").hidden = true;
  suggest();
  $("picker").showModal();
  $("picker-category").focus();
}

// The picker's category field: the codebook's categories that match what is typed (case and accents ignored),
// chosen with ArrowDown/ArrowUp and Enter or a click; a name that is no category is created only after the page says
// it is new and Enter (or Save) is pressed again for that very name.
const picker = { active: -1, matches: [], confirmed: null };
const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
const existingCategory = (name) => state.categories.find((c) => fold(c.name) === fold(name));

function suggest() {
  const typed = fold($("picker-category").value);
  picker.matches = typed ? state.categories.filter((c) => fold(c.name).includes(typed)).map((c) => c.name) : [];
  picker.active = -1;
  drawSuggestions();
}

function drawSuggestions() {
  const list = $("picker-suggestions");
  list.replaceChildren(...picker.matches.map((name, index) => el("li", { role: "option", id: "picker-option-" + index, class: index === picker.active ? "active" : "",
    "aria-selected": index === picker.active ? "true" : "false", onmousedown: (event) => { event.preventDefault(); choose(name); } }, name)));
  list.hidden = !picker.matches.length;
  $("picker-category").setAttribute("aria-expanded", picker.matches.length ? "true" : "false");
  if (picker.active >= 0) {
    $("picker-category").setAttribute("aria-activedescendant", "picker-option-" + picker.active);
    $("picker-option-" + picker.active).scrollIntoView({ block: "nearest" });
  } else $("picker-category").removeAttribute("aria-activedescendant");
}

function choose(name) {
  $("picker-category").value = name;
  picker.matches = [];
  picker.active = -1;
  $("picker-new").hidden = true;
  drawSuggestions();
}

function pickerKey(event) {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (!picker.matches.length) suggest();
    if (!picker.matches.length) return;
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    picker.active = (picker.active + step + picker.matches.length) % picker.matches.length;
    drawSuggestions();
  } else if (event.key === "Enter" && picker.active >= 0) {
    // Enter on a highlighted suggestion chooses it; the next Enter saves.
    event.preventDefault();
    choose(picker.matches[picker.active]);
  }
}

// Whether the picker may save: an existing category, or a new one the coder confirmed by name.
function pickerReady() {
  const typed = $("picker-category").value.trim();
  if (!typed || existingCategory(typed) || picker.confirmed === typed) return true;
  picker.confirmed = typed;
  const close = picker.matches.length ? " " + t("newCategoryOr", { names: picker.matches.slice(0, 3).join(", ") }) : "";
  $("picker-new").textContent = t("newCategoryConfirm", { name: typed }) + close;
  $("picker-new").hidden = false;
  return false;
}

async function saveCoding() {
  const chosen = state.selection;
  try {
    const saved = await api("POST", "codings", { participant: state.participant, label: state.label, start: chosen.start, end: chosen.end, excerpt: chosen.text,
                                                 code: $("picker-code").value, category: $("picker-category").value, coder: state.coder,
                                                 newCategory: picker.confirmed === $("picker-category").value.trim(),
                                                 memo: $("picker-memo").value, descriptive: $("picker-descriptive").checked, page: pageID });
    remember(saved.action);
    say(saved.message + (saved.notes.length ? " — " + saved.notes.join("; ") : ""));
    window.getSelection().removeAllRanges();
    await openTranscript(state.participant);
  } catch (error) { say(error.message, true); }
}

// The text fields with typing not yet entered (there Ctrl+Z is the browser's undo of the typing).
const typed = new WeakSet();
const textField = (node) => node && (node.tagName === "TEXTAREA" || (node.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(node.type)));

// ---- Selecting words with the keyboard: with the transcript focused, ← → select the next or previous word, ↑ ↓ the
// next or previous sentence, Page Down/Page Up the next or previous turn (the speaker's label left out); with Shift
// the selection grows (or shrinks) from where it began. Esc clears it. The selection is the page's own DOM selection,
// so "n" codes it as it codes a selection made with the mouse; what is selected is said in a live region.
const cursor = { anchor: null, focus: null, kind: null, text: null, units: {} };

// The transcript's words, sentences or turns as code point ranges [start, end), in order.
function unitsOf(kind) {
  if (cursor.text !== state.text) { cursor.text = state.text; cursor.units = {}; cursor.anchor = cursor.focus = null; }
  if (cursor.units[kind]) return cursor.units[kind];
  // UTF-16 index → code point index.
  const text = state.text;
  const points = new Int32Array(text.length + 1);
  for (let i = 0, p = 0; i <= text.length; p++) {
    points[i] = p;
    const code = text.codePointAt(i);
    if (code > 0xffff) { points[i + 1] = p; i += 2; } else i += 1;
  }
  const ranges = (pattern, from = 0, to = text.length) => [...text.slice(from, to).matchAll(pattern)]
    .map((m) => [from + m.index, from + m.index + m[0].length]);
  const turns = [];
  for (const [start, end] of ranges(/[^\n]+/g)) {
    const label = /^[^\s:][^:\n]{0,40}:\s+/.exec(text.slice(start, end));
    let from = start + (label ? label[0].length : 0);
    let to = end;
    while (from < to && /\s/.test(text[from])) from++;
    while (to > from && /\s/.test(text[to - 1])) to--;
    if (to > from) turns.push([from, to]);
  }
  const found = { turn: turns, word: [], sentence: [] };
  for (const [from, to] of turns) {
    found.word.push(...ranges(/[\p{L}\p{N}\p{M}]+(?:['’\-.,][\p{L}\p{N}\p{M}]+)*/gu, from, to));
    for (const [a, b] of ranges(/[^.!?…]+(?:[.!?…]+["”»)]*|$)/g, from, to)) {
      let [x, y] = [a, b];
      while (x < y && /\s/.test(text[x])) x++;
      while (y > x && /\s/.test(text[y - 1])) y--;
      if (y > x) found.sentence.push([x, y]);
    }
  }
  for (const kind of Object.keys(found)) cursor.units[kind] = found[kind].map(([a, b]) => [points[a], points[b]]);
  return cursor.units[kind];
}

function transcriptKey(event) {
  // On the transcript or a passage focused in it (next/previous passage), not on a passage-end handle or the bar's buttons.
  if (event.target.closest("button, .resize-bar") || event.ctrlKey || event.metaKey || event.altKey) return;
  const kind = { ArrowLeft: "word", ArrowRight: "word", ArrowUp: "sentence", ArrowDown: "sentence", PageUp: "turn", PageDown: "turn" }[event.key];
  if (event.key === "Escape") { cursor.anchor = cursor.focus = null; window.getSelection().removeAllRanges(); $("kb-status").textContent = ""; return; }
  if (!kind || !state.participant) return;
  event.preventDefault();
  const units = unitsOf(kind);
  if (!units.length) return;
  const forward = ["ArrowRight", "ArrowDown", "PageDown"].includes(event.key);
  // Without a keyboard selection, a mouse selection in the transcript is where it starts.
  if (!cursor.focus) {
    const chosen = selectionOffsets();
    if (chosen) { cursor.anchor = cursor.focus = [chosen.start, chosen.end]; cursor.kind = null; }
  }
  // The next unit of the kind: after the last one; from another kind (a sentence, then →), the first word inside it, or
  // with Shift the rest of the sentence or turn the selection ends in.
  const [at, to] = cursor.focus || [0, 0];
  const first = (test) => units.find(test), last = (test) => [...units].reverse().find(test);
  let next;
  if (!cursor.focus) next = forward ? units[0] : units[units.length - 1];
  else if (cursor.kind !== kind && event.shiftKey) next = forward ? first(([, b]) => b > to) : last(([a]) => a < at);
  else if (cursor.kind !== kind) next = forward ? first(([, b]) => b > at) : last(([a]) => a < to);
  else next = forward ? first(([a]) => a >= to) : last(([, b]) => b <= at);
  if (!next) return;
  cursor.focus = next;
  cursor.kind = kind;
  if (!event.shiftKey || !cursor.anchor) cursor.anchor = next;
  const start = Math.min(cursor.anchor[0], cursor.focus[0]), end = Math.max(cursor.anchor[1], cursor.focus[1]);
  selectWords(start, end);
}

// Selects code points [start, end) of the transcript, keeps them in view and says what they are (and their codes).
function selectWords(start, end) {
  const from = pointInTranscript(start), to = pointInTranscript(end);
  if (!from || !to) return;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  // Kept in view: the transcript's column scrolls when the columns stand side by side, the page when they are stacked.
  const rect = range.getBoundingClientRect();
  const column = $("transcript").closest("section");
  const frame = column.getBoundingClientRect();
  const top = Math.max(frame.top, 0), bottom = Math.min(frame.bottom, window.innerHeight);
  if (rect.top < top || rect.bottom > bottom) {
    const delta = rect.top < top ? rect.top - top - 24 : rect.bottom - bottom + 24;
    if (column.scrollHeight > column.clientHeight + 1) column.scrollTop += delta; else window.scrollBy(0, delta);
  }
  const words = [...state.text].slice(start, end).join("");
  const codes = state.codings.filter((c) => c.start != null && c.start < end && c.end > start);
  const categories = [...new Set(codes.flatMap((c) => c.categories))];
  $("kb-status").textContent = t("selectedWords", { words: words.length > 200 ? words.slice(0, 200) + "…" : words })
    + (categories.length ? " — " + t("codedAs", { categories: categories.join(", ") }) : "");
}

// Undoes this page's last change (as this coder), if the coding is still as this page left it.
async function undo() {
  const stack = undoStack();
  if (!stack.length) { say(t("nothingToUndoPage")); return; }
  try {
    const done = await api("POST", "undo", { coder: state.coder, page: pageID, action: stack[stack.length - 1] });
    stack.pop();
    say(done.message);
  } catch (error) {
    // 409: refused for good (changed elsewhere since, or unknown to the server), so it leaves the page's undo.
    if (error.status === 409) stack.pop();
    say(error.message, true);
    return;
  }
  if (state.participant) await openTranscript(state.participant).catch((error) => say(error.message, true));
}

// Tabs drawn by the page's other scripts (across.js: the Across tab), by name.
const moreTabs = {};

// The side panel's tabs: a tablist (ARIA's tabs pattern) — the selected tab is the one in the Tab order; ← → Home End
// move among the tabs and show the one reached. Focus that was in the panel is put back after it is drawn again.
async function showTab(name) {
  state.tab = name;
  for (const button of document.querySelectorAll(".tabs button")) {
    const selected = button.dataset.tab === name;
    button.classList.toggle("active", selected);
    button.setAttribute("aria-selected", selected ? "true" : "false");
    button.tabIndex = selected ? 0 : -1;
  }
  const panel = $("panel");
  panel.setAttribute("aria-labelledby", "tab-" + name);
  const focus = panel.contains(document.activeElement) ? focusKey() : null;
  const fresh = el("div");
  try {
    await ({ codings: codingsTab, codebook: codebookTab, quotes: quotesTab, frequencies: frequenciesTab, compare: compareTab, memos: memosTab,
             ...moreTabs })[name](fresh);
  } catch (error) { say(error.message, true); }
  if (state.tab !== name) return;
  panel.replaceChildren(...fresh.childNodes);
  restoreFocus(focus);
}

function tabKey(event) {
  const tabs = [...document.querySelectorAll(".tabs button")].filter((b) => !b.hidden);
  const at = tabs.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const tab = tabs[(to + tabs.length) % tabs.length];
  tab.focus();
  showTab(tab.dataset.tab);
}

async function codingsTab(panel) {
  if (!state.participant) { panel.append(el("p", {}, t("openTranscriptHint"))); return; }
  const list = el("ul", { class: "codings" });
  for (const c of [...state.codings].sort((a, b) => (a.start ?? 0) - (b.start ?? 0))) {
    const swatch = el("span", { class: "swatch" });
    swatch.style.background = colour(c.categories[0]);
    const playing = state.media && c.startTime != null
      ? [el("button", { class: "play", "data-start": c.startTime, title: t("playTitle"), onclick: () => play(c) }, t("play", { time: clock(c.startTime) })), " "]
      : [];
    list.append(el("li", { "data-id": c.id }, ...playing, swatch, el("strong", {}, c.code), " — " + c.categories.join(", "),
      c.memo ? el("em", {}, ` (${t("memoLabel")}: ${c.memo})`) : "",
      el("button", { onclick: () => editCoding(c) }, t("edit")),
      ...(c.start != null ? [el("button", { class: "resize", onclick: () => startResize(c) }, t("resize"))] : []),
      el("button", { onclick: () => deleteCoding(c) }, t("delete"))));
  }
  panel.append(el("p", {}, tn("codingsBy", state.codings.length, { coder: state.coder, participant: state.participant })), passageBar(), list);
}

// Edit in the page's own dialog: the code, its category, descriptive or in-vivo, the memo. Enter saves, Esc cancels.
function editCoding(c) {
  state.editing = c;
  $("editor-excerpt").textContent = c.excerpt;
  $("editor-code").value = c.code;
  $("editor-category").value = c.categories[0] || "";
  $("editor-descriptive").checked = !c.inVivo;
  $("editor-memo").value = c.memo || "";
  $("editor").showModal();
  $("editor-code").focus();
}

async function saveEdit() {
  const c = state.editing;
  try {
    const done = await api("PATCH", "codings/" + c.id, { coder: state.coder, code: $("editor-code").value, category: $("editor-category").value,
                                                         descriptive: $("editor-descriptive").checked, memo: $("editor-memo").value, page: pageID });
    remember(done.action);
    say(done.message);
    await openTranscript(state.participant);
  } catch (error) { say(error.message, true); }
}

async function deleteCoding(c) {
  try {
    const done = await api("DELETE", "codings/" + c.id + "?coder=" + q(state.coder) + "&page=" + q(pageID));
    remember(done.action);
    say(done.message);
    await openTranscript(state.participant);
  } catch (error) { say(error.message, true); }
}

// The codebook tab, its dialogs, moving a passage's ends and stepping through a category's passages: codebook.js.

// The Quotes tab: a category's passages (this coder's own), for the participants with the attribute values chosen,
// each with the words around it — what `studyctl code list --category C --where A=V --context N` retrieves.
async function quotesTab(panel) {
  const category = el("select", { id: "quotes-category", onchange: () => fill() }, ...state.categories.map((c) => el("option", { value: c.name }, c.name)));
  const context = el("select", { id: "quotes-context", onchange: () => fill() }, el("option", { value: "" }, t("contextNone")),
                     el("option", { value: "10" }, t("contextWords", { n: 10 })), el("option", { value: "30" }, t("contextWords", { n: 30 })),
                     el("option", { value: "1s" }, t("contextSentence")));
  // One select per participant attribute, its values listed: every value chosen must hold (code list's --where).
  const filters = el("div", { id: "quotes-where", class: "quote-filters" });
  // The citation's attributes, chosen once for the study (export quotes cites the same).
  const cite = el("fieldset", { id: "quotes-cite", class: "quote-filters" });
  const family = el("p", { id: "quotes-family", class: "hint" });
  const count = el("p", { id: "quotes-count" });
  const list = el("ul", { class: "quotes", id: "quotes" });
  let offered = false;
  const chosen = () => [...filters.querySelectorAll("select")].filter((s) => s.value).map((s) => [s.dataset.attribute, s.value]);
  // A numeric attribute (age) is a range: from and to.
  const bounds = () => [...filters.querySelectorAll("input[data-bound]")].filter((i) => i.value.trim())
    .map((i) => "&" + i.dataset.bound + "=" + q(i.dataset.attribute + "=" + i.value.trim())).join("");
  async function saveCitation() {
    const names = [...cite.querySelectorAll("input:checked")].map((box) => box.value);
    try { say((await api("POST", "citation", { attributes: names })).message); await fill(); } catch (error) { say(error.message, true); }
  }
  async function fill() {
    const where = chosen().map(([name, value]) => "&where=" + q(name + "=" + value)).join("") + bounds();
    let data;
    try {
      data = await api("GET", "quotes?category=" + q(category.value) + "&coder=" + q(state.coder) + "&context=" + q(context.value) + where);
    } catch (error) { say(error.message, true); return; }
    if (!offered) {
      offered = true;
      filters.replaceChildren(...data.attributes.map((a) => a.numeric
        ? el("label", {}, a.label + " ", t("rangeFrom") + " ",
             el("input", { type: "number", step: "any", "data-attribute": a.name, "data-bound": "min", placeholder: new Intl.NumberFormat(language).format(a.low), onchange: () => fill() }),
             " " + t("rangeTo") + " ",
             el("input", { type: "number", step: "any", "data-attribute": a.name, "data-bound": "max", placeholder: new Intl.NumberFormat(language).format(a.high), onchange: () => fill() }))
        : el("label", {}, a.label + " ",
          el("select", { "data-attribute": a.name, onchange: () => fill() }, el("option", { value: "" }, t("anyValue")),
             ...a.values.map((v) => el("option", { value: v.value }, v.label))))));
      cite.replaceChildren(el("legend", {}, t("citeHeading")), ...data.attributes.map((a) => el("label", { class: "inline" },
        el("input", { type: "checkbox", value: a.name, checked: data.citation == null || data.citation.includes(a.name) ? "" : null,
                      onchange: () => saveCitation() }), " " + a.label)));
    }
    family.textContent = data.categories.length > 1 ? t("quotesOfTheme", { categories: data.categories.slice(1).join(", ") }) : "";
    const shown = chosen().map(([name]) => name);
    count.textContent = t("quotesFrom", { quotes: tn("quoteCount", data.passages), participants: tn("participantCount", data.participants) });
    list.replaceChildren(...data.quotes.map((x) => {
      const mark = el("mark", {}, x.excerpt);
      mark.style.background = colour(x.categories && x.categories[0] || category.value);
      // The citation: the attributes the study chose (all of them until it chooses), else those filtered on.
      const cited = data.citation ?? Object.keys(x.attributes);
      const named = (name) => state.attributeLabels[name] ?? name;
      const about = cited.length ? cited.filter((name) => name in x.attributes).map((name) => `${named(name)}: ${x.attributes[name]}`).join("; ")
        : shown.map((name) => `${named(name)}: ${x.attributes[name] ?? ""}`).join(", ");
      return el("li", { "data-id": x.id, "data-participant": x.participant },
        el("blockquote", {}, x.before ?? "", mark, x.after ?? ""),
        el("small", {}, `${x.participant}${about ? " (" + about + ")" : ""} — “${x.code}”`));
    }));
    if (!data.quotes.length) list.append(el("li", {}, t(chosen().length ? "noQuotesSelected" : "noQuotes")));
  }
  panel.append(el("div", { class: "quote-filters" }, el("label", {}, t("category") + " ", category), el("label", {}, t("context") + " ", context)),
               family, filters, cite, count, list);
  if (state.categories.length) await fill();
}

async function frequenciesTab(panel) {
  const select = el("select", { id: "freq-by", onchange: () => fill() }, el("option", { value: "" }, t("allParticipants")),
                    ...state.attributes.map((a) => el("option", { value: a }, state.attributeLabels[a] ?? a)));
  const box = el("div");
  async function fill() {
    const data = await api("GET", "frequencies?by=" + q(select.value) + "&coder=" + q(state.coder));
    const f = data.table;
    const head = el("tr", {}, ...[t("category"), t("segments"), t("participants"), t("share")].map((h) => el("th", {}, h)),
                    ...f.groups.map((g) => el("th", {}, g)));
    const table = el("table", { id: "frequencies" }, head);
    for (const row of f.rows) {
      table.append(el("tr", { "data-category": row.category }, el("td", {}, row.category), el("td", { class: "n" }, row.overall.segments),
        el("td", { class: "n" }, row.overall.participants), el("td", { class: "n" }, percent(row.overall.share)),
        ...row.groups.map((g) => el("td", { class: "n" }, `${g.participants} (${percent(g.share)})`))));
    }
    // A theme's total counts each participant once, however many of its categories they raised.
    for (const theme of f.themes || []) {
      table.append(el("tr", { "data-theme": theme.theme, class: "theme-total" }, el("td", {}, t("themeTotal", { theme: theme.theme })),
        el("td", { class: "n" }, theme.overall.segments), el("td", { class: "n" }, theme.overall.participants),
        el("td", { class: "n" }, percent(theme.overall.share)), ...theme.groups.map((g) => el("td", { class: "n" }, `${g.participants} (${percent(g.share)})`))));
    }
    // A wide table scrolls in its own box (focusable, so the keyboard scrolls it too); the page never does sideways.
    box.replaceChildren(el("p", {}, tn("sharesIntro", f.participants, { coder: state.coder })),
                        el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("tabFrequencies") }, table));
  }
  panel.append(el("label", {}, t("by") + " ", select), box);
  await fill();
}

async function compareTab(panel) {
  const consensus = localStorage.getItem("studyctl-consensus") || t("consensusDefault");
  const data = await api("GET", "compare?consensus=" + q(consensus) + "&coder=" + q(state.coder));
  // What the figures compared and what they left out (one coder only, other bounds), as `codes agreement` says it.
  const coverage = el("div", { id: "coverage" }, ...(data.coverage || []).map((line) => el("p", {}, line)),
    ...(data.coverageHint ? [el("p", { class: "hint" }, data.coverageHint)] : []));
  if (!data.report) { panel.append(el("p", {}, t("compareNeeds", { coders: data.coders.join(", ") || t("none") })), coverage); return; }
  const r = data.report;
  const table = el("table", { id: "agreement" }, el("tr", {}, ...[t("category"), t("units"), t("agreement"), "κ", "α"].map((h) => el("th", {}, h))));
  for (const line of [...r.categories, r.overall]) {
    table.append(el("tr", {}, el("td", {}, line === r.overall ? t("overall") : line.category), el("td", { class: "n" }, line.units),
      el("td", { class: "n" }, line.percentAgreement == null ? "" : percent(line.percentAgreement)),
      el("td", { class: "n" }, line.kappas.length && line.kappas[0].kappa != null ? fixed(line.kappas[0].kappa, 3) : ""),
      el("td", { class: "n" }, line.alpha == null ? "" : fixed(line.alpha, 3))));
  }
  // The resolution view: each difference settled into the consensus coder, beside the coders' own codes.
  const name = el("input", { id: "consensus", value: consensus, onchange: () => { localStorage.setItem("studyctl-consensus", name.value.trim()); showTab("compare"); } });
  async function post(path, body) {
    try { say((await api("POST", path, body)).message); showTab("compare"); }
    catch (error) { say(error.message, true); }
  }
  const settleAll = el("button", { id: "settle-agreements", onclick: () => post("settle/agreements", { consensus: name.value.trim() }) }, t("settleAgreements"));
  const list = el("ul", { class: "differences" }, ...data.differences.map((d) => el("li", { "data-excerpt": d.id, class: d.settled ? "settled" : "" },
    el("blockquote", {}, d.excerpt),
    el("small", {}, d.participant + " — " + Object.entries(d.byCoder).map(([coder, cats]) => `${coder}: ${cats.join(", ")}`).join(" · ")),
    el("div", { class: "settle" }, ...Object.keys(d.byCoder).map((coder) =>
      el("button", { "data-coder": coder, onclick: () => post("settle", { excerpt: d.id, from: coder, consensus: name.value.trim() }) }, t("takeCoding", { coder }))),
      ...(d.settled ? [el("strong", {}, " ✓ " + t("settledAs", { categories: d.settled.join(", ") }))] : [])))));
  panel.append(el("p", {}, tn("compareIntro", r.units, { coders: r.coders.join(", "), units: r.units })), coverage,
               el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("agreement") }, table),
               el("h3", {}, t("whereTheyDiffer", { n: data.differences.length })), el("p", {}, t("resolutionIntro")),
               el("label", {}, t("consensusCoder") + " ", name), " ", settleAll, list);
}

async function memosTab(panel) {
  const data = await api("GET", "memos");
  const list = el("ul", {}, ...data.memos.map((m) => el("li", {}, el("strong", {}, m.on), ` (${m.created.slice(0, 10)}${m.coder ? ", " + m.coder : ""}): `, m.text)));
  const target = el("select", { name: "on" }, el("option", { value: "study" }, t("theStudy")),
    ...(state.participant ? [el("option", { value: "participant:" + state.participant }, t("participant") + " " + state.participant)] : []),
    ...state.categories.map((c) => el("option", { value: "category:" + c.name }, t("category").toLowerCase() + " " + c.name)));
  const form = el("form", { onsubmit: async (event) => {
    event.preventDefault();
    try { say((await api("POST", "memos", { on: target.value, text: form.elements.text.value, coder: state.coder })).message); showTab("memos"); }
    catch (error) { say(error.message, true); }
  } }, el("label", {}, t("memoOn") + " ", target), el("label", { class: "memo-text" }, t("memoText"), el("textarea", { name: "text", rows: 3, required: "" })),
     el("button", {}, t("addMemo")));
  panel.append(list, form);
}

document.addEventListener("DOMContentLoaded", async () => {
  $("coder").value = state.coder;
  $("coder").addEventListener("change", async () => {
    state.coder = $("coder").value.trim();
    localStorage.setItem("studyctl-coder", state.coder);
    if (state.participant) await openTranscript(state.participant); else await loadState();
  });
  $("undo").addEventListener("click", undo);
  // Focus goes into a dialog (its first field) when it opens and back where it was when it closes, even when the
  // page drew that part again meanwhile (then to the same item).
  let outside = null;
  document.addEventListener("focusin", (event) => { if (!event.target.closest("dialog")) outside = focusKey(); });
  document.addEventListener("close", () => setTimeout(() => restoreFocus(outside)), true);
  $("player").addEventListener("timeupdate", () => {
    if (state.playUntil != null && $("player").currentTime >= state.playUntil) { $("player").pause(); state.playUntil = null; }
  });
  $("player").addEventListener("error", () => {
    if (state.media) say(t("recordingGone", { reason: $("player").error ? $("player").error.message || $("player").error.code : "" }), true);
  });
  $("code-selection").addEventListener("click", openPicker);
  // Enter in any field saves (the form's only submit button); Esc or Cancel closes without saving.
  $("picker-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!pickerReady()) return;
    $("picker").close();
    saveCoding();
  });
  $("picker-category").addEventListener("input", () => { suggest(); if (picker.confirmed !== $("picker-category").value.trim()) $("picker-new").hidden = true; });
  $("picker-category").addEventListener("keydown", pickerKey);
  $("picker-cancel").addEventListener("click", () => $("picker").close());
  $("editor-form").addEventListener("submit", (event) => { event.preventDefault(); $("editor").close(); saveEdit(); });
  $("editor-cancel").addEventListener("click", () => $("editor").close());
  // Enter in a dialog's memo saves too (Shift+Enter starts a new line).
  for (const memo of [$("picker-memo"), $("editor-memo")]) {
    memo.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); memo.form.requestSubmit(); }
    });
  }
  for (const button of document.querySelectorAll(".tabs button")) button.addEventListener("click", () => showTab(button.dataset.tab));
  document.querySelector(".tabs").addEventListener("keydown", tabKey);
  $("transcript").addEventListener("keydown", transcriptKey);
  document.addEventListener("selectionchange", () => { $("code-selection").hidden = !selectionOffsets(); });
  // A text field holds typing not yet entered from its first keystroke until its form is sent or its change is taken.
  document.addEventListener("input", (event) => { if (textField(event.target)) typed.add(event.target); });
  document.addEventListener("change", (event) => typed.delete(event.target));
  document.addEventListener("submit", (event) => { for (const field of event.target.elements || []) typed.delete(field); }, true);
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName) || $("picker").open || $("editor").open;
    if (!typing && event.key === "n" && !event.ctrlKey && !event.metaKey && !event.altKey) { event.preventDefault(); openPicker(); }
    // Ctrl+Z: the page's last change (a coding made, changed or removed) — also from a field, unless the field holds
    // typing not yet entered (then it is the browser's own undo of that typing) or a dialog is open.
    if (event.key.toLowerCase() === "z" && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey
        && !document.querySelector("dialog[open]") && !typed.has(document.activeElement)) { event.preventDefault(); undo(); }
  });
  try { await loadState(); showTab("codings"); } catch (error) { say(error.message, true); }
});
