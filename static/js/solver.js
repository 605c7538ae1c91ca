// The solver page, progressive enhancement (the form works without this file: the page
// refreshes while a solve runs). Solve asks the server for the spot's solve (started if it is
// not running), then asks for its progress until the answer's HTML, rendered by the server,
// is ready; Cancel posts to the server, which stops the solve. The address bar follows the
// spot, so a link shares it.
const form = document.querySelector("form[data-solver]");
if (form) enhance(form);

function enhance(form) {
  const progress = document.querySelector(".sv-progress");
  const bar = progress.querySelector("progress");
  const status = progress.querySelector(".sv-status");
  const errorBox = document.querySelector(".sv-error");
  const result = document.querySelector(".sv-result");
  const cancel = form.querySelector(".sv-cancel");
  const token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  let query = "";
  let running = false;

  function queryOf() {
    const data = new FormData(form);
    data.delete("csrfmiddlewaretoken");
    if (data.getAll("allin").includes("1")) data.set("allin", "1");
    return new URLSearchParams(data).toString();
  }

  function show(answer) {
    if (answer.error) {
      errorBox.textContent = answer.error;
      errorBox.hidden = false;
      running = false;
      progress.hidden = true;
      cancel.hidden = true;
      return;
    }
    bar.value = answer.progress;
    status.textContent = answer.exploitability === null ? "Solving…"
      : `Iteration ${answer.iteration}: exploitability ${answer.exploitability}% of the pot (target ${answer.target}%)`;
    if (answer.state === "done") {
      result.innerHTML = answer.html;
      running = false;
      progress.hidden = true;
      cancel.hidden = true;
    } else if (answer.state !== "running") {
      status.textContent = answer.state === "cancelled" ? "Cancelled." : answer.error;
      running = false;
      cancel.hidden = true;
    }
  }

  async function poll() {
    while (running) {
      const answer = await fetch(`${form.dataset.status}?${query}`)
        .then((r) => r.json()).catch(() => ({ error: "The server did not answer." }));
      show(answer);
      if (running) await new Promise((done) => setTimeout(done, 400));
    }
  }

  function solve() {
    query = queryOf();
    history.replaceState(null, "", `?${query}`);
    errorBox.hidden = true;
    result.textContent = "";
    progress.hidden = false;
    cancel.hidden = false;
    bar.value = 0;
    status.textContent = "Solving…";
    if (!running) {
      running = true;
      poll();
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    solve();
  });
  cancel.addEventListener("click", async () => {
    const answer = await fetch(`${form.dataset.cancel}?${query || queryOf()}`, {
      method: "POST", headers: { "X-CSRFToken": token } }).then((r) => r.json())
      .catch(() => ({ error: "The server did not answer." }));
    running = false;
    cancel.hidden = true;
    status.textContent = answer.error || "Cancelled.";
  });
  if (!progress.hidden) solve();  // the page opened on a solve still running
}
