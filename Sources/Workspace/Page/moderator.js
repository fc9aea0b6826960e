// studyctl session logger in the browser: the same session and events as `studyctl session`, for a second observer.
// Every button and key is one event the server stores (in its own transaction) before the page shows it; the page
// asks for the session every second, so two observers see each other's events. Times are the server's.
"use strict";

let words = {};
let language = "en";
let session = null;
let fetchedAt = 0;
let cursor = null;
let pending = null;   // the try whose questionnaire is being answered: { task, trial }
let chosen = {};
const t = (key, values = {}) => (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
const fixed = (value, digits) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

const api = (method, path, body) => request(method, "/api/sessions" + path, body);

function translatePage() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
}

function clock(seconds) {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, s = whole % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return (h > 0 ? h + ":" + pad(m) : pad(m)) + ":" + pad(s);
}

function accept(data, message) {
  session = data;
  fetchedAt = performance.now();
  if (!session.open && (cursor === null || session.finished.some((f) => f.task === cursor))) cursor = session.suggested ?? cursor;
  if (session.open) cursor = session.open.task;
  if (message) say(message);
  render();
}

async function send(kind, extra = {}) {
  try {
    const before = session.finished.length;
    const data = await api("POST", `/${session.id}/events`, { kind, observer: $("observer").value, ...extra });
    accept(data);
    if (kind === "outcome" && data.finished.length > before && data.questionnaire) {
      const done = data.finished[data.finished.length - 1];
      pending = { task: done.task, trial: done.trial ?? 1 };
      chosen = {};
      renderQuestionnaire();
    }
    return true;
  } catch (error) {
    say(error.message, true);
    return false;
  }
}

function press(key) {
  if (!session || session.ended) return;
  const open = session.open;
  switch (key) {
    case " ":
      if (!open) return send("start", { task: cursor });
      if (!open.stopped) return send("stop");
      return;
    case "e": return send("error");
    case "x": return send("uncount");
    case "a": return send("assist", { value: open && open.assisted ? "0" : "1" });
    case "z": return send(open && open.paused ? "resume" : "pause");
    case "s": return send("outcome", { value: "success" });
    case "p": return send("outcome", { value: "partial" });
    case "f": return send("outcome", { value: "fail" });
    case "c": return send("cancel");
    case "r": if (open) { const task = open.task; send("cancel").then((ok) => ok && send("start", { task })); } return;
    case "n": $("note").focus(); return;
  }
}

function render() {
  if (!session) return;
  $("opener").hidden = true;
  $("logger").hidden = false;
  const participantWord = t("participant");
  $("session-title").textContent = `${participantWord.charAt(0).toUpperCase() + participantWord.slice(1)} ${session.participant}` + (session.occasion ? ` · ${session.occasion}` : "")
    + ` · ${clock(session.now + (performance.now() - fetchedAt) / 1000)}`;
  const body = $("tasks").querySelector("tbody");
  body.replaceChildren();
  const open = session.open;
  for (const task of session.tasks) {
    const tries = session.finished.filter((f) => f.task === task.key);
    let time = "", errors = "", status = t("modToDo");
    if (open && open.task === task.key) {
      const seconds = open.seconds + (open.running ? (performance.now() - fetchedAt) / 1000 : 0);
      time = clock(seconds) + fixed(seconds % 1, 1).slice(1);
      errors = String(open.errors);
      status = open.stopped ? t("modStopped") : open.paused ? t("modPaused") : t("modRunning");
      if (open.assisted) status += " · " + t("modAssisted");
    } else if (tries.length) {
      const last = tries[tries.length - 1];
      time = fixed(last.seconds, 1) + " s";
      errors = String(last.errors);
      status = ({ success: "✓", partial: "◐", fail: "✗" }[last.outcome] || "✓") + " " + t({ success: "modSuccess", partial: "modPartial", fail: "modFail" }[last.outcome]).replace(/ \(.\)$/, "").toLowerCase()
        + (last.assisted ? " · " + t("modAssisted") : "") + (tries.length > 1 ? " · " + t("modTries", { n: tries.length }) : "");
    }
    const row = el("tr", { "data-task": task.key, onclick: () => { if (!session.open) { cursor = task.key; render(); } } },
      el("td", {}, task.key === cursor ? "▶" : ""), el("td", {}, task.key), el("td", {}, task.title),
      el("td", { class: "n" }, time), el("td", { class: "n" }, errors), el("td", { class: "state" }, status));
    if (task.key === cursor) row.classList.add("current");
    if (open && open.task === task.key) row.classList.add("open");
    body.append(row);
  }
  $("b-toggle").textContent = open && !open.stopped ? t("modStop") : t("modStart");
  $("b-pause").textContent = open && open.paused ? t("modResume") : t("modPause");
  for (const id of ["b-error", "b-uncount", "b-assist", "b-cancel", "b-restart", "b-success", "b-partial", "b-fail"]) $(id).disabled = !open || !!session.ended;
  $("b-pause").disabled = !open || open.stopped || !!session.ended;
  $("b-toggle").disabled = (open && open.stopped) || !!session.ended;
  $("b-end").disabled = !!open || !!session.ended;
  const notes = $("notes");
  notes.replaceChildren(...session.notes.map((note) => el("li", {}, `[${note.clock}] ` + (note.task ? note.task + " · " : "") + note.text
    + (note.observer ? ` — ${note.observer}` : ""))));
  if (session.ended) say(t("modEnded"));
}

