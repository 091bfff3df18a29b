// Written by scripts/embed-web-assets from the files in Web/: edit those, then run it.

extension WebAssets {
  /// `Web/connection.js`.
  static let connectionJS = File(
    type: "text/javascript; charset=utf-8",
    text: #"""
      // The page's connection to the server: one WebSocket, opened again by itself when it drops
      // (the server stopped or restarted), so that no click, key or console entry is lost in
      // silence: what is asked while offline waits in the outbox, shown in the offline banner, and
      // is sent once the server is back; what was sent but never answered is said in the console,
      // with a button to send it again.
      'use strict';

      const connection = {
        socket: null,
        greeted: false, // the server's hello came: requests may go
        attempts: 0, // reconnections tried since the last hello
        outbox: [], // { request, onReply } asked while offline, sent in order once greeted
        unanswered: new Map(), // request id -> { request, onReply } sent, no reply yet
        nextId: 1,
        lost: false, // the connection dropped and is not back yet
        refused: false, // the server is back but refuses this page's token
      };

      function connect() {
        const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
        const socket = new WebSocket(`${scheme}://${location.host}/socket`);
        connection.socket = socket;
        connection.greeted = false;
        socket.addEventListener('message', (event) => {
          const message = JSON.parse(event.data);
          if (message.type === 'hello') {
            connection.greeted = true;
            connection.attempts = 0;
            connection.lost = false;
            connection.refused = false;
            setStatus('connected', false);
            receive(message);
            const waiting = connection.outbox.splice(0);
            for (const { request, onReply } of waiting) send(request, onReply);
            drawBanner();
            return;
          }
          answered(message);
          receive(message);
        });
        socket.addEventListener('close', () => dropped(socket));
      }

      /** Sends `request` (`{run: TEXT}` or `{complete: TEXT}`), or keeps it for when the server is
       * back; `onReply` gets the reply that names its id. */
      function send(request, onReply) {
        const socket = connection.socket;
        if (!socket || socket.readyState !== WebSocket.OPEN || !connection.greeted) {
          // A completion asked offline is no use later; anything else waits.
          if (request.run !== undefined) {
            connection.outbox.push({ request, onReply });
            drawBanner();
          }
          return null;
        }
        const id = connection.nextId++;
        connection.unanswered.set(id, { request, onReply });
        socket.send(JSON.stringify({ id, ...request }));
        return id;
      }

      /** The reply of a request of this page's, if `message` is one: handed to its `onReply`. */
      function answered(message) {
        if (message.id === undefined || message.id === null) return;
        if (message.type === 'entry' && message.client !== state.client) return;
        const asked = connection.unanswered.get(message.id);
        if (!asked) return;
        connection.unanswered.delete(message.id);
        if (asked.onReply) asked.onReply(message);
        else if (message.type === 'error') logLine(message.message, 'error');
      }

      function dropped(socket) {
        if (socket !== connection.socket) return;
        connection.socket = null;
        connection.greeted = false;
        connection.lost = true;
        // Sent, but the connection went before an answer: it may or may not have run.
        for (const { request, onReply } of connection.unanswered.values()) {
          if (request.run === undefined) continue;
          logResend(`no answer to \`${request.run}\` before the connection dropped: it may have run (see the history)`,
            request, onReply);
        }
        connection.unanswered.clear();
        setStatus('offline', true);
        drawBanner();
        reconnectLater();
      }

      /** Tries again after a pause that grows to 4 s: first asks for a file, to tell a server
       * that is down from one that restarted with a new token. */
      function reconnectLater() {
        const pause = Math.min(4000, 200 * 2 ** connection.attempts++);
        setTimeout(async () => {
          let status = 0;
          try {
            status = (await fetch('/connection.js', { method: 'HEAD', cache: 'no-store' })).status;
          } catch (error) {
            status = 0;
          }
          if (status === 200) return connect();
          connection.refused = status === 403;
          drawBanner();
          reconnectLater();
        }, pause);
      }

      /** The offline banner: what happened, what waits, and how to get back. */
      function drawBanner() {
        const banner = $('offline');
        if (connection.greeted) {
          banner.hidden = true;
          return;
        }
        if (!connection.lost && connection.outbox.length === 0) {
          banner.hidden = true;
          return;
        }
        const count = connection.outbox.length;
        const what = connection.refused
          ? 'The server was restarted with a new token: open the address it printed (this page keeps what you did).'
          : 'Offline: the server is not answering. Reconnecting by itself…';
        const waits = count === 0 ? ''
          : ` ${count} waiting to be sent when it is back: ${connection.outbox.map((o) => o.request.run).join('; ')}`;
        const discard = element('button', {
          type: 'button', text: 'Discard', onclick: () => {
            connection.outbox = [];
            drawBanner();
          },
        });
        banner.replaceChildren(element('span', { text: what + waits }), ...(count ? [discard] : []));
        banner.hidden = false;
      }

      /** A line in the console with a button that sends `request` again. */
      function logResend(text, request, onReply) {
        const again = element('button', {
          type: 'button', class: 'again', text: 'Send again', onclick: () => {
            again.disabled = true;
            send(request, onReply);
          },
        });
        const line = element('div', { class: 'error' }, text + ' ', again);
        $('log').append(line);
        $('log').scrollTop = $('log').scrollHeight;
      }

      function setStatus(text, offline) {
        const status = $('status');
        status.textContent = text;
        status.classList.toggle('offline', offline);
      }
      """#)
}
