// The participant screen's panel on the session logger (loaded after moderator.js, whose `session`, `pending`,
// `renderQuestionnaire` and `say` it uses): opens the session's participant link (shown with its QR code), shows the
// participant's consent, sends questionnaires to the screen (the after-task one from the logger's own box) and says
// when one is answered. It asks the server every second and a half while a session is open.
"use strict";

let screenPanel = null;
let screenWords = {};
let screenSession = null;
const pt = (key, values = {}) => (screenWords[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
const screenApi = (method, path = "", body) => request(method, `/api/sessions/${session.id}/participant${path}`, body);

function translatePanel() {
  for (const node of document.querySelectorAll("[data-pt]")) node.textContent = pt(node.dataset.pt);
}

// The panel’s words as the page opens (before any session is polled), in the study's language.
function useScreenWords(words) {
  screenWords = words || {};
  translatePanel();
}

function renderPanel(panel, announceChanges) {
  const before = screenPanel;
  screenPanel = panel;
  screenWords = panel.words;
  translatePanel();
  const open = !!panel.link;
  $("ps-open").hidden = open;
  $("ps-link-box").hidden = !open;
  if (open && $("ps-link").getAttribute("href") !== panel.link) {
    $("ps-link").href = panel.link;
    $("ps-link").textContent = panel.address;
    $("ps-qr").src = `/api/sessions/${session.id}/participant/qr.svg?` + encodeURIComponent(panel.link);
    $("ps-qr").alt = pt("qrName");
  }
  const consent = panel.consent;
  $("ps-consent").textContent = !consent ? pt("consentNone")
    : consent.decision === "agreed" ? pt("consentAgreed", { version: consent.version, at: consent.at })
    : pt("consentDeclined", { version: consent.version });
  $("ps-send-box").hidden = !open;
  const chosen = $("ps-instrument").value;
  if ($("ps-instrument").options.length !== panel.instruments.length) {
    $("ps-instrument").replaceChildren(...panel.instruments.map((instrument) => el("option", { value: instrument.id }, instrument.title)));
    $("ps-instrument").value = chosen || (panel.instruments.find((instrument) => instrument.id === "sus") || panel.instruments[0] || {}).id || "";
  }
  if (session && $("ps-task").options.length !== session.tasks.length) {
    $("ps-task").replaceChildren(...session.tasks.map((task) => el("option", { value: task.key }, `${task.key} · ${task.title}`)));
  }
  const instrument = panel.instruments.find((one) => one.id === $("ps-instrument").value);
  $("ps-task-label").hidden = !(instrument && instrument.perTask);
  $("ps-sent-heading").hidden = panel.requests.length === 0;
  $("ps-sent").replaceChildren(...panel.requests.map((sent) => {
    const what = sent.title + (sent.task ? ` · ${sent.task}` : "") + (sent.trial > 1 ? ` (${sent.trial})` : "");
    const state = el("span", { class: sent.state }, pt({ waiting: "stateWaiting", answered: "stateAnswered", cancelled: "stateCancelled" }[sent.state]));
    const item = el("li", { "data-request": sent.id, "data-state": sent.state }, what + " — ", state);
    if (sent.state === "waiting") {
      item.append(el("button", { type: "button", "aria-label": `${pt("cancelRequest")}: ${what}`, onclick: () => cancelRequest(sent.id) }, pt("cancelRequest")));
    }
    return item;
  }));
  if (announceChanges && before) {
    for (const sent of panel.requests) {
      const earlier = before.requests.find((one) => one.id === sent.id);
      if (earlier && earlier.state === "waiting" && sent.state === "answered") say(pt("answeredNow", { instrument: sent.title }));
    }
  }
  $("q-screen").hidden = !open;
}

async function cancelRequest(id) {
  try { renderPanel(await screenApi("DELETE", `/requests/${id}`)); } catch (error) { say(error.message, true); }
}

async function sendToScreen(instrument, task, trial) {
  try {
    const panel = await screenApi("POST", "/requests", { instrument, task, trial });
    renderPanel(panel);
    const title = (panel.instruments.find((one) => one.id === instrument) || { title: instrument }).title;
    say(pt("sentNow", { instrument: title }));
    return true;
  } catch (error) {
    say(error.message, true);
    return false;
  }
}

function startPanel() {
  $("ps-open").addEventListener("click", async () => {
    try {
      renderPanel(await screenApi("POST", "", {}));
      $("ps-link").focus();
    } catch (error) { say(error.message, true); }
  });
  $("ps-instrument").addEventListener("change", () => screenPanel && renderPanel(screenPanel));
  $("ps-send").addEventListener("click", () => {
    const instrument = screenPanel && screenPanel.instruments.find((one) => one.id === $("ps-instrument").value);
    if (instrument) sendToScreen(instrument.id, instrument.perTask ? $("ps-task").value : null, 1);
  });
  // Space and Enter on the panel's own controls press them: they never reach the logger's keys (Space would start
  // a task, Enter would store the logger's answers).
  const ownKeys = (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("button, a, select")) event.stopPropagation();
  };
  $("participant-screen").addEventListener("keydown", ownKeys);
  // The after-task questionnaire goes to the participant's screen instead of being typed here.
  $("q-screen").addEventListener("keydown", ownKeys);
  $("q-screen").addEventListener("click", async () => {
    if (!pending || !session.questionnaire) return;
    if (await sendToScreen(session.questionnaire.id, pending.task, pending.trial)) {
      pending = null;
      renderQuestionnaire();
    }
  });
  setInterval(async () => {
    if (typeof session === "undefined" || !session) return;
    const first = screenSession !== session.id;
    screenSession = session.id;
    try { renderPanel(await screenApi("GET"), !first); } catch (error) { /* the logger's own poll reports a lost server */ }
  }, 1500);
}

startPanel();
