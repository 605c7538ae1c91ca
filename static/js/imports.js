// Import hand histories with a progress bar: post the upload once, then ask for the next few
// hands until the server says the import is done, and show the summary it sends. Without
// JavaScript the form posts normally and the server answers with the summary page.

const form = document.getElementById("upload-form");
const box = document.getElementById("upload-progress");
const bar = document.getElementById("upload-bar");
const count = document.getElementById("upload-count");
const summary = document.getElementById("upload-summary");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function show(progress) {
  bar.max = Math.max(progress.total, 1);
  bar.value = progress.done;
  count.textContent = `${progress.done} of ${progress.total} hands read · ${progress.imported} imported`;
}

function showSummary(progress) {
  const review = (progress.review || []).map((item) => el("li", {}, item.text));
  const refused = progress.refused.map((item) =>
    el("li", {}, el("strong", {}, item.hand), `: ${item.reason}`));
  summary.replaceChildren(
    el("p", { class: "hh-summary-counts" },
      el("strong", { "data-count": "imported" }, String(progress.imported)), " imported · ",
      el("strong", { "data-count": "duplicates" }, String(progress.duplicates)), " already imported · ",
      el("strong", { "data-count": "refused" }, String(progress.refused_count)), " refused, of ",
      `${progress.total} hand${progress.total === 1 ? "" : "s"}.`),
    el("p", {}, el("a", { href: progress.hands_url }, "See the imported hands"), " · ",
      el("a", { href: progress.review_url }, "Review them as a session")),
    // replaceChildren, unlike el(), would write a null child as the text "null".
    ...(review.length ? [el("h3", {}, "For review: stacks between hands"),
      el("p", { class: "muted" }, progress.review_note),
      el("ul", { class: "hh-review" }, ...review)] : []),
    ...(refused.length ? [el("h3", {}, "Refused"), el("ul", { class: "hh-refused" }, ...refused)] : []),
  );
  summary.hidden = false;
}

function fail(message) {
  summary.replaceChildren(el("div", { class: "errors hh-error", role: "alert" },
    el("strong", {}, "Nothing was imported: "), message));
  summary.hidden = false;
}

async function post(url, body) {
  const token = form.querySelector("[name=csrfmiddlewaretoken]").value;
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: { Accept: "application/json", "X-CSRFToken": token },
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({ error: `The server answered ${response.status}.` }));
  if (!response.ok) throw new Error(data.error || `The server answered ${response.status}.`);
  return data;
}

if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    summary.hidden = true;
    box.hidden = false;
    count.textContent = "Uploading…";
    try {
      let progress = await post(form.action, new FormData(form));
      show(progress);
      while (!progress.finished) {
        progress = await post(progress.step_url);
        show(progress);
      }
      showSummary(progress);
      form.reset();
    } catch (error) {
      box.hidden = true;
      fail(error.message);
    } finally {
      button.disabled = false;
    }
  });
}
