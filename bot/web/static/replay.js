// The replay of a game page: the buttons and the arrow keys step through the moves without reloading the
// page (each step's image and link are the server's own: the page works without this script), and a running
// game's page reloads when a move is made (it asks live.json, a few bytes, 304 while nothing moved).
(function () {
  "use strict";
  var box = document.getElementById("replay");
  if (!box) { return; }
  var steps = parseInt(box.dataset.steps, 10);
  var step = parseInt(box.dataset.step, 10);
  var base = box.dataset.base;
  var lq = box.dataset.lq;
  var sep = box.dataset.sep;
  var image = document.getElementById("replay-image");
  var full = document.getElementById("replay-full");  // the image at its own size (a phone shows it smaller)
  var counter = document.getElementById("replay-counter");
  var said = document.getElementById("replay-move");
  var story = document.getElementById("story");
  var buttons = {
    first: document.getElementById("replay-first"),
    prev: document.getElementById("replay-prev"),
    next: document.getElementById("replay-next"),
    last: document.getElementById("replay-last")
  };

  function link(n) { return base + lq + sep + "step=" + n; }

  function show(n) {
    n = Math.max(0, Math.min(steps, n));
    if (n === step) { return; }
    var old = document.getElementById("move-" + step);
    if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
    step = n;
    box.dataset.step = String(n);
    image.src = base + "/" + n + ".png" + lq;
    if (full) { full.href = image.src; }
    image.alt = image.alt.split("\n")[0].replace(/\d+/, String(n));  // at once; the whole text follows
    if (window.fetch) {  // the step's alt text (whose turn, the scores, the table), as the page gives it
      window.fetch(base + "/" + n + ".txt" + lq, { credentials: "omit" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) { if (text && step === n) { image.alt = text; } })
        .catch(function () { return null; });
    }
    counter.textContent = n === 0 ? box.dataset.start
      : box.dataset.counter.replace("{step}", String(n)).replace("{steps}", String(steps));
    buttons.first.href = link(0);
    buttons.prev.href = link(Math.max(0, n - 1));
    buttons.next.href = link(Math.min(steps, n + 1));
    buttons.last.href = link(steps);
    var now = document.getElementById("move-" + n);
    if (now) { now.classList.add("current"); now.setAttribute("aria-current", "step"); }
    if (said) {  // the move's sentences next to the board
      var lines = now ? now.querySelector(".lines") : null;
      said.textContent = lines ? lines.textContent : "";
    }
    reveal();
    if (window.history && window.history.replaceState) { window.history.replaceState(null, "", link(n)); }
  }

  function on(button, target) {
    button.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) { return; }
      event.preventDefault();
      show(target());
    });
  }
  function reveal() {  // the story box scrolled to the move shown
    var current = document.getElementById("move-" + step);
    if (current && story) { story.scrollTop = current.offsetTop - story.clientHeight / 3; }
  }
  reveal();
  window.addEventListener("resize", reveal);
  on(buttons.first, function () { return 0; });
  on(buttons.prev, function () { return step - 1; });
  on(buttons.next, function () { return step + 1; });
  on(buttons.last, function () { return steps; });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (event.key === "ArrowLeft") { event.preventDefault(); show(step - 1); }
    else if (event.key === "ArrowRight") { event.preventDefault(); show(step + 1); }
    else if (event.key === "Home") { event.preventDefault(); show(0); }
    else if (event.key === "End") { event.preventDefault(); show(steps); }
  });

  var poll = parseInt(box.dataset.poll, 10);
  if (poll > 0 && window.fetch) {
    var version = box.dataset.version;
    var ask = function () {
      window.fetch(base + "/live.json", { cache: "no-cache", credentials: "omit" })
        .then(function (r) { return r.status === 200 ? r.json() : null; })
        .then(function (data) {
          if (data && String(data.version) !== version) {
            if (step === steps) { window.location.replace(link(data.version)); return; }
            version = String(data.version);
          }
          window.setTimeout(ask, poll * 1000);
        })
        .catch(function () { window.setTimeout(ask, poll * 4000); });
    };
    window.setTimeout(ask, poll * 1000);
  }
}());
