// studyctl's pages (the coding workspace, the session logger): the helpers both use. Plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

function say(text, error = false) {
  const box = $("message");
  box.textContent = text;
  box.className = error ? "error" : "ok";
}

// A JSON call to the page's own server: the answer, or an Error with the server's message (422: the study's words)
// and its HTTP status.
async function request(method, url, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { status: response.status });
  return data;
}
