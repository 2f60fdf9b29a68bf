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

  function showTable(session) {
    const link = document.getElementById('activity-table-link');
    link.href = session.game.table;
    link.dataset.game = String(session.game.id);
    document.getElementById('activity-table').hidden = false;
    say('');
  }

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
    if (session.game) showTable(session); else showGames(session);
  }

  start().catch((err) => {
    root.dataset.state = 'refused';
    root.dataset.error = err && err.message ? err.message : 'failed';
    say(err && err.shown ? err.shown : words.failed);
  });
})();
