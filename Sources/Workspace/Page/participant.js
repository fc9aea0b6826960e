// studyctl's participant screen (/p/<token>): the consent text first, then the questionnaires the moderator sends, then
// thanks. The page keeps nothing of its own: it asks the server what to show every second and a half, and the server
// stores a decision or a set of answers only when it arrives (and nothing before the participant agreed).
// On a narrow screen (a phone) a questionnaire shows one question at a time.
"use strict";

const token = location.pathname.split("/")[2] || "";
let language = new URLSearchParams(location.search).get("lang") || "";
let words = {};
let state = null;
let shownForm = null;     // the request id of the questionnaire on screen
let shownView = "";       // what the screen shows: consent, form, notice:<key>
let answers = {};         // item number → the answer as `respond --answers` types it
let current = 0;          // the question shown in the one-question-at-a-time layout
let sending = false;
const narrow = matchMedia("(max-width: 40em)");
const t = (key, values = {}) => (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

function call(method, path, body) {
  const query = language ? "?lang=" + encodeURIComponent(language) : "";
  return request(method, `/p/${encodeURIComponent(token)}${path}${query}`, body);
}

function translatePage() {
  document.documentElement.lang = language || "en";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  document.title = t("pageTitle");
  $("page-title").textContent = t("pageTitle");
}

// Moves focus to a view's heading, so a screen reader says where the participant is.
function announce(heading) {
  heading.setAttribute("tabindex", "-1");
  heading.focus();
}

function showOnly(id) {
  for (const section of ["consent", "notice", "questionnaire"]) $(section).hidden = section !== id;
}

function notice(headingKey, textKey) {
  const view = "notice:" + headingKey + ":" + textKey + ":" + language;
  if (shownView === view) return;
  shownView = view;
  shownForm = null;
  showOnly("notice");
  $("notice-heading").textContent = t(headingKey);
  $("notice-text").textContent = t(textKey);
  announce($("notice-heading"));
}

function showConsent(consent) {
  const view = "consent:" + consent.version + ":" + language;
  if (shownView === view) return;
  shownView = view;
  shownForm = null;
  showOnly("consent");
  $("consent-title").textContent = consent.title;
  $("consent-version").textContent = t("consentVersion", { version: consent.version });
  // The text as written: paragraphs at blank lines, line breaks kept.
  $("consent-text").replaceChildren(...consent.text.split(/\n\s*\n/).filter((part) => part.trim())
    .map((part) => el("p", {}, part.replace(/^#+\s*/, ""))));
  announce($("consent-heading"));
}

async function decide(decision) {
  if (!state || !state.consent) return;
  try {
    show(await call("POST", "/consent", { decision, version: state.consent.version, sha256: state.consent.sha256 }));
  } catch (error) {
    say(error.message, true);
  }
}

function optionList(item, form) {
  const box = el("div", { class: "options" + (item.kind === "likert" ? " scale" : "") });
  const options = item.options.slice();
  if (item.allowsNA) options.push({ value: "n", label: t("notApplicable") });
  // The points of a scale side by side on a wide screen (set through the CSSOM: the page allows no inline style).
  box.style.setProperty("--points", String(options.length));
  for (const option of options) {
    const id = `f${form.request}-i${item.number}-o${option.value.replace(/[^\w-]/g, "_")}`;
    const input = el("input", { type: "radio", name: `item-${item.number}`, value: option.value, id,
      // The option's accessible name holds the question and the option: "… 1 – Discordo totalmente".
      "aria-labelledby": `f${form.request}-text-${item.number} ${id}-label` });
    if (answers[item.number] === option.value) input.checked = true;
    input.addEventListener("change", () => { answers[item.number] = option.value; mark(item.number); });
    box.append(el("label", { class: "option", for: id }, input, el("span", { id: id + "-label" }, option.label)));
  }
  return box;
}

function slider(item, form) {
  const id = `f${form.request}-i${item.number}`;
  const chosen = answers[item.number];
  const input = el("input", { type: "range", id, min: item.min, max: item.max, step: item.step || 1,
    value: chosen ?? (item.min + item.max) / 2, "aria-labelledby": `f${form.request}-text-${item.number}`,
    "aria-describedby": id + "-value" });
  // Until it is moved, a screen reader hears that nothing is chosen, not the middle value the slider rests on.
  if (chosen === undefined) { input.setAttribute("aria-valuetext", t("sliderNotYet")); input.classList.add("untouched"); }
  const output = el("p", { id: id + "-value", class: "value" }, chosen === undefined ? t("sliderNotYet") : t("sliderValue", { value: chosen }));
  const take = () => {
    answers[item.number] = input.value;
    input.removeAttribute("aria-valuetext");
    input.classList.remove("untouched");
    output.textContent = t("sliderValue", { value: input.value });
    mark(item.number);
  };
  input.addEventListener("input", take);
  input.addEventListener("change", take);
  return el("div", { class: "slider" }, el("div", { class: "range" }, el("span", { "aria-hidden": "true" }, String(item.min)), input,
    el("span", { "aria-hidden": "true" }, String(item.max))), output);
}

function textAnswer(item, form) {
  const area = el("textarea", { id: `f${form.request}-i${item.number}`, rows: 4, "aria-labelledby": `f${form.request}-text-${item.number}` });
  area.value = answers[item.number] || "";
  area.addEventListener("input", () => { answers[item.number] = area.value; });
  return area;
}

function mark(number) {
  const fieldset = document.querySelector(`fieldset[data-number="${number}"]`);
  if (fieldset) fieldset.classList.remove("missing");
}

function renderForm(form) {
  const view = "form:" + form.request + ":" + language;
  const fresh = shownForm !== form.request;
  if (shownView === view) return;
  shownView = view;
  if (fresh) { answers = {}; current = 0; }
  shownForm = form.request;
  showOnly("questionnaire");
  $("form-title").textContent = form.title;
  $("form-task").textContent = form.task ? t("aboutTask", { task: form.taskTitle || form.task }) : "";
  $("form-task").hidden = !form.task;
  $("form-items").replaceChildren(...form.items.map((item, index) => {
    const legend = el("legend", {}, ...(form.items.length > 1 ? [el("span", { class: "count" }, t("itemOf", { n: index + 1, total: form.items.length }))] : []),
      el("span", { id: `f${form.request}-text-${item.number}`, class: "text" }, item.text));
    const answer = item.kind === "numeric" ? slider(item, form) : item.kind === "text" ? textAnswer(item, form) : optionList(item, form);
    return el("fieldset", { class: "item", "data-number": item.number, "data-index": index }, legend, answer);
  }));
  layout();
  announce($("form-title"));
}

// Wide: every question at once. Narrow: one question at a time, with Back and Next.
function layout() {
  if (!state || !state.form || $("questionnaire").hidden) return;
  const items = [...document.querySelectorAll("#form-items fieldset")];
  const paged = narrow.matches && items.length > 1;
  current = Math.max(0, Math.min(current, items.length - 1));
  items.forEach((fieldset, index) => { fieldset.hidden = paged && index !== current; });
  $("form-back").hidden = !paged || current === 0;
  $("form-next").hidden = !paged || current === items.length - 1;
  $("form-send").hidden = paged && current !== items.length - 1;
}

function missing(form, only) {
  return form.items.findIndex((item, index) => (only === undefined || index === only) && item.kind !== "text"
    && (answers[item.number] === undefined || answers[item.number] === ""));
}

function point(index) {
  const fieldset = document.querySelector(`#form-items fieldset[data-index="${index}"]`);
  if (!fieldset) return;
  fieldset.classList.add("missing");
  say(t("unanswered", { n: index + 1 }), true);
  const first = fieldset.querySelector("input:checked") || fieldset.querySelector("input, textarea");
  if (first) first.focus();
}

function step(by) {
  const form = state.form;
  if (by > 0 && missing(form, current) >= 0) return point(current);
  current += by;
  layout();
  say("");
  $("message").className = "";
  const fieldset = document.querySelector(`#form-items fieldset[data-index="${current}"]`);
  const first = fieldset && (fieldset.querySelector("input:checked") || fieldset.querySelector("input, textarea"));
  if (first) first.focus();
}

async function sendAnswers(event) {
  event.preventDefault();
  const form = state && state.form;
  if (!form || sending) return;
  const gap = missing(form);
  if (gap >= 0) {
    if (narrow.matches) { current = gap; layout(); }
    return point(gap);
  }
  const typed = {};
  for (const item of form.items) if (answers[item.number] !== undefined && answers[item.number] !== "") typed[item.number] = String(answers[item.number]);
  sending = true;
  try {
    const data = await call("POST", "/answers", { request: form.request, answers: typed });
    shownView = "";
    show(data);
    say(t("stored"));
  } catch (error) {
    say(error.message, true);
  } finally {
    sending = false;
  }
}

function show(data) {
  state = data;
  words = data.words;
  const changedLanguage = language !== data.language;
  language = data.language;
  if (changedLanguage || !$("language").options.length) {
    translatePage();
    $("language").replaceChildren(...data.languages.map((choice) => el("option", { value: choice.tag, lang: choice.tag }, choice.name)));
    $("language").value = language;
  }
  if (data.ended) {
    if (!shownView.startsWith("notice:thanks")) { $("message").textContent = ""; $("message").className = ""; }
    return notice("thanks", "thanksNote");
  }
  if (!data.hasConsentText) return notice("pageTitle", "noConsentText");
  if (data.consent) return showConsent(data.consent);
  if (data.decision === "declined") return notice("declinedHeading", "declined");
  if (data.form) return renderForm(data.form);
  return notice("waitingHeading", "waiting");
}

async function refresh() {
  try {
    show(await call("GET", "/state"));
  } catch (error) {
    if (error.status === 404) {
      words = words.invalidLink ? words : {};
      $("notice-heading").textContent = "studyctl";
      showOnly("notice");
      $("notice-text").textContent = error.message;
      shownView = "invalid";
      return "stop";
    }
    say(error.message, true);
  }
}

function start() {
  $("agree").addEventListener("click", () => decide("agreed"));
  $("decline").addEventListener("click", () => decide("declined"));
  $("questionnaire").addEventListener("submit", sendAnswers);
  $("form-next").addEventListener("click", () => step(1));
  $("form-back").addEventListener("click", () => step(-1));
  $("language").addEventListener("change", () => {
    language = $("language").value;
    const address = new URL(location.href);
    address.searchParams.set("lang", language);
    history.replaceState(null, "", address);
    shownView = "";
    refresh();
  });
  narrow.addEventListener("change", layout);
  refresh().then((outcome) => {
    if (outcome === "stop") return;
    const timer = setInterval(async () => {
      if (sending) return;
      if ((await refresh()) === "stop" || (state && state.ended)) clearInterval(timer);
    }, 1500);
  });
}

start();
