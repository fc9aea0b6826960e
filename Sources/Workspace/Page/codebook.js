// studyctl coding workspace: the codebook as a tree with its dialogs (change, rename, merge a category), a coded
// passage's ends moved by dragging or by keys, and the next or previous passage of a category. Plain JavaScript,
// loaded after app.js; every control works from the keyboard.
"use strict";

// ---- The codebook as a tree: themes, then the categories under them (at any depth).

// The categories under `theme` (null: those without a theme), in codebook order.
const childrenOf = (theme) => state.categories.filter((c) => (c.theme || null) === theme);

async function codebookTab(panel) {
  await loadState();
  // Nested lists (a theme's categories in its item): read as lists of lists, walked with Tab through each item's buttons.
  const tree = el("ul", { id: "codebook", class: "codebook-tree", "aria-label": t("tabCodebook") });
  const seen = new Set();
  const branch = (category, depth) => {
    seen.add(category.name);
    const kids = childrenOf(category.name).filter((c) => !seen.has(c.name));
    const swatch = el("span", { class: "swatch" });
    swatch.style.background = category.colour;
    const origin = category.origin === "emergent" ? t("emergent") : category.origin;
    const item = el("li", { "data-category": category.name, "data-depth": depth, class: kids.length ? "theme" : "" },
      el("div", { class: "row" },
        swatch, el("strong", {}, category.name),
        el("span", { class: "counts", title: t("ownCountsTitle", { coder: state.coder }) },
           `${tn("codeCount", category.codes)} · ${tn("participantCount", category.participants)}`)),
      el("small", {}, `${t("origin")}: ${origin}`), ...(category.definition ? [el("small", {}, category.definition)] : []),
      el("span", { class: "actions" },
        el("button", { class: "edit-category", onclick: () => openCategoryDialog(category) }, t("edit")),
        el("button", { class: "rename-category", onclick: () => openCategoryDialog(category, true) }, t("rename")),
        el("button", { class: "move-category", "aria-label": t("moveCategoryNamed", { name: category.name }), onclick: () => openMoveDialog(category) }, t("moveCategory")),
        el("button", { class: "merge-category", onclick: () => openMergeDialog(category) }, t("merge"))));
    if (kids.length) item.append(el("ul", {}, ...kids.map((k) => branch(k, depth + 1))));
    return item;
  };
  for (const root of childrenOf(null)) tree.append(branch(root, 1));
  // A category whose theme is missing from the page's list (never expected) still shows, at the top level.
  for (const rest of state.categories.filter((c) => !seen.has(c.name))) tree.append(branch(rest, 1));
  const form = el("form", { onsubmit: async (event) => {
    event.preventDefault();
    try {
      say((await api("POST", "categories", { name: form.elements.name.value, definition: form.elements.definition.value,
                                              theme: form.elements.theme.value })).message);
      showTab("codebook");
    } catch (error) { say(error.message, true); }
  } }, el("input", { name: "name", placeholder: t("newCategory"), required: "" }), el("input", { name: "definition", placeholder: t("definition") }),
     themeSelect("new-category-theme", ""), el("button", {}, t("add")));
  panel.append(el("p", { class: "hint" }, t("ownCounts", { coder: state.coder || "—" })), tree, form);
}

// A choice of theme: none, or any category but `except` and those under it (a category cannot sit under itself).
function themeSelect(id, current, except = null) {
  const below = new Set();
  if (except) {
    const walk = (n) => { below.add(n); for (const c of childrenOf(n)) if (!below.has(c.name)) walk(c.name); };
    walk(except);
  }
  const select = el("select", { name: "theme", id, "aria-label": t("theme") }, el("option", { value: "" }, t("noTheme")),
    ...state.categories.filter((c) => !below.has(c.name)).map((c) => el("option", { value: c.name }, c.name)));
  select.value = current || "";
  return select;
}

// ---- The category dialog: name, definition, origin and theme; Enter saves, Esc cancels.

