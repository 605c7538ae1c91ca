// A registering sit-and-go's page, kept current: it asks the server where the tournament
// stands (GET /tournaments/<id>/now/, games/tournament_status.py) every few seconds and shows
// the line it words. When it starts, a player still in is taken to their seat at its table;
// anyone else gets the page again, as the running tournament's (its table's link).

const ASK_EVERY_MS = 2000;

function watch(line) {
  const said = line.querySelector(".said");
  const ask = async () => {
    let now = null;
    try {
      const answer = await fetch(line.dataset.watch, { headers: { Accept: "application/json" } });
      if (answer.ok) now = await answer.json();
    } catch (error) {
      now = null; // offline for a moment: ask again at the next turn
    }
    if (now && now.status !== line.dataset.status) {
      said.textContent = now.text;
      if (now.go) window.location.assign(now.go);
      else window.location.reload();
      return;
    }
    if (now) said.textContent = now.text;
    window.setTimeout(ask, ASK_EVERY_MS);
  };
  window.setTimeout(ask, ASK_EVERY_MS);
}

const line = document.getElementById("tournament-status");
if (line && line.dataset.watch) watch(line);
