// The games page: one module, no dependencies. Every number it shows comes
// from /api/GAME/VERB, which answers with the JSON of the games-cli command
// named in the x-games-cli-command header; the server keeps no state, so
// each request carries the game state it acts on.

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined && v !== null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
};
const fmt = (x, d = 6) => Number(x).toFixed(d);
const pct = (x, d = 2) => (100 * x).toFixed(d) + "%";
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

// Every reply the page received: {command, status, body}. The browser test
// reruns each command with the CLI and compares the JSON.
window.gamesLog = [];

// The footer: what the page is asking the server (not read out), and
// errors (read out when no panel shows them).
// Counts what the page wrote in the footer and in its panels' errors: a
// request that succeeds clears only what was written before it was asked
// (a later request's error, or a later check's, stays).
let writes = 0;

function status(text, error = false, alert = error) {
  const s = $("status");
  if (alert) s.setAttribute("role", "alert");
  else s.removeAttribute("role");
  s.textContent = text;
  s.className = error ? "error" : "";
  s.dataset.at = ++writes;
}

// An error is shown beside the control that caused it: in the panel of
// the element that has the focus (the button just clicked), and in the
// footer (read out there only when that panel is not shown); the panel's
// old error goes when a request of it succeeds.
function panelOf(e) {
  return e && e !== document.body ? e.closest(".panel") : null;
}

// The panel of the control the player last clicked or typed in, taken
// before its handler runs: a button that a render replaces (or disables)
// loses the focus, and its request's error still belongs beside it.
let lastPanel = null;
for (const type of ["click", "keydown", "change"]) {
  document.addEventListener(type, (e) => { lastPanel = panelOf(e.target) || lastPanel; }, true);
}

// `kind` "check-error" is the page's own check of a form (a bad seed, no
// move to undo): a request's success, perhaps one the player did not
// start, does not clear it; the next check does, and so does an edit of
// a field it names (`fields`: their ids).
function panelError(panel, text, kind = "panel-error", fields = []) {
  if (!panel) return;
  let p = panel.querySelector(`:scope > .${kind}`);
  if (!text) {
    if (p) p.remove();
    return;
  }
  const wasField = Boolean(p && p.dataset.fields);
  if (!p) p = el("p", { class: `error ${kind}`, role: "alert" });
  // A check of a field is said right under that field (its label), not
  // at the panel's foot, far below it.
  const field = fields.length ? $(fields[0]) : null;
  const under = field && (field.closest("label") || field);
  if (under && under.parentElement === panel) {
    if (under.nextElementSibling !== p) under.after(p);
  } else if (!p.parentElement || wasField) {
    // A panel whose results are long (the study's chart) has its errors
    // by its button, not below them.
    const after = panel.dataset.errorsAfter && $(panel.dataset.errorsAfter);
    if (after) after.after(p);
    else panel.append(p);
  }
  // A message that repeats a long input is cut here (the footer and the
  // reply keep it whole). A link's note marks itself again after this.
  delete p.dataset.link;
  delete p.dataset.nothing;
  if (fields.length) {
    p.dataset.fields = fields.join(" ");
    p.dataset.values = fieldValues(fields);
  } else delete p.dataset.fields;
  p.textContent = text.length > 400 ? `${text.slice(0, 400)}…` : text;
  p.dataset.at = ++writes;
}

// What fields `ids` hold, as one string.
const fieldValues = (ids) => JSON.stringify(ids.map((id) => ($(id) ? $(id).value : null)));

// A check's error is about what its fields held: it goes as soon as one
// of them is edited, wherever it shows (the seats' error may be beside
// another panel's button). Taken before the field's own handlers run, so
// that a check they make at once shows again. (A field left, its
// "change" after the "input" that was checked, is no edit: the error
// stays, not said again.)
for (const type of ["input", "change"]) {
  document.addEventListener(type, (e) => {
    const id = e.target && e.target.id;
    if (!id) return;
    for (const p of document.querySelectorAll(".check-error[data-fields]")) {
      const fields = p.dataset.fields.split(" ");
      if (!fields.includes(id)) continue;
      if (type === "change" && p.dataset.values === fieldValues(fields)) continue;
      p.remove();
    }
  }, true);
}

// A field whose check's error shows (under it, or beside its button) is
// marked so for screen readers: aria-invalid, and aria-describedby naming
// that error (besides the field's own note, which it keeps); both go when
// the error does. Kept in step with the errors shown whatever writes or
// removes them (the next check, an edit, a new game, a link's note in
// their place), as the page changes. A field's own note is named only
// while it shows (LCR's faces' "Read only" note, hidden for your own
// faces), and again once it shows again.
let errorIds = 0;

function fieldsInvalid() {
  const want = new Map();
  const add = (id, error) => want.set(id, [...(want.get(id) || []), error]);
  for (const p of document.querySelectorAll(".check-error[data-fields]")) {
    if (!p.id) p.id = `check-error-${++errorIds}`;
    for (const id of p.dataset.fields.split(" ")) add(id, p.id);
  }
  const upload = $("hog-upload-error");
  if (!upload.hidden && upload.textContent) add("hog-upload", upload.id);
  for (const e of document.querySelectorAll("[data-error-ids], [data-own-ids], :is(input, select, textarea)[aria-describedby]")) {
    if (!want.has(e.id)) describedBy(e, []);
  }
  for (const [id, errors] of want) if ($(id)) describedBy($(id), errors);
}

// Field `e` described by the errors `errors` (ids), and invalid while
// there are any; the ids it had of its own stay (kept in `data-own-ids`
// the first time), each named while its note is not hidden.
function describedBy(e, errors) {
  if (!("ownIds" in e.dataset)) {
    const had = (e.dataset.errorIds || "").split(" ").filter(Boolean);
    e.dataset.ownIds = (e.getAttribute("aria-describedby") || "").split(/\s+/).filter((t) => t && !had.includes(t)).join(" ");
  }
  const own = e.dataset.ownIds.split(" ").filter((t) => t && !($(t) && $(t).hidden));
  const all = [...own, ...errors].join(" ");
  if (all !== (e.getAttribute("aria-describedby") || "")) {
    if (all) e.setAttribute("aria-describedby", all);
    else e.removeAttribute("aria-describedby");
  }
  if (errors.length) {
    e.setAttribute("aria-invalid", "true");
    e.dataset.errorIds = errors.join(" ");
  } else {
    e.removeAttribute("aria-invalid");
    delete e.dataset.errorIds;
  }
}
new MutationObserver(fieldsInvalid).observe(document.body,
  { subtree: true, childList: true, attributes: true, attributeFilter: ["data-fields", "hidden"] });
fieldsInvalid();

// A request asked when `writes` was `at` succeeded: the footer's and its
// panel's errors of before it go.
function clearBefore(panel, at, request = "") {
  if (Number($("status").dataset.at || 0) <= at) status("");
  errorsClearBefore(panel, at, request);
}

// The same, but the footer kept: for what is not a request that
// succeeded (a form's check refused, whose results of before go).
function errorsClearBefore(panel, at, request = "") {
  panelClearBefore(panel, at);
  // The same request's error of before, wherever it showed (beside the
  // control clicked then, another panel than this Try again's).
  if (!request) return;
  for (const p of document.querySelectorAll(".panel-error[data-request]")) {
    if (p.dataset.request === request && Number(p.dataset.at || 0) < at) p.remove();
  }
}

function panelClearBefore(panel, at) {
  const p = panel && panel.querySelector(":scope > .panel-error");
  if (p && Number(p.dataset.at || 0) < at) p.remove();
}

// The request (`game verb`) whose error `panel` shows now: its next
// success clears it, wherever it is asked from.
function tagRequest(panel, request) {
  const p = panel && panel.querySelector(":scope > .panel-error");
  if (p) p.dataset.request = request;
}

// A request asked at `at` ends without a word of its own (called off,
// or its game has moved on): its "asking" line goes, if still shown.
function askingGone(at) {
  if ($("status").dataset.at === String(at)) status("");
}

// Whether an error in `panel` would go unseen (no panel, or one in a tab
// not shown): the footer then reads it out.
function unseen(panel) {
  return !panel || panel.closest("[hidden]") !== null;
}

// The command that prints each reply (for the exported games).
const commandOf = new WeakMap();

// A request's error that the page has shown (beside its control, in the
// footer, or in its caller's words) or meant to drop (a request called
// off): a caller that does no more with it lets it go, and the browser
// does not report it as unhandled. Any other rejection is a bug, and is.
function markShown(e) {
  if (e && typeof e === "object") e.shown = true;
  return e;
}
window.addEventListener("unhandledrejection", (e) => {
  if (e.reason && e.reason.shown) e.preventDefault();
});

// A request a game waits on failed (its error is beside the control):
// `box` says so, with a button that asks again.
function askAgain(box, text, again, id) {
  const b = el("button", { id, class: "again", onclick: again }, "Try again");
  const line = el("p", { class: "error ask-again" }, text, " ", b);
  box.append(line);
  // The request's own error in the same panel says it again: it goes, and
  // this line is the alert in its stead (else that error stays the one
  // alert: a failure is read out once).
  const panel = box.closest(".panel"), p = panel && panel.querySelector(":scope > .panel-error");
  if (p && text.includes(p.textContent)) {
    p.remove();
    line.setAttribute("role", "alert");
  }
  return b;
}

// The second click of a double click, on a button where a second act
// would cost (a craps roll or bet, Kalah's Undo, Hog's dice): the mouse
// or a finger counts it (`detail` 2 or more; the keyboard's is 0) and it
// comes within 400 ms of the click that acted on the same button, or on
// one of its group (`key`: Hog's dice, drawn again after a turn and moved
// under the finger, so that a second tap landed on another count). Clicks
// counted on, slower than that (a slow double-click setting), each act.
const clickActed = new Map();
function secondClick(e, key = e.currentTarget.id) {
  const now = performance.now();
  if (e.detail > 1 && now - (clickActed.get(key) ?? -Infinity) < 400) return true;
  clickActed.set(key, now);
  return false;
}

// Where a request's error shows when no control was used (a page
// loading, a link opening, the computer's turn): its game's own panel.
const HOME_PANEL = {
  "hog rules": "hog-term", "hog step": "hog-buttons", "hog coach": "hog-coach", "hog rate": "hog-map-go", "hog export": "hog-map-go",
  "kalah moves": "kalah-values", "kalah move": "kalah-board", "lcr replay": "lcr-game-go", "lcr exact": "lcr-exact-go",
  "craps game": "craps-new", "craps bets": "craps-bets", "craps exact": "craps-exact", "baccarat deal": "bac-new", "baccarat exact": "bac-exact",
};

