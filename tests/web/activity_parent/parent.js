// A test stand-in for Discord's client (issue 44): it frames the Activity as Discord does (the query parameters
// the SDK reads) and answers the Embedded App SDK's postMessage protocol as the client does (read from the SDK's
// source, src/Discord.ts): opcodes HANDSHAKE 0, FRAME 1, CLOSE 2, HELLO 3; the handshake {v, encoding, client_id,
// frame_id}; the READY event; AUTHORIZE answered with the code the test issued at the fake Discord; AUTHENTICATE
// with the user.  Everything it saw is kept in window.parentLog for the test.
'use strict';

(function () {
  const HANDSHAKE = 0, FRAME = 1;
  const q = new URLSearchParams(location.search);
  const frameId = 'frame-' + Math.random().toString(36).slice(2);
  const log = window.parentLog = {handshake: null, commands: [], errors: []};
  const state = document.getElementById('parent-state');
  const user = {id: q.get('user_id'), username: q.get('username'), discriminator: '0', avatar: null,
    global_name: q.get('username'), public_flags: 0};

  const iframe = document.createElement('iframe');
  iframe.title = 'Activity';
  const launch = new URLSearchParams({
    frame_id: frameId, instance_id: q.get('instance_id'), platform: 'desktop',
    guild_id: q.get('guild_id'), channel_id: q.get('channel_id'), location_id: 'gc-' + q.get('channel_id'),
  });
  iframe.src = (q.get('target') || '/activity/') + '?' + launch.toString();
  document.getElementById('stage').append(iframe);

  function send(message) {
    iframe.contentWindow.postMessage(message, location.origin);
  }

  function answer(payload, data) {
    send([FRAME, {cmd: payload.cmd, evt: null, nonce: payload.nonce, data}]);
  }

  function refuse(payload, code, message) {
    log.errors.push(payload.cmd);
    send([FRAME, {cmd: payload.cmd, evt: 'ERROR', nonce: payload.nonce, data: {code, message}}]);
  }

  window.addEventListener('message', (event) => {
    if (event.source !== iframe.contentWindow || event.origin !== location.origin) return;
    const [opcode, payload] = event.data;
    if (opcode === HANDSHAKE) {
      log.handshake = payload;
      if (payload.v !== 1 || payload.client_id !== q.get('client_id') || payload.frame_id !== frameId) {
        state.textContent = 'bad handshake';
        return;
      }
      state.textContent = 'ready';
      send([FRAME, {cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {
        v: 1, config: {cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production'},
        user: {id: user.id, username: user.username, discriminator: '0'},
      }}]);
      return;
    }
    if (opcode !== FRAME) return;
    log.commands.push({cmd: payload.cmd, args: payload.args});
    if (payload.cmd === 'AUTHORIZE') {
      const args = payload.args || {};
      if (args.client_id !== q.get('client_id') || !(args.scope || []).includes('identify')
          || args.response_type !== 'code') {
        refuse(payload, 4000, 'invalid authorize');
        return;
      }
      state.textContent = 'authorized';
      answer(payload, {code: q.get('code')});
    } else if (payload.cmd === 'AUTHENTICATE') {
      const token = (payload.args || {}).access_token;
      if (!token) {
        refuse(payload, 4009, 'invalid token');
        return;
      }
      state.textContent = 'authenticated';
      answer(payload, {access_token: token, user, scopes: ['identify'], expires: new Date(Date.now() + 6048e5)
        .toISOString(), application: {id: q.get('client_id'), name: 'Splendor', description: '', icon: null}});
    } else {
      refuse(payload, 4002, 'unknown command ' + payload.cmd);
    }
  });
})();