function categoryDialog() {
  let dialog = $("category-dialog");
  if (dialog) return dialog;
  dialog = el("dialog", { id: "category-dialog", "aria-labelledby": "category-dialog-title" },
    el("form", { method: "dialog", id: "category-dialog-form" },
      el("h3", { id: "category-dialog-title" }),
      el("label", {}, el("span", {}, t("name")), " ", el("input", { id: "category-dialog-name", required: "", autocomplete: "off" })),
      el("label", {}, el("span", {}, t("definition")), " ", el("textarea", { id: "category-dialog-definition", rows: 3 })),
      el("label", {}, el("span", {}, t("originHint")), " ", el("input", { id: "category-dialog-origin", autocomplete: "off" })),
      el("label", { id: "category-dialog-theme-label" }, el("span", {}, t("theme")), " "),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "category-dialog-cancel", onclick: () => dialog.close() }, t("cancel")), " ",
        el("button", { id: "category-dialog-save", value: "save" }, t("save")))));
  document.body.append(dialog);
  $("category-dialog-form").addEventListener("submit", (event) => { event.preventDefault(); dialog.close(); saveCategoryDialog(); });
  $("category-dialog-definition").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); $("category-dialog-form").requestSubmit(); }
  });
  return dialog;
}

function openCategoryDialog(category, renaming = false) {
  const dialog = categoryDialog();
  dialog.dataset.category = category.name;
  $("category-dialog-title").textContent = t(renaming ? "renameTitle" : "editCategoryTitle", { name: category.name });
  $("category-dialog-name").value = category.name;
  $("category-dialog-definition").value = category.definition || "";
  $("category-dialog-origin").value = category.origin === "emergent" ? t("emergent") : category.origin;
  const label = $("category-dialog-theme-label");
  label.querySelector("select")?.remove();
  label.append(themeSelect("category-dialog-theme", category.theme, category.name));
  dialog.showModal();
  const first = $("category-dialog-name");
  first.focus();
  if (renaming) first.select();
}

async function saveCategoryDialog() {
  const dialog = $("category-dialog");
  const name = dialog.dataset.category;
  const before = state.categories.find((c) => c.name === name) || {};
  const body = { name };
  const rename = $("category-dialog-name").value.trim();
  if (rename && rename !== name) body.rename = rename;
  const definition = $("category-dialog-definition").value;
  if (definition !== (before.definition || "")) body.definition = definition;
  const origin = $("category-dialog-origin").value.trim();
  const shown = before.origin === "emergent" ? t("emergent") : before.origin;
  if (origin !== shown) body.origin = origin === t("emergent") ? "emergent" : origin;
  const theme = $("category-dialog-theme").value;
  if (theme !== (before.theme || "")) body.theme = theme;
  try { say((await api("POST", "categories/set", body)).message); } catch (error) { say(error.message, true); }
  showTab("codebook");
}

// ---- Merge: the page's own dialog, the receiving category chosen from a list.

function openMergeDialog(category) {
  let dialog = $("merge-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "merge-dialog", "aria-labelledby": "merge-dialog-title" },
      el("form", { method: "dialog", id: "merge-dialog-form" },
        el("h3", { id: "merge-dialog-title" }), el("p", { class: "hint" }, t("mergeHint")),
        el("label", {}, el("span", {}, t("mergeInto")), " ", el("select", { id: "merge-dialog-into" })),
        el("div", { class: "buttons" },
          el("button", { type: "button", id: "merge-dialog-cancel", onclick: () => dialog.close() }, t("cancel")), " ",
          el("button", { id: "merge-dialog-save", value: "save" }, t("merge")))));
    document.body.append(dialog);
    $("merge-dialog-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      dialog.close();
      try { say((await api("POST", "categories/merge", { from: dialog.dataset.category, into: $("merge-dialog-into").value })).message); }
      catch (error) { say(error.message, true); }
      showTab("codebook");
    });
  }
  dialog.dataset.category = category.name;
  $("merge-dialog-title").textContent = t("mergePrompt", { name: category.name });
  $("merge-dialog-into").replaceChildren(...state.categories.filter((c) => c.name !== category.name)
    .map((c) => el("option", { value: c.name }, c.name)));
  dialog.showModal();
  $("merge-dialog-into").focus();
}

// ---- Move: a category put under a theme (or at the top level) from a list — the keyboard's way to move it in the tree.

function openMoveDialog(category) {
  let dialog = $("move-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "move-dialog", "aria-labelledby": "move-dialog-title" },
      el("form", { method: "dialog", id: "move-dialog-form" },
        el("h3", { id: "move-dialog-title" }),
        el("label", { id: "move-dialog-label" }, el("span", {}, t("moveUnder")), " "),
        el("div", { class: "buttons" },
          el("button", { type: "button", id: "move-dialog-cancel", onclick: () => dialog.close() }, t("cancel")), " ",
          el("button", { id: "move-dialog-save", value: "save" }, t("save")))));
    document.body.append(dialog);
    $("move-dialog-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      dialog.close();
      const before = state.categories.find((c) => c.name === dialog.dataset.category) || {};
      const theme = $("move-dialog-theme").value;
      if (theme !== (before.theme || "")) {
        try { say((await api("POST", "categories/set", { name: dialog.dataset.category, theme })).message); }
        catch (error) { say(error.message, true); }
      }
      await showTab("codebook");
      // Focus on the moved category's Move button, in its new place.
      [...document.querySelectorAll("#codebook li")].find((li) => li.dataset.category === dialog.dataset.category)?.querySelector(".move-category")?.focus();
    });
  }
  dialog.dataset.category = category.name;
  $("move-dialog-title").textContent = t("moveTitle", { name: category.name });
  const label = $("move-dialog-label");
  label.querySelector("select")?.remove();
  label.append(themeSelect("move-dialog-theme", category.theme, category.name));
  dialog.showModal();
  $("move-dialog-theme").focus();
}