// `opts`: `signal` calls the request off; `own`, the panel its error goes
// to (else the control's in use, the one last used, or its game's own);
// `quiet`, a request the page made of itself, whose failure its caller
// shows in its own words (it is neither beside a control nor read out);
// `current`, whether the reply is still for what the page shows: when it
// is not (a new game, another position), the reply is dropped and the
// page shows nothing of it, error or not.
async function api(game, verb, flags, page, opts = {}) {
  // `words`: the server's refusal (a 400) as the page says it beside its
  // control (the footer keeps the server's own, as it keeps every error).
  const { signal, own = null, quiet = false, current = null, words = null } = opts;
  const shown = lastPanel && !lastPanel.closest(".page").hidden ? lastPanel : null;
  const home = HOME_PANEL[`${game} ${verb}`];
  const panel = own || panelOf(document.activeElement) || shown || (home ? $(home).closest(".panel") : null);
  status(`asking the server: ${game} ${verb}...`);
  const at = writes;
  const dropped = () => {
    askingGone(at);
    return markShown(Object.assign(new Error("a reply for what the page no longer shows"), { stale: true }));
  };
  let r, text;
  try {
    r = await fetch(`/api/${game}/${verb}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(flags),
      signal,
    });
    text = await r.text();
  } catch (e) {
    // Called off by the page (the position changed): nothing to report.
    if (e.name === "AbortError") {
      askingGone(at);
      throw markShown(e);
    }
    if (current && !current()) throw dropped();
    if (quiet) {
      // Its caller says why; the panel's older error goes.
      askingGone(at);
      panelClearBefore(panel, at);
      throw markShown(e);
    }
    status(`the server did not answer: ${e.message}`, true, unseen(panel));
    panelError(panel, `The server did not answer: ${e.message}`);
    tagRequest(panel, `${game} ${verb}`);
    throw markShown(e);
  }
  const command = r.headers.get("x-games-cli-command") || "";
  window.gamesLog.push({ command, status: r.status, body: text });
  if (current && !current()) throw dropped();
  if (page) {
    $(page + "-json").textContent = text;
    $(page + "-command").textContent = command;
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    value = { error: text };
  }
  if (!r.ok) {
    if (quiet) {
      askingGone(at);
      panelClearBefore(panel, at);
      throw markShown(Object.assign(new Error(value.error || r.statusText), { status: r.status }));
    }
    status(value.error || r.statusText, true, unseen(panel));
    panelError(panel, (words && r.status === 400 && words(value.error || "")) || value.error || r.statusText);
    tagRequest(panel, `${game} ${verb}`);
    throw markShown(Object.assign(new Error(value.error || r.statusText), { status: r.status }));
  }
  clearBefore(panel, at, `${game} ${verb}`);
  if (value && typeof value === "object") commandOf.set(value, command);
  return value;
}

// ---------------------------------------------------------------- pages

const PAGES = ["hog", "kalah", "lcr", "casino"];
const started = {};

function show(path) {
  const page = PAGES.find((p) => path === "/" + p) || "home";
  lastPanel = null;
  // The server sends each page under its own title; this keeps it right
  // as the links move between pages.
  document.title = $(page).dataset.title;
  for (const s of document.querySelectorAll(".page")) s.hidden = s.id !== page;
  for (const a of document.querySelectorAll("nav a")) a.classList.toggle("active", a.dataset.page === page);
  // The menu's link to the page shown (the heading's on the home page) is
  // named the current page, and no other; the casino's tabs keep their
  // own (aria-selected).
  for (const a of document.querySelectorAll("header a[data-page]")) {
    if (a.dataset.page === page) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (page === "kalah" && started.kalah) kalahToUrl();
  if (page === "hog" && started.hog && hog.state) hogToUrl();
  if (page === "lcr" && started.lcr && lcr.game) lcrToUrl();
  if (page === "casino" && started.casino) {
    // A link to one of the two games (the home page's) opens its tab.
    const game = linkTab(new URLSearchParams(location.search));
    if (game) casinoTab(game);
    casinoTitle();
    casinoToUrl();
  }
  if (!started[page]) {
    started[page] = true;
    ({ hog: hogStart, kalah: kalahStart, lcr: lcrStart, casino: casinoStart, home: () => {} })[page]();
  }
  return page;
}

document.addEventListener("click", (e) => {
  const a = e.target.closest("a[href^='/']");
  // The game pages only: another address (the rules) is the browser's.
  const page = a && (a.pathname === "/" || PAGES.includes(a.pathname.slice(1)));
  if (page && a.target !== "_blank" && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    history.pushState(null, "", a.getAttribute("href"));
    focusPage(show(location.pathname));
  }
});
window.addEventListener("popstate", () => focusPage(show(location.pathname)));

// The skip link: the keyboard past the menu, to the heading of the page
// shown.
$("skip-link").addEventListener("click", (e) => {
  e.preventDefault();
  const shown = document.querySelector("main > section.page:not([hidden])");
  if (shown) focusPage(shown.id);
});

// The keyboard goes to the page shown, at its heading.
function focusPage(page) {
  const h = $(page).querySelector("h2");
  if (!h) return;
  h.tabIndex = -1;
  h.focus();
}

// Enter in a number or text field does what its panel's first button does
// (a seed typed into Hog's setup starts the game).
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (e.key !== "Enter" || e.repeat || e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (t.tagName !== "INPUT" || !["number", "text", ""].includes(t.getAttribute("type") || "")) return;
  // (Not a "Try again" of a request that failed: the form's own button.)
  const b = t.closest(".panel") && t.closest(".panel").querySelector("button:not([disabled]):not(.again)");
  if (b) {
    e.preventDefault();
    b.click();
  }
});

// A game's log as a JSON file, with the games-cli command that replays it.
// `window.gamesExport(game)` gives the same object (the browser test runs
// its command).
const EXPORTS = {};

// A word as a POSIX shell reads it back: in single quotes, each quote
// written as '\'' (the server's commands quote alike).
function shellQuote(word) {
  return `'${String(word).replaceAll("'", "'\\''")}'`;
}
window.gamesExport = (game) => EXPORTS[game]();

function download(game) {
  let data = null;
  try {
    data = EXPORTS[game]();
  } catch {
    // No game yet (one is on its way, or its request failed).
  }
  const panel = $(`${game === "baccarat" ? "bac" : game}-export`).closest(".panel");
  const none = "No game to download yet: start one first.";
  // A game from a link (or the solver's) with no move played yet has
  // nothing for a command to replay.
  const early = "Nothing to replay yet: the export holds the moves played here and the command that replays them; play one first.";
  const ended = "Nothing to replay: this game opened finished (from a link), and no move was played here.";
  if (!data || !data.command) {
    const over = data && (data.over || (data.winner !== null && data.winner !== undefined));
    nothingYet(game, panel, !data ? none : over ? ended : early);
    return;
  }
  // Only its own message goes (a link's note or a seed's error stays).
  const said = panel.querySelector(":scope > .check-error");
  if (said && [none, early, ended].includes(said.textContent)) said.remove();
  const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${game}-game.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  status(`saved ${game}-game.json; replay it with: ${data.command}`);
}

// A check that finds nothing yet to act on (nothing to undo, nothing to
// replay, no game to download) is about its game as it stands: one shows
// at a time in a game (the next such check takes its place, whichever
// button's), and it goes once a move or a new game makes it false
// (`nothingGone`).
function nothingYet(game, panel, text) {
  nothingGone(game);
  panelError(panel, text, "check-error");
  panel.querySelector(":scope > .check-error").dataset.nothing = game;
}

// A move played (`game`'s) or a new game: its "nothing yet" checks go,
// but `keep`, one still true (Kalah's nothing to undo after the solver's
// move).
function nothingGone(game, keep = "") {
  for (const p of document.querySelectorAll(".check-error[data-nothing]")) {
    if (p.dataset.nothing === game && p.textContent !== keep) p.remove();
  }
}

// What one action of the player's causes is said together in its game's
// live region (Hog's and Kalah's event line): `fresh`, the action's own
// first sentence, starts the line anew; the replies it brings (the
// computer's turn, each of the solver's moves, the game's end) are added
// after it, each a node of its own, so that a screen reader hears every
// one in order and none is overwritten before it is read.
function say(id, text, fresh = false) {
  const box = $(id);
  if (fresh) box.replaceChildren();
  box.append(el("span", {}, (box.textContent ? " " : "") + text));
}

// Keep the keyboard on the control the player used when a render replaced
// it: the new element with the same id, once it can be used again.
function refocus(id, box) {
  if (!id) return;
  const a = document.activeElement;
  if (a && a !== document.body && !(box && box.contains(a))) return;
  const e = $(id);
  if (e && !e.disabled) e.focus();
}

// ---------------------------------------------------------------- links

// A field of a link: absent (`undefined` when optional, else a reason), or
// its value when it is a whole number within `lo..=hi`, else a reason.
function linkInt(q, key, lo, hi, optional = false) {
  if (!q.has(key)) return optional ? undefined : `no ${key}`;
  const t = q.get(key), v = Number(t);
  return t.trim() !== "" && Number.isSafeInteger(v) && v >= lo && v <= hi ? v : `${key}=${t.slice(0, 30)} is not a whole number from ${lo} to ${hi}`;
}

// A field that must be one of `choices` when present.
function linkChoice(q, key, choices) {
  if (!q.has(key) || choices.includes(q.get(key))) return undefined;
  return `${key}=${q.get(key).slice(0, 30)} is not one of ${choices.join(", ")}`;
}

// A link's field, checked by `linkInt` or `linkChoice` (`v`): when it is
// bad (a reason), it is left, `fallback` is used instead and `left` gets
// the reason and what was used (`instead`, said; the fallback itself
// unless given); when it is absent, `fallback` quietly.
function linkTake(v, fallback, left, instead = fallback) {
  if (typeof v !== "string") return v ?? fallback;
  left.push(`${v} (${instead} instead)`);
  return fallback;
}

// The fields of a link left (`left`, from `linkTake`), said beside
// `button`: the game opened with the rest, its seed too.
function linkLeft(button, left, what = "game opened") {
  if (!left.length) return;
  linkNote(button, `This link's ${what} without ${left.length === 1 ? "a field" : `${left.length} fields`} it could not take: ${left.join("; ")}.`);
}

// A field that must be one of `choices`: its value, else `fallback` (a
// bad one left, said in `left`, as `linkTake`'s).
function linkPick(q, key, choices, fallback, left, instead = fallback) {
  const bad = linkChoice(q, key, choices);
  linkTake(bad, fallback, left, instead);
  return q.has(key) && !bad ? q.get(key) : fallback;
}

// Whether the address names any of a page's fields (another query, such
// as a tracking tag, is no link to a game).
function linkNames(q, keys) {
  return [...q.keys()].some((k) => keys.includes(k));
}

// Whether seed field `id` was left blank, so that a new seed is drawn:
// not when it holds what is not a number (a number field then reads as
// blank), which the seed's check names.
function seedBlank(id) {
  return $(id).value.trim() === "" && !($(id).validity && $(id).validity.badInput);
}

// The seed in field `id`, checked before a game starts: a whole number the
// page can hold exactly (to 2^53 - 1), else the error beside `button`.
function seedOk(id, button) {
  return wholeOk(id, button, "Seed", 0, Number.MAX_SAFE_INTEGER);
}

// What field `id` holds, as an error message names it (a number field
// with what is not a number in it reads as blank): "" when it is empty.
// (null: a number field whose text the browser cannot read as a number,
// and so does not give, as "." or "1e".)
function typed(id) {
  const e = $(id);
  return e.validity && e.validity.badInput ? null : e.value.slice(0, 40);
}

// How a check's message ends, naming what a field held (`text`): ", not
// 2.5.", for a field left empty "; the field is empty.", and for text
// that is no number (null) "; what is typed is not a number.".
function notText(text) {
  return text === null ? "; what is typed is not a number." : text ? `, not ${text}.` : "; the field is empty.";
}

// The same for field `id`.
function notTyped(id) {
  return notText(typed(id));
}

// Field `id` (`name` in the form) holds a whole number from `lo` to `hi`,
// else the error beside `button`.
function wholeOk(id, button, name, lo, hi) {
  const v = $(id).value, n = Number(v), panel = $(button).closest(".panel");
  if (v.trim() !== "" && Number.isSafeInteger(n) && n >= lo && n <= hi) {
    const p = panel.querySelector(":scope > .check-error");
    if (p && p.textContent.startsWith(`${name}:`)) p.remove();
    return true;
  }
  panelError(panel, `${name}: a whole number from ${lo} to ${hi}${notTyped(id)}`, "check-error", [id]);
  return false;
}

// What the page changed of a link's game, said beside "New game".
function linkNote(button, text) {
  const panel = $(button).closest(".panel");
  // (Every change is said: a note of the same opening stays, this one
  // after it.)
  const was = panel.querySelector(":scope > .check-error[data-link]");
  if (was && !was.dataset.link.endsWith(text)) text = `${was.dataset.link} ${text}`;
  panelError(panel, text, "check-error");
  // (The note may be cut; the footer's copy is whole.)
  panel.querySelector(":scope > .check-error").dataset.link = text;
  if (unseen(panel)) status(text, true, true);
}

// A new game the player asked for, or the first move of the game in play
// (its throw, roll, card or turn): the note on the link's game goes (and
// the footer's copy of it, said there when its panel was out of sight),
// being about how the game opened, not the game as it goes on.
function linkNoteGone(button) {
  const p = $(button).closest(".panel").querySelector(":scope > .check-error[data-link]");
  if (!p) return;
  if ($("status").textContent === (p.dataset.link || p.textContent)) status("");
  p.remove();
}

// The seeds the player typed (or stepped with the arrows) since their
// game last started.
const typedSeeds = new Set();
for (const id of ["hog-seed", "lcr-seed", "craps-seed", "bac-seed"]) {
  $(id).addEventListener("input", () => typedSeeds.add(id));
}

// The games asked for with each seed field (counted by `seedAsked`).
const seedStarts = {};

// What each seed field held when its game was asked for, and whether it
// was typed (or a link's).
const seedsAsked = {};

// A game asked for with the seed in field `id` (its form passed its
// checks): the next "New game" draws a new seed unless the player types
// one again.
function seedAsked(id) {
  seedStarts[id] = (seedStarts[id] || 0) + 1;
  seedsAsked[id] = { value: $(id).value, typed: typedSeeds.has(id) };
  typedSeeds.delete(id);
}

// The reply of a game asked for with seed field `id` (`ask(current)`
// makes the request; a reply once `current` is false is dropped); when
// the request fails while it is still the game asked for, its seed is
// kept for the next "New game" (see `seedFailed`).
async function seededGame(id, current, ask) {
  try {
    return await ask(current);
  } catch (e) {
    if (current()) seedFailed(id);
    throw e;
  }
}

// The game asked for with field `id` never started (its request failed):
// a seed the player typed (or a link's) counts as typed again, so that
// "New game" asks for it again, unless the field has changed since.
function seedFailed(id) {
  const a = seedsAsked[id];
  if (a && a.typed && $(id).value === a.value) typedSeeds.add(id);
}

// A "New game" button: the link's note goes, and the game gets a new
// seed unless the player typed one (typing a game's seed again replays
// it; a typed seed stays until a game starts with it). Each start checks
// its form before its first request, so when a check fails (and no game
// starts) the field shows again the seed it showed.
function newGameButton(button, seed, start) {
  $(button).onclick = () => {
    linkNoteGone(button);
    const before = $(seed).value, starts = seedStarts[seed] || 0;
    if (!typedSeeds.has(seed) || seedBlank(seed)) {
      // (A field emptied is no seed typed: the one drawn is not kept.)
      $(seed).value = newSeed();
      typedSeeds.delete(seed);
    }
    start();
    if ((seedStarts[seed] || 0) === starts && !typedSeeds.has(seed)) $(seed).value = before;
  };
}

// ---------------------------------------------------------------- Hog

const BUILT_IN = ["final", "optimal", "bacon", "swap", ...Array.from({ length: 10 }, (_, i) => `always:${i + 1}`)];
// `epoch` counts new games: a reply that arrives after one answers the old
// game, and is dropped (as Kalah's).
// `fresh`: the game began at its start (the address holds its turns'
// dice); `pending`: a link's turns on their way to be played again.
// `sayNew`: the next turn shown starts the event line anew (it is the
// player's own action); else it is said after the line's turns (the
// computer's reply to it). `best`: the coach's best choice for a state.
const hog = { state: null, seed: 0, turn: 0, me: 0, opponent: "final", files: {}, busy: false, failed: false, mapAsked: 0, turns: [], commands: [], focus: null, winner: null, term: "spring2014", terms: [], epoch: 0, fresh: false, pending: null, sayNew: false, best: null };
const DEFAULT_TERM = "spring2014";
// Strategies that exist only under Spring 2014's rules.
const SPRING_ONLY = ["bacon", "swap"];
// The terms whose rules remember earlier turns: their best response and
// optimal strategy have no 100 x 100 table (docs/hog.md).
const MEMORY_TERMS = ["fall2017", "fall2019"];

// The rule set chosen in the select: Spring 2014 (the handout's, with its
// three switches) or another term's by name.
function hogTerm() {
  return $("hog-term").value || DEFAULT_TERM;
}

// The state's rules: Spring 2014's goal and switches, or another term's
// name (the general engine's state carries its rule set by name and the
// goal beside it).
function hogRules() {
  const goal = Number($("hog-goal").value) || 100;
  if (hogTerm() !== DEFAULT_TERM) return { name: hogTerm(), goal };
  return {
    goal,
    free_bacon: $("hog-bacon").checked,
    hog_wild: $("hog-wild").checked,
    swine_swap: $("hog-swap").checked,
  };
}

function hogRuleFlags(rules) {
  if (rules.name) return { rules: rules.name, goal: rules.goal };
  return {
    goal: rules.goal,
    "no-free-bacon": !rules.free_bacon,
    "no-hog-wild": !rules.hog_wild,
    "no-swine-swap": !rules.swine_swap,
  };
}

// A new game's state under `rules` (another term's with its `memory` of
// earlier turns, when a link gave one; else the server starts it fresh).
function hogState(rules, scores, player, memory = null) {
  // A term with a memory has it from the start (a fresh game's), so that a
  // game's start reads the same however it was opened.
  const mem = memory || (MEMORY_KEYS[rules.name] ? { last_points: [0, 0], turn: 0, trotted: false } : null);
  if (rules.name) return { rules: rules.name, goal: rules.goal, scores, player, ...(mem ? { memory: mem } : {}), rolling: null };
  return { rules, scores, player, rolling: null };
}

// What a link keeps of a term's memory (docs/hog.md): Fall 2019's feral
// hogs reads the points each player scored on their own last turn
// (`last=a,b`); Fall 2017's time trot reads the turn number (the
// address's `turn`, whose count the memory's follows, 8 to a round) and
// whether the last turn was itself a trot (`trotted=1`).
const MEMORY_KEYS = { fall2019: ["last"], fall2017: ["trotted"] };

// The most points one turn scores (ten sixes): a link's `last` is no more.
const HOG_TURN_POINTS = 60;

// The address's fields of the state's memory.
function hogMemoryToUrl(s) {
  const m = s.memory, keys = MEMORY_KEYS[typeof s.rules === "string" ? s.rules : ""] || [];
  if (!m) return {};
  return {
    ...(keys.includes("last") ? { last: m.last_points.join(",") } : {}),
    ...(keys.includes("trotted") ? { trotted: m.trotted ? "1" : "0" } : {}),
  };
}

// The memory a link's fields give under `term` at turn `turn`: null for a
// term without one; a field left out is a fresh game's, and so is one
// the page cannot take (said in `left`, as `linkTake`'s).
function hogMemoryFromUrl(q, term, turn, left) {
  const keys = MEMORY_KEYS[term] || [];
  // A field of another rule set's memory is no part of this game.
  for (const k of ["last", "trotted"]) {
    if (q.has(k) && !keys.includes(k)) {
      const whose = Object.keys(MEMORY_KEYS).find((t) => MEMORY_KEYS[t].includes(k));
      left.push(`${k}= is ${whose}'s memory, not ${term}'s`);
    }
  }
  if (!MEMORY_KEYS[term]) return null;
  let last = [0, 0];
  if (keys.includes("last") && q.has("last")) {
    const t = q.get("last"), v = t.split(",").map((x) => (x.trim() === "" ? NaN : Number(x)));
    if (v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= HOG_TURN_POINTS)) {
      left.push(`last=${t.slice(0, 30)} is not two whole numbers from 0 to ${HOG_TURN_POINTS} (0,0 instead)`);
    } else last = v;
  }
  const trotted = keys.includes("trotted") && linkPick(q, "trotted", ["0", "1"], "0", left) === "1";
  return {
    last_points: keys.includes("last") ? last : [0, 0],
    turn: keys.includes("trotted") ? Number(BigInt(turn) % 8n) : 0,
    trotted,
  };
}

// The select's rule sets, from `hog rules` (the server's own list); the
// chosen one's rules in words and its source, and the switches only for
// Spring 2014. `options`: the select's own, put back when the list does
// not come (a link's rule set stood alone in it meanwhile). Whether the
// list came; when not, Try again asks for it, then does `then`.
async function hogLoadTerms(options, then) {
  $("hog-terms-box").replaceChildren();
  try {
    const list = await api("hog", "rules", {});
    if (Array.isArray(list) && list.length) hog.terms = list;
  } catch (e) {
    // api() has shown the error; the select keeps Spring 2014.
    if (!hog.terms.length) $("hog-term").replaceChildren(...options);
    askAgain($("hog-terms-box"), `The other terms' rule sets could not be had from the server: ${e.message}.`,
      () => hogLoadTerms(options, then).then((ok) => {
        // The keyboard to the menu they fill, or to the next Try again.
        // (Only when it was lost with the button: not from a field the
        // player went on to.)
        const lost = document.activeElement === document.body;
        if (ok) {
          if (lost) $("hog-term").focus();
          if (then) then();
        } else if (lost && $("hog-terms-again")) $("hog-terms-again").focus();
      }), "hog-terms-again");
  }
  const cur = hogTerm();
  if (hog.terms.length) {
    $("hog-term").replaceChildren(...hog.terms.map((t) => el("option", { value: t.name, selected: t.name === cur }, t.name + (t.default ? " (default)" : ""))));
    if (!hog.terms.some((t) => t.name === cur)) $("hog-term").value = DEFAULT_TERM;
  }
  hogShowTerm();
  return hog.terms.length > 0;
}

// The goal in the rules panel: the game's in play, else the form's when
// it is one.
function hogRulesGoal() {
  const g = hog.state ? hogStateRules().goal : Number($("hog-goal").value);
  if (Number.isInteger(g) && g >= 1 && g <= 100) $("hog-rules-goal").textContent = String(g);
}
$("hog-goal").addEventListener("input", () => {
  hogRulesGoal();
  hogRulesInPlay();
});
for (const id of ["hog-bacon", "hog-wild", "hog-swap"]) $(id).addEventListener("change", () => hogRulesInPlay());

// A term's name as people write it: "spring2014" is "Spring 2014".
function hogTermWords(name) {
  const m = /^([a-z]+)(\d{4})$/.exec(name || "");
  return m ? `${m[1][0].toUpperCase()}${m[1].slice(1)} ${m[2]}` : String(name);
}

// Rules (a state's or the form's) in words: "Spring 2014's rules without
// hog wild, first to 100".
function hogRulesSaid(r) {
  if (r.name) return `${hogTermWords(r.name)}'s rules, first to ${r.goal}`;
  const off = [["free_bacon", "free bacon"], ["hog_wild", "hog wild"], ["swine_swap", "swine swap"]].filter(([k]) => !r[k]).map(([, w]) => w);
  return `${hogTermWords(DEFAULT_TERM)}'s rules${off.length ? ` without ${off.join(" or ")}` : ""}, first to ${r.goal}`;
}

// Whether two rules (a state's, the form's) are the same game's.
function hogSameRules(a, b) {
  if ((a.name || DEFAULT_TERM) !== (b.name || DEFAULT_TERM) || a.goal !== b.goal) return false;
  return Boolean(a.name) || ["free_bacon", "hog_wild", "swine_swap"].every((k) => a[k] === b[k]);
}

// The game in play names its rules in its panel; rules chosen in the form
// that are not the game's say beside the menu that they apply from New
// game (the game, its coach, the rules panel and the address keep the
// game's until then).
function hogRulesInPlay() {
  const later = $("hog-term-later");
  if (!hog.state) {
    later.hidden = true;
    return;
  }
  const r = hogStateRules();
  $("hog-game-rules").textContent = `Playing under ${hogRulesSaid(r)}.`;
  // (A goal New game would refuse is its own field's error, not this.)
  const form = hogRules(), g = Number($("hog-goal").value);
  if (!(Number.isInteger(g) && g >= 1 && g <= 100)) form.goal = r.goal;
  const same = hogSameRules(form, r);
  if (!same) later.textContent = `The rules chosen here apply from New game: the game in play keeps ${hogRulesSaid(r)}.`;
  later.hidden = same;
}

// Spring 2014's rules as the page writes them (kept while another rule
// set's show).
let HOG_SPRING_RULES = null;

// Spring 2014's switches, each with its rule's name.
const HOG_SWITCHES = [["free_bacon", "free bacon"], ["hog_wild", "hog wild"], ["swine_swap", "swine swap"]];

// The "Rules of Hog" panel says the rule set of the game in play (the
// menu's before any game): Spring 2014's as the page wrote it, only the
// rules its switches leave on (those off named under them), another's in
// the server's words (each "name: rule"). Drawn anew only when its set or
// switches change.
function hogRulesPanel() {
  const r = hog.state ? hogStateRules() : hogRules(), name = r.name || DEFAULT_TERM;
  const t = hog.terms.find((x) => x.name === name);
  const spring = name === DEFAULT_TERM;
  if (!HOG_SPRING_RULES) HOG_SPRING_RULES = [...$("hog-rules-list").children];
  const on = HOG_SWITCHES.map(([k]) => !spring || r[k] !== false);
  const off = HOG_SWITCHES.filter((_, i) => !on[i]).map(([, w]) => w);
  const key = `${name}${t ? " listed" : ""}${off.length ? ` without ${off.join(", ")}` : ""}`;
  if ($("hog-rules-list").dataset.term !== key) {
    $("hog-rules-list").dataset.term = key;
    $("hog-rules-term").hidden = spring || !t;
    // Without free bacon a turn rolls 1 to 10 dice.
    $("hog-rules-dice").textContent = on[0] ? "0 to 10" : "1 to 10";
    $("hog-rules-off").textContent = off.length ? `Switched off in this game: ${off.join(", ")}.` : "";
    $("hog-rules-off").hidden = !off.length;
    if (spring || !t || !Array.isArray(t.rules)) $("hog-rules-list").replaceChildren(...HOG_SPRING_RULES.filter((_, i) => on[i]));
    else {
      $("hog-rules-term").textContent = `The rules of ${hogTermWords(name)} (${name}), the project's reading of that term's handout:`;
      $("hog-rules-list").replaceChildren(...t.rules.map((r) => {
        const i = r.indexOf(": ");
        return i > 0 ? el("li", {}, el("strong", {}, r.slice(0, i)), r.slice(i)) : el("li", {}, r);
      }));
    }
    // The rule a 1 sets off, by the term's name for it.
    $("hog-rules-pig").textContent = !spring && t && Array.isArray(t.rules) && t.rules[0].includes(":") ? t.rules[0].split(":")[0] : "pig out";
  }
  hogRulesGoal();
}

function hogShowTerm() {
  const name = hogTerm();
  const t = hog.terms.find((x) => x.name === name);
  const words = t ? (Array.isArray(t.rules) ? t.rules.join("; ") : String(t.rules)) : "";
  $("hog-term-rules").textContent = t ? `${words}. Source: ${t.source}` : "";
  const spring = name === DEFAULT_TERM;
  hogRulesPanel();
  hogRulesInPlay();
  // Spring 2014's switches only under Spring 2014 (disabled and out of
  // sight elsewhere).
  for (const id of ["hog-bacon", "hog-wild", "hog-swap"]) {
    $(id).disabled = !spring;
    $(id).closest("label").hidden = !spring;
  }
  const keep = {};
  for (const id of ["hog-opponent", "hog-map-strategy", "hog-map-vs"]) {
    if (!spring && SPRING_ONLY.includes($(id).value)) keep[id] = "final";
  }
  hogFillSelects(keep);
}

// The uploaded files a request's strategies name.
function hogFiles(...names) {
  const files = {};
  for (const n of names) if (n.startsWith("file:")) files[n.slice(5)] = hog.files[n.slice(5)];
  return Object.keys(files).length ? { files } : {};
}

function hogFillSelects(keep = {}) {
  const builtIn = hogTerm() === DEFAULT_TERM ? BUILT_IN : BUILT_IN.filter((n) => !SPRING_ONLY.includes(n));
  const names = [...builtIn, ...Object.keys(hog.files).map((f) => "file:" + f)];
  for (const [id, def] of [["hog-opponent", "final"], ["hog-map-strategy", "final"], ["hog-map-vs", "always:5"]]) {
    const s = $(id);
    const cur = keep[id] || s.value || def;
    s.replaceChildren(...names.map((n) => el("option", { value: n, selected: n === cur }, n)));
  }
}

async function hogStart() {
  hogFillSelects();
  $("hog-seed").value = newSeed();
  $("hog-term").onchange = hogShowTerm;
  const term = new URLSearchParams(location.search).get("rules");
  const options = [...$("hog-term").children];
  if (term) $("hog-term").replaceChildren(el("option", { value: term, selected: true }, term));
  // The buttons work while the rule sets are on their way.
  newGameButton("hog-new", "hog-seed", () => hogNew());
  $("hog-map-go").onclick = () => hogMap(true);
  $("hog-export").onclick = () => download("hog");
  $("hog-upload").onchange = async (e) => {
    const f = e.target.files[0];
    // Said right under the upload (not at the form's foot, past New game).
    const said = (text) => {
      $("hog-upload-error").textContent = text;
      $("hog-upload-error").hidden = !text;
    };
    said("");
    if (!f) return;
    const name = f.name.replace(/[^A-Za-z0-9._-]/g, "_");
    const text = await f.text();
    // Read by the server once now (the coach's cheapest question), so
    // that a file that is no strategy is named here, beside its field.
    const panel = $("hog-upload").closest(".panel");
    // (Under the default rules: a strategy that rolls 0 dice is no less a
    // strategy where free bacon is switched off, which New game checks.)
    try {
      await api("hog", "coach", { vs: `file:${name}`, score: 0, opponent: 0, goal: 100, files: { [name]: text } },
        null, { own: panel, quiet: true });
    } catch (err) {
      // (The check asks as the command line's --vs: the flag is not the
      // page's word.)
      const why = err.message.replace(/^--vs: /, "");
      said(err.status === 400 ? `Upload: ${f.name.slice(0, 60)} is not a strategy file: ${why}`
        : `Upload: ${f.name.slice(0, 60)} could not be checked (${why}): choose it again.`);
      e.target.value = "";
      return;
    }
    hog.files[name] = text;
    // The name the commands use, and the file's own (an export says both).
    hog.uploaded = { ...hog.uploaded, [name]: f.name };
    hogFillSelects({ "hog-opponent": "file:" + name });
    status(`uploaded ${name}: choose file:${name} as a strategy`);
  };
  // A link's game of another term waits for the rule sets (Try again
  // opens it once they come); any other opens now.
  let waiting = Boolean(term && term !== DEFAULT_TERM);
  const open = () => {
    if (waiting) linkNoteGone("hog-new");
    waiting = false;
    if (!hogFromUrl()) hogNew();
    hogMap();
  };
  // (New game meanwhile: the link waits no more.)
  $("hog-new").addEventListener("click", () => { waiting = false; });
  const ok = await hogLoadTerms(options, () => waiting && open());
  if (hog.state) {
    // A game the player started meanwhile stays: no link opens over it.
    waiting = false;
    if (!hog.mapAsked) hogMap();
  } else if (ok || !waiting) open();
  else {
    // The link's seed shows meanwhile (and a New game asked now takes it).
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed && /^\d+$/.test(seed) && Number.isSafeInteger(Number(seed))) {
      $("hog-seed").value = seed;
      typedSeeds.add("hog-seed");
    }
    linkNote("hog-new", `This link's game under ${term.slice(0, 30)} opens once the rule sets come (Try again beside "Rule set").`);
    hogMap();
  }
}

// The address holds the game, as Kalah's does: the settings, the seed and
// the position (scores, mover, turns played, which picks each turn's dice).
// `/hog?opponent=final&seat=0&seed=7&goal=100&bacon=1&wild=1&swap=1&scores=12,31&player=1&turn=4`;
// another term's rule set adds `rules=fall2023` (and drops the switches),
// and a term's memory its fields (`last=13,4`, `trotted=1`).
function hogToUrl() {
  if (location.pathname !== "/hog" || !hog.state) return;
  const s = hog.state, r = hogStateRules();
  const q = new URLSearchParams(r.name ? {
    opponent: hog.opponent, seat: String(hog.me), seed: String(hog.seed), rules: r.name, goal: String(r.goal),
    scores: s.scores.join(","), player: String(s.player), turn: String(hog.turn), ...hogMemoryToUrl(s),
  } : {
    opponent: hog.opponent, seat: String(hog.me), seed: String(hog.seed), goal: String(r.goal),
    bacon: r.free_bacon ? "1" : "0", wild: r.hog_wild ? "1" : "0", swap: r.swine_swap ? "1" : "0",
    scores: s.scores.join(","), player: String(s.player), turn: String(hog.turn),
  });
  // Each turn's dice from the start of the game (a link's own while they
  // are played again), so that a reopened game has its log and export.
  const rolled = hog.pending && hog.pending.shown === s ? hog.pending.rolled : hog.fresh && hog.turns.length ? hog.turns.map((t) => t.rolls) : null;
  if (rolled) q.set("rolled", rolled.join(","));
  history.replaceState(null, "", `/hog?${q}`);
}

// The game of the address: true when opened, false when it names none.
// A field the page cannot take is said and left (its default used), and
// the game opens with the rest, its seed too.
function hogFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!linkNames(q, ["scores", "seed", "opponent", "seat", "goal", "rules", "player", "turn", "bacon", "wild", "swap", "last", "trotted", "rolled"])) return false;
  const left = [];
  // (An empty seed= is no seed: a new one, as the form's.)
  if (q.get("seed") === "") q.delete("seed");
  const goal = linkTake(linkInt(q, "goal", 1, 100, true), 100, left);
  const seed = linkTake(linkInt(q, "seed", 0, Number.MAX_SAFE_INTEGER, true), undefined, left, "a new seed");
  // Settings without a position (no scores, or scores left): a new game
  // with them, its seed the link's (or a new one when it names none), as
  // a Kalah link with a size but no board opens the start of that game.
  // Its position's other fields, which mean nothing without the scores,
  // are said and left.
  let scores = null;
  if (q.has("scores")) {
    const t = q.get("scores").slice(0, 30), v = q.get("scores").split(",").map((x) => (x.trim() === "" ? NaN : Number(x)));
    const at = "0 : 0, the start of the game,";
    if (v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0 && x < 200)) left.push(`scores=${t} is not two whole numbers from 0 to 199 (${at} instead)`);
    // A game ends when one player reaches the goal: never both.
    else if (v[0] >= goal && v[1] >= goal) left.push(`scores=${t} are both at the goal (${goal}) or past it (${at} instead)`);
    else scores = v;
  }
  const start = !scores;
  const turn = start ? 0 : linkTake(linkInt(q, "turn", 0, Number.MAX_SAFE_INTEGER, true), 0, left);
  const position = start ? HOG_POSITION_KEYS.filter((k) => q.has(k)) : [];
  const seat = linkPick(q, "seat", ["0", "1"], "0", left), player = start ? "0" : linkPick(q, "player", ["0", "1"], "0", left);
  const on = Object.fromEntries(["bacon", "wild", "swap"].map((k) => [k, linkPick(q, k, ["0", "1"], "1", left) === "1"]));
  // An uploaded file does not travel in a link: final plays instead.
  const file = (q.get("opponent") || "").startsWith("file:") ? q.get("opponent") : null;
  let opponent = file ? "final" : q.get("opponent") || "final";
  let term = q.get("rules") || DEFAULT_TERM;
  if (!BUILT_IN.includes(opponent)) {
    left.push(`opponent=${opponent.slice(0, 30)} is not a built-in strategy (final instead)`);
    opponent = "final";
  }
  if (term !== DEFAULT_TERM && !hog.terms.some((t) => t.name === term)) {
    left.push(`rules=${term.slice(0, 30)} is not a rule set here (${DEFAULT_TERM} instead)`);
    term = DEFAULT_TERM;
  }
  if (term !== DEFAULT_TERM && SPRING_ONLY.includes(opponent)) {
    left.push(`opponent=${opponent} plays only under ${DEFAULT_TERM} (final instead)`);
    opponent = "final";
  }
  const memory = start ? null : hogMemoryFromUrl(q, term, turn, left);
  $("hog-term").value = term;
  hogShowTerm();
  $("hog-opponent").value = opponent;
  $("hog-seat").value = seat;
  if (seed !== undefined) $("hog-seed").value = String(seed);
  $("hog-goal").value = String(goal);
  $("hog-bacon").checked = on.bacon;
  $("hog-wild").checked = on.wild;
  $("hog-swap").checked = on.swap;
  const fileNote = file ? `The link's opponent ${file.slice(0, 40)} is a file uploaded to another page, which a link does not carry: final plays instead.` : "";
  if (start) {
    // (The seed shown is the link's, or the one drawn for this page.)
    hogNew();
    // (Said once the game is set up, which clears the setup's old notes.)
    linkLeft("hog-new", left);
    const notes = [];
    if (position.length) {
      notes.push(`The link's ${position.map((k) => `${k}=`).join(", ")} ${position.length === 1 ? "was" : "were"} not taken (a position needs its scores=): the start of the game opened.`);
    }
    if (fileNote) notes.push(fileNote);
    if (notes.length) linkNote("hog-new", notes.join(" "));
    return true;
  }
  // The dice of each turn from the start, when the link gives them: the
  // game is played again to its position, so its log and export are whole.
  let rolled = null, refused = "";
  if (q.has("rolled")) {
    const t = q.get("rolled"), v = t.split(",").map((x) => (x.trim() === "" ? NaN : Number(x)));
    if (v.length !== turn || turn > HOG_LINK_TURNS || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= 10)) {
      refused = `The link's turns were not taken (rolled=${t.slice(0, 30)} is not ${turn} numbers of dice from 0 to 10): its position opened without them.`;
    } else rolled = v;
  }
  hogNew({ scores, player: player === "1" ? 1 : 0, turn, memory, rolled });
  linkLeft("hog-new", left);
  const notes = [refused, fileNote].filter(Boolean);
  if (notes.length) linkNote("hog-new", notes.join(" "));
  return true;
}

