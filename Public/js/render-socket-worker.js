// The render socket, held on a worker's thread so that its answers reach the page as they
// arrive (see socket-mailbox.js). The page keeps every rule (requests, answers, fallbacks);
// this only carries text: requests out, answers back through the mailbox when the page gave one.

import { mailboxWriter } from './socket-mailbox.js';

let socket = null;
let deliver = text => postMessage({ message: text });

self.addEventListener('message', ({ data }) => {
  if (data.mailbox) { deliver = mailboxWriter(data.mailbox); return; }
  if (data.connect !== undefined) { connect(data.connect); return; }
  // A request sent as the socket closed is dropped: the page hears `closed` after sending it and
  // falls back for every request still waiting.
  if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(data.send);
});

function connect(address) {
  const opening = new WebSocket(address);
  socket = opening;
  opening.addEventListener('open', () => { if (socket === opening) postMessage({ open: true }); });
  opening.addEventListener('message', event => { if (socket === opening) deliver(event.data); });
  opening.addEventListener('close', () => {
    if (socket !== opening) return;
    socket = null;
    postMessage({ closed: true });
  });
}