// Rename and merge from anywhere else in the page go through the same dialogs.
async function renameCategory(name) { const c = state.categories.find((x) => x.name === name); if (c) openCategoryDialog(c, true); }
async function mergeCategory(name) { const c = state.categories.find((x) => x.name === name); if (c) openMergeDialog(c); }

// ---- A coded passage's ends: two handles in the transcript, dragged with the pointer or moved with ← → (Ctrl: a
// word at a time); Enter saves, Esc puts them back. The server checks that the new passage reads as sent.

const resizing = { coding: null, start: 0, end: 0 };

function startResize(coding) {
  if (coding.start == null) { say(t("notPlaced"), true); return; }
  Object.assign(resizing, { coding, start: coding.start, end: coding.end });
  drawResize();
  say(t("resizeHint"));
  $("resize-start").focus();
}

function stopResize() {
  resizing.coding = null;
  render();
}

// The transcript with the passage being resized outlined and a handle at each end.
function drawResize() {
  const points = [...state.text];
  const box = $("transcript");
  box.replaceChildren();
  const handle = (which) => {
    const node = el("button", { id: "resize-" + which, class: "handle " + which, type: "button", "aria-label": t(which === "start" ? "startHandle" : "endHandle"),
                                title: t("resizeHint") }, which === "start" ? "[" : "]");
    node.addEventListener("keydown", (event) => resizeKey(event, which));
    node.addEventListener("pointerdown", (event) => dragHandle(event, which));
    return node;
  };
  const chosen = el("mark", { class: "resizing" }, points.slice(resizing.start, resizing.end).join(""));
  chosen.style.background = colour(resizing.coding.categories[0]);
  box.append(document.createTextNode(points.slice(0, resizing.start).join("")), handle("start"), chosen, handle("end"),
             document.createTextNode(points.slice(resizing.end).join("")));
  const bar = el("div", { id: "resize-bar", class: "resize-bar" }, el("span", {}, t("resizeHint")), " ",
    el("button", { id: "resize-cancel", type: "button", onclick: () => { stopResize(); say(""); } }, t("cancel")), " ",
    el("button", { id: "resize-save", type: "button", onclick: saveResize }, t("save")));
  box.append(bar);
}

// The next word boundary from `at` in `direction` (+1 or -1), over the code points of the transcript.
function wordStep(points, at, direction) {
  let i = at;
  const space = (k) => k < 0 || k >= points.length || /\s|[.,;:!?]/.test(points[k]);
  if (direction > 0) { while (i < points.length && space(i)) i++; while (i < points.length && !space(i)) i++; }
  else { while (i > 0 && space(i - 1)) i--; while (i > 0 && !space(i - 1)) i--; }
  return i;
}

function moveEnd(which, to) {
  const points = [...state.text];
  to = Math.max(0, Math.min(points.length, to));
  if (which === "start") resizing.start = Math.min(to, resizing.end - 1);
  else resizing.end = Math.max(to, resizing.start + 1);
  drawResize();
  $("resize-" + which).focus();
}

function resizeKey(event, which) {
  const points = [...state.text];
  const at = which === "start" ? resizing.start : resizing.end;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    const direction = event.key === "ArrowRight" ? 1 : -1;
    moveEnd(which, event.ctrlKey || event.altKey ? wordStep(points, at, direction) : at + direction);
  } else if (event.key === "Enter") { event.preventDefault(); saveResize(); }
  else if (event.key === "Escape") { event.preventDefault(); stopResize(); say(""); }
}

// The code point offset in the transcript under the pointer (handles and the bar left out of the count).
function offsetAt(x, y) {
  const range = document.caretRangeFromPoint ? document.caretRangeFromPoint(x, y) : null;
  if (!range || !$("transcript").contains(range.startContainer)) return null;
  const before = document.createRange();
  before.setStart($("transcript"), 0);
  before.setEnd(range.startContainer, range.startOffset);
  const fragment = before.cloneContents();
  for (const node of fragment.querySelectorAll(".handle, .resize-bar")) node.remove();
  return [...fragment.textContent].length;
}

