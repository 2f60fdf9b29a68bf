// The player's own table (issue 44): the buttons over the drawn table and in the list open the legal choices,
// a choice shows its preview, Confirm plays it (a POST carrying the CSRF token, the board it was chosen on and a
// request id), and the table follows the game live (server-sent events; the server also polls the store).
// No inline script or style anywhere: the page's Content-Security-Policy allows this file only.
(function () {
  "use strict";
  var box = document.getElementById("play");
  if (!box) { return; }
  var game = box.dataset.game;
  var csrf = box.dataset.csrf;
  var lq = box.dataset.lq || "";
  var said = document.getElementById("play-said");
  var preview = document.getElementById("preview");
  var previewLine = document.getElementById("preview-line");
  var previewImage = document.getElementById("preview-image");
  var confirmButton = document.getElementById("confirm");
  var chosen = null;
  var busy = false;
  var latest = -1;  // the newest board the server announced
  var base = "/play/" + game;
  // Inside the Discord Activity (bot.web.activity) the session is a bearer token, not a cookie (none is sent in
  // Discord's iframe): every request carries it, images included (loaded here, never asked for without it).
  var auth = window.splendorActivity ? { Authorization: "Bearer " + window.splendorActivity.token } : null;

  function ask(url, options) {
    var o = options || {};
    o.credentials = auth ? "omit" : "same-origin";
    if (auth) { o.headers = Object.assign({}, o.headers || {}, auth); }
    return window.fetch(url, o);
  }

  function image(img, url) {
    if (!auth) { img.src = url; return; }
    ask(url).then(function (r) { return r.ok ? r.blob() : null; }).then(function (blob) {
      if (!blob) { return; }
      if (img.src.indexOf("blob:") === 0) { window.URL.revokeObjectURL(img.src); }
      img.src = window.URL.createObjectURL(blob);
    });
  }

  function images(root) {
    Array.prototype.forEach.call(root.querySelectorAll("img[data-src]"), function (img) {
      image(img, img.dataset.src);
      img.removeAttribute("data-src");
    });
  }

  function fill(html) {
    if (!auth) { box.innerHTML = html; return; }
    var inert = document.createElement("template");  // nothing in a template loads: its images wait for the token
    inert.innerHTML = html;
    Array.prototype.forEach.call(inert.content.querySelectorAll("img[src]:not([src=\"\"])"), function (img) {
      img.dataset.src = img.getAttribute("src");
      img.removeAttribute("src");
    });
    box.replaceChildren(inert.content);
    images(box);
  }

  function query(params) {
    var parts = [];
    Object.keys(params).forEach(function (k) {
      parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(params[k]));
    });
    if (lq) { parts.push(lq.slice(1)); }
    return "?" + parts.join("&");
  }

  function board() {
    var table = document.getElementById("table");
    return table ? parseInt(table.dataset.board, 10) : -1;
  }

  function say(text, bad) {
    said.textContent = text || "";
    said.classList.toggle("bad", !!bad);
  }

  function place() {  // the buttons over the image, where the table drew each place (in % of the image)
    Array.prototype.forEach.call(box.querySelectorAll(".spot"), function (spot) {
      var b = spot.dataset.box.split(",");
      spot.style.left = b[0] + "%";
      spot.style.top = b[1] + "%";
      spot.style.width = b[2] + "%";
      spot.style.height = b[3] + "%";
    });
  }

  function closeAll() {
    Array.prototype.forEach.call(document.querySelectorAll("dialog[open]"), function (d) { d.close(); });
  }

  function open(id) {
    var dialog = document.getElementById(id);
    if (!dialog) { return; }
    closeAll();
    dialog.showModal();
  }

  function requestId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (n) { return (n < 16 ? "0" : "") + n.toString(16); }).join("");
  }

  function refresh() {
    return ask(base + "/table" + lq)
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var wasOpen = preview.open;
        closeAll();
        fill(html);
        place();
        if (wasOpen) { chosen = null; }
        var decision = document.getElementById("decision");
        if (decision) { decision.showModal(); }
        if (latest > board()) { return refresh(); }  // the game moved on while this table was on its way
      });
  }

  function send(path, body, then) {
    if (busy) { return; }
    busy = true;
    body.csrf = csrf;
    body.board = board();
    ask(base + path + lq, {
      method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (data) { return { ok: r.ok, data: data }; });
    }).then(function (answer) {
      closeAll();
      say(answer.ok ? answer.data.message : answer.data.error, !answer.ok);
      if (answer.ok && then) { return then(answer.data); }  // the table did not change
      return refresh();
    }).catch(function () {
      say(box.dataset.failed, true);
    }).then(function () { busy = false; });
  }

  function show(code) {
    ask(base + "/preview" + query({ board: board(), code: code }))
      .then(function (r) {
        return r.json().then(function (data) { return { ok: r.ok, data: data }; });
      }).then(function (answer) {
        closeAll();
        if (!answer.ok) { say(answer.data.error, true); return refresh(); }
        chosen = answer.data.code;
        previewLine.textContent = answer.data.line;
        previewImage.alt = answer.data.alt;
        image(previewImage, answer.data.image);
        preview.showModal();
        confirmButton.focus();
      }).catch(function () { say(box.dataset.failed, true); });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target) { return; }
    if (target.dataset.open) { open(target.dataset.open); return; }
    if (target.hasAttribute("data-close")) { target.closest("dialog").close(); return; }
    if (target.dataset.code) { show(target.dataset.code); return; }
    if (target.dataset.play) { send("/move", { code: target.dataset.play, request: requestId() }); return; }
    if (target.hasAttribute("data-undo")) { send("/undo", {}); return; }
    if (target.hasAttribute("data-hint")) {  // the suggestion's preview: Confirm plays it
      send("/hint", {}, function (data) { show(data.code); });
      return;
    }
    if (target.dataset.plan) {  // with the card it depends on, if one is chosen
      var onlyIf = document.getElementById("plan-if");
      send("/plan", { code: target.dataset.plan, cond: onlyIf ? onlyIf.value : "" });
      return;
    }
    if (target.dataset.unplan) { send("/unplan", { key: target.dataset.unplan }); return; }
    if (target === confirmButton && chosen) {
      var code = chosen;
      chosen = null;
      send("/move", { code: code, request: requestId() });
    }
  });

  place();
  var decision = document.getElementById("decision");
  if (decision) { decision.showModal(); }
  images(document);
  if (auth) {
    follow();
  } else if (window.EventSource) {
    var live = new window.EventSource(base + "/events" + lq);
    live.addEventListener("board", function (event) {
      latest = Math.max(latest, parseInt(event.data, 10));
      if (latest > board() && !busy) { refresh(); }
    });
  }

  // The live events with the bearer token: EventSource sends no header, so they are read from a fetch's stream
  // (the same text/event-stream); when it ends, it is asked for again a moment later.
  function follow() {
    var decoder = new window.TextDecoder();
    var pending = "";
    ask(base + "/events" + lq).then(function (r) {
      if (!r.ok || !r.body) { return null; }
      var reader = r.body.getReader();
      function next() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { return null; }
          pending += decoder.decode(chunk.value, { stream: true });
          var blocks = pending.split("\n\n");
          pending = blocks.pop();
          blocks.forEach(function (block) {
            var kind = "", data = "";
            block.split("\n").forEach(function (line) {
              if (line.indexOf("event:") === 0) { kind = line.slice(6).trim(); }
              if (line.indexOf("data:") === 0) { data = line.slice(5).trim(); }
            });
            if (kind !== "board") { return; }
            latest = Math.max(latest, parseInt(data, 10));
            if (latest > board() && !busy) { refresh(); }
          });
          return next();
        });
      }
      return next();
    }).catch(function () { return null; }).then(function () { window.setTimeout(follow, 5000); });
  }
})();