// A link's fields of a position, which need its scores.
const HOG_POSITION_KEYS = ["player", "turn", "rolled", "last", "trotted"];

EXPORTS.hog = () => {
  const s = hog.state;
  return {
    game: "hog",
    opponent: hog.opponent, you: hog.me, seed: hog.seed, rules: hogStateRules(),
    turns: hog.turns,
    scores: s.scores,
    winner: hog.winner,
    // One `hog step` a turn (its seed is the game's seed plus the turn's
    // number, wrapping round past 2^53 - 1), each from the state the one
    // before printed.
    commands: hog.commands,
    // The whole game from its start: each turn's dice and seed in turn
    // (the computer's too, so no strategy file is needed), the last
    // state and the winner.
    command: hog.turns.length
      ? `games-cli hog step --state ${shellQuote(JSON.stringify(hog.start))} --turns ${hog.turns.map((t) => `${t.rolls}:${t.seed}`).join(",")} --format json`
      : null,
    // An uploaded opponent's file, under the name the commands give it
    // (its own name made safe): save it under that name to replay.
    ...(hog.opponent.startsWith("file:") ? {
      files: { [hog.opponent.slice(5)]: (hog.uploaded || {})[hog.opponent.slice(5)] || hog.opponent.slice(5) },
    } : {}),
  };
};

// The setup's seed and goal, or the error beside them and the field it
// names.
function hogSetupError() {
  const seed = $("hog-seed").value, goal = Number($("hog-goal").value);
  // ("1e" in a number field reads as "": not blank, and not a number.)
  const notNumber = $("hog-seed").validity && $("hog-seed").validity.badInput;
  if (!seedBlank("hog-seed") && (notNumber || !(Number.isSafeInteger(Number(seed)) && Number(seed) >= 0))) {
    return [`Seed: a whole number from 0 to ${Number.MAX_SAFE_INTEGER}${notTyped("hog-seed")}`, "hog-seed"];
  }
  if (!(Number.isInteger(goal) && goal >= 1 && goal <= 100)) {
    return [`Goal: a whole number from 1 to 100${notTyped("hog-goal")}`, "hog-goal"];
  }
  return ["", null];
}

function hogNew(from = null) {
  const [bad, field] = hogSetupError();
  panelError($("hog-new").closest(".panel"), bad, "check-error", field ? [field] : []);
  if (bad) return;
  nothingGone("hog");
  const rules = hogRules();
  hog.epoch += 1;
  hog.busy = false;
  hog.failed = false;
  hogRulesGoal();
  hog.opponent = $("hog-opponent").value;
  hog.me = Number($("hog-seat").value);
  if (seedBlank("hog-seed")) $("hog-seed").value = newSeed();
  seedAsked("hog-seed");
  hog.seed = Number($("hog-seed").value);
  hog.turn = from ? from.turn : 0;
  hog.term = rules.name || DEFAULT_TERM;
  hog.state = hogState(rules, from ? from.scores : [0, 0], from ? from.player : 0, from ? from.memory : null);
  hog.start = hog.state;
  // A game from its start (a link's too, at turn 0 and 0 : 0): the
  // address holds its turns' dice (`rolled`).
  const m = hog.state.memory;
  hog.fresh = !from || (from.turn === 0 && from.player === 0 && from.scores[0] === 0 && from.scores[1] === 0 &&
    (!m || (m.last_points.every((x) => x === 0) && m.turn === 0 && !m.trotted)));
  hog.pending = null;
  hog.turns = [];
  hog.commands = [];
  hog.winner = null;
  hog.best = null;
  // (The computer's first turn, when it moves first, is said after the
  // new game's line.)
  hog.sayNew = false;
  $("hog-log").replaceChildren();
  $("hog-dice").replaceChildren();
  $("hog-yours").textContent = "";
  $("hog-coach").replaceChildren();
  delete $("hog-event").dataset.winner;
  $("hog-event").textContent = from ? `A position from a link: ${from.scores[0]} : ${from.scores[1]}, seed ${hog.seed}, turn ${hog.turn}. First to ${rules.goal}.`
    : `Seed ${hog.seed}. First to ${rules.goal}.`;
  if (from && from.rolled) {
    // The link's turns played again first (the next turn waits for them),
    // a finished game's too.
    hog.pending = { rolled: from.rolled, shown: hog.state };
    hog.busy = true;
    hogRender();
    const epoch = hog.epoch;
    hogReplayLink(from.rolled).catch(() => {
      // (Whatever went wrong, the game is not left waiting.)
      if (hog.epoch !== epoch || !hog.busy) return;
      hog.busy = false;
      hogRender();
    });
    return;
  }
  if (hogOver()) {
    hogLinkOver();
    hogRender();
    return;
  }
  hogRender();
  if (hog.state.player !== hog.me) hogComputer();
  else hogCoach();
}

// A finished game from a link, opened at its end: who won, and no coach.
function hogLinkOver() {
  const sc = hog.state.scores, w = sc[0] >= hogRules().goal && sc[0] >= sc[1] ? 0 : 1;
  hog.winner = w;
  say("hog-event", `The game is over: ${w === hog.me ? "you win" : "the computer wins"}, ${sc[w]} to ${sc[1 - w]}.`);
  $("hog-event").dataset.winner = w;
  $("hog-coach").replaceChildren(el("p", {}, "Game over."));
}

// The most turns a link replays (the server's `hog step --turns` bound).
const HOG_LINK_TURNS = 10000;

// A link's turns played again from the start of its game (`hog step
// --turns`, each turn's seed the game's seed plus its number): the log,
// the export and the dice shown, when they lead to the position opened;
// else the position stays alone, said. Then the game goes on.
async function hogReplayLink(rolled) {
  const epoch = hog.epoch, shown = hog.state, current = () => hog.epoch === epoch && hog.state === shown;
  const start = hogState(hogRules(), [0, 0], 0, null);
  const turns = rolled.map((n, i) => `${n}:${Number((BigInt(hog.seed) + BigInt(i)) % 2n ** 53n)}`);
  const goOn = () => {
    hog.busy = false;
    // A finished game whose turns were not played again: who won.
    if (hogOver() && (hog.winner === null || hog.winner === undefined)) hogLinkOver();
    hogRender();
    if (hogOver()) return;
    if (hog.state.player !== hog.me) hogComputer().catch(() => {});
    else hogCoach().catch(() => {});
  };
  let r;
  try {
    r = await api("hog", "step", { state: start, turns }, "hog", { current, quiet: true, own: $("hog-new").closest(".panel") });
  } catch (e) {
    if (!current()) return;
    // A busy server or no answer: the address keeps them, to try again.
    const again = !e.status || e.status >= 500;
    if (!again) hog.pending = null;
    linkNote("hog-new", `The link's turns could not be played again (${e.message}): its position opened without them, so the log and the export start here` +
      (again ? "; the address keeps them for this position, and reloading the page tries again." : "."));
    goOn();
    return;
  }
  if (!current()) return;
  hog.pending = null;
  const end = r.turns[r.turns.length - 1].state;
  const same = (a, b) => JSON.stringify(a.scores) === JSON.stringify(b.scores) && a.player === b.player &&
    JSON.stringify(hogMemoryToUrl(a)) === JSON.stringify(hogMemoryToUrl(b));
  if (!same(end, shown)) {
    linkNote("hog-new", "The link's turns do not lead to its scores: its position opened without them, so the log and the export start here.");
    goOn();
    return;
  }
  hog.turn = 0;
  hog.start = start;
  hog.fresh = true;
  let before = start;
  for (const t of r.turns) {
    hog.commands.push(`games-cli hog step --state ${shellQuote(JSON.stringify(before))} --rolls ${t.turn.rolls} --seed ${t.seed} --format json`);
    // (The line says the last turn played again, not every one.)
    hog.sayNew = true;
    hogApply(t);
    before = t.state;
  }
  goOn();
}

// The rules of the game on the board, one shape for both engines: Spring
// 2014's goal and switches, or `{name, goal}` for another term.
function hogStateRules() {
  const s = hog.state;
  if (typeof s.rules === "string") return { name: s.rules, goal: s.goal };
  if (s.rules && s.rules.name) return { name: s.rules.name, goal: s.goal ?? s.rules.goal };
  return s.rules;
}

function hogOver() {
  const g = hogStateRules().goal;
  return hog.state.scores[0] >= g || hog.state.scores[1] >= g;
}

function hogRender() {
  const s = hog.state;
  hogRulesPanel();
  hogRulesInPlay();
  const you = s.scores[hog.me], them = s.scores[1 - hog.me];
  $("hog-score").textContent = `You ${you} : ${them} ${hog.opponent}`;
  $("hog-score").dataset.scores = JSON.stringify(s.scores);
  const mine = s.player === hog.me && !hogOver() && !hog.busy;
  const buttons = [];
  const r = hogStateRules();
  // The coach's best choice for this position, when it has answered: bold
  // and framed on screen, and named so ("roll 4 dice (best against
  // final)"), not shown by its look alone.
  const best = hog.best && hog.best.state === s ? hog.best : null;
  for (let n = r.name || r.free_bacon ? 0 : 1; n <= 10; n++) {
    const isBest = Boolean(best) && best.rolls === n;
    buttons.push(el("button", {
      class: `choice${isBest ? " best" : ""}`, id: `hog-roll-${n}`, disabled: !mine,
      "aria-label": `roll ${n} ${n === 1 ? "die" : "dice"}${isBest ? ` (best against ${best.vs})` : ""}`,
      // (A double tap plays one turn, not a second with whichever count
      // is under the finger once the dice are drawn again.)
      onclick: (e) => { if (secondClick(e, "hog-roll")) return; hog.focus = `hog-roll-${n}`; hogRoll(n); },
    }, n));
  }
  // The computer's turn failed (its error is beside the game): a button
  // asks for it again (after it, the keyboard goes to the dice).
  const again = hog.failed && s.player !== hog.me && !hogOver() && !hog.busy;
  const had = $("hog-buttons").contains(document.activeElement);
  $("hog-buttons").replaceChildren(el("span", {}, mine ? "Roll how many dice? " : ""), ...buttons,
    ...(again ? [el("span", { class: "error", id: "hog-failed", role: "alert" }, ` The computer's turn failed: ${hog.failed}. `), el("button", {
      // After it, the keyboard goes back to the dice last used (else the
      // first): Enter again by habit rolls what it rolled before.
      id: "hog-again", onclick: () => {
        if (!buttons.some((b) => b.id === hog.focus)) hog.focus = buttons[0].id;
        hog.sayNew = true;
        hogComputer();
      },
    }, "Ask for the computer's turn again")] : []));
  refocus(hog.focus, $("hog-buttons"));
  if (again && (had || document.activeElement === document.body)) $("hog-again").focus();
  // At the game's end the dice go: the keyboard to the game's download.
  if (hogOver() && (had || (hog.focus && document.activeElement === document.body))) $("hog-export").focus();
  hogToUrl();
}

// A die drawn as its face: pips on a six-sided die, the number on a
// four-sided one (a triangle). `roll` animates it in, unless the system
// asks for reduced motion (the style sheet's media query).
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function faceDie(face, sides, roll = true) {
  const attrs = {
    class: `die ${sides === 4 ? "four" : ""} ${face === 1 ? "one" : ""} ${roll ? "rolling" : ""}`,
    role: "img", "aria-label": `${sides === 4 ? "four" : "six"}-sided die showing ${face}`, "data-face": face,
  };
  if (sides === 4) return el("span", attrs, String(face));
  return el("span", attrs, ...Array.from({ length: 9 }, (_, i) => el(PIPS[face].includes(i) ? "i" : "span")));
}

// The dice of each player's last turn, side by side (yours first), each
// group labelled whose it is: the computer's turn follows yours at once,
// and your own dice stay drawn beside its. Only the turn just played is
// drawn anew (and rolls in); the other group is left as it was, so that
// its animation is not played again.
function hogShowDice(t) {
  const outcomes = t.outcomes || [], mine = t.player === hog.me;
  const id = mine ? "hog-dice-you" : "hog-dice-them";
  const whose = mine ? "You" : `The computer (${hog.opponent})`;
  // No dice: the rule that scores them named, as each term names it (the
  // server's words, "free bacon: 5 points", for another term's).
  const zero = t.free_bacon ? "free bacon" : t.rolls === 0 && t.rules_applied && t.rules_applied.length ? t.rules_applied[0].split(":")[0] : "";
  const none = `${t.rolls} dice${zero ? ` (${zero})` : ""}`;
  const group = el("div", {
    class: "dice-turn", id, role: "group", "data-player": t.player,
    "aria-label": `${mine ? "your" : `the computer's (${hog.opponent})`} last roll: ${outcomes.length ? `${outcomes.length} ${t.sides === 4 ? "four" : "six"}-sided ${outcomes.length === 1 ? "die" : "dice"}` : none}`,
  }, el("span", { class: "whose", "aria-hidden": "true" }, `${whose}:`),
  ...(outcomes.length ? outcomes.map((f) => faceDie(f, t.sides)) : [el("span", { class: "no-dice", "aria-hidden": "true" }, none)]));
  const old = $(id);
  if (old) old.replaceWith(group);
  else if (mine) $("hog-dice").prepend(group);
  else $("hog-dice").append(group);
}

// A turn's seed: the game's seed plus the turn's number, past 2^53 - 1
// wrapping round to 0 (worked out exactly, so that the seed sent is the
// one meant: a float sum would round there, and two turns roll alike).
function hogTurnSeed() {
  return Number((BigInt(hog.seed) + BigInt(hog.turn)) % 2n ** 53n);
}

// One turn; whether it was played (not when a new game began meanwhile).
async function hogStep(flags) {
  const epoch = hog.epoch;
  hog.busy = true;
  hogRender();
  try {
    const reply = await api("hog", "step", { state: hog.state, seed: hogTurnSeed(), ...flags }, "hog",
      { current: () => hog.epoch === epoch });
    if (hog.epoch !== epoch) return false;
    hog.commands.push(commandOf.get(reply));
    hogApply(reply);
    return true;
  } finally {
    if (hog.epoch === epoch) {
      hog.busy = false;
      hogRender();
    }
  }
}

// After a turn: the computer's, or the coach for yours.
async function hogNext() {
  if (!hogOver() && hog.state.player !== hog.me) await hogComputer();
  else if (!hogOver()) await hogCoach();
}

async function hogRoll(n) {
  // The game is going: a note on how its link opened is old news.
  linkNoteGone("hog-new");
  // Your turn starts the event line; the computer's replies follow it.
  hog.sayNew = true;
  if (await hogStep({ rolls: n })) await hogNext();
}

async function hogComputer() {
  const epoch = hog.epoch, retry = Boolean(hog.failed), at = writes;
  hog.failed = false;
  try {
    if (await hogStep({ strategy: hog.opponent, ...hogFiles(hog.opponent) })) {
      // Asked again and answered: the setup's error of the first try goes
      // (not one written since).
      if (retry) panelClearBefore($("hog-new").closest(".panel"), at);
      await hogNext();
    }
  } catch (e) {
    // Still the computer's turn, in this game: it may be asked again
    // (said beside the button, whatever panel the error went to).
    if (hog.epoch === epoch && hog.state.player !== hog.me && !hogOver()) {
      hog.failed = e.message || "no answer";
      hogRender();
      // Said beside the button that asks again: not twice.
      for (const p of document.querySelectorAll('.panel-error[data-request="hog step"]')) {
        if (String(hog.failed).includes(p.textContent)) p.remove();
      }
      // A new game whose first turn failed never started: its typed seed
      // is asked for again by the next New game.
      if (hog.turn === 0) seedFailed("hog-seed");
    }
    throw e;
  }
}

function hogApply(reply) {
  const t = reply.turn;
  hog.state = reply.state;
  hog.turn += 1;
  const who = t.player === hog.me ? "You" : `The computer (${hog.opponent})`;
  const outcomes = t.outcomes || [];
  hogShowDice(t);
  // Another term's turn names the rules that acted in its own words;
  // Spring 2014's says which of its flags were set.
  const events = [];
  if (t.rules_applied) events.push(...t.rules_applied);
  else {
    if (t.free_bacon) events.push(`free bacon: ${t.points} ${t.points === 1 ? "point" : "points"}`);
    if (t.sides === 4 && !t.free_bacon) events.push("hog wild: four-sided dice");
    // (In the words the server gives another term's turn.)
    if (t.pig_out) events.push("pig out: a die showed 1");
    if (t.swine_swap) events.push("swine swap: the scores swap");
  }
  const line = `${who} rolled ${t.rolls} ${t.rolls === 1 ? "die" : "dice"}` +
    (t.free_bacon || !outcomes.length ? "" : `: ${outcomes.join(" ")},`) + ` for ${t.points} ${t.points === 1 ? "point" : "points"}` +
    (events.length ? ` (${events.join("; ")})` : "") + `. You ${t.after[hog.me]} : ${t.after[1 - hog.me]} ${hog.opponent}.`;
  say("hog-event", line, hog.sayNew);
  hog.sayNew = false;
  // Your own turn stays in sight when the computer's follows at once.
  if (t.player === hog.me) $("hog-yours").textContent = `Your last turn: ${line.replace(/^You /, "you ")}`;
  // The coach's answer is for the position before: gone until the new one.
  if (reply.winner === null || reply.winner === undefined) {
    $("hog-coach").replaceChildren(el("p", { class: "muted" }, "Working out each choice's chance..."));
  }
  $("hog-log").prepend(el("li", {}, line));
  hog.turns.push({ player: t.player, rolls: t.rolls, seed: reply.seed, sides: t.sides, outcomes: t.outcomes, points: t.points, after: t.after });
  // A turn to replay now.
  nothingGone("hog");
  if (reply.winner !== null && reply.winner !== undefined) {
    hog.winner = reply.winner;
    const won = reply.winner === hog.me;
    const s = reply.state.scores;
    say("hog-event", `${won ? "You win" : "The computer wins"}, ${s[reply.winner]} to ${s[1 - reply.winner]}.`);
    $("hog-event").dataset.winner = reply.winner;
    $("hog-coach").replaceChildren(el("p", {}, "Game over."));
  }
}

async function hogCoach() {
  const s = hog.state;
  const flags = {
    vs: hog.opponent,
    score: s.scores[hog.me],
    opponent: s.scores[1 - hog.me],
    ...hogRuleFlags(hogStateRules()),
    ...hogFiles(hog.opponent),
  };
  const epoch = hog.epoch, asked = hog.state;
  let c;
  try {
    c = await api("hog", "coach", flags, "hog", { current: () => hog.epoch === epoch && hog.state === asked });
  } catch (e) {
    if (hog.epoch === epoch && hog.state === asked) {
      $("hog-coach").replaceChildren();
      askAgain($("hog-coach"), "The coach could not answer.", () => hogCoach(), "hog-coach-again");
    }
    throw e;
  }
  // Not for a game or a position the page no longer shows.
  if (hog.epoch !== epoch || hog.state !== asked) return;
  // Each bar is the chance itself, on a track from 0 to 1 (a bar scaled
  // from the worst choice to the best gave 0.7400 a sliver beside
  // 0.7658's full bar); the figure is beside it.
  const rows = c.choices.map((x) =>
    el("tr", { class: x.rolls === c.best_against_opponent ? "best" : "" },
      el("td", {}, x.rolls),
      el("td", {}, fmt(x.against_opponent)),
      el("td", { class: "bar", "aria-hidden": "true" },
        el("span", { class: "track" }, el("span", { class: "fill", style: `width:${(100 * x.against_opponent).toFixed(2)}%` }))),
      // (Each column's best stands out: under optimal play another row's
      // may be higher.)
      el("td", { class: x.rolls === c.best_under_optimal_play ? "optimal best" : "optimal" }, fmt(x.under_optimal_play))));
  $("hog-coach").replaceChildren(
    el("p", {}, `At ${c.score} to ${c.opponent_score}, each choice's exact chance to win:`),
    el("table", { id: "hog-coach-table" },
      el("tr", {}, el("th", {}, "dice"), el("th", {}, `vs ${c.opponent}`), el("th", { class: "bar", "aria-hidden": "true" }, el("span", { class: "scale" }, el("span", {}, "0"), el("span", {}, "1"))), el("th", {}, "optimal play")),
      ...rows),
    el("p", {}, `Best against ${c.opponent}: ${c.best_against_opponent} ${c.best_against_opponent === 1 ? "die" : "dice"}. Under optimal play: ${c.best_under_optimal_play}. ` +
      `${c.opponent} itself would roll ${c.opponent_would_roll} here.`),
    el("p", { class: "muted" }, "(roll this many now, then play the best reply: exact, from the dynamic programs)"),
    // Rules that remember earlier turns: the coach knows only the scores.
    ...(MEMORY_TERMS.includes(hogStateRules().name) ? [el("p", { class: "muted", id: "hog-coach-memory" },
      `Under ${hogStateRules().name} a turn also depends on the game's memory of earlier turns; these chances assume a fresh game's (no turns before this one), so this game's own turns can change them.`)] : []));
  hog.best = { state: asked, rolls: c.best_against_opponent, vs: c.opponent };
  for (const b of document.querySelectorAll("#hog-buttons button.choice")) {
    const n = Number(b.id.replace("hog-roll-", "")), isBest = n === c.best_against_opponent;
    b.classList.toggle("best", isBest);
    b.setAttribute("aria-label", `roll ${n} ${n === 1 ? "die" : "dice"}${isBest ? ` (best against ${c.opponent})` : ""}`);
  }
}

// Whether white text reads better than near-black on this colour (WCAG's
// relative luminance; the better of the two is always above 4.5:1 here).
function darkColor(hex) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const L = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return 1.05 / (L + 0.05) > (L + 0.05) / (0.0056 + 0.05);
}

const PALETTE = ["#222222", "#3b4cc0", "#536edd", "#6f8ff2", "#8caffe", "#aac7fd", "#c6d6f1", "#f2cbb7", "#f7a789", "#e7745b", "#b40426"];

// The map's rules in words: the term's name, or Spring 2014's switches
// that are off.
function hogRulesWords(r) {
  if (r.name) return r.name;
  const off = [["free_bacon", "free bacon"], ["hog_wild", "hog wild"], ["swine_swap", "swine swap"]].filter(([k]) => !r[k]).map(([, w]) => w);
  return `${DEFAULT_TERM}${off.length ? ` without ${off.join(", ")}` : ""}`;
}

// The map's score scale: 0, 25, 50, 75 and 99 along both axes (each
// label at the middle of its score's row or column), and, for a goal
// under 100, the goal's last score (the scores past it are blank).
function hogMapAxes(goal = 100) {
  const last = goal < 100 ? goal - 1 : null;
  const scores = [0, 25, 50, 75, 99].filter((v) => last === null || v === 0 || Math.abs(v - last) >= 8);
  if (last !== null && !scores.includes(last)) scores.push(last);
  scores.sort((a, b) => a - b);
  $("hog-map-x").replaceChildren(...scores.map((v) => el("span", { class: "tick", style: `left:${v + 0.5}%` }, String(v))));
  // (Up the map: 0 at the foot.)
  $("hog-map-y").replaceChildren(...scores.map((v) => el("span", { class: "tick", style: `top:${99.5 - v}%` }, String(v))).reverse());
}
hogMapAxes();

// The map and its rate go when what they were drawn for changes (its two
// strategies, or the setup's rules, which the map uses).
function hogMapClear(why = "") {
  ++hog.mapAsked;
  hogMapAxes();
  $("hog-map").getContext("2d").clearRect(0, 0, 400, 400);
  $("hog-map").setAttribute("aria-label", "strategy map: none drawn");
  $("hog-map-legend").replaceChildren();
  $("hog-map-rows").replaceChildren();
  $("hog-map-words").hidden = true;
  $("hog-rate").textContent = why;
}

