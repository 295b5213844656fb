// Notices for this person alone (the server sends them only to their pages): someone requested
// changes to a revision they saved. Each is a toast that stays a while and counts on a badge
// beside the name until it is opened.

import { toast } from './toast.js';

export class Notices {
  constructor(presets) {
    this.presets = presets;
    this.unread = [];
    this.badge = document.getElementById('notice-badge');
    this.badge?.addEventListener('click', () => this.open());
  }

  heard(event) {
    if (event.kind !== 'changes-requested') return;
    this.unread.push(event);
    toast(event.message, { ms: 12000, key: 'notice-' + event.name + '-' + event.revision,
                           action: { label: 'Open', run: () => this.open(event) } });
    this.render();
  }

  open(event = this.unread[this.unread.length - 1]) {
    this.unread = this.unread.filter(e => e !== event);
    this.render();
    if (event) this.presets.load(event.name, { chosen: true }).catch(() => {});
  }

  render() {
    if (!this.badge) return;
    const n = this.unread.length;
    this.badge.hidden = n === 0;
    this.badge.textContent = n === 1 ? '1 change request' : `${n} change requests`;
    this.badge.setAttribute('aria-label', n === 1 ? `1 change request: ${this.unread[0].message}` : `${n} change requests for you`);
  }
}
