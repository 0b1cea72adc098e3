// Small progressive enhancements; every page works without this file.
document.documentElement.classList.add("js");
document.addEventListener("change", (event) => {
  // Language switcher submits on change (the Go button stays for keyboards and no-JS).
  if (event.target.id === "lang-select") event.target.form.submit();
});

// Buttons marked data-once are disabled after the first submit (the server is idempotent anyway).
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  if (button && button.hasAttribute("data-confirm") && !window.confirm(button.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  if (button && button.hasAttribute("data-once")) {
    setTimeout(() => { button.disabled = true; }, 0);
  }
});

// Event form: the edition filters the scoring presets (each says data-edition) and picks the
// edition's default when the chosen one no longer fits; the server checks the same.
function filterPresets(edition) {
  const select = document.getElementById(edition.dataset.filters);
  if (!select) return;
  const defaults = Object.fromEntries((select.dataset.defaults || "").split(",").map((pair) => pair.split("=")));
  for (const option of select.options) {
    const fits = !option.dataset.edition || option.dataset.edition === edition.value;
    option.hidden = !fits;
    option.disabled = !fits;
  }
  const chosen = select.selectedOptions[0];
  if (!chosen || chosen.disabled) select.value = defaults[edition.value] || "";
}
document.addEventListener("change", (event) => {
  if (event.target.dataset && event.target.dataset.filters) filterPresets(event.target);
});
document.querySelectorAll("[data-filters]").forEach(filterPresets);

// Event form: suggest the short name (slug) from the name until the organizer types one.
document.addEventListener("input", (event) => {
  const name = event.target;
  if (!name.dataset || !name.dataset.suggests) return;
  const slug = document.getElementById(name.dataset.suggests);
  if (!slug || slug.dataset.touched) return;
  slug.value = name.value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50);
});
document.addEventListener("input", (event) => {
  if (event.target.id === "id_slug") event.target.dataset.touched = "1";
});

// htmx answers of 4xx carry the reason: a fragment (a form with its errors, the calculator's message) is
// swapped in like a 200; a bare message or a whole error page is shown in words next to what asked, as is a
// server error or a lost connection. htmx alone swaps nothing on an error and the screen does not change.
function showRequestError(elt, words) {
  const anchor = (elt && (elt.closest("form") || elt)) || document.getElementById("main");
  if (!anchor || !anchor.isConnected) return;
  let box = anchor.nextElementSibling;
  if (!box || !box.classList.contains("request-error")) {
    box = document.createElement("p");
    box.className = "errors request-error";
    box.setAttribute("role", "alert");
    anchor.after(box);
  }
  box.textContent = words;
}
function errorWords(xhr) {
  const body = (xhr.responseText || "").trim();
  if (!body.startsWith("<")) return body.slice(0, 500);
  const page = new DOMParser().parseFromString(body, "text/html");
  const reason = page.querySelector("#reason, .errors, .errorlist, main h1, h1");
  return (reason ? reason.textContent : page.body.textContent).trim().replace(/\s+/g, " ").slice(0, 500);
}
function isWholePage(body) {
  return /<html[\s>]|<!doctype/i.test(body.slice(0, 500));
}
document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  const xhr = detail.xhr;
  if (xhr.status < 400) return;
  const body = (xhr.responseText || "").trim();
  const type = xhr.getResponseHeader("Content-Type") || "";
  if (xhr.status < 500 && type.startsWith("text/html") && body.startsWith("<") && !isWholePage(body)) {
    detail.shouldSwap = true;
    detail.isError = false;
    return;
  }
  detail.shouldSwap = false;
  detail.isError = false;
  const fallback = document.body.dataset.serverError || "";
  showRequestError(detail.requestConfig && detail.requestConfig.elt,
    (xhr.status < 500 && errorWords(xhr)) || fallback);
});
document.addEventListener("htmx:afterRequest", (event) => {
  // A request that reached the server removes the words of an earlier failure beside the same form.
  if (!event.detail.xhr || !event.detail.xhr.status || event.detail.xhr.status >= 400) return;
  const elt = event.detail.elt;
  const anchor = elt && (elt.closest("form") || elt);
  const box = anchor && anchor.nextElementSibling;
  if (box && box.classList.contains("request-error")) box.remove();
});
document.addEventListener("htmx:sendError", (event) => {
  showRequestError(event.detail.elt, document.body.dataset.offline || "");
});

// A table wider than its frame scrolls inside it; the frame says so (the words come from the page's language).
function markScrolling() {
  document.querySelectorAll(".table-wrap").forEach((wrap) => {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    wrap.classList.toggle("scrolls", scrolls);
    if (scrolls) wrap.dataset.scrollHint = document.body.dataset.scrollHint || "";
  });
}
window.addEventListener("load", markScrolling);
window.addEventListener("resize", markScrolling);
document.addEventListener("htmx:afterSettle", markScrolling);

// Installable and readable offline (templates/offline/sw.js): the home asks the service worker to keep the
// pages marked data-offline ready; logging out forgets every kept page.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then((registration) => {
    const home = document.getElementById("me-live");
    const warm = home === null ? [] : [...document.querySelectorAll("a[data-offline]")].map((link) => link.getAttribute("href"));
    if (warm.length && registration.active) registration.active.postMessage({ warm });
  }).catch(() => {});
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[action$='/accounts/logout/']") && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ forget: true });
    }
  });
}

// A player's result typed without a connection is kept on the phone (the form says so) and sent once the
// phone is back online. Never twice: a report leaves the queue as soon as the server has answered, and the
// server takes the same report again as a repeat, not a second report.
const REPORTS = "dba-queued-reports";
function queuedReports() {
  try { return JSON.parse(localStorage.getItem(REPORTS) || "[]"); } catch { return []; }
}
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches || !form.matches("form[data-offline-queue]") || navigator.onLine) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const url = form.action || window.location.href;
  const reports = queuedReports().filter((item) => item.url !== url);  // the newest report of a game replaces the older
  reports.push({ url, body: new URLSearchParams(new FormData(form)).toString() });
  localStorage.setItem(REPORTS, JSON.stringify(reports));
  let note = document.getElementById("queued-report");
  if (!note) {
    note = document.createElement("p");
    note.id = "queued-report";
    note.className = "warnings";
    note.setAttribute("role", "status");
    form.before(note);
  }
  note.textContent = form.dataset.queued || "";
}, true);
async function sendQueuedReports() {
  if (!navigator.onLine) return;
  let sent = false;
  for (const item of queuedReports()) {
    try {
      await fetch(item.url, { method: "POST", body: item.body, credentials: "same-origin", redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    } catch {
      return;  // still offline: try again at the next "online"
    }
    localStorage.setItem(REPORTS, JSON.stringify(queuedReports().filter((other) => other.url !== item.url)));
    sent = true;
  }
  if (sent && document.querySelector("form[data-offline-queue], #queued-report")) window.location.reload();
}
window.addEventListener("online", sendQueuedReports);
sendQueuedReports();

// A region that htmx refreshes (the standings every 30 seconds) keeps what the reader opened: its <details> with
// an id are open again after the swap, as they were before it.
document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  if (target) target.dataset.openDetails = [...target.querySelectorAll("details[id][open]")].map((d) => d.id).join(" ");
});
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  for (const id of ((target && target.dataset.openDetails) || "").split(" ").filter(Boolean)) {
    const details = document.getElementById(id);
    if (details && target.contains(details)) details.open = true;
  }
});