// The map in words, for a reader who cannot see its colours: a row for
// each of the mover's scores, and in it the dice rolled over each run of
// the opponent's scores ("0 to 23: 5 dice; 24 to 99: 6 dice").
function hogMapWords(table, goal) {
  const rows = [el("tr", {}, el("th", { scope: "col" }, "mover's score"), el("th", { scope: "col" }, "dice rolled, by the opponent's score"))];
  for (let s = 0; s < goal; s++) {
    const runs = [];
    for (let o = 0; o < goal; o++) {
      const d = table[s][o], last = runs[runs.length - 1];
      if (last && last.dice === d) last.to = o;
      else runs.push({ from: o, to: o, dice: d });
    }
    const words = runs.map((r) => `${r.from === r.to ? r.from : `${r.from} to ${r.to}`}: ${r.dice} ${r.dice === 1 ? "die" : "dice"}`).join("; ");
    rows.push(el("tr", {}, el("th", { scope: "row" }, s), el("td", {}, words)));
  }
  $("hog-map-rows").replaceChildren(...rows);
  $("hog-map-words").hidden = false;
}
for (const id of ["hog-map-strategy", "hog-map-vs", "hog-term", "hog-goal", "hog-bacon", "hog-wild", "hog-swap"]) {
  // (The goal as it is typed, too.)
  for (const type of id === "hog-goal" ? ["input", "change"] : ["change"]) {
    $(id).addEventListener(type, () => hogMapClear("Show draws the map for the choices made."));
  }
}

// `said`: asked for with Show, which says (politely, once) when the map
// and its rate are drawn, with the rate (the map at the page's load is
// not said).
async function hogMap(said = false) {
  // The goal as New game checks it (the map's rules are the setup's).
  if (!wholeOk("hog-goal", "hog-map-go", "Goal", 1, 100)) return;
  const strategy = $("hog-map-strategy").value, vs = $("hog-map-vs").value;
  const r = hogRules(), rules = hogRuleFlags(r);
  const files = { ...hogFiles(strategy, vs) };
  // The old map goes at once; only the last map asked for is drawn (a
  // reply may come after a later one's), and only when both its rate
  // and its table came.
  hogMapClear("Working out the map…");
  $("hog-map-said").textContent = "";
  const asked = hog.mapAsked, current = () => asked === hog.mapAsked;
  let rate, table = null;
  const term = hog.terms.find((t) => t.name === rules.rules);
  const memory = term ? MEMORY_TERMS.includes(term.name) : false;
  const noMap = memory && !strategy.startsWith("always:") && !strategy.startsWith("file:");
  try {
    rate = await api("hog", "rate", { strategy, vs, ...rules, ...files }, "hog", { current });
    // Under rules with memory the best response and the optimal strategy
    // choose by it too: no 100 x 100 table to draw.
    if (!noMap) table = await api("hog", "export", { strategy, out: "-", as: "json", ...rules, ...files }, "hog", { current });
  } catch (e) {
    if (current()) $("hog-rate").textContent = "";
    throw e;
  }
  const ctx = $("hog-map").getContext("2d");
  const rated = `${rate.strategy} against ${rate.baseline}, under ${hogRulesWords(r)}, to ${rules.goal}: exact average win rate ${fmt(rate.exact_win_rate)}` +
    ` (moving first ${fmt(rate.win_rate_first)}, second ${fmt(rate.win_rate_second)})`;
  $("hog-rate").textContent = rated;
  if (noMap) {
    $("hog-rate").textContent += `. Under ${rules.rules} ${strategy} chooses by the game's memory too: it has no map.`;
    if (said) $("hog-map-said").textContent = `No map: ${$("hog-rate").textContent}`;
    return;
  }
  // Scores at or past the goal are never played from: left blank.
  const goal = rules.goal;
  hogMapAxes(goal);
  for (let s = 0; s < 100; s++) {
    for (let o = 0; o < 100; o++) {
      if (s >= goal || o >= goal) {
        ctx.clearRect(o * 4, (99 - s) * 4, 4, 4);
        continue;
      }
      ctx.fillStyle = PALETTE[table[s][o]];
      ctx.fillRect(o * 4, (99 - s) * 4, 4, 4);
    }
  }
  // What a screen reader hears of it: whose map, and how to read it (the
  // dice at a pair of scores are the coach's and `hog choose`'s answer).
  $("hog-map").setAttribute("aria-label", `strategy map of ${rate.strategy} under ${hogRulesWords(r)}, to ${goal}: ` +
    "the dice it rolls at every pair of scores, a colour for each number of dice from 0 to 10 (the coach gives the same choice at the game's scores; \"The map in words\" below says it score by score)");
  $("hog-map-legend").replaceChildren(el("span", { class: "words" }, "dice: "),
    ...PALETTE.map((c, i) => el("span", { class: darkColor(c) ? "dark" : "light", style: `background:${c}` }, i)),
    el("span", { class: "words" }, `  (across: opponent's score; up: the mover's${goal < 100 ? `; blank: ${goal} or more, the game over` : ""})`));
  hogMapWords(table, Math.min(goal, 100));
  if (said) $("hog-map-said").textContent = `Map drawn: ${rated}.`;
}

// ---------------------------------------------------------------- Kalah

// `epoch` counts new games and undos: a reply that arrives after one of
// them answers a position the page no longer shows, and is dropped.
// `pending`: a link's start and moves on their way to be played again,
// for the position it opened (the address keeps them meanwhile).
// `sayNew`: the next move said starts the event line anew (the player's
// own); else it is said after the line's moves (the solver's reply).
const kalah = { state: null, history: [], me: 0, think: 2, busy: false, values: null, epoch: 0, start: null, moves: [], captured: [], pending: null, sayNew: false };

// Whether the page still shows the game and position a request was made for.
function kalahCurrent(epoch, state) {
  return kalah.epoch === epoch && kalah.state === state;
}

function kalahStart() {
  // Every size a link takes (the solver's 8 pits a side, up to 20 seeds a
  // pit); New game refuses a board of more seeds than the solver takes.
  for (const [id, most] of [["kalah-pits", KALAH_PITS], ["kalah-seeds", KALAH_PIT_SEEDS]]) {
    const cur = $(id).value;
    $(id).replaceChildren(...Array.from({ length: most }, (_, i) => el("option", { selected: String(i + 1) === cur }, i + 1)));
  }
  $("kalah-new").onclick = kalahNew;
  // (A double click's second click is not a second undo.)
  $("kalah-undo").onclick = (e) => { if (!secondClick(e)) kalahUndo(); };
  $("kalah-export").onclick = () => download("kalah");
  $("kalah-board").addEventListener("keydown", kalahArrows);
  // A budget typed applies to the next request (and the address) once the
  // whole value is one; while it is not, the error under the field says so
  // and which budget the solver keeps. Text that more keys can still make
  // a budget ("0", "0.", "0.0" on the way to 0.05) is no error until the
  // field is left. A capture rule chosen waits for New game, and says so.
  for (const type of ["input", "change"]) {
    $("kalah-think").addEventListener(type, () => {
      const bad = kalahThinkError();
      if (bad) {
        if (type === "input" && kalahThinkMayGrow()) return;
        kalahThinkSay(bad);
        return;
      }
      kalah.think = Number($("kalah-think").value);
      if (kalah.state) kalahToUrl();
    });
  }
  // Left with text that is no budget: said (a browser fires no change
  // when the field's number, empty for text it cannot read, is as it was).
  $("kalah-think").addEventListener("blur", () => {
    // (The window losing focus blurs it too, but leaves it the active
    // element: that is no leaving.)
    if (document.activeElement === $("kalah-think")) return;
    const bad = kalahThinkError();
    if (bad) kalahThinkSay(bad);
  });
  $("kalah-rule").addEventListener("change", kalahRuleInPlay);
  if (!kalahFromUrl()) kalahNew();
}

// The address holds the game: its settings and the position, so a copied
// link reopens it (`/kalah?pits=4&seeds=3&rule=seed&side=0&think=2&board=3,3,...&to_move=0`);
// once moves are played, the start and the moves too (`&start=3,3,...&first=0&moves=1,3`),
// so the reopened game has its log, its export and Undo.
function kalahToUrl() {
  if (location.pathname !== "/kalah") return;
  const s = kalah.state;
  const q = new URLSearchParams({
    pits: String(s.board.length / 2 - 1), seeds: String(kalah.seeds), rule: s.rule,
    side: String(kalah.me), think: String(kalah.think), board: s.board.join(","), to_move: String(s.to_move),
  });
  // (A link's moves still to be played again for this position: its own.)
  const p = kalah.pending && kalah.pending.shown === s ? kalah.pending : null;
  const from = kalah.moves.length && kalah.start ? { start: kalah.start, moves: kalah.moves } : p;
  if (from) {
    q.set("start", from.start.board.join(","));
    q.set("first", String(from.start.to_move));
    q.set("moves", from.moves.join(","));
  }
  history.replaceState(null, "", `/kalah?${q}`);
}

const KALAH_NOTHING_TO_UNDO = "Nothing to undo: no move of yours yet.";

// The most moves a link replays (the server's `kalah move --moves` bound).
const KALAH_LINK_MOVES = 10000;

// A link's start and moves (`start`, `first`, `moves`) for the position
// `board`: null when it names none, else the start position and the
// pits, or why they cannot be taken.
function kalahLinkMoves(q, board, rule) {
  if (!q.has("moves") && !q.has("start") && !q.has("first")) return null;
  const start = (q.get("start") || "").split(",").map((x) => (x.trim() === "" ? NaN : Number(x)));
  const seeds = (b) => b.reduce((a, x) => a + x, 0);
  if (start.length !== board.length || !start.every((x) => Number.isInteger(x) && x >= 0 && x <= 200) || seeds(start) !== seeds(board)) {
    return `start=${(q.get("start") || "").slice(0, 40)} is not a board of the position's size and seeds`;
  }
  const m = board.length / 2 - 1;
  const moves = (q.get("moves") || "").split(",").map((x) => (x.trim() === "" ? NaN : Number(x)));
  if (moves.length > KALAH_LINK_MOVES) return `moves= holds ${moves.length} moves; a link replays at most ${KALAH_LINK_MOVES}`;
  if (!moves.every((x) => Number.isInteger(x) && x >= 0 && x < m)) {
    return `moves=${(q.get("moves") || "").slice(0, 40)} is not a list of pits from 0 to ${m - 1}`;
  }
  const first = linkChoice(q, "first", ["0", "1"]);
  if (first) return first;
  return { start: { board: start, to_move: q.get("first") === "1" ? 1 : 0, rule }, moves };
}

// The moves of a link played again from its start (`kalah move --moves`):
// the game's log, its export's moves and Undo's positions, when they
// lead to the position opened; else the position stays alone, said.
async function kalahReplayLink(link) {
  // (`kalah.pending`, set by the caller, keeps them in the address until
  // they are played again, or for good if they cannot be now.)
  const epoch = kalah.epoch, shown = kalah.state;
  let r;
  try {
    r = await api("kalah", "move", { state: link.start, moves: link.moves }, "kalah",
      { current: () => kalahCurrent(epoch, shown), quiet: true, own: $("kalah-new").closest(".panel") });
  } catch (e) {
    if (!kalahCurrent(epoch, shown)) return -1;
    // A busy server or no answer: the address keeps them, to try again.
    const again = !e.status || e.status >= 500;
    if (!again) kalah.pending = null;
    linkNote("kalah-new", `The link's moves could not be played again (${e.message}): its position opened without them, so Undo and the log start here` +
      (again ? "; the address keeps them, and reloading the page tries again." : "."));
    return -1;
  }
  if (!kalahCurrent(epoch, shown)) return -1;
  kalah.pending = null;
  const end = r.position;
  if (end.board.join(",") !== shown.board.join(",") || end.to_move !== shown.to_move) {
    linkNote("kalah-new", "The link's moves do not lead to its board: its position opened without them, so Undo and the log start here.");
    return -1;
  }
  kalah.start = link.start;
  let asked = link.start;
  for (const play of r.plays) {
    const mine = asked.to_move === kalah.me;
    if (mine) kalah.history.push(asked);
    kalah.positions.push(asked);
    kalah.moves.push(play.move.pit);
    // (The state's keys in the order the server's own commands give them.)
    const state = { board: asked.board, rule: asked.rule, to_move: asked.to_move };
    kalah.commands.push(`games-cli kalah move --state ${shellQuote(JSON.stringify(state))} --pit ${play.move.pit} --format json`);
    kalah.lines.push(describeMove(play.move, mine ? "You" : "The solver"));
    asked = play.position;
  }
  const last = r.plays[r.plays.length - 1].move, m = shown.board.length / 2 - 1;
  kalah.captured = last.captured ? [last.last, 2 * m - last.last] : [];
  $("kalah-log").replaceChildren(...kalah.lines.map((l) => el("li", {}, l)).reverse());
  $("kalah-event").textContent = `A game from a link: ${r.plays.length} ${r.plays.length === 1 ? "move" : "moves"} played again from its start. ${kalah.lines[kalah.lines.length - 1]}`;
  kalah.sayNew = false;
  // Undo or the download asked for while they were on their way found
  // none: they can now.
  nothingGone("kalah", kalah.history.length ? "" : KALAH_NOTHING_TO_UNDO);
  return last.last;
}

// The game of the address: true when opened, false when it names none.
// A field the page cannot take is said and left (its default used), and
// the game opens with the rest.
function kalahFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!linkNames(q, ["board", "pits", "seeds", "rule", "side", "think", "to_move", "start", "first", "moves"])) return false;
  const left = [];
  const pitsV = linkInt(q, "pits", 1, KALAH_PITS, true), seedsV = linkInt(q, "seeds", 1, KALAH_PIT_SEEDS, true);
  // The board first: a board taken is its own size, which a pits= left or
  // of another size names; a board left is the start of the game its
  // size names, said after that size (itself checked first), so that
  // every note names the game that opens.
  let board = null, boardWhy = "";
  if (q.has("board")) {
    const t = q.get("board"), v = t.split(",").map((x) => (x.trim() === "" ? NaN : Number(x))), m = v.length / 2 - 1;
    if (!(Number.isInteger(m) && m >= 1 && m <= 8 && v.every((x) => Number.isInteger(x) && x >= 0 && x <= 200))) {
      boardWhy = `board=${t.slice(0, 40)} is not two rows of 1 to 8 pits and their stores, each 0 to 200 seeds`;
    } else if (kalahTooMany(v)) {
      // (The solver's bound on the web: the server refuses more.)
      boardWhy = `board=${t.slice(0, 40)} holds ${kalahTooMany(v)} seeds in the pits; the solver takes at most ${KALAH_SEEDS}`;
    } else board = v;
  }
  // A board's own size is its pits.
  const own = board !== null, size = own ? board.length / 2 - 1 : 6;
  let pits = linkTake(pitsV, size, left), seeds = linkTake(seedsV, 4, left);
  if (own && pits !== size) left.push(`pits=${q.get("pits").slice(0, 30)} is not the board's ${size} (${size} instead)`);
  // No board (or one left): the start of the game its size names.
  const sized = () => {
    const row = [...Array(pits).fill(seeds), 0];
    return [...row, ...row];
  };
  if (!board && kalahTooMany(sized())) {
    left.push(`pits=${pits} and seeds=${seeds} put ${kalahTooMany(sized())} seeds in the pits; the solver takes at most ${KALAH_SEEDS} (6 pits and 4 seeds instead)`);
    [pits, seeds] = [6, 4];
  }
  if (boardWhy) left.push(`${boardWhy} (the start of Kalah(${pits},${seeds}) instead)`);
  board = board || sized();
  const m = board.length / 2 - 1;
  const rule = linkPick(q, "rule", ["seed", "empty"], "seed", left), side = linkPick(q, "side", ["0", "1"], "0", left);
  const toMove = linkPick(q, "to_move", ["0", "1"], "0", left);
  const t = q.has("think") ? Number(q.get("think")) : 2, think = t >= 0.05 && t <= 10 ? t : 2;
  if (think !== t) left.push(`think=${q.get("think").slice(0, 30)} is not 0.05 to 10 seconds (2 instead)`);
  for (const [id, v] of [["kalah-pits", String(m)], ["kalah-seeds", String(seeds)], ["kalah-rule", rule], ["kalah-side", side], ["kalah-think", String(think)]]) {
    const e = $(id);
    // A board size the list lacks (a link may name one): added, so the
    // list shows the game's.
    if (e.tagName === "SELECT" && ![...e.options].some((o) => o.value === v)) e.append(el("option", { value: v }, v));
    e.value = v;
  }
  kalah.state = { board, to_move: Number(toMove), rule };
  kalah.seeds = seeds;
  kalah.me = Number(side);
  kalah.think = think;
  kalah.history = [];
  kalah.start = kalah.state;
  kalah.moves = [];
  kalah.positions = [];
  kalah.commands = [];
  kalah.lines = [];
  kalah.captured = [];
  kalah.epoch += 1;
  kalahStopValues();
  kalah.busy = false;
  kalah.focus = null;
  // (A link of a size alone, no board, opens that game's start.)
  $("kalah-event").textContent = `${own ? "A position from a link" : "A game from a link"}: Kalah with ${m} pits a side, ${kalah.state.rule === "empty" ? "empty capture" : "the handout's capture rule"}.`;
  kalah.sayNew = false;
  $("kalah-log").replaceChildren();
  linkLeft("kalah-new", left);
  // Its moves from the start, when it gives them, are played again first:
  // the position waits for them (the solver's turn too, whose move would
  // otherwise come before them and drop them).
  const link = own ? kalahLinkMoves(q, board, kalah.state.rule) : null;
  if (typeof link === "string") linkNote("kalah-new", `The link's moves were not taken (${link}): its position opened without them.`);
  else if (!link && q.has("moves")) linkNote("kalah-new", "The link's moves were not taken (moves= needs the board= they lead to): the start of the game opened.");
  if (!link || typeof link === "string") {
    kalahTurn();
    return true;
  }
  // Until they are played again (or for good if they cannot be now), the
  // address keeps the link's start and moves for this position.
  const epoch = kalah.epoch, shown = kalah.state;
  kalah.pending = { ...link, shown };
  kalah.busy = true;
  kalahRender();
  // (The last move's pit ringed and its capture marked, as when played.)
  kalahReplayLink(link).catch(() => -1).then((last) => {
    if (!kalahCurrent(epoch, shown)) return;
    kalah.busy = false;
    kalahTurn(last);
  });
  return true;
}

// The most seeds in the pits of a position the server's solver takes
// (`solve_seeds` of the web's limits: Kalah(6,6)).
const KALAH_SEEDS = 72;
// The most pits a side the solver takes, and seeds a pit a link names.
const KALAH_PITS = 8;
const KALAH_PIT_SEEDS = 20;

// The seeds in the pits of `board` when they are more than the solver
// takes on the web, else 0.
function kalahTooMany(board) {
  const m = board.length / 2 - 1;
  const n = board.reduce((a, x, i) => (i === m || i === 2 * m + 1 ? a : a + x), 0);
  return n > KALAH_SEEDS ? n : 0;
}

// A capture rule in words.
function kalahRuleWords(rule) {
  return rule === "empty" ? "empty capture" : "the handout's";
}

// The game's capture rule named by the board; the menu's, when it is
// another, said under the menu to apply at New game.
function kalahRuleInPlay() {
  const later = $("kalah-rule-later");
  if (!kalah.state) {
    later.hidden = true;
    return;
  }
  const rule = kalah.state.rule;
  $("kalah-game-rule").textContent = `This game's capture rule: ${kalahRuleWords(rule)}.`;
  const same = $("kalah-rule").value === rule;
  if (!same) later.textContent = `Applies at New game: the game in play keeps its capture rule, ${kalahRuleWords(rule)}.`;
  later.hidden = same;
}

// The solver's budget, or the error beside it, with the budget the solver
// keeps meanwhile (as typing and New game both say it).
function kalahThinkError() {
  const v = $("kalah-think").value, t = Number(v);
  return v !== "" && t >= 0.05 && t <= 10 ? ""
    : `Solver budget: from 0.05 to 10 seconds${notTyped("kalah-think")} The solver keeps ${kalah.think} s meanwhile.`;
}

// Whether the budget's text, not a budget, is the start of one: some
// digits typed after it make a number from 0.05 to 10. A number field
// gives no text it cannot read ("." and "0." read as empty and 0, with
// badInput for "."), so its empty text is such a start too.
function kalahThinkMayGrow() {
  const v = $("kalah-think").value;
  if (!/^[0-9]*(\.[0-9]*)?$/.test(v)) return false;
  const dot = v.includes(".");
  return (dot ? [v + "5", v + "05"] : [v + ".5", v + ".05", v + "5"]).some((x) => {
    const t = Number(x);
    return /^[0-9]*\.?[0-9]+$/.test(x) && t >= 0.05 && t <= 10;
  });
}

// The budget's error `bad` under its field (or none): the same error
// already there, said as it was typed, is not written (nor said) again.
function kalahThinkSay(bad) {
  const panel = $("kalah-new").closest(".panel");
  const shown = panel.querySelector(':scope > .check-error[data-fields="kalah-think"]');
  if (!bad || !shown || shown.textContent !== bad) panelError(panel, bad, "check-error", ["kalah-think"]);
}

function kalahNew() {
  const bad = kalahThinkError();
  kalahThinkSay(bad);
  if (bad) return;
  const m = Number($("kalah-pits").value), n = Number($("kalah-seeds").value);
  const board = [...Array(m).fill(n), 0, ...Array(m).fill(n), 0];
  // The menus' board as a link's is checked: no more seeds than the solver takes.
  const many = kalahTooMany(board);
  panelError($("kalah-new").closest(".panel"), many ? `Pits a side ${m} and seeds a pit ${n} put ${many} seeds in the pits; the solver takes at most ${KALAH_SEEDS}: fewer pits or seeds.` : "",
    "check-error", many ? ["kalah-seeds", "kalah-pits"] : []);
  if (many) return;
  nothingGone("kalah");
  kalah.state = { board, to_move: 0, rule: $("kalah-rule").value };
  kalah.seeds = n;
  kalah.me = Number($("kalah-side").value);
  kalah.think = Number($("kalah-think").value);
  kalah.history = [];
  kalah.start = kalah.state;
  kalah.moves = [];
  kalah.positions = [];
  kalah.commands = [];
  kalah.lines = [];
  kalah.captured = [];
  kalah.epoch += 1;
  kalahStopValues();
  kalah.busy = false;
  kalah.focus = null;
  $("kalah-values").replaceChildren();
  $("kalah-log").replaceChildren();
  $("kalah-event").textContent = `Kalah(${m},${n}), ${kalah.state.rule === "empty" ? "empty capture" : "the handout's capture rule"}.`;
  // (The solver's first moves, when it moves first, follow this line.)
  kalah.sayNew = false;
  kalahTurn();
}

function kalahOver(s) {
  const m = s.board.length / 2 - 1;
  const side = (p) => s.board.slice(p === 0 ? 0 : m + 1, p === 0 ? m : 2 * m + 1);
  return side(0).every((x) => x === 0) || side(1).every((x) => x === 0);
}

// The pits that can be played, as the board shows them from left to right.
function kalahOpenPits() {
  return [...$("kalah-board").querySelectorAll("button.pit:not([disabled])")]
    .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
}

// The arrow keys move the keyboard between the pits that can be played
// (left and right as they are drawn; Home and End to the ends of the
// row), from a pit or from the board itself.
function kalahArrows(e) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
  const pits = kalahOpenPits();
  if (!pits.length) return;
  const i = pits.indexOf(document.activeElement);
  let j;
  if (e.key === "Home") j = 0;
  else if (e.key === "End") j = pits.length - 1;
  else if (i < 0) j = e.key === "ArrowRight" ? 0 : pits.length - 1;
  else j = Math.min(pits.length - 1, Math.max(0, i + (e.key === "ArrowRight" ? 1 : -1)));
  e.preventDefault();
  pits[j].focus();
}

