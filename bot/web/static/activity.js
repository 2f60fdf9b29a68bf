// The Discord Activity's page (issue 44): the Embedded App SDK's handshake, authorize, our server's token
// exchange, authenticate, then a session our server binds to the game of the Activity's channel (it checks the
// instance with Discord itself: what this page sends is a claim).  The session's bearer token stays in memory.
'use strict';

(function () {
  const root = document.getElementById('main');
  const status = document.getElementById('activity-status');
  const words = root.dataset;
  const say = (text) => { status.textContent = text; };

  async function post(path, body) {
    const answer = await fetch(path, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    const data = await answer.json();
    if (!answer.ok) {
      const error = new Error(data.error || String(answer.status));
      error.shown = data.message;
      throw error;
    }
    return data;
  }

  function bearer() {
    return {Authorization: 'Bearer ' + window.splendorActivity.token};
  }

  function showGames(session) {
    const list = document.getElementById('activity-game-list');
    const section = document.getElementById('activity-games');
    list.replaceChildren();
    for (const game of session.games) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = game.table;
      link.textContent = game.label;
      link.dataset.testid = 'activity-game';
      item.append(link);
      list.append(item);
    }
    say(session.games.length ? words.noGameHere : words.noGames);
    section.hidden = false;
  }

  // The table is the web table's own page (/play/{game}), asked for with the
  // session's bearer token (no cookie is sent inside Discord's iframe): its content replaces this page's, its
  // images are loaded by play.js with the same token (never asked for without it), and play.js runs on it.
  async function showPage(path) {
    if (document.querySelector('script[src="/static/play.js"]')) return;
    const answer = await fetch(path, {headers: bearer(), credentials: 'omit'});
    const doc = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const main = doc.getElementById('main');
    if (!main) throw new Error('table');
    for (const mine of main.querySelectorAll('a[href="/play"], a[href^="/play?"]')) {
      (mine.closest('p') || mine).remove();  // one table per launch: start the Activity again for another game
    }
    for (const image of main.querySelectorAll('img[src]:not([src=""])')) {
      image.dataset.src = image.getAttribute('src');
      image.removeAttribute('src');
    }
    for (const sheet of doc.querySelectorAll('link[rel=stylesheet]')) {
      if (!document.querySelector('link[href="' + sheet.getAttribute('href') + '"]')) {
        document.head.append(document.adoptNode(sheet));
      }
    }
    root.replaceChildren(...Array.from(main.childNodes, (node) => document.adoptNode(node)));
    root.dataset.state = 'table';
    const script = document.createElement('script');
    script.src = '/static/play.js';
    document.head.append(script);
  }

  // Links to the web table inside the Activity open it with the token instead of navigating away without it.
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[href^="/play/"]');
    if (!link || !window.splendorActivity) return;
    event.preventDefault();
    showPage(link.getAttribute('href')).catch(() => say(words.failed));
  });

  async function start() {
    let sdk;
    try {
      sdk = new window.DiscordEmbeddedAppSdk.DiscordSDK(root.dataset.clientId, {disableConsoleLogOverride: true});
    } catch (err) {  // no frame_id / instance_id: not inside Discord's client
      say(words.notInDiscord);
      return;
    }
    await sdk.ready();
    say(words.signingIn);
    const {code} = await sdk.commands.authorize({
      client_id: root.dataset.clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const {access_token: accessToken} = await post('/activity/api/token', {code});
    await sdk.commands.authenticate({access_token: accessToken});
    const claim = {access_token: accessToken, instance_id: sdk.instanceId};
    if (sdk.channelId) claim.channel_id = sdk.channelId;
    const session = await post('/activity/api/session', claim);
    window.splendorActivity = {token: session.token, csrf: session.csrf};
    const who = document.getElementById('activity-who');
    who.textContent = session.signed_in;
    who.hidden = false;
    root.dataset.state = 'signed-in';
    if (session.game) await showPage(session.game.table); else showGames(session);
  }

  start().catch((err) => {
    root.dataset.state = 'refused';
    root.dataset.error = err && err.message ? err.message : 'failed';
    say(err && err.shown ? err.shown : words.failed);
  });
})();
