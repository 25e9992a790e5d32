// The replay viewer's script: shows frame `step` of the frames embedded in the page, and moves
// with the slider, the buttons, the arrow keys (Home/End: first/last) and the address
// (#step=K, #turn=N). Errors are written to <body data-error> for programs to see.
"use strict";
window.addEventListener("error", (e) => {
  document.body.dataset.error = String(e.message);
});
(() => {
  const data = JSON.parse(document.getElementById("frames").textContent);
  const frames = data.frames;
  const last = frames.length - 1;
  const slider = document.getElementById("slider");
  const board = document.getElementById("board");
  const status = document.getElementById("status");
  const decision = document.getElementById("decision");
  const cursors = Array.from(document.querySelectorAll(".chart svg"));
  document.getElementById("seats").textContent = "Seats: " + data.seats.join(" · ");
  slider.max = String(last);

  // The step an address asks for (`#step=K`, or the first position after N turns with
  // `#turn=N`), or null.
  function fromHash() {
    const m = /^#(step|turn)=(\d+)$/.exec(window.location.hash);
    if (!m) return null;
    const n = Number(m[2]);
    if (m[1] === "step") return Math.min(n, last);
    const i = frames.findIndex((f) => f.turn >= n);
    return i < 0 ? last : i;
  }

  function show(step) {
    const f = frames[step];
    board.innerHTML = f.svg;
    slider.value = String(step);
    status.textContent = `decision ${step} of ${last} · after ${f.turn} turns · scores ` +
      f.scores.map((s, p) => `P${p} ${s}`).join(", ");
    decision.textContent = f.decision
      ? `next: ${f.decision} (chosen among ${f.legal} legal option${f.legal === 1 ? "" : "s"})`
      : "the record ends here";
    for (const svg of cursors) {
      const x = Number(svg.dataset.x0) + step * Number(svg.dataset.dx);
      const line = svg.querySelector(".cursor");
      line.setAttribute("x1", x.toFixed(1));
      line.setAttribute("x2", x.toFixed(1));
    }
    document.body.dataset.step = String(step);
    document.body.dataset.turn = String(f.turn);
    const hash = `#step=${step}`;
    if (window.location.hash !== hash && window.location.hash !== "") {
      history.replaceState(null, "", hash);
    }
  }

  let step = fromHash() ?? 0;
  const go = (s) => {
    step = Math.max(0, Math.min(last, s));
    show(step);
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => go(step - 1));
  document.getElementById("next").addEventListener("click", () => go(step + 1));
  document.addEventListener("keydown", (e) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (e.key in moves) go(step + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last);
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    const s = fromHash();
    if (s !== null && s !== step) go(s);
  });
  go(step);
})();