function kalahRender(last = -1) {
  const s = kalah.state, m = s.board.length / 2 - 1;
  const mine = s.to_move === kalah.me && !kalahOver(s) && !kalah.busy;
  const seeds = (n) => `${n} ${n === 1 ? "seed" : "seeds"}`;
  const who = (p) => (p === kalah.me ? "yours" : "the solver's");
  const pit = (i, row, col) => {
    const player = i < m ? 0 : 1, k = player === 0 ? i : i - m - 1;
    const can = mine && player === kalah.me && s.board[i] > 0;
    const marks = [i === last ? "last" : "", kalah.captured.includes(i) ? "captured" : ""].filter(Boolean).join(" ");
    return el("button", {
      class: `pit ${marks}`, id: `kalah-pit-${i}`, disabled: !can,
      style: `grid-row:${row};grid-column:${col}`, title: `player ${player}, pit ${k}`,
      onclick: () => { kalah.focus = `kalah-pit-${i}`; kalahMove(k); },
    }, // The name a screen reader says: "player 0's pit 2 (yours): 3 seeds, ..."
    el("span", { class: "sr-only" }, `player ${player}'s pit ${k} (${who(player)}): `), el("span", {}, s.board[i]),
    el("span", { class: "sr-only" }, ` ${s.board[i] === 1 ? "seed" : "seeds"}` +
      (i === last ? ", the last seed fell here" : "") + (kalah.captured.includes(i) ? ", captured" : "")),
    // (Only the number on a phone's board of many pits, where "pit" does
    // not fit; the screen-reader name above says it whole.)
    el("small", { "aria-hidden": "true" }, el("span", { class: "pit-word" }, "pit "), String(k)));
  };
  const store = (p, col) => {
    const i = p === 0 ? m : 2 * m + 1;
    return el("div", {
      class: `store ${i === last ? "last" : ""}`, id: `kalah-store-${p}`, role: "img",
      style: `grid-row:1 / span 2;grid-column:${col}`, title: `player ${p}'s store`,
      "aria-label": `player ${p}'s store (${who(p)}), ${seeds(s.board[i])}` + (i === last ? ", the last seed fell here" : ""),
    }, el("span", {}, s.board[i]), el("small", {}, `P${p} store`));
  };
  // Read (and tabbed through) as the board goes, whichever side you are:
  // the solver's store, its row in its own pit order, then your row in
  // order and your store. The grid places each where it is drawn
  // (player 1's row along the top, its pit 0 at the right; player 0's
  // along the bottom; player 1's store at the left, player 0's at the
  // right), so the picture is the same for either side.
  const row = (p) => Array.from({ length: m }, (_, k) => (p === 0 ? pit(k, 2, k + 2) : pit(m + 1 + k, 1, m + 1 - k)));
  const them = 1 - kalah.me;
  const cells = [store(them, them === 1 ? 1 : m + 2), ...row(them), ...row(kalah.me), store(kalah.me, kalah.me === 1 ? 1 : m + 2)];
  const board = $("kalah-board");
  board.setAttribute("aria-label", `Kalah board, read in order: the solver's store (player ${them}), its pits 0 to ${m - 1}, ` +
    `then your pits 0 to ${m - 1} and your store (player ${kalah.me}); on screen player 1's pits along the top, player 0's along the bottom, stores at the ends`);
  board.style.gridTemplateColumns = `repeat(${m + 2}, auto)`;
  board.style.setProperty("--cols", String(m + 2));
  board.classList.toggle("many", m > 6);
  const had = board.contains(document.activeElement);
  board.replaceChildren(...cells);
  // The values of the position shown stay in the pits' names.
  if (kalah.values && kalah.valuesOf === s) kalahPitValues(kalah.values);
  board.dataset.board = JSON.stringify(s.board);
  kalahRuleInPlay();
  const over = kalahOver(s);
  // (Written only when it changes: a live region says each turn once,
  // not again at every drawing of the board while the solver thinks.)
  const turn = over ? "Game over." : s.to_move === kalah.me ? `Your turn (player ${kalah.me}): choose a pit.`
    : `The solver's turn (player ${1 - kalah.me}).`;
  if ($("kalah-turn").textContent !== turn) $("kalah-turn").textContent = turn;
  kalahToUrl();
  // Keep the keyboard where the player was: on the pit they played when it
  // can be played again, else on the nearest pit that can (on the
  // player's turn), else on the board itself; at the game's end, as
  // every game's, on its download.
  if (had || (kalah.focus && document.activeElement === document.body)) {
    const pit = kalah.focus && $(kalah.focus);
    const open = kalahOpenPits();
    if (over) $("kalah-export").focus();
    else if (pit && !pit.disabled) pit.focus();
    else if (pit && open.length) {
      const x = pit.getBoundingClientRect().left;
      const near = (b) => Math.abs(b.getBoundingClientRect().left - x);
      open.reduce((a, b) => (near(b) < near(a) ? b : a)).focus();
    } else board.focus();
  }
}

async function kalahTurn(last = -1) {
  // The pit the last seed fell in, ringed until the next move (kept for
  // a turn asked again).
  kalah.last = last;
  kalahRender(last);
  const s = kalah.state;
  $("kalah-values-said").textContent = "";
  if (kalahOver(s)) {
    // Seeds left in a row go to its owner's store (a position from a link
    // may not have banked them yet).
    const m = s.board.length / 2 - 1, sum = (xs) => xs.reduce((x, y) => x + y, 0);
    const a = s.board[m] + sum(s.board.slice(0, m)), b = s.board[2 * m + 1] + sum(s.board.slice(m + 1, 2 * m + 1));
    const mine = kalah.me === 0 ? a : b, theirs = kalah.me === 0 ? b : a;
    const text = mine > theirs ? "you win" : mine < theirs ? "the solver wins" : "a tie";
    // The winner's score first, as Hog's line says it.
    say("kalah-event", `Game over: ${text}, ${Math.max(mine, theirs)} to ${Math.min(mine, theirs)}.`);
    $("kalah-event").dataset.over = "1";
    $("kalah-values").replaceChildren(el("p", {}, "Game over: no moves left."));
    return;
  }
  delete $("kalah-event").dataset.over;
  // The values shown are the last position's: they go until this one's
  // come.
  $("kalah-values").replaceChildren(el("p", { id: "kalah-working", class: "note" },
    s.to_move === kalah.me ? "Working out the value of each move…" : "The solver is choosing its move…"));
  const epoch = kalah.epoch;
  try {
    if (s.to_move === kalah.me) await kalahValues();
    else await kalahSolverMove();
  } catch (e) {
    // Its request failed (the error is beside the board): said where
    // the values go, with a button to ask again.
    if (!kalahCurrent(epoch, s)) throw e;
    const working = $("kalah-working");
    if (working) working.remove();
    askAgain($("kalah-values"), s.to_move === kalah.me ? `The values could not be worked out: ${e.message}; the page stopped asking.`
      : `The solver's move could not be asked for: ${e.message}.`, () => {
      // (Asked again: the solver's move then starts the line.)
      kalah.sayNew = true;
      kalahTurn(kalah.last);
    }, "kalah-again");
    if (document.activeElement === document.body) $("kalah-again").focus();
    throw e;
  }
}

// Call off the values being asked for: the server then stops that search
// at once (its client left), and the solver is free for the next request.
function kalahStopValues() {
  if (kalah.valuesAbort) kalah.valuesAbort.abort();
  kalah.valuesAbort = null;
}

// Every move's value at `state`, asked once, calling off the request
// before it; null when this one is called off in turn (a move, an undo, a
// new game).
async function kalahAsk(state) {
  kalahStopValues();
  const ac = new AbortController();
  kalah.valuesAbort = ac;
  try {
    // Its error (and its success, which clears one) beside the values,
    // not the board's (a move's error stays there).
    return await api("kalah", "moves", { state, think: kalah.think }, "kalah", { signal: ac.signal, own: $("kalah-values").closest(".panel") });
  } catch (e) {
    if (e.name === "AbortError") return null;
    throw e;
  }
}

async function kalahValues() {
  const epoch = kalah.epoch, asked = kalah.state, since = Date.now();
  for (;;) {
    const v = await kalahAsk(asked);
    if (!v || !kalahCurrent(epoch, asked)) return;
    kalahShowValues(v);
    kalah.valuesOf = asked;
    // Said once, when every value is exact: the best move and its value
    // (each pit's name carries its own).
    if (v.solved && v.best_moves.length) {
      const best = v.moves.find((x) => x.pit === v.best_moves[0]);
      $("kalah-values-said").textContent = `Every move's value is exact; the best, pit ${best.pit}, ${signed(best.value)}.`;
    }
    // The server keeps its solver's tables: asking again goes on from
    // what the last search proved, until every value is exact (for a
    // minute at most).
    if (v.solved) return;
    if (Date.now() - since > 60000) {
      $("kalah-values").append(el("p", { id: "kalah-gave-up", class: "note" },
        "Not every value was proved within a minute, so the page stopped asking: the bounds above are the best the server reached. " +
        "Large boards can take far longer; a smaller board, or `games-cli kalah moves` with a longer --think, gets them exact."));
      return;
    }
  }
}

// A Kalah value as the page writes it: "+6", "0", "-4".
function signed(x) {
  return `${x > 0 ? "+" : ""}${x}`;
}

// Each of your pits' names ends with its value (or its bounds) in `v`.
function kalahPitValues(v) {
  const m = kalah.state.board.length / 2 - 1;
  for (const x of v.moves) {
    const pit = $(`kalah-pit-${kalah.me === 0 ? x.pit : m + 1 + x.pit}`);
    if (!pit) continue;
    const said = x.solved ? `, value ${signed(x.value)}` : `, value from ${x.lower} to ${x.upper} so far`;
    const span = pit.querySelector(".pit-value") || pit.insertBefore(el("span", { class: "sr-only pit-value" }), pit.querySelector("small"));
    span.textContent = said;
  }
}

function kalahShowValues(v) {
  kalah.values = v;
  kalahPitValues(v);
  const rows = v.moves.map((x) => el("tr", { class: v.best_moves.includes(x.pit) ? "best" : "" },
    el("td", {}, x.pit),
    el("td", {}, x.solved ? signed(x.value) : `not solved in time: from ${x.lower} to ${x.upper}`),
    el("td", {}, x.extra_turn ? "extra turn" : x.captured ? `captures ${x.captured}` : "")));
  $("kalah-values").replaceChildren(
    el("table", { id: "kalah-values-table" }, el("tr", {}, el("th", {}, "pit"), el("th", {}, "value"), el("th", {}, el("span", { class: "sr-only" }, "what it does"))), ...rows),
    el("p", {}, "Value: your store minus the solver's at the end, under perfect play after the move" +
      (v.solved ? "." : `; moves not solved within ${v.think} s show the bounds reached.`)),
    // A first start: the server builds this board's endgame table before
    // any value is exact (later starts read it from the cache folder).
    // Another board's table may come first (one another page waited on
    // before): this board's follows.
    ...(v.preparing ? [el("p", { id: "kalah-preparing" }, kalahPreparing(v.preparing))] : []));
}

// How far the server's build of an endgame table has come.
function kalahPreparing(t) {
  const done = `${Math.floor((100 * t.done) / t.positions)}% of ${t.positions.toLocaleString("en")} positions.`;
  return t.this_board
    ? `The server is building its endgame table for this board once (every position with at most ${t.seeds} seeds in the pits): ${done} ` +
      "The exact values follow; later starts read the table from the cache folder."
    : `The server is building first the endgame table of another board (${t.pits} pits a side, ${t.seeds_in_play} seeds in play, ` +
      `${t.empty_capture ? "empty" : "the handout's"} capture): ${done} This board's table comes next, then the exact values.`;
}

function describeMove(mv, who) {
  let t = `${who} sowed pit ${mv.pit} (${mv.seeds} ${mv.seeds === 1 ? "seed" : "seeds"})`;
  if (mv.captured) t += `, captured ${mv.captured}`;
  if (mv.extra_turn) t += ", last seed in the store: another turn";
  if (mv.game_over) t += ", and the game ended (the pits left were banked)";
  return t + ".";
}

async function kalahMove(k) {
  // The game is going: a note on how its link opened is old news.
  linkNoteGone("kalah-new");
  kalahStopValues();
  const epoch = kalah.epoch, before = kalah.state;
  kalah.busy = true;
  kalahRender();
  try {
    await kalahPlay(k, "You", true);
  } catch (e) {
    // The move was not played (its error is beside the board): the
    // pits may be played again, and the values (called off for the
    // move) are asked for again, unless they were all exact already:
    // those stay shown (a server gone would only fail them too).
    if (kalahCurrent(epoch, before)) {
      kalah.busy = false;
      if (kalah.valuesOf === before && kalah.values && kalah.values.solved && $("kalah-values-table")) kalahRender(kalah.last);
      else kalahTurn(kalah.last);
    }
    throw e;
  } finally {
    if (kalah.epoch === epoch) kalah.busy = false;
  }
}

// Play pit k for `who`, tell what the sowing did, and go on; `undoable`:
// the player's own move, which Undo takes back.
async function kalahPlay(k, who, undoable = false) {
  const epoch = kalah.epoch, asked = kalah.state;
  const r = await api("kalah", "move", { state: asked, pit: k }, "kalah", { current: () => kalahCurrent(epoch, asked) });
  if (!kalahCurrent(epoch, asked)) return;
  if (undoable) kalah.history.push(asked);
  // A move to replay now, and (yours) to undo.
  nothingGone("kalah", kalah.history.length ? "" : KALAH_NOTHING_TO_UNDO);
  kalah.state = r.position;
  kalah.positions.push(asked);
  kalah.moves.push(k);
  kalah.commands.push(commandOf.get(r));
  // A capture empties the pit the last seed fell in and the one opposite.
  const m = asked.board.length / 2 - 1;
  kalah.captured = r.move.captured ? [r.move.last, 2 * m - r.move.last] : [];
  const line = describeMove(r.move, who);
  // Your move starts the line; the solver's moves of its reply follow it.
  say("kalah-event", line, kalah.sayNew || undoable);
  kalah.sayNew = false;
  kalah.lines.push(line);
  $("kalah-log").prepend(el("li", {}, line));
  kalah.busy = false;
  await kalahTurn(r.move.last);
}

async function kalahSolverMove() {
  kalah.busy = true;
  kalahRender();
  const epoch = kalah.epoch, asked = kalah.state;
  try {
    // Called off by an undo or a new game, as the values are.
    const v = await kalahAsk(asked);
    if (!v) return;
    // A new game or an undo while the solver thought: this reply is for
    // another position, and must not move in the one shown now.
    if (!kalahCurrent(epoch, asked)) return;
    let pick, why;
    if (v.best_moves.length) {
      pick = v.best_moves[0];
      const x = v.moves.find((m) => m.pit === pick).value;
      why = `its value ${signed(x)} for itself, proven`;
    } else {
      const mid = (x) => (x.solved ? x.value : (x.lower + x.upper) / 2);
      pick = v.moves.reduce((a, b) => (mid(b) > mid(a) ? b : a)).pit;
      why = "its best so far, not proven in time";
    }
    await kalahPlay(pick, `The solver (${why})`);
  } finally {
    if (kalah.epoch === epoch) kalah.busy = false;
  }
}

// Undo goes back to the position before your last move, also while the
// solver thinks (its search is called off).
function kalahUndo() {
  if (!kalah.history.length) {
    nothingYet("kalah", $("kalah-undo").closest(".panel"), KALAH_NOTHING_TO_UNDO);
    return;
  }
  panelError($("kalah-undo").closest(".panel"), "", "check-error");
  kalah.busy = false;
  kalah.state = kalah.history.pop();
  // The log keeps the moves from the start to the position shown again.
  const i = kalah.positions.lastIndexOf(kalah.state);
  // What went back: your move, and the solver's after it.
  const back = i >= 0 ? kalah.moves.slice(i) : [], theirs = back.length - 1;
  if (i >= 0) for (const list of [kalah.positions, kalah.moves, kalah.commands, kalah.lines]) list.length = i;
  $("kalah-log").replaceChildren(...kalah.lines.map((l) => el("li", {}, l)).reverse());
  kalah.captured = [];
  kalah.epoch += 1;
  kalahStopValues();
  $("kalah-values").replaceChildren();
  $("kalah-event").textContent = !back.length ? "Undone."
    : `Undone: your pit ${back[0]}${theirs > 0 ? ` and the solver's ${theirs === 1 ? "move" : `${theirs} moves`} after it` : ""} taken back.`;
  kalah.sayNew = false;
  kalahTurn();
}

EXPORTS.kalah = () => {
  const s = kalah.state, m = s.board.length / 2 - 1;
  const start = kalah.start;
  const out = {
    game: "kalah", pits: m, rule: s.rule, you: kalah.me,
    start: { board: start.board, to_move: start.to_move },
    moves: kalah.moves, board: s.board, to_move: s.to_move, over: kalahOver(s),
    commands: kalah.commands,
  };
  // The handout's sow_game replays the whole game from the start (it knows
  // only the handout's capture rule, with player 0 first); otherwise
  // `kalah move --moves` plays every move from the start, in turn.
  const first = { board: start.board, to_move: start.to_move, rule: start.rule };
  out.command = !kalah.moves.length ? null : start.to_move === 0 && s.rule === "seed"
    ? `games-cli kalah sow --board ${start.board.join(",")} --moves ${kalah.moves.join(",")} --format json`
    : `games-cli kalah move --state ${shellQuote(JSON.stringify(first))} --moves ${kalah.moves.join(",")} --format json`;
  return out;
};

// ---------------------------------------------------------------- LCR

// `asked` counts the games asked for: only the last one's reply is shown.
// `study`: the settings of the study last run, as the address holds them.
// `studyFor`: the table (`lcrStudyTable`) of the study shown or on its
// way, which `studyAsked` counts and `studyAbort` calls off.
const lcr = { game: null, at: 0, asked: 0, oddsAsked: 0, oddsFor: null, study: null, studyFor: null, studyAsked: 0, studyAbort: null };

function lcrStart() {
  $("lcr-seed").value = newSeed();
  $("lcr-study-seed").value = newSeed();
  // (Its error is shown beside the button.)
  $("lcr-exact-go").onclick = () => lcrExact().catch(() => {});
  newGameButton("lcr-game-go", "lcr-seed", () => lcrGame());
  // (The game is going: a note on how its link opened goes.)
  $("lcr-next").onclick = () => { linkNoteGone("lcr-game-go"); lcrShow(lcr.at + 1); };
  $("lcr-end").onclick = () => { linkNoteGone("lcr-game-go"); lcrShow(lcr.game.throws.length); };
  // (Its result comes into view: the player asked for it.)
  $("lcr-study-go").onclick = () => lcrStudy(true);
  $("lcr-table-name").onchange = () => {
    // The faces' error goes with the faces it was about (a named table's
    // replace them), though only the faces are marked wrong.
    for (const p of document.querySelectorAll('.check-error[data-fields="lcr-faces"]')) p.remove();
    lcrFacesFollow();
    lcrStudyStale();
  };
  $("lcr-faces").addEventListener("input", lcrStudyStale);
  lcrFacesFollow();
  $("lcr-export").onclick = () => download("lcr");
  const from = lcrFromUrl();
  // The game asks for its table's odds too.
  lcrGame(from ? from.at : 0);
  // A link's study runs again (its seed gives the same result).
  const left = lcrStudyFromUrl();
  if (left) {
    lcrStudy(false);
    // (Said after the study's checks, which clear the form's notes; when
    // one fails, the fields left are said after its error, which stays
    // tied to its field.)
    const p = $("lcr-study-go").closest(".panel").querySelector(":scope > .check-error");
    if (!p) linkLeft("lcr-study-go", left, "study ran");
    else if (left.length) {
      panelError(p.parentElement, `${p.textContent} This link's study did not run, and its form was filled without ${left.length === 1 ? "a field" : `${left.length} fields`} it could not take: ${left.join("; ")}.`,
        "check-error", p.dataset.fields ? p.dataset.fields.split(" ") : []);
    }
  }
}

// The address holds the game: seats, coins, the seed and the throws shown
// (`/lcr?players=3&coins=3&seed=11&at=5`), so a copied link reopens it;
// once a study is run, its settings too (`&study=77&table=nohold&chips=4x5
// &rounds=100&games=500`, its seed first; `faces` for your own table).
function lcrToUrl() {
  if (location.pathname !== "/lcr") return;
  const was = new URLSearchParams(location.search), q = new URLSearchParams();
  // A game on its way (or failed) keeps the fields the address had.
  const game = lcr.game ? { players: lcr.players, coins: lcr.coins, seed: lcr.game.seed, at: lcr.at } : null;
  for (const k of LCR_GAME_KEYS) {
    const v = game ? String(game[k]) : was.get(k);
    if (v !== null) q.set(k, v);
  }
  for (const [k, v] of Object.entries(lcr.study || {})) q.set(k, v);
  // (A study gone leaves the address, whatever the game's state.)
  if (!lcr.game && !lcr.study && !LCR_STUDY_KEYS.some((k) => was.has(k))) return;
  history.replaceState(null, "", String(q) ? `/lcr?${q}` : "/lcr");
}

const LCR_GAME_KEYS = ["players", "coins", "seed", "at"];
const LCR_STUDY_KEYS = ["study", "table", "faces", "chips", "rounds", "games"];

// The study of the address: its form filled, and the fields it could not
// take (each left, its default used, as `linkTake`'s), or null when it
// names none. Its seed, when it names none, is the form's new one. Its
// form's own check names a field it cannot take (the chips, your own
// faces).
function lcrStudyFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!linkNames(q, LCR_STUDY_KEYS)) return null;
  const left = [];
  if (q.get("study") === "") q.delete("study");
  const seed = linkTake(linkInt(q, "study", 0, Number.MAX_SAFE_INTEGER, true), undefined, left, "a new seed");
  const rounds = linkTake(linkInt(q, "rounds", 1, 10000, true), 100, left), games = linkTake(linkInt(q, "games", 1, 10000000, true), 20000, left);
  const tables = [...$("lcr-table-name").options].map((o) => o.value);
  const table = linkPick(q, "table", tables, "standard", left);
  $("lcr-table-name").value = table;
  if (table === "custom") $("lcr-faces").value = q.get("faces") || "";
  lcrFacesFollow();
  // (No chips: the table's own.)
  $("lcr-chips").value = q.get("chips") || "";
  $("lcr-rounds").value = String(rounds);
  $("lcr-games").value = String(games);
  if (seed !== undefined) $("lcr-study-seed").value = String(seed);
  return left;
}

// The game of the address (`{at}`), or null when it names none. A field
// the page cannot take is said and left (its default used), and the game
// opens with the rest, its seed too (a new one when it names none).
function lcrFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!linkNames(q, LCR_GAME_KEYS)) return null;
  const left = [];
  // (An empty seed= is no seed: a new one, as the form's.)
  if (q.get("seed") === "") q.delete("seed");
  // The web's bounds (a game of up to 100 seats and 100 coins plays); the
  // form's seats and coins are the defaults.
  const players = linkTake(linkInt(q, "players", 2, 100, true), $("lcr-players").value, left);
  const coins = linkTake(linkInt(q, "coins", 1, 100, true), $("lcr-coins").value, left);
  const seed = linkTake(linkInt(q, "seed", 0, Number.MAX_SAFE_INTEGER, true), undefined, left, "a new seed");
  const at = linkTake(linkInt(q, "at", 0, 1e6, true), 0, left);
  $("lcr-players").value = String(players);
  $("lcr-coins").value = String(coins);
  if (seed !== undefined) {
    $("lcr-seed").value = String(seed);
    // The link's seed, as if typed: kept until its game starts.
    typedSeeds.add("lcr-seed");
  }
  linkLeft("lcr-game-go", left);
  return { at };
}

EXPORTS.lcr = () => {
  const g = lcr.game;
  return {
    game: "lcr", players: lcr.players, coins: lcr.coins, seed: g.seed,
    throws: g.throws.slice(0, lcr.at), shown: lcr.at, of: g.throws.length,
    winner: g.winner, turns: g.turns,
    // The seeded game, every throw; `--script` with the faces gives the same.
    command: commandOf.get(g),
    script: g.throws.map((t) => t.faces).join(""),
  };
};

// The exact odds of the seats and coins in the form; `follow`: asked for
// by a new game of another table, which says quietly when the page cannot
// solve that table (too many states), rather than as an error.
async function lcrExact(follow = false) {
  // (Every write so far: the check's own comes after.)
  const at = writes;
  if (!lcrSizeOk()) {
    lcrOddsGone(at);
    return;
  }
  const players = Number($("lcr-players").value), coins = Number($("lcr-coins").value);
  // The old odds are for another table: gone before the new ones come (or
  // an error does).
  $("lcr-exact").replaceChildren();
  $("lcr-exact-said").textContent = "";
  lcr.oddsFor = null;
  const asked = ++lcr.oddsAsked;
  let r;
  try {
    r = await api("lcr", "exact", { players, coins }, "lcr",
      { own: $("lcr-exact-go").closest(".panel"), quiet: follow, current: () => asked === lcr.oddsAsked, words: lcrTooLarge });
  } catch (e) {
    if (follow && asked === lcr.oddsAsked) {
      // Too large a table (400) is the table's; anything else (a busy
      // server) is a failure to ask again. The refusal is said in the
      // form's words, as beside Solve exactly.
      if (e.status === 400) {
        $("lcr-exact").replaceChildren(el("p", { id: "lcr-exact-note", class: "note" },
          `No exact odds for this game's table: ${(lcrTooLarge(e.message) || e.message).replace(/\.$/, "")}.`));
      } else {
        $("lcr-exact").replaceChildren();
        askAgain($("lcr-exact"), `The exact odds could not be had from the server: ${e.message}.`, () => lcrExact(true).catch(() => {}), "lcr-exact-again");
      }
    }
    throw e;
  }
  // Only the last odds asked for are shown.
  if (asked !== lcr.oddsAsked) return;
  lcr.oddsFor = `${players}x${coins}`;
  const best = Math.max(...r.win_probability);
  // Said when they are ready (a status, the keyboard staying where it is),
  // with the headline figure: the likeliest seat's chance.
  const seat = r.win_probability.indexOf(best);
  $("lcr-exact-said").textContent = `Exact odds ready for ${players} seats, ${coins} ${coins === 1 ? "coin" : "coins"} each: ` +
    `seat ${seat} is likeliest to win, ${fmt(best)}; a game lasts ${fmt(r.expected_turns, 3)} turns on average.`;
  $("lcr-exact").replaceChildren(
    el("p", { id: "lcr-exact-of" }, `${players} seats, ${coins} ${coins === 1 ? "coin" : "coins"} each:`),
    el("table", { id: "lcr-exact-table" }, el("tr", {}, el("th", {}, "seat"), el("th", {}, "chance to win"), el("th", {}, el("span", { class: "sr-only" }, "bar"))),
      ...r.win_probability.map((p, i) => el("tr", { class: p === best ? "best" : "" }, el("td", {}, i), el("td", {}, fmt(p)),
        el("td", { class: "bar" }, el("span", { style: `width:${90 * p / best}px` }))))),
    el("p", {}, `Expected length: ${fmt(r.expected_turns, 3)} turns (${fmt(r.expected_rolling_turns, 3)} with dice rolled); ` +
      `${r.states} states, error below ${r.tolerance.toExponential(1)}.`));
}

