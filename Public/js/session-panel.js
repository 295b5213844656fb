// Who is here and how to join: the presence list (name, preset open, pressing), following a
// person, the share / "Open on phone" dialog with the server's QR codes, and what a viewer's
// page does not offer.

import { isOwnPage, getJSON, send, withToken, getUserName } from './api.js';
import { setUpViewer } from './viewer.js';

const $ = id => document.getElementById(id);

const titles = {
  editor: 'Editors: can change and save',
  viewer: 'Viewers: watch, press and render',
  device: 'Phone: the chart only, full screen',
};

// The owner's "Open on phone" under --share: each code is a join link with a fresh personal
// invitation (single use), so the phone becomes a person of that role.
const phoneTitles = {
  editor: 'Editor on a phone: can change and save',
  viewer: 'Viewer on a phone: watch, press and render',
};

export class SessionPanel {
  /** `owner`: whether this page is the workbench owner's (who may invite). */
  constructor(live, owner = false) {
    this.live = live;
    this.owner = owner;
    this.info = { shared: false, role: 'editor', links: {} };
    $('open-phone').addEventListener('click', () => this.openShare(['device']));
    $('open-share').addEventListener('click', () => this.openShare(['editor', 'viewer', 'device']));
    // The name is the person's, chosen once (person.js); the workbench's owner can rename people.
    $('user-name').value = getUserName();
  }

  async start() {
    try { this.info = await getJSON('/api/session'); } catch { return; }
    document.body.dataset.role = this.info.role;
    if (this.info.role === 'viewer') {
      this.live.canWrite = false;
      $('role-badge').hidden = false;
      setUpViewer(this.live.store);
    }
    this.renderPresence(this.info.people);
  }

  renderPresence(people) {
    const list = $('presence');
    list.replaceChildren();
    for (const person of people) {
      const item = document.createElement('li');
      const me = isOwnPage(person.client);
      item.className = 'person' + (person.pressing ? ' pressing' : '') + (me ? ' me' : '');
      item.dataset.client = person.client;
      const name = document.createElement('span');
      name.className = 'person-name';
      name.textContent = (person.user || 'Guest') + (me ? ' (you)' : '') + (person.role === 'viewer' ? ' · viewer' : '');
      const preset = document.createElement('span');
      preset.className = 'person-preset';
      preset.textContent = person.preset ?? 'unsaved parameters';
      item.append(name, preset);
      if (person.pressing) {
        const pressing = document.createElement('span');
        pressing.className = 'person-pressing';
        pressing.textContent = 'pressing';
        item.append(pressing);
      }
      if (!me) {
        const follow = document.createElement('button');
        follow.type = 'button';
        const following = this.live.following === person.client;
        follow.textContent = following ? 'Following' : 'Follow';
        follow.setAttribute('aria-pressed', String(following));
        follow.title = following ? 'Stop following: back to your own preset and view' : 'Show their preset and view; your own preset is left as it is';
        follow.addEventListener('click', () => this.live.follow(following ? null : person.client));
        item.append(follow);
      }
      list.append(item);
    }
    // People, not pages: one person's second tab is listed (its own preset and press) but not counted again.
    const persons = new Set(people.map(person => person.user || person.client)).size;
    $('presence-count').textContent = persons === people.length ? `${persons} here` : `${persons} here (${people.length} pages)`;
  }

  /** The chosen links as QR codes made by the server, with the link written out. */
  async openShare(kinds) {
    const box = $('share-codes');
    box.replaceChildren();
    const phone = kinds.length === 1 && this.info.shared && this.owner;
    if (phone) kinds = ['editor', 'viewer'];
    const available = kinds.filter(kind => this.info.links[kind]);
    const invitations = {};
    let refusal = null;
    if (phone) {
      try {
        for (const kind of available) invitations[kind] = (await send('POST', '/api/invitations', { role: kind })).body.code;
      } catch (error) {
        refusal = error.message;
      }
    }
    $('share-title').textContent = phone || kinds.length === 1 ? 'Open on phone' : 'Invite the team';
    $('share-hint').textContent = refusal ?? (phone
      ? 'Point the phone camera at a code: each carries one personal invitation (single use) and a private token. A phone already joined as a viewer becomes an editor through People….'
      : this.info.shared
        ? 'Point a phone camera at a code; the link carries a private token, so hand it only to the team. Joining also needs a personal invitation from the owner.'
        : `This workbench serves this machine only. ${this.owner ? 'Invite people on this machine with a personal invitation from People… (each opens its link in their own browser).' : 'People on this machine join with a personal invitation from the owner.'} Start it with "workbench serve --share" to invite others on the network.`);
    for (const kind of available) {
      const figure = document.createElement('figure');
      figure.className = 'share-code';
      const invite = invitations[kind];
      const href = invite ? this.info.links[kind] + '&invite=' + invite : this.info.links[kind];
      const title = (invite ? phoneTitles : titles)[kind];
      const image = document.createElement('img');
      image.src = withToken('/api/session/qr?link=' + kind + (invite ? '&invite=' + invite : ''));
      image.alt = `QR code: ${title}`;
      image.width = 200;
      image.height = 200;
      image.dataset.link = kind;
      const caption = document.createElement('figcaption');
      const heading = document.createElement('strong');
      heading.textContent = title;
      const link = document.createElement('a');
      link.href = href;
      link.textContent = href;
      link.target = '_blank';
      link.rel = 'noopener';
      caption.append(heading, link);
      figure.append(image, caption);
      box.append(figure);
    }
    $('share-dialog').showModal();
  }
}