function dragHandle(event, which) {
  event.preventDefault();
  const move = (e) => {
    const at = offsetAt(e.clientX, e.clientY);
    if (at != null && at !== (which === "start" ? resizing.start : resizing.end)) moveEnd(which, at);
  };
  const up = () => { document.removeEventListener("pointermove", move); document.removeEventListener("pointerup", up); $("resize-" + which)?.focus(); };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

async function saveResize() {
  const c = resizing.coding;
  if (!c) return;
  const points = [...state.text];
  // The ends are kept on words: white space at either end is left out, as a selection's is.
  let { start, end } = resizing;
  while (start < end && /\s/.test(points[start])) start++;
  while (end > start && /\s/.test(points[end - 1])) end--;
  resizing.coding = null;
  try {
    const done = await api("POST", "codings/" + c.id + "/span", { coder: state.coder, start, end, excerpt: points.slice(start, end).join(""), page: pageID });
    remember(done.action);
    say(done.message);
  } catch (error) { say(error.message, true); }
  await openTranscript(state.participant);
}

// ---- The next or previous passage of a category: in this transcript, then in the next participant's.

async function stepPassage(category, direction) {
  if (!category) return;
  const here = state.codings.filter((c) => c.start != null && c.categories.includes(category)).sort((a, b) => a.start - b.start);
  const current = state.currentPassage;
  const position = current == null ? (direction > 0 ? -Infinity : Infinity) : current;
  const next = direction > 0 ? here.find((c) => c.start > position) : [...here].reverse().find((c) => c.start < position);
  if (next) { focusPassage(next); return; }
  // Another participant's transcript with this coder's passages of the category, in the list's order.
  const quotes = (await api("GET", "quotes?category=" + q(category) + "&coder=" + q(state.coder))).quotes;
  const order = [...document.querySelectorAll("#participants .participant")].map((b) => b.dataset.code);
  const others = order.filter((p) => p !== state.participant && quotes.some((x) => x.participant === p));
  const from = order.indexOf(state.participant);
  const after = direction > 0 ? others.find((p) => order.indexOf(p) > from) : [...others].reverse().find((p) => order.indexOf(p) < from);
  if (!after) { say(t("noMorePassages", { category }), true); return; }
  await openTranscript(after, null);
  const there = state.codings.filter((c) => c.start != null && c.categories.includes(category)).sort((a, b) => a.start - b.start);
  if (there.length) focusPassage(direction > 0 ? there[0] : there[there.length - 1]);
}

function focusPassage(coding) {
  state.currentPassage = coding.start;
  for (const node of document.querySelectorAll("#transcript mark.current-passage")) node.classList.remove("current-passage");
  const marks = [...document.querySelectorAll("#transcript mark")].filter((m) => (m.dataset.ids || "").split(" ").includes(String(coding.id)));
  for (const mark of marks) mark.classList.add("current-passage");
  if (marks.length) {
    marks[0].setAttribute("tabindex", "-1");
    marks[0].scrollIntoView({ block: "center" });
    marks[0].focus();
  }
  say(t("passageShown", { code: coding.code, participant: state.participant }));
}

// The bar above the codings: a category to step through and its previous/next buttons (also , and . keys).
function passageBar() {
  const select = el("select", { id: "passage-category", "aria-label": t("passagesOf") },
    ...state.categories.map((c) => el("option", { value: c.name }, c.name)));
  select.value = state.passageCategory || (state.categories[0] && state.categories[0].name) || "";
  select.addEventListener("change", () => { state.passageCategory = select.value; state.currentPassage = null; });
  return el("div", { class: "passage-bar" }, el("label", {}, t("passagesOf") + " ", select), " ",
    el("button", { id: "previous-passage", type: "button", title: t("previousPassageKey"), onclick: () => stepPassage(select.value, -1) }, t("previousPassage")), " ",
    el("button", { id: "next-passage", type: "button", title: t("nextPassageKey"), onclick: () => stepPassage(select.value, 1) }, t("nextPassage")));
}

document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName) || document.querySelector("dialog[open]");
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "." || event.key === ",") {
    const category = state.passageCategory || $("passage-category")?.value;
    if (category) { event.preventDefault(); stepPassage(category, event.key === "." ? 1 : -1).catch((error) => say(error.message, true)); }
  }
});