// The server's refusal of a table too large to solve, in the form's words
// ("Seats 7 with 5 coins each make 22481940 states: ..."), or null.
function lcrTooLarge(error) {
  const m = /(\d+) players with (\d+) coins each have (\d+|2\^64 or more) states; the solver takes at most (\d+)/.exec(error);
  // (BigInt: a count past 2^53 is said as the server wrote it; one past
  // the server's count, "2^64 or more", as it is.)
  if (!m) return null;
  const count = m[3].startsWith("2^") ? m[3] : BigInt(m[3]).toLocaleString("en");
  return `Seats ${m[1]} with ${m[2]} ${m[2] === "1" ? "coin" : "coins"} each make ${count} states; ` +
    `the page solves at most ${BigInt(m[4]).toLocaleString("en")}: fewer seats or coins.`;
}

// The form's seats or coins were refused (by either button's check, the
// first write after `at`): the odds shown are another table's, and so are
// any on their way, and an answer's error of before goes with them. The
// footer goes only when it says that error (written just before it): a
// check refused is no request that succeeded, and leaves the others.
function lcrOddsGone(at) {
  const said = Number($("status").dataset.at || 0);
  const odds = [...document.querySelectorAll('.panel-error[data-request="lcr exact"]')]
    .some((p) => Number(p.dataset.at || 0) === said + 1 && said < at + 1);
  if (odds) status("");
  errorsClearBefore($("lcr-exact-go").closest(".panel"), at + 1, "lcr exact");
  ++lcr.oddsAsked;
  $("lcr-exact").replaceChildren();
  $("lcr-exact-said").textContent = "";
  lcr.oddsFor = null;
}

// The seats and coins in the form: whole numbers within the web's limits
// (100 each), else the error right under the field, whichever button
// checked them ("Solve exactly" beside them, or a game's "New game").
function lcrSizeOk() {
  return wholeOk("lcr-players", "lcr-exact-go", "Seats", 2, 100) && wholeOk("lcr-coins", "lcr-exact-go", "Coins each", 1, 100);
}

async function lcrGame(at = 0) {
  const before = writes;
  if (!lcrSizeOk()) {
    // (The game in play stays: its own text names its table.)
    lcrOddsGone(before);
    return;
  }
  const players = Number($("lcr-players").value), coins = Number($("lcr-coins").value);
  if (seedBlank("lcr-seed")) $("lcr-seed").value = newSeed();
  if (!seedOk("lcr-seed", "lcr-game-go")) return;
  seedAsked("lcr-seed");
  const seed = Number($("lcr-seed").value);
  // Odds for another table go, and this table's come.
  if (lcr.oddsFor !== `${players}x${coins}`) lcrExact(true).catch(() => {});
  // The old game goes before the new one comes (or an error does).
  lcr.game = null;
  $("lcr-table").replaceChildren();
  $("lcr-dice").replaceChildren();
  $("lcr-event").textContent = "";
  $("lcr-next").disabled = true;
  $("lcr-end").disabled = true;
  const asked = ++lcr.asked;
  const game = await seededGame("lcr-seed", () => asked === lcr.asked,
    (current) => api("lcr", "replay", { players, coins, seed, throws: true }, "lcr", { current }));
  if (asked !== lcr.asked) return;
  lcr.game = game;
  lcr.players = players;
  lcr.coins = coins;
  if (at > game.throws.length) linkNote("lcr-game-go", `The link's game has ${game.throws.length} throws, not ${at}: it opened at its end.`);
  lcrShow(at);
}

// The most seats drawn round a table (more sit in rows).
const LCR_ROUND = 12;

function lcrShow(k) {
  // A game shown: there is one to download.
  nothingGone("lcr");
  const g = lcr.game;
  lcr.at = Math.min(k, g.throws.length);
  const t = lcr.at > 0 ? g.throws[lcr.at - 1] : null;
  const coins = t ? t.coins : Array(lcr.players).fill(lcr.coins);
  const center = t ? t.center : 0;
  // Seats round the table, counterclockwise from the top, each with its
  // coins as chips; the center pot in the middle. A seat faces the pot,
  // so its left hand is the seat clockwise from it: seat i - 1, as the
  // rules say (L goes to i - 1, R to i + 1). Beyond 10 seats the chips go
  // (the count stays); beyond 12 the seats no longer fit round a table
  // and sit in rows, in their order, the pot first.
  const chips = (c) => el("span", { class: "chips", "aria-hidden": "true" },
    ...Array.from({ length: Math.min(c, 12) }, () => el("span", { class: "chip" })), c > 12 ? `+${c - 12}` : "");
  const n = coins.length, rows = n > LCR_ROUND;
  $("lcr-table").classList.toggle("many", n > 10);
  $("lcr-table").classList.toggle("rows", rows);
  $("lcr-table").setAttribute("aria-label", rows ? "the table: the center pot, then the seats in order" : "the table: seats round it, the center pot in the middle");
  const won = lcr.at === g.throws.length ? g.winner : null;
  const pot = el("div", { class: "seat pot", id: "lcr-center", role: "group", "aria-label": `center pot: ${center} ${center === 1 ? "coin" : "coins"}`, style: rows ? false : "left:50%;top:50%" },
    el("div", {}, "center"), chips(center), el("strong", {}, center));
  $("lcr-table").replaceChildren(
    ...(rows ? [pot] : [el("div", { class: "lcr-felt" })]),
    ...coins.map((c, i) => {
      const a = (2 * Math.PI * i) / n;
      return el("div", {
        class: `seat ${t && t.seat === i ? "turn" : ""} ${c === 0 ? "out" : ""} ${won === i ? "winner" : ""}`, id: `lcr-seat-${i}`, role: "group",
        "aria-label": `seat ${i}: ${c} ${c === 1 ? "coin" : "coins"}${t && t.seat === i ? ", threw last" : ""}${won === i ? ", the winner" : ""}`,
        style: rows ? false : `left:${50 - 40 * Math.sin(a)}%;top:${50 - 40 * Math.cos(a)}%`,
      }, el("div", {}, rows ? `${i}` : `seat ${i}`), chips(c), el("strong", {}, c));
    }),
    ...(rows ? [] : [pot]));
  $("lcr-table").dataset.coins = JSON.stringify(coins);
  const glyph = { ".": "•", L: "L", C: "C", R: "R" };
  const said = { ".": "dot (keep)", L: "L (left)", C: "C (center)", R: "R (right)" };
  $("lcr-dice").replaceChildren(...(t ? [...t.faces].map((f) =>
    el("span", { class: "die lcr rolling", role: "img", "aria-label": `die: ${said[f]}` }, glyph[f])) : []));
  if (!t) {
    $("lcr-event").textContent = `Seed ${g.seed}: ${lcr.players} seats, ${lcr.coins} ${lcr.coins === 1 ? "coin" : "coins"} each. Seat 0 throws first.`;
  } else {
    // In words, as a screen reader says them (the dice above show them).
    const dice = [...t.faces].map((f) => (f === "." ? "dot" : f)).join(", ");
    const moved = [];
    if (t.throw.left) moved.push(`${t.throw.left} left`);
    if (t.throw.center) moved.push(`${t.throw.center} to the center`);
    if (t.throw.right) moved.push(`${t.throw.right} right`);
    let text = `Throw ${lcr.at} of ${g.throws.length}, turn ${t.turn}: seat ${t.seat} rolls ${dice}: ` +
      (moved.length ? moved.join(", ") : "keeps its coins") + ".";
    if (lcr.at === g.throws.length) text += ` Seat ${g.winner} wins after ${g.turns} turns.`;
    $("lcr-event").textContent = text;
  }
  const had = [$("lcr-next"), $("lcr-end")].includes(document.activeElement);
  $("lcr-next").disabled = lcr.at >= g.throws.length;
  $("lcr-end").disabled = lcr.at >= g.throws.length;
  // At the game's end the keyboard goes to its download.
  if (had && lcr.at >= g.throws.length) $("lcr-export").focus();
  lcrToUrl();
}

// The most turns a study may play on the web (the server's
// `variant_turns`): games x seats x round limit.
const LCR_STUDY_TURNS = 2000000000;

// The study's form, each field named as the form names it when it is not
// what the web takes (the server's own bounds: 100 seats of up to 100
// chips, 10,000 rounds, 10^7 games).
function lcrStudyOk(name) {
  const button = "lcr-study-go", panel = $(button).closest(".panel");
  const own = (field, why, ids) => {
    // One message at a time, as wholeOk gives.
    panelError(panel, why ? `${field}: ${why}` : "", "check-error", ids);
    return !why;
  };
  if (name === "custom") {
    const f = $("lcr-faces").value.split(",").map((x) => x.trim());
    const ok = f.length === 6 && f.every((x) => /^[0-3]$/.test(x));
    if (!own("Faces", ok ? "" : `six codes from 0 to 3, one per face, as 0,0,0,1,2,3${notText($("lcr-faces").value.slice(0, 40))}`, ["lcr-faces"])) return false;
  }
  // An empty Chips field is the table's own chips (the server's default:
  // 9 seats, as every named table has, and 10 each on your own faces).
  const c = $("lcr-chips").value.trim(), by = /^(\d+)\s*x\s*(\d+)$/.exec(c);
  const chips = by ? Array(Math.min(Number(by[2]), 1000)).fill(Number(by[1])) : c.split(",").map((x) => (/^\s*\d+\s*$/.test(x) ? Number(x) : NaN));
  const seats = !c ? 9 : by ? Number(by[2]) : chips.length;
  const chipsOk = !c || (seats >= 2 && seats <= 100 && chips.every((x) => Number.isInteger(x) && x <= 100) && chips.some((x) => x > 0));
  if (!own("Chips", chipsOk ? "" : `chips x seats (10x9) or each seat's chips (3,3,3), or empty for the table's own: 2 to 100 seats of 0 to 100 chips, some chips in play${notText(c.slice(0, 40))}`, ["lcr-chips"])) return false;
  if (!wholeOk("lcr-rounds", button, "Round limit", 1, 10000) || !wholeOk("lcr-games", button, "Games", 1, 10000000)) return false;
  // A study plays at most 2,000,000,000 turns on the web (games x seats x
  // rounds, the longest it could run).
  const rounds = Number($("lcr-rounds").value), most = Math.floor(LCR_STUDY_TURNS / (seats * rounds));
  if (!own("Games", Number($("lcr-games").value) <= most ? "" : `at most ${most.toLocaleString("en")} for ${seats} seats and ${rounds} rounds (a study plays at most ${LCR_STUDY_TURNS.toLocaleString("en")} turns on the web), not ${$("lcr-games").value}.`, ["lcr-games", "lcr-chips", "lcr-rounds"])) return false;
  return seedOk("lcr-study-seed", button);
}

// The study's table as the form names it now: a named table, or your own
// faces.
function lcrStudyTable() {
  const name = $("lcr-table-name").value;
  return name === "custom" ? `custom:${$("lcr-faces").value.split(",").map((x) => x.trim()).join(",")}` : name;
}

// The table changed (Table, or your own faces edited): a study of the old
// one, shown or on its way (called off), goes, with its error and from
// the address.
function lcrStudyStale() {
  if (lcr.studyFor === null || lcr.studyFor === lcrStudyTable()) return;
  lcr.studyFor = null;
  ++lcr.studyAsked;
  if (lcr.studyAbort) lcr.studyAbort.abort();
  lcrStudyClear();
  $("lcr-progress").value = 0;
  panelError($("lcr-study-go").closest(".panel"), "");
  if (/^(the study failed|running the study)/.test($("status").textContent)) status("");
  lcr.study = null;
  lcrToUrl();
}

// No study shown (and no room kept for its chart).
function lcrStudyClear() {
  $("lcr-study").replaceChildren();
  $("lcr-study-said").textContent = "";
  $("lcr-chart").replaceChildren();
  $("lcr-chart").setAttribute("height", "0");
}

// Run the study of the form; `reveal`: the player asked for it, and its
// result comes into view.
async function lcrStudy(reveal = false) {
  const name = $("lcr-table-name").value;
  const table = name === "custom" ? $("lcr-faces").value : name;
  if (seedBlank("lcr-study-seed")) $("lcr-study-seed").value = newSeed();
  // Checked here, in the form's words (a seed past 2^53 would be rounded
  // on its way).
  if (!lcrStudyOk(name)) {
    // The study shown is for other settings than the form's now, and so
    // is the last study's error.
    lcrStudyClear();
    panelError($("lcr-study-go").closest(".panel"), "");
    if ($("status").textContent.startsWith("the study failed")) status("");
    // (Nor does the address hold a study any more.)
    lcr.study = null;
    lcr.studyFor = null;
    lcrToUrl();
    return;
  }
  // (No chips sent when none are typed: the table's own are used.)
  const chips = $("lcr-chips").value.trim();
  const flags = {
    table,
    ...(chips ? { chips } : {}),
    "max-rounds": Number($("lcr-rounds").value),
    games: Number($("lcr-games").value),
    seed: Number($("lcr-study-seed").value),
  };
  const panel = $("lcr-study-go").closest(".panel");
  let shown = false;
  // The address holds the study asked for (a reload runs it again).
  lcr.study = {
    study: String(flags.seed), table: name, ...(name === "custom" ? { faces: flags.table } : {}),
    ...(chips ? { chips } : {}), rounds: String(flags["max-rounds"]), games: String(flags.games),
  };
  lcrToUrl();
  $("lcr-study-go").disabled = true;
  $("lcr-progress").value = 0;
  const asked = ++lcr.studyAsked, abort = new AbortController();
  lcr.studyFor = lcrStudyTable();
  lcr.studyAbort = abort;
  // The old study is for other settings: gone before the new one comes (or
  // an error does).
  lcrStudyClear();
  panelError(panel, "");
  status("running the study...");
  try {
    const r = await fetch("/api/lcr/simulate?progress=1", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(flags), signal: abort.signal,
    });
    if (!r.ok) {
      // The one-line JSON error, or (a proxy's, the HTTP server's own) a
      // status's text.
      const text = await r.text();
      let why = "";
      try {
        why = JSON.parse(text).error || "";
      } catch {
        // Not JSON.
      }
      throw new Error(why || `${r.status} ${r.statusText || text.slice(0, 80)}`.trim());
    }
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "", final = null;
    for (;;) {
      const { value, done } = await reader.read();
      // (Called off with its table after this chunk came: nothing of it is shown.)
      if (asked !== lcr.studyAsked) return;
      if (value) buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (line.progress) $("lcr-progress").value = line.progress.of ? line.progress.done / line.progress.of : 0;
        else final = line;
      }
      if (done) break;
    }
    // A reply cut short (the server stopped, the connection broke).
    if (!final) throw new Error("the server's reply ended before the study's result");
    // (Of a table the form no longer names: called off, shown nowhere.)
    if (asked !== lcr.studyAsked) return;
    const text = final.body;
    const result = JSON.parse(text);
    window.gamesLog.push({ command: final.command, status: final.status, body: text });
    $("lcr-json").textContent = text;
    $("lcr-command").textContent = final.command;
    if (final.status !== 200) throw new Error(result.error);
    $("lcr-progress").value = 1;
    lcrStudyShow(result);
    shown = reveal;
    status("");
  } catch (e) {
    // Called off with its table: nothing of it is said.
    if (asked !== lcr.studyAsked) return;
    // Said beside the button (an alert there); the footer reads it out
    // only when that panel is not shown, as every request's error. The
    // bar goes back: no part of a study is shown.
    $("lcr-progress").value = 0;
    status(`the study failed: ${e.message}`, true, unseen(panel));
    panelError(panel, `The study failed: ${e.message}`);
  } finally {
    $("lcr-study-go").disabled = false;
    // The keyboard back on the button, which was disabled while it ran.
    refocus("lcr-study-go");
  }
  if (shown) lcrStudyReveal();
}

// The study's result (its seats' table and chart) scrolled into the
// window with a little room, its foot first when it all fits, else its
// top; the keyboard stays on the button.
function lcrStudyReveal() {
  const r = $("lcr-study").parentElement.getBoundingClientRect(), room = 8;
  const by = Math.min(Math.ceil(r.bottom + room - innerHeight), Math.floor(r.top - room));
  if (by > 0) window.scrollBy(0, by);
}

// The faces of each named table a study has shown (the server's).
const lcrFaces = {};

// The faces field is the player's own table's: a named table's faces are
// shown there once a study of it has named them, and cannot be edited.
function lcrFacesFollow() {
  const name = $("lcr-table-name").value, own = name === "custom";
  $("lcr-faces").readOnly = !own;
  if (!own) $("lcr-faces").value = lcrFaces[name] || "";
  $("lcr-faces").placeholder = own ? "0,0,0,1,2,3" : "the table's own";
  // Why it cannot be typed in, beside it (and read with it).
  $("lcr-faces-note").hidden = own;
}

function lcrStudyShow(study) {
  const results = study.tables ? study.tables : [study];
  const s = results[0];
  if (s.game !== "custom" && $("lcr-table-name").value === s.game) {
    lcrFaces[s.game] = s.table;
    lcrFacesFollow();
  }
  const last = s.rows[s.rows.length - 1];
  const seats = last.expected_chips.length;
  // One game has no spread to work an interval from: said so, not "± 0".
  const one = last.simulations < 2;
  // Said when it is ready (a status: the keyboard stays on the button),
  // with its headline figure.
  $("lcr-study-said").textContent = `The study is ready: ${last.simulations} ${one ? "game" : "games"} of ${s.game} with ${seats} seats, ` +
    `a single winner within ${s.max_rounds} rounds in ${pct(last.winner_fraction)} of games; the seats' expected chips are in the table and chart below.`;
  $("lcr-study").replaceChildren(
    el("p", { id: "lcr-study-summary" }, `${s.game} (${s.table}), ${seats} seats, starting chips ${lcrChipsWords(s.starting_chips)}, ${last.simulations} ${one ? "game" : "games"}, seed ${s.seed}: ` +
      `a single winner within ${s.max_rounds} rounds in ${pct(last.winner_fraction)} of games` +
      (one ? " (one game: no 95% interval; play at least 2)." : ` (± ${pct(last.winner_ci95)}).`)),
    el("table", {}, el("tr", {}, el("th", {}, "seat"), el("th", {}, "expected chips at the end"), el("th", {}, "± 95%")),
      ...last.expected_chips.map((c, i) => el("tr", {}, el("td", {}, i), el("td", {}, fmt(c, 3)), el("td", {}, one ? "none" : fmt(last.expected_chips_ci95[i], 3))))));
  lcrChart(s.rows, seats);
}

// A study's starting chips as the CLI says them: "10 each", else each
// seat's ("5,5,5,5,50,5,5,5,5").
function lcrChipsWords(chips) {
  return chips.every((c) => c === chips[0]) ? `${chips[0]} each` : chips.join(",");
}

// The contrast of two sRGB colours ([r, g, b], 0 to 255), as WCAG counts it.
function contrastOf(a, b) {
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const x = lum(a), y = lum(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

// The background `e` is drawn on: its nearest ancestor's that has one.
function backgroundOf(e) {
  for (; e; e = e.parentElement) {
    const m = getComputedStyle(e).backgroundColor.match(/[\d.]+/g);
    if (m && (m.length === 3 || Number(m[3]) > 0)) return m.slice(0, 3).map(Number);
  }
  return [255, 255, 255];
}

// Seat i's colour of n on the chart's background `bg`: its own hue, at the
// lightness nearest the middle that still stands out 3:1 against it
// (darker on a light page, lighter in dark mode), so that no seat's line
// (a blue one on a dark page was) is hard to see.
function seatColour(i, n, bg) {
  const h = (360 * i) / n, sat = 0.65;
  const rgb = (l) => {
    const k = (m) => (m + h / 30) % 12, a = sat * Math.min(l, 1 - l);
    return [0, 8, 4].map((m) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(m) - 3, 9 - k(m), 1)))));
  };
  const light = contrastOf(bg, [255, 255, 255]) < contrastOf(bg, [0, 0, 0]);
  let l = 0.45;
  while (contrastOf(rgb(l), bg) < 3 && l > 0.05 && l < 0.95) l += light ? -0.01 : 0.01;
  return `rgb(${rgb(l).join(",")})`;
}

// The chart drawn last, drawn again in the other scheme's colours when
// the system's dark mode turns on or off.
let lcrChartShown = null;
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  if (lcrChartShown && $("lcr-chart").childElementCount) lcrChart(...lcrChartShown);
});

// Expected chips of each seat against games played (log scale), with the
// 95% band: how fast the numbers settle. The chart is drawn at the width
// it has (640 px at most), so that its text keeps its size on a phone.
function lcrChart(rows, seats) {
  const svg = $("lcr-chart");
  lcrChartShown = [rows, seats];
  const W = Math.round(Math.max(300, Math.min(640, svg.parentElement.clientWidth || 640)));
  // The legend (a swatch and "seat i" each, as many a line as fit) above
  // the plot; the axis title and what the lines are, below it.
  const per = Math.max(1, Math.floor((W - 64) / 72)), lines = Math.ceil(seats / per);
  const L = 64, B = 48, T = 20 + 16 * lines, R = 10, H = 300 + 16 * lines;
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const xs = rows.map((r) => Math.log10(r.simulations));
  // No seat ends with fewer than 0 chips: the bands stop at 0.
  const floor = (v) => Math.max(0, v);
  const low = floor(Math.min(...rows.flatMap((r) => r.expected_chips.map((c, i) => c - r.expected_chips_ci95[i]))));
  // (At least a chip's height: a table that puts every chip in the
  // center ends with none anywhere.)
  const high = Math.max(low + 1, ...rows.flatMap((r) => r.expected_chips.map((c, i) => c + r.expected_chips_ci95[i])));
  // The y axis runs between round values, a tick every 1, 2 or 5 times a
  // power of ten, about four steps in all.
  const power = 10 ** Math.floor(Math.log10((high - low) / 4));
  const step = [1, 2, 5, 10].map((m) => m * power).find((d) => (high - low) / d <= 5);
  const lo = Math.floor(low / step) * step, hi = Math.ceil(high / step) * step;
  const places = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  // One point (fewer than 100 games) sits in the middle, as a dot.
  const x = (v) => (xs.length < 2 ? (L + W - R) / 2 : L + ((v - xs[0]) / (xs[xs.length - 1] - xs[0] || 1)) * (W - L - R));
  const y = (v) => T + (1 - (v - lo) / Math.max(1e-9, hi - lo)) * (H - T - B);
  const ns = "http://www.w3.org/2000/svg";
  const make = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const bg = backgroundOf(svg), colours = Array.from({ length: seats }, (_, i) => seatColour(i, seats, bg));
  const color = (i) => colours[i];
  const parts = [make("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#999" }),
    make("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#999" }),
    make("text", { x: L, y: H - 18 }, "games played (log scale)"),
    make("text", { x: 12, y: H - B, transform: `rotate(-90 12 ${H - B})` }, "expected chips at the end")];
  // The round values up the y axis.
  for (let k = 0; lo + k * step <= hi + step / 1e6; k++) {
    const v = lo + k * step;
    parts.push(make("text", { x: 20, y: y(v) + 4, class: "y-tick" }, v.toFixed(places)), make("line", { x1: L - 4, y1: y(v), x2: L, y2: y(v), stroke: "#999" }));
  }
  // The games played under the x axis, each centred on its point, none
  // nearer the last one shown than 40 px; a label that would run past the
  // chart's edge is moved in (measured once drawn; before, by its letters).
  let shown = -Infinity;
  const ticks = [];
  const count = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  for (const r of rows) {
    const at = x(Math.log10(r.simulations));
    if (at - shown < 40) continue;
    shown = at;
    const label = count(r.simulations), half = 3.5 * label.length;
    const t = make("text", { x: Math.min(W - 2 - half, Math.max(2 + half, at)), y: H - B + 14, "text-anchor": "middle", class: "tick" }, label);
    ticks.push(t);
    parts.push(t, make("line", { x1: at, y1: H - B, x2: at, y2: H - B + 4, stroke: "#999" }));
  }
  const legend = make("g", { class: "legend" });
  for (let i = 0; i < seats; i++) {
    const lx = L + 72 * (i % per), ly = 8 + 16 * Math.floor(i / per);
    legend.append(make("rect", { x: lx, y: ly, width: 14, height: 8, fill: color(i) }), make("text", { x: lx + 18, y: ly + 8 }, `seat ${i}`));
    const up = rows.map((r, k) => `${x(xs[k])},${y(r.expected_chips[i] + r.expected_chips_ci95[i])}`);
    const down = rows.map((r, k) => `${x(xs[k])},${y(floor(r.expected_chips[i] - r.expected_chips_ci95[i]))}`).reverse();
    parts.push(make("polygon", { points: [...up, ...down].join(" "), fill: color(i), "fill-opacity": 0.1 }));
    parts.push(make("polyline", { points: rows.map((r, k) => `${x(xs[k])},${y(r.expected_chips[i])}`).join(" "), fill: "none", stroke: color(i), "stroke-width": 2 }));
    if (rows.length === 1) parts.push(make("circle", { cx: x(xs[0]), cy: y(rows[0].expected_chips[i]), r: 4, fill: color(i) }));
  }
  parts.push(make("text", { x: L, y: H - 4 }, "lines: the mean; bands: its 95% interval"));
  svg.replaceChildren(legend, ...parts);
  for (const t of ticks) {
    const b = t.getBBox();
    if (!b.width) continue;
    const shift = b.x < 1 ? 1 - b.x : b.x + b.width > W - 1 ? W - 1 - (b.x + b.width) : 0;
    if (shift) t.setAttribute("x", Number(t.getAttribute("x")) + shift);
  }
}