function renderQuestionnaire() {
  const box = $("questionnaire");
  const form = session.questionnaire;
  if (!pending || !form) { box.hidden = true; return; }
  box.hidden = false;
  $("q-title").textContent = t("modAsk", { instrument: form.title, task: pending.task });
  const items = $("q-items");
  items.replaceChildren();
  for (const item of form.items) {
    const scale = el("div", { class: "scale" });
    for (let point = item.min; point <= item.max; point++) {
      const button = el("button", { type: "button", "data-item": item.number, "data-point": point, title: item.anchors[point] || "",
        onclick: () => { chosen[item.number] = point; renderQuestionnaire(); } }, String(point));
      if (chosen[item.number] === point) button.classList.add("chosen");
      scale.append(button);
    }
    const anchors = [item.anchors[item.min], item.anchors[item.max]].filter(Boolean).join(" … ");
    items.append(el("p", {}, `${item.number}. ${item.text}`), scale, el("small", {}, anchors));
  }
}

async function storeAnswers() {
  try {
    const data = await api("POST", `/${session.id}/answers`, { task: pending.task, trial: pending.trial, answers: chosen });
    pending = null;
    accept(data);
    renderQuestionnaire();
  } catch (error) {
    say(error.message, true);
  }
}

async function start() {
  const data = await api("GET", "/participants");
  words = data.words;
  language = data.language;
  translatePage();
  useScreenWords(data.screenWords);
  document.title = `${data.title} — ${t("modTitle")}`;
  $("title").textContent = `${data.title} — ${t("modTitle")}`;
  $("observer").value = localStorage.getItem("studyctl-observer") || "";
  $("observer").addEventListener("change", () => localStorage.setItem("studyctl-observer", $("observer").value));
  $("participant").replaceChildren(...data.participants.map((code) => el("option", { value: code }, code)));
  const wanted = new URLSearchParams(location.search).get("participant");
  if (wanted) $("participant").value = wanted;
  // One choice per condition factor; a participant's open session preselects its levels, and the button joins it.
  $("conditions").replaceChildren(...data.factors.map((factor) => el("label", {}, factor.name + " ",
    el("select", { "data-factor": factor.name }, el("option", { value: "" }, t("modNoLevel")),
       ...factor.levels.map((level) => el("option", { value: level }, level))))));
  const chosenConditions = () => {
    const conditions = {};
    for (const select of $("conditions").querySelectorAll("select")) if (select.value) conditions[select.dataset.factor] = select.value;
    return conditions;
  };
  const sameConditions = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  const showOpen = () => {
    const open = data.open.filter((session) => session.participant === $("participant").value);
    if (open.length > 0 && Object.keys(chosenConditions()).length === 0) {
      for (const select of $("conditions").querySelectorAll("select")) select.value = open[0].conditions[select.dataset.factor] || "";
    }
    const joining = open.some((session) => sameConditions(session.conditions, chosenConditions()));
    $("open").textContent = t(joining ? "modJoin" : "modOpen");
  };
  $("participant").addEventListener("change", () => {
    for (const select of $("conditions").querySelectorAll("select")) select.value = "";
    showOpen();
  });
  $("conditions").addEventListener("change", showOpen);
  showOpen();
  $("open").addEventListener("click", async () => {
    try {
      const opened = await api("POST", "", { participant: $("participant").value, conditions: chosenConditions() });
      accept(opened, opened.resumed ? t("modResumed") : t("modStarted"));
    } catch (error) { say(error.message, true); }
  });
  for (const button of document.querySelectorAll("button[data-key]")) button.addEventListener("click", () => press(button.dataset.key));
  $("b-end").addEventListener("click", () => { if (confirm(t("modEndConfirm"))) send("end"); });
  $("q-store").addEventListener("click", storeAnswers);
  $("q-skip").addEventListener("click", () => { pending = null; renderQuestionnaire(); });
  $("note-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("note").value;
    if (!text.trim()) return;
    if (await send("note", { value: text })) $("note").value = "";
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
    if (pending && /^[0-9]$/.test(event.key) && session.questionnaire.items.length === 1) {
      chosen[session.questionnaire.items[0].number] = Number(event.key); renderQuestionnaire(); return;
    }
    if (pending && event.key === "Enter") { storeAnswers(); return; }
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      if (session && !session.open) {
        const keys = session.tasks.map((task) => task.key);
        const index = Math.max(0, Math.min(keys.length - 1, keys.indexOf(cursor) + (event.key === "ArrowUp" ? -1 : 1)));
        cursor = keys[index];
        render();
      }
      event.preventDefault();
      return;
    }
    if (event.key === "n") event.preventDefault();
    if (" exazspfcrn".includes(event.key)) { if (event.key === " ") event.preventDefault(); press(event.key); }
  });
  setInterval(async () => {
    if (!session) return;
    try { accept(await api("GET", `/${session.id}`)); } catch (error) { say(error.message, true); }
  }, 1000);
  setInterval(render, 100);
}

start().catch((error) => say(error.message, true));