// ---------------------------------------------------------------- casino

// `asked` counts the games (and deals) asked for: only the last one's
// reply is shown.
// `short`: a bet pressed without the chips for its stake (`crapsShortShow`).
const craps = { game: null, at: 0, bets: [], stakes: {}, bank: 100, focus: null, settled: [], asked: 0, waiting: null, short: null };
const bac = { deal: null, at: 0, asked: 0, hand: 0, tallied: 0, exact: null };
// The hands dealt whole since the page loaded, by outcome (kept across
// hands and shoes; Reset totals or a reload clears them).
const bacTally = { hands: 0, player: 0, house: 0, tie: 0 };
// The hands counted in them, by decks and seed: a hand dealt again (its
// seed typed again) is the same hand, counted once.
const bacCounted = new Set();

// The two games are tabs, one shown at a time, so that the game in play,
// its bets and its result fit the window (`game=craps` or `game=baccarat`
// in the address). The arrow keys, Home and End move between the tabs.
const CASINO_TABS = ["craps", "baccarat"];
let casinoGame = "craps";

// The tab an address names (`game=`), or null.
function linkTab(q) {
  return CASINO_TABS.includes(q.get("game")) ? q.get("game") : null;
}

function casinoTab(name, focus = false) {
  casinoGame = name;
  for (const t of CASINO_TABS) {
    const tab = $(`casino-tab-${t}`), on = t === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`casino-${t}`).hidden = !on;
  }
  if (focus) $(`casino-tab-${name}`).focus();
  casinoTitle();
  casinoToUrl();
}

// The window's title names the game of the tab shown (each tab's
// `data-title`), as each page's title names its page.
function casinoTitle() {
  if (!$("casino").hidden) document.title = $(`casino-tab-${casinoGame}`).dataset.title;
}

for (const t of CASINO_TABS) {
  $(`casino-tab-${t}`).onclick = () => casinoTab(t);
  $(`casino-tab-${t}`).onkeydown = (e) => {
    const i = CASINO_TABS.indexOf(t), n = CASINO_TABS.length;
    const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i + n - 1) % n, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    casinoTab(CASINO_TABS[to], true);
  };
}

async function casinoStart() {
  $("craps-seed").value = newSeed();
  $("bac-seed").value = newSeed();
  newGameButton("craps-new", "craps-seed", () => crapsNew());
  // (No game yet, as while a link waits for the bets: nothing to roll.)
  // (The game is going: a note on how its link opened goes.)
  // A double click rolls once: its second click would settle the bets
  // again before any could be placed.
  $("craps-roll").onclick = (e) => {
    if (!craps.game || secondClick(e)) return;
    linkNoteGone("craps-new");
    crapsShow(craps.at + 1);
  };
  $("craps-export").onclick = () => download("craps");
  $("craps-stake").onchange = () => {
    crapsBetsRender();
    crapsStakeHint();
  };
  newGameButton("bac-new", "bac-seed", () => bacNew(0, true));
  $("bac-next").onclick = () => { linkNoteGone("bac-new"); bacShow(bac.at + 1); };
  // Once a hand is over, the next: a fresh shoe (each hand has its own, as
  // `baccarat deal` deals) of a new seed, its first card dealt.
  $("bac-next-hand").onclick = () => {
    linkNoteGone("bac-new");
    $("bac-seed").value = newSeed();
    typedSeeds.delete("bac-seed");
    bacNew(1);
  };
  $("bac-export").onclick = () => download("baccarat");
  $("bac-tally-reset").onclick = () => {
    Object.assign(bacTally, { hands: 0, player: 0, house: 0, tie: 0 });
    bacCounted.clear();
    bacTallyShow();
    // (The table is no live region: said here, once.)
    $("bac-said").textContent = "Running totals reset: no hands counted.";
  };
  bacTallyShow();
  // Each game of a link opens on its own.
  const from = casinoFromUrl(), crapsFrom = from.craps, bacFrom = from.bac;
  crapsExact();
  bacNew(bacFrom ? bacFrom.cards : 0);
  // The bets first: a link's stakes are checked against them. A link
  // with bets waits for the list (its Try again opens the game).
  try {
    await crapsBets();
  } catch (e) {
    if (crapsFrom && Object.keys(crapsFrom.stakes).length) {
      craps.waiting = crapsFrom;
      $("craps-roll").disabled = true;
      // The link's bankroll shows meanwhile (its bets come with the game).
      craps.bank = crapsFrom.bank;
      $("craps-bank").textContent = chipsText(craps.bank);
      linkNote("craps-new", "This link's game opens with its bets once the bet list comes (Try again beside the bets).");
      throw e;
    }
  }
  crapsNew(crapsFrom);
}

// The address holds the tab shown and both tables: the craps game's seed,
// the rolls shown, the bankroll and the bets standing; the baccarat shoe's
// decks, its seed and the cards dealt
// (`/casino?game=craps&craps=7&rolls=3&bank=95&bets=pass:5&decks=8&deal=11&cards=4`).
function casinoToUrl() {
  if (location.pathname !== "/casino") return;
  // Each game's fields once it is there: a game whose request failed
  // does not hold back the other's. Chips are written whole (a place bet
  // pays sixths), so that the link gives back the same bankroll.
  // A game whose request is on its way (or failed) keeps the fields the
  // address had.
  const q = new URLSearchParams(location.search);
  q.set("game", casinoGame);
  if (craps.game) {
    q.set("craps", String(craps.game.seed));
    q.set("rolls", String(craps.at));
    // To 6 decimals (50.833333, not 50.833333333333336): a link reads it
    // back to the nearest thirtieth, which the bankroll always is.
    q.set("bank", String(Number(craps.bank.toFixed(6))));
    q.set("bets", Object.entries(craps.stakes).map(([n, x]) => `${n}:${x}`).join(";"));
  }
  if (bac.deal) {
    q.set("decks", String(bac.decks));
    q.set("deal", String(bac.seed));
    q.set("cards", String(bac.at));
  }
  history.replaceState(null, "", `/casino?${q}`);
}

// The games of the address, each on its own (`{craps, bac}`): null when it
// names none of that game's fields, else the game.
function casinoFromUrl() {
  const q = new URLSearchParams(location.search);
  // A tab the page does not have: craps', and the games still open.
  casinoTab(linkTab(q) || "craps");
  const tab = linkChoice(q, "game", CASINO_TABS);
  if (tab) linkNote("craps-new", `This link's tab could not be opened (${tab}): craps instead.`);
  return { craps: crapsFromUrl(q), bac: bacFromUrl(q) };
}

// A game's fields that it could not take are said and left (each default
// used, a new seed for a seed), and the game opens with the rest: the
// craps game's (`{seed, rolls, bank, stakes, left}`, said when it opens)
// and the baccarat shoe's (`{cards}`).
function crapsFromUrl(q) {
  if (!linkNames(q, ["craps", "rolls", "bank", "bets"])) return null;
  const left = [];
  // (An empty seed is no seed: a new one, as the form's.)
  if (q.get("craps") === "") q.delete("craps");
  const seed = linkTake(linkInt(q, "craps", 0, Number.MAX_SAFE_INTEGER, true), undefined, left, "a new seed");
  const rolls = linkTake(linkInt(q, "rolls", 0, 1e6, true), 0, left);
  let bank = q.has("bank") ? Number(q.get("bank")) : CRAPS_BANK;
  if (!(q.get("bank") !== "" && Number.isFinite(bank) && bank >= 0 && bank <= 1e9)) {
    left.push(`bank=${q.get("bank").slice(0, 30)} is not 0 to 10^9 chips (${CRAPS_BANK} instead)`);
    bank = CRAPS_BANK;
  }
  // (The address writes it to 6 decimals: the nearest thirtieth is the
  // bankroll it was written from.)
  bank = thirtieths(bank);
  // (No prototype: a link's bet named "toString" or "__proto__" is a
  // name like any other.)
  const stakes = Object.create(null);
  for (const part of (q.get("bets") || "").split(";").filter(Boolean)) {
    const i = part.lastIndexOf(":"), t = i < 0 ? "" : part.slice(i + 1), x = t.trim() === "" ? NaN : Number(t);
    // A stake is whole chips (the bankroll may hold a payout's fraction).
    // A bet named twice stands once, with both stakes.
    // (A sum stands at most 10^9, as one stake does: the address writes
    // the sum, and the link reads it back.)
    if (i > 0 && Number.isInteger(x) && x > 0 && x <= 1e9) {
      const name = part.slice(0, i), sum = (stakes[name] || 0) + x;
      if (sum > 1e9) left.push(`bets: ${part.slice(0, 30)} makes ${name.slice(0, 30)} ${sum} chips, more than 10^9 (10^9 instead)`);
      stakes[name] = Math.min(sum, 1e9);
      continue;
    }
    // One of other chips (4.5) is left, and they go back to the bankroll,
    // as the chips of a bet the table lacks do: to the nearest thirtieth
    // of a chip, as the bankroll is kept (0.01 brings none back).
    const back = x > 0 && x <= 1e9, r = back ? thirtieths(x) : 0;
    bank += r;
    const came = !back ? "no bet" : r === x ? `its ${x} chips in the bankroll`
      : r === 0 ? `none of its ${x} chips in the bankroll, which keeps thirtieths of a chip`
      : `its ${x} chips, ${chipsText(r)} to the nearest 1/30 chip, in the bankroll`;
    left.push(`bets: ${part.slice(0, 30)} is not a bet and its chips, a whole number from 1 to 10^9 (${came} instead)`);
  }
  if (seed !== undefined) {
    $("craps-seed").value = String(seed);
    typedSeeds.add("craps-seed");
  }
  // A bankroll that the chips back take past 10^9 is 10^9 (a link holds
  // no more), what was left said.
  bank = thirtieths(bank);
  if (bank > 1e9) {
    left.push(`the bankroll with the chips back is ${chipsText(bank)}, more than 10^9 (10^9 instead)`);
    bank = 1e9;
  }
  return { seed, rolls, bank, stakes, left };
}

function bacFromUrl(q) {
  if (!linkNames(q, ["decks", "deal", "cards"])) return null;
  const left = [];
  if (q.get("deal") === "") q.delete("deal");
  const deal = linkTake(linkInt(q, "deal", 0, Number.MAX_SAFE_INTEGER, true), undefined, left, "a new seed");
  const decks = linkTake(linkInt(q, "decks", 1, 64, true), 8, left);
  // A hand has 4 to 6 cards: a link past its hand's last card opens it
  // whole and says so (as LCR's and craps' past their game's end).
  const cards = linkTake(linkInt(q, "cards", 0, 1e6, true), 0, left);
  if (deal !== undefined) {
    $("bac-seed").value = String(deal);
    typedSeeds.add("bac-seed");
  }
  $("bac-decks").value = String(decks);
  linkLeft("bac-new", left);
  return { cards };
}

async function crapsExact() {
  let r;
  try {
    r = await api("craps", "exact", {}, "casino");
  } catch (e) {
    $("craps-exact").replaceChildren();
    askAgain($("craps-exact"), `The exact odds could not be had from the server: ${e.message}.`, () => crapsExact(), "craps-exact-again");
    throw e;
  }
  $("craps-exact").replaceChildren(
    el("p", {}, `The player wins ${r.exact_fraction} = ${fmt(r.exact_win_probability)}.`),
    el("p", {}, `Come-out 7 or 11: ${r.natural}; 2, 3 or 12: ${r.craps}.`),
    el("table", {}, el("tr", {}, el("th", {}, "point"), el("th", {}, "come-out"), el("th", {}, "make it"), el("th", {}, "share of the win")),
      ...r.exact_by_point.map((p) => el("tr", {}, el("td", {}, p.point), el("td", {}, p.come_out), el("td", {}, p.make), el("td", {}, p.win)))));
}

// A new game; from a link, at its roll with its bankroll and bets.
async function crapsNew(from = null) {
  // A link's game is its own seed's, whatever the field came to hold
  // while it waited for the bets.
  if (from && from.seed !== undefined) $("craps-seed").value = String(from.seed);
  if (seedBlank("craps-seed")) $("craps-seed").value = newSeed();
  // (A link's game that waited for the bets and now fails the seed's
  // check waits on, its stakes held: New game gives them back.)
  if (!seedOk("craps-seed", "craps-new")) return;
  // (A link's game that waited for the bets waits on until its game
  // comes: a request that fails, or a New game pressed meanwhile, leaves
  // its stakes held, and New game gives them back, once.)
  if (from) linkLeft("craps-new", from.left);
  // (A new game asked for: a link's that waited for the bets is dropped,
  // and its stakes come back to the bankroll, as standing bets do.)
  if (!from && craps.waiting) {
    for (const x of Object.values(craps.waiting.stakes)) craps.bank += x;
    craps.waiting = null;
  }
  seedAsked("craps-seed");
  // The old game goes before the new one comes (or an error does); its
  // bets still standing come back to the bankroll, within 10^9 chips.
  let over = 0;
  if (!from) {
    for (const x of Object.values(craps.stakes)) craps.bank += x;
    craps.stakes = {};
    over = crapsCap();
    // A bankroll that covers no stake starts again (as the note beside
    // it said).
    if (craps.bank < crapsLeastStake()) craps.bank = CRAPS_BANK;
    $("craps-bank").textContent = chipsText(craps.bank);
  }
  craps.game = null;
  craps.at = 0;
  $("craps-bet-said").textContent = "";
  if (over > 0) linkNote("craps-new", `The bankroll with the bets' chips back came to ${chipsText(craps.bank + over)}, more than 10^9: it is 10^9.`);
  $("craps-dice").replaceChildren();
  $("craps-event").textContent = "";
  $("craps-log").replaceChildren();
  $("craps-settle").replaceChildren();
  $("craps-roll").disabled = true;
  craps.settled = [];
  crapsPuck();
  if (craps.bets.length) crapsBetsRender();
  crapsBroke();
  const asked = ++craps.asked;
  const game = await seededGame("craps-seed", () => asked === craps.asked,
    (current) => api("craps", "game", { seed: Number($("craps-seed").value) }, "casino", { current }));
  if (asked !== craps.asked) return;
  craps.game = game;
  if (from) {
    if (craps.waiting === from) craps.waiting = null;
    craps.bank = from.bank;
    craps.at = Math.min(from.rolls, game.rolls.length);
    // Only the bets this table has, standing as they could at this roll:
    // odds behind their line bet once their point is ON.
    const p = crapsPhase();
    // A bet named as the table shows it ("odds on 6 or 8") is that bet;
    // the link's own name is the one said.
    const stakes = Object.create(null), said = Object.create(null);
    // (Their sum stands at most 10^9, as one stake does.)
    const over = [];
    for (const [n, x] of Object.entries(from.stakes)) {
      const name = (craps.bets.find((b) => betLabel(b.name) === n) || { name: n }).name;
      stakes[name] = (stakes[name] || 0) + x;
      said[name] = said[name] || n;
      if (stakes[name] > 1e9) {
        over.push(`${said[name].slice(0, 40)} (${stakes[name]} chips)`);
        stakes[name] = 1e9;
      }
    }
    // (Come and don't come are in the list, but no roll here settles them.)
    const known = (name) => craps.bets.some((b) => b.name === name) && !CRAPS_NOT_TAKEN.includes(name);
    // Why a bet of this table cannot stand at this roll, or "".
    const why = (name) => {
      // At the game's end no bet stands (each came back).
      if (p.phase !== "come-out" && p.phase !== "point") return "the game is over";
      const odds = /^(lay )?odds on (\d+)$/.exec(name);
      if (!odds) return "";
      const x = Number(odds[2]), line = odds[1] ? "don't pass" : "pass";
      if (p.phase !== "point") return `only once the point is ${x} or ${PAIR[x]}; there is no point yet`;
      if (p.point !== x && p.point !== PAIR[x]) return `only once the point is ${x} or ${PAIR[x]}; the point is ${p.point}`;
      return stakes[line] ? "" : `only behind a ${line} bet, and the link has none`;
    };
    craps.stakes = Object.fromEntries(Object.entries(stakes).filter(([n]) => known(n) && !why(n)));
    // Chips of the bets dropped go back to the bankroll; both notes show.
    const dropped = Object.keys(stakes).filter((n) => !Object.hasOwn(craps.stakes, n));
    for (const n of dropped) craps.bank += stakes[n];
    // (No more than 10^9, which a link holds.)
    const kept = craps.bank;
    crapsCap();
    // A name this table does not have is said apart from a bet it has
    // that cannot stand at this roll, which says why.
    const unknown = dropped.filter((n) => !known(n)), early = dropped.filter(known);
    const names = (list) => list.map((n) => said[n]).join(", ").slice(0, 80);
    const reasons = (list) => list.map((n) => `${said[n].slice(0, 40)} (${why(n)})`).join(", ");
    const notes = [];
    if (over.length) notes.push(`The link's stakes of one bet come to more than 10^9 chips: ${over.join(", ")}; 10^9 stands.`);
    if (unknown.length) {
      notes.push(unknown.length === 1 ? `The link's bet ${names(unknown)} is not a bet of this table: its chips are back in the bankroll.`
        : `The link's bets ${names(unknown)} are not bets of this table: their chips are back in the bankroll.`);
    }
    if (early.length) {
      notes.push(early.length === 1 ? `The link's bet ${names(early)} cannot stand at this roll (${why(early[0])}): its chips are back in the bankroll.`
        : `The link's bets cannot stand at this roll: ${reasons(early)}; their chips are back in the bankroll.`);
    }
    if (kept > 1e9) notes.push(`The bankroll with those chips back is ${chipsText(kept)}, more than 10^9: it is 10^9.`);
    if (from.rolls > game.rolls.length) notes.push(`The link's game has ${game.rolls.length} rolls, not ${from.rolls}: it opened at its end.`);
    if (notes.length) linkNote("craps-new", notes.join(" "));
  }
  crapsShow(from ? Math.min(from.rolls, game.rolls.length) : 0, false);
}

// ---- The bet panel: every bet of `craps bets` with its exact house edge;
// the ones this table takes get a button. Each roll of the game settles the
// bets it decides, by the rule in the reply's `rule` text.

// Every payout of this table is a whole number of thirtieths of a chip
// (stakes are whole; the odds' denominators are 1, 2, 3, 5 and 6): the
// bankroll is kept to the nearest one, so that sums of sixths and fifths
// do not drift and a link (written to 6 decimals) gives it back exactly.
const thirtieths = (x) => Math.round(x * 30) / 30;

// "7 to 6" is 7/6: what a winning chip is paid.
function crapsPays(text) {
  const m = /(\d+) to (\d+)/.exec(text);
  return m ? Number(m[1]) / Number(m[2]) : 0;
}

// The odds (and lay odds) rows name a point and its pair: 4 or 10, 5 or 9, 6 or 8.
const PAIR = { 4: 10, 5: 9, 6: 8, 10: 4, 9: 5, 8: 6 };

// A bet's name as the page shows it: an odds bet stands on either point of
// its pair ("odds on 5" is behind a 5 or a 9), so both are named.
function betLabel(name) {
  const odds = /^((?:lay )?odds on )(\d+)$/.exec(name);
  return odds ? `${odds[1]}${odds[2]} or ${PAIR[odds[2]]}` : name;
}

// The current phase: before any roll, the come-out; else the last roll's after.
function crapsPhase() {
  const g = craps.game;
  if (!g) return { phase: "none" };
  return craps.at === 0 ? { phase: "come-out" } : g.rolls[craps.at - 1].after;
}

// The bets of the list this table does not take (their own point is not
// followed here): none is made, nor taken from a link.
const CRAPS_NOT_TAKEN = ["come", "don't come"];

// Whether the bet can be made now, or why not.
function crapsOpen(b) {
  const p = crapsPhase(), n = b.name;
  if (p.phase === "none") {
    if (!craps.waiting) return "no game on the table yet";
    return craps.bets.length ? "the link's game has not opened: New game gives its stakes back" : "the link's game waits for the bet list";
  }
  if (p.phase !== "come-out" && p.phase !== "point") return "the game is over: a new game first";
  if (CRAPS_NOT_TAKEN.includes(n)) return "not on this table (use pass and don't pass)";
  if (n === "pass" || n === "don't pass") return p.phase === "come-out" ? "" : "only before the come-out roll";
  const odds = /^(lay )?odds on (\d+)$/.exec(n);
  if (odds) {
    const x = Number(odds[2]), line = odds[1] ? "don't pass" : "pass";
    if (p.phase !== "point" || (p.point !== x && p.point !== PAIR[x])) return `only once the point is ${x} or ${PAIR[x]}`;
    return craps.stakes[line] ? "" : `only behind a ${line} bet`;
  }
  return "";
}

// What the roll does to the bet: "win" (with what a chip pays), "lose",
// "push" or null (the bet stays).
function crapsSettle(b, r) {
  const n = b.name, s = r.sum, before = r.before, come = before.phase === "come-out";
  const doubles = r.dice[0] === r.dice[1];
  const pays = crapsPays(b.pays);
  const win = (x = pays) => ({ result: "win", pays: x });
  const lose = { result: "lose" };
  let m;
  if (n === "pass") return come ? ([7, 11].includes(s) ? win() : [2, 3, 12].includes(s) ? lose : null)
    : s === before.point ? win() : s === 7 ? lose : null;
  if (n === "don't pass") return come ? ([2, 3].includes(s) ? win() : s === 12 ? { result: "push" } : [7, 11].includes(s) ? lose : null)
    : s === 7 ? win() : s === before.point ? lose : null;
  if ((m = /^odds on/.exec(n))) return s === before.point ? win() : s === 7 ? lose : null;
  if ((m = /^lay odds on/.exec(n))) return s === 7 ? win() : s === before.point ? lose : null;
  if ((m = /^(?:place|big) (\d+)$/.exec(n))) return s === Number(m[1]) ? win() : s === 7 ? lose : null;
  if ((m = /^hard (\d+)$/.exec(n))) return s === Number(m[1]) ? (doubles ? win() : lose) : s === 7 ? lose : null;
  if (n === "field") return [2, 12].includes(s) ? win(2) : [3, 4, 9, 10, 11].includes(s) ? win(1) : lose;
  if (n === "any 7") return s === 7 ? win() : lose;
  if (n === "any craps") return [2, 3, 12].includes(s) ? win() : lose;
  if (n === "yo (11)") return s === 11 ? win() : lose;
  if (n === "twelve") return s === 12 ? win() : lose;
  return null;
}

async function crapsBets() {
  let r;
  try {
    r = await api("craps", "bets", {}, "casino");
  } catch (e) {
    $("craps-bets").replaceChildren();
    askAgain($("craps-bets"), `The bets could not be had from the server: ${e.message}.`, () => crapsBets(), "craps-bets-again");
    throw e;
  }
  craps.bets = r.bets;
  crapsBetsRender();
  // A link's game that waited for the bets opens now.
  if (craps.waiting) {
    linkNoteGone("craps-new");
    crapsNew(craps.waiting);
  }
}

function crapsBet(name) {
  const stake = Number($("craps-stake").value);
  if (stake > craps.bank) {
    // Said under the bet pressed, where the player is (the stake may be
    // far above, out of the window), the keyboard staying on it.
    craps.short = { name, stake, bank: craps.bank, said: null };
    crapsShortShow();
    return;
  }
  craps.short = null;
  craps.bank -= stake;
  craps.stakes[name] = (craps.stakes[name] || 0) + stake;
  crapsBetsRender();
  // Said (politely; the keyboard stays on the bet): "5 on pass: bet
  // placed; bankroll 95."
  const on = craps.stakes[name];
  $("craps-bet-said").textContent = `${stake} on ${betLabel(name)}: bet placed${on > stake ? ` (${chipsText(on)} on it now)` : ""}; bankroll ${chipsText(craps.bank)}.`;
  casinoToUrl();
}

// (Every amount is a whole number of thirtieths: one of whole cents, a
// tenth of a chip, is shown to 2 decimals, "2.50"; any other exactly, as
// a fraction, "2 1/6", so that what is shown adds up.)
function chipsText(x) {
  const k = Math.round(x * 30), whole = Math.floor(k / 30), part = k - 30 * whole;
  if (!part) return String(whole);
  if (part % 3 === 0) return (k / 30).toFixed(2);
  const gcd = (a, b) => (b ? gcd(b, a % b) : a), g = gcd(part, 30);
  const frac = `${part / g}/${30 / g}`;
  return whole ? `${whole} ${frac}` : frac;
}

// An edge as the CLI writes it ("7/495"), but a zero one as 0, not 0/1.
const edgeText = (f) => (/^0\/\d+$/.test(f) ? "0" : f);

function crapsBetsRender() {
  // No bet list yet (its Try again stays where it is).
  if (!craps.bets.length) return;
  const rows = craps.bets.map((b, i) => {
    const why = crapsOpen(b);
    const stake = craps.stakes[b.name] || 0;
    // A stake more than the bankroll leaves the button where it is, off
    // but focusable (`aria-disabled`): the keyboard stays on the bet just
    // made, the stake's hint says why, and a press says "Not enough chips".
    const short = !why && craps.bank < Number($("craps-stake").value);
    return el("tr", { "data-bet": b.name },
      // (The rule again under the name, shown where its column is not:
      // on a phone.)
      el("td", { class: "name" }, betLabel(b.name), el("small", { class: "bet-rule" }, b.rule)),
      el("td", {}, b.pays),
      // (`data-pct`: the per cent again, shown under the fraction where
      // its column is not: on a phone.)
      el("td", { class: "edge", "data-edge": b.house_edge, "data-pct": `${b.house_edge_percent.toFixed(3)}%` }, edgeText(b.house_edge)),
      el("td", { class: "edge-pct" }, `${b.house_edge_percent.toFixed(3)}%`),
      el("td", { class: "stake" }, stake ? chipsText(stake) : ""),
      el("td", {}, el("button", {
        id: `craps-bet-${i}`, disabled: Boolean(why), "aria-disabled": short ? "true" : null,
        // (Off for the chips: the reason a press says, as off for the game.)
        title: why || (short ? `Not enough chips for a stake of ${$("craps-stake").value}: the bankroll is ${chipsText(craps.bank)}.` : b.rule),
        "aria-label": `bet ${$("craps-stake").value} on ${betLabel(b.name)}${why ? `: ${why}` : ""}`,
        onclick: (e) => { if (secondClick(e)) return; craps.focus = `craps-bet-${i}`; crapsBet(b.name); },
      }, "bet")),
      el("td", { class: "rule" }, b.rule));
  });
  $("craps-bets").replaceChildren(el("table", { id: "craps-bets-table", class: "bets" },
    // Each header aligned as its column: the names and rules to the left.
    el("tr", {}, el("th", { class: "name" }, "bet"), el("th", {}, "pays"), el("th", {}, "house edge"), el("th", { class: "edge-pct" }, el("span", { class: "sr-only" }, "house edge, per cent")), el("th", {}, "on it"), el("th", {}, el("span", { class: "sr-only" }, "place a bet")), el("th", { class: "rule" }, "rule")),
    ...rows));
  $("craps-bank").textContent = chipsText(craps.bank);
  crapsShortShow();
  refocus(craps.focus, $("craps-bets"));
  crapsBroke();
}

// A bet pressed whose stake is more than the bankroll: "Not enough chips
// for a stake of 30: the bankroll is 10." in a row of its own under that
// bet's (an alert, in the bet button's and the stake's
// aria-describedby), while the stake and the bankroll are what they were
// then; it goes when either changes (or the bet can no longer be made).
function crapsShortShow() {
  const s = craps.short, old = $("craps-bet-error");
  const row = s && [...document.querySelectorAll("#craps-bets-table tr[data-bet]")].find((r) => r.dataset.bet === s.name);
  const button = row && row.querySelector("button");
  const holds = Boolean(button) && button.getAttribute("aria-disabled") === "true" &&
    s.stake === Number($("craps-stake").value) && s.bank === craps.bank;
  if (old && old !== (holds && s.said)) old.closest("tr").remove();
  // Only the bet pressed is described by it (rows are not drawn again on
  // a press): another bet's tie goes when it moves or goes.
  for (const b of document.querySelectorAll('#craps-bets-table button[aria-describedby="craps-bet-error"]')) {
    if (!holds || b !== button) b.removeAttribute("aria-describedby");
  }
  if (!holds) {
    craps.short = null;
    return;
  }
  if (!s.said) {
    s.said = el("p", { id: "craps-bet-error", class: "error check-error bet-error", role: "alert", "data-fields": "craps-stake" },
      `Not enough chips for a stake of ${s.stake}: the bankroll is ${chipsText(s.bank)}.`);
  } else {
    // Drawn again with the table (a roll that left the bankroll as it
    // was): said once, not again.
    s.said.removeAttribute("role");
  }
  const fresh = !s.said.parentElement;
  const line = s.said.closest("tr") || el("tr", { class: "bet-error-row" }, el("td", { colspan: 7 }, s.said));
  if (row.nextElementSibling !== line) row.after(line);
  button.setAttribute("aria-describedby", "craps-bet-error");
  // (A bet at the window's foot: its error is scrolled in under it.)
  if (fresh) s.said.scrollIntoView({ block: "nearest" });
}

// The bankroll a new game starts with, and the smallest stake.
const CRAPS_BANK = 100;
const crapsLeastStake = () => Math.min(...[...$("craps-stake").options].map((o) => Number(o.value)));

// Whether the bankroll cannot cover any stake and no bet stands to bring
// chips back: then only a new bankroll plays on.
function crapsBankrupt() {
  return craps.bank < crapsLeastStake() && !Object.keys(craps.stakes).length && !craps.waiting;
}

// Said beside the bankroll when it has run out: New game starts again
// with the bankroll a game starts with.
function crapsBroke() {
  const broke = Boolean(craps.game) && crapsBankrupt();
  const text = broke ? `No chips left for a bet (the bankroll is ${chipsText(craps.bank)}, the smallest stake ${crapsLeastStake()}): New game starts again with ${CRAPS_BANK} chips.` : "";
  if ($("craps-broke").textContent !== text) $("craps-broke").textContent = text;
  $("craps-broke").hidden = !broke;
  crapsStakeHint();
}

// Why every bet button is off when the stake is more than the bankroll,
// said beside the stake while it holds (a bet pressed then says "Not
// enough chips" under its own row): not when the bankroll is out (the
// note beside it says so).
function crapsStakeHint() {
  const stake = Number($("craps-stake").value), bank = craps.bank, hint = $("craps-stake-hint");
  // Only while bets can be made: once the game is over, that is why.
  const open = ["come-out", "point"].includes(crapsPhase().phase);
  const holds = open && stake > bank && !crapsBankrupt();
  // The stakes the menu offers that the bankroll covers: the largest one.
  const fits = [...$("craps-stake").options].map((o) => Number(o.value)).filter((x) => x <= bank);
  // Once the game is over, that is why every bet is off (the bankroll's
  // own note says it when it covers no stake).
  const over = Boolean(craps.game) && !open && !crapsBankrupt();
  const text = over ? "The game is over: New game to bet again."
    : !holds ? "" : fits.length
      ? `Stake ${stake} is more than your ${chipsText(bank)} chips: the largest stake you can bet is ${Math.max(...fits)}.`
      : `Stake ${stake} is more than your ${chipsText(bank)} chips, and no stake is that small: bet again once a bet comes back.`;
  if (hint.textContent !== text) hint.textContent = text;
}

// A bankroll holds at most 10^9 chips, what a link reads back: past it,
// 10^9. Gives the chips not kept (0 when none).
function crapsCap() {
  const over = Math.max(0, craps.bank - 1e9);
  craps.bank -= over;
  return over;
}

// Settle the bets on roll r; at the game's end, bets still up come back.
function crapsSettleRoll(r, last) {
  const lines = [];
  for (const b of craps.bets) {
    const stake = craps.stakes[b.name];
    if (!stake) continue;
    let o = crapsSettle(b, r);
    if (!o && last) o = { result: "back" };
    if (!o) continue;
    delete craps.stakes[b.name];
    let back = 0;
    if (o.result === "win") back = stake + stake * o.pays;
    if (o.result === "push" || o.result === "back") back = stake;
    // (A link's bankroll of 10^9 can win: the line says what was not
    // kept.)
    craps.bank = thirtieths(craps.bank + back);
    const over = crapsCap();
    const n = betLabel(b.name);
    // A win says what comes back to the bankroll: the win and the stake,
    // the bet then down (bet again to keep it up).
    const text = (o.result === "win" ? `${n} wins ${chipsText(stake * o.pays)} (${chipsText(back)} back with its stake of ${chipsText(stake)}; the bet is down)`
      : o.result === "lose" ? `${n} loses ${chipsText(stake)}`
      : o.result === "push" ? `${n} pushes (${chipsText(stake)} back)` : `${n} comes back (${chipsText(stake)}): the game ended`)
      + (over > 0 ? `; the bankroll holds at most 10^9 chips, so ${chipsText(over)} of it is not kept` : "");
    lines.push({ bet: b.name, stake, result: o.result, returned: back, text });
  }
  craps.settled.push({ roll: craps.at, dice: r.dice, settled: lines });
  // (The bankroll they leave is said after them: its own line is no live
  // region.)
  $("craps-settle").replaceChildren(...lines.map((l) => el("div", { class: l.result === "win" ? "win" : l.result === "lose" ? "lose" : "" }, l.text)),
    ...(lines.length ? [el("div", { class: "sr-only" }, `Bankroll: ${chipsText(craps.bank)} chips.`)] : []));
  return lines;
}

function crapsPuck() {
  const p = crapsPhase(), on = p.phase === "point";
  const puck = $("craps-puck");
  puck.className = `puck ${on ? "on" : "off"}`;
  puck.replaceChildren(on ? "ON" : "OFF", ...(on ? [el("br"), String(p.point)] : []));
  puck.setAttribute("aria-label", on ? `puck: ON, the point is ${p.point}` : p.phase === "come-out" ? "puck: OFF, come-out roll" : "puck: OFF, the game is over");
  puck.dataset.point = on ? p.point : "";
}

// A roll's rule in the engine's words, whose "player" is the shooter on
// the pass line: here "the pass line wins" (or loses), so that a line does
// not say "the player wins" to a player whose bets lost.
const crapsRule = (r) => r.rule.replace(/the player (wins|loses)/, "the pass line $1");

// Show the game up to roll k; a step of one roll (`step`) settles its bets.
function crapsShow(k, step = k === craps.at + 1) {
  // A game shown: there is one to download.
  nothingGone("craps");
  const g = craps.game;
  craps.at = Math.min(k, g.rolls.length);
  const r = craps.at > 0 ? g.rolls[craps.at - 1] : null;
  $("craps-dice").replaceChildren(...(r ? r.dice.map((f) => faceDie(f, 6)) : []));
  if (!r) $("craps-event").textContent = `Seed ${g.seed}: the come-out roll is next.`;
  else {
    // The dice said too (a hardway is in them, not in the sum).
    const said = crapsRule(r).replace(":", ` (${r.dice[0]} + ${r.dice[1]}):`);
    $("craps-event").textContent = said[0].toUpperCase() + said.slice(1) + ".";
    const settled = step ? crapsSettleRoll(r, craps.at >= g.rolls.length) : [];
    const line = (x, s = []) => el("li", {}, `${x.dice[0]} + ${x.dice[1]}: ${crapsRule(x)}` + (s.length ? `; ${s.map((l) => l.text).join("; ")}` : ""));
    // A roll played settles its bets; a jump (a link) shows every roll to
    // there, newest first, with no bets.
    if (step) $("craps-log").prepend(line(r, settled));
    else $("craps-log").replaceChildren(...g.rolls.slice(0, craps.at).map((x) => line(x)).reverse());
  }
  const had = document.activeElement === $("craps-roll");
  $("craps-roll").disabled = craps.at >= g.rolls.length;
  if (had && craps.at >= g.rolls.length) $("craps-export").focus();
  $("craps-event").dataset.done = craps.at >= g.rolls.length ? (g.won ? "won" : "lost") : "";
  crapsPuck();
  if (craps.bets.length) crapsBetsRender();
  crapsBroke();
  casinoToUrl();
}

EXPORTS.craps = () => ({
  game: "craps", seed: craps.game.seed,
  rolls: craps.game.rolls.slice(0, craps.at).map((r) => ({ dice: r.dice, sum: r.sum, rule: r.rule })),
  // Whether the player won, once the game is over (null before).
  over: craps.at >= craps.game.rolls.length, won: craps.at >= craps.game.rolls.length ? craps.game.won : null,
  bets: craps.settled, standing: craps.stakes, bankroll: craps.bank,
  command: commandOf.get(craps.game),
});

// A new shoe and hand; from a link, with its first `cards` dealt.
// `pressed`: asked for with "Shuffle a new shoe", which says the shoe is
// shuffled and what deals its first card.
async function bacNew(cards = 0, pressed = false) {
  if (seedBlank("bac-seed")) $("bac-seed").value = newSeed();
  if (!seedOk("bac-seed", "bac-new") || !wholeOk("bac-decks", "bac-new", "Decks", 1, 64)) return;
  seedAsked("bac-seed");
  const decks = Number($("bac-decks").value), seed = Number($("bac-seed").value);
  // The old hand and odds go before the new ones come (or an error does).
  bac.deal = null;
  $("bac-table").replaceChildren();
  $("bac-said").textContent = "";
  $("bac-rules").replaceChildren();
  $("bac-exact").replaceChildren();
  bac.exact = null;
  bacTallyShow();
  $("bac-next").disabled = true;
  $("bac-next-hand").disabled = true;
  const asked = ++bac.asked;
  const deal = await seededGame("bac-seed", () => asked === bac.asked,
    (current) => api("baccarat", "deal", { decks, seed }, "casino", { current }));
  if (asked !== bac.asked) return;
  bac.deal = deal;
  bac.hand++;
  bac.decks = decks;
  bac.seed = seed;
  bacShow(cards);
  if (pressed && !cards) {
    $("bac-said").textContent = `Shoe shuffled: ${decks} deck${decks > 1 ? "s" : ""}, seed ${seed}. Press Next card to deal the first card.`;
  }
  const whole = bacOrder(deal.game).length;
  if (cards > whole) linkNote("bac-new", `The link's hand has ${whole} cards, not ${cards}: it opened whole.`);
  bacExact(decks);
}

EXPORTS.baccarat = () => {
  const g = bac.deal.game, order = bacOrder(g), done = bac.at >= order.length;
  return {
    game: "baccarat", decks: bac.decks, seed: bac.seed,
    // The cards dealt so far, in order; the command deals the whole hand.
    cards: order.slice(0, bac.at).map(([hand, card]) => ({ hand, card })),
    outcome: done ? g.outcome : null, rules_applied: done ? bac.deal.rules_applied : [],
    // The seeded deal: it prints the same hand.
    command: commandOf.get(bac.deal),
  };
};

// A card's face: rank in two corners, its suit in the middle, hearts and
// diamonds red. The engine prints suits as ♠ ♡ ♢ ♣; the faces fill them.
const SUITS = { "♠": ["♠", "spades"], "♡": ["♥", "hearts"], "♢": ["♦", "diamonds"], "♣": ["♣", "clubs"] };
const RANKS = { A: "ace", J: "jack", Q: "queen", K: "king" };

// The engine's words exactly as its JSON and the CLI give them (its
// suits ♡ ♢ outlined, where the faces fill them), the red suits in red,
// as on the cards.
const suitedText = (text) => text.split(/([♡♢])/).filter(Boolean)
  .map((part) => (part === "♡" || part === "♢" ? el("span", { class: "red-suit" }, part) : part));

// A card's name as a screen reader says it ("queen of hearts").
function cardName(c) {
  const [rank, suit] = c.split(" ");
  return `${RANKS[rank] || rank} of ${(SUITS[suit] || [suit, suit])[1]}`;
}

function cardEl(c, deal = false) {
  const [rank, suit] = c.split(" ");
  const [glyph, name] = SUITS[suit] || [suit, suit];
  return el("span", { class: `card ${deal ? "deal" : ""} ${/[♡♢]/.test(c) ? "red" : ""}`, role: "img", "aria-label": `${RANKS[rank] || rank} of ${name}`, "data-card": c },
    el("span", { "aria-hidden": "true" }, rank), el("span", { class: "suit", "aria-hidden": "true" }, glyph),
    el("span", { class: "rank2", "aria-hidden": "true" }, rank));
}

// The cards in the order dealt: player, house, player, house, then the
// third cards (the player's first).
function bacOrder(g) {
  const order = [["player", g.player[0]], ["house", g.house[0]], ["player", g.player[1]], ["house", g.house[1]]];
  if (g.player_third) order.push(["player", g.player_third]);
  if (g.house_third) order.push(["house", g.house_third]);
  return order;
}

function bacShow(k) {
  // A game shown: there is one to download.
  nothingGone("baccarat");
  const g = bac.deal.game, order = bacOrder(g);
  bac.at = Math.min(k, order.length);
  const dealt = order.slice(0, bac.at);
  const hand = (who) => dealt.map(([w, c], i) => (w === who ? cardEl(c, i === bac.at - 1) : null)).filter(Boolean);
  // The card just dealt is said (the table itself is not a live region:
  // it would be read whole on every card).
  const last = dealt[bac.at - 1];
  // With the hand's last card, its result (the tableau's last line, as
  // the page lists it): "Player 0 against house 1: the house wins."
  const result = bac.at === order.length ? bac.deal.rules_applied[bac.deal.rules_applied.length - 1] : "";
  $("bac-said").textContent = last ? `${last[0] === "player" ? "Player" : "House"}: ${cardName(last[1])}.${result ? ` ${result}` : ""}` : "";
  // Two rows of a grid: the names in one column, so that both hands'
  // cards start at the same place.
  $("bac-table").replaceChildren(
    el("div", { class: "hand" }, el("strong", {}, "Player: "), el("span", { class: "hand-cards", id: "bac-player" }, ...hand("player"))),
    el("div", { class: "hand" }, el("strong", {}, "House: "), el("span", { class: "hand-cards", id: "bac-house" }, ...hand("house"))));
  // The rules in words, once the two-card hands are down.
  const lines = bac.deal.rules_applied;
  const shown = bac.at < 4 ? [] : bac.at === order.length ? lines : lines.slice(0, 1 + (bac.at - 4));
  $("bac-rules").replaceChildren(...shown.map((l) => el("li", {}, suitedText(l))));
  const had = document.activeElement === $("bac-next");
  $("bac-next").disabled = bac.at >= order.length;
  $("bac-next-hand").disabled = bac.at < order.length;
  // (The keyboard on what comes next: the next hand.)
  if (had && bac.at >= order.length) $("bac-next-hand").focus();
  $("bac-table").dataset.done = bac.at >= order.length ? g.outcome : "";
  // The hand's result counts once, when its last card shows (not again
  // when the same hand is shown again).
  const key = `${bac.decks}:${bac.seed}`;
  if (bac.at >= order.length && bac.tallied !== bac.hand && bacCounted.has(key)) {
    bac.tallied = bac.hand;
    $("bac-said").textContent += ` This hand (${bac.decks} deck${bac.decks > 1 ? "s" : ""}, seed ${bac.seed}) was dealt before: the totals count it once.`;
  }
  if (bac.at >= order.length && bac.tallied !== bac.hand) {
    bac.tallied = bac.hand;
    bacCounted.add(key);
    bacTally.hands++;
    if (g.outcome in bacTally) bacTally[g.outcome]++;
    bacTallyShow();
  }
  casinoToUrl();
}

async function bacExact(decks) {
  const asked = bac.asked;
  let r;
  try {
    r = await api("baccarat", "exact", { decks }, "casino", { current: () => asked === bac.asked });
  } catch (e) {
    if (asked === bac.asked) {
      $("bac-exact").replaceChildren();
      askAgain($("bac-exact"), `The exact odds could not be had from the server: ${e.message}.`, () => bacExact(decks), "bac-exact-again");
    }
    throw e;
  }
  if (asked !== bac.asked) return;
  bac.exact = r;
  bacTallyShow();
  // The figures as `baccarat exact` prints them: each chance to 6
  // decimals and exactly (the reply's fraction), each edge to 4 decimals
  // of a per cent (the reply gives the edges as decimals only).
  const e = r.house_edge;
  // (A fraction breaks only after its slash, never inside a number.)
  const fraction = (f) => f.split("/").flatMap((n, i) => (i ? [el("wbr"), el("span", {}, n)] : [el("span", {}, `${n}/`)]));
  const chance = (name, p, exact) => el("tr", {}, el("td", {}, name), el("td", {}, fmt(p)), el("td", { class: "fraction" }, ...fraction(exact)));
  $("bac-exact").replaceChildren(
    el("p", {}, `A fresh shoe of ${r.decks} deck${r.decks > 1 ? "s" : ""}:`),
    el("table", { id: "bac-chances" }, el("tr", {}, el("th", {}, "result"), el("th", {}, "chance"), el("th", {}, "exactly")),
      chance("player", r.player, r.player_fraction), chance("house", r.house, r.house_fraction), chance("tie", r.tie, r.tie_fraction)),
    el("table", { id: "bac-edges" }, el("tr", {}, el("th", {}, "bet"), el("th", {}, "pays"), el("th", {}, "house edge")),
      el("tr", {}, el("td", {}, "house"), el("td", {}, "0.95 to 1"), el("td", {}, pct(e.banker, 4))),
      el("tr", {}, el("td", {}, "player"), el("td", {}, "1 to 1"), el("td", {}, pct(e.player, 4))),
      el("tr", {}, el("td", {}, "tie"), el("td", {}, "8 to 1"), el("td", {}, pct(e.tie, 4)))));
}

// The running totals: each outcome's hands and share of the hands dealt,
// beside its exact chance for the current shoe once that reply is in (in
// per cent to 4 decimals: the odds panel's 6-decimal chance). Not
// a live region: the hand's result is said with its last card.
function bacTallyShow() {
  const t = bacTally, x = bac.exact;
  const share = (n) => (t.hands ? `${(100 * n / t.hands).toFixed(1)}%` : "–");
  const row = (name, n, p) => el("tr", {}, el("td", {}, name), el("td", {}, String(n)), el("td", {}, share(n)),
    ...(x ? [el("td", {}, pct(p, 4))] : []));
  $("bac-tally").replaceChildren(el("table", { id: "bac-tally-table" },
    el("caption", { class: "sr-only" }, "Hands dealt since the page loaded, by outcome"),
    el("tr", {}, el("th", {}, "outcome"), el("th", {}, "hands"), el("th", {}, "share %"),
      ...(x ? [el("th", {}, `exact % (${x.decks} deck${x.decks > 1 ? "s" : ""})`)] : [])),
    row("player", t.player, x && x.player), row("house", t.house, x && x.house), row("tie", t.tie, x && x.tie),
    row("all hands", t.hands, 1)));
}

show(location.pathname);
