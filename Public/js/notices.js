// This person's review inbox (GET /api/reviews/inbox, kept by the server across restarts):
// "Waiting for your review" (a badge and a list whose entries open the preset's review) and the
// answers to revisions they saved — approvals and change requests — on a badge beside the name
// until read. A notice heard live is a toast as well.

import { getJSON, send } from './api.js';
import { toast } from './toast.js';
import { onDecisionEvent } from './decision-events.js';
import { button } from './elements.js';

const $ = id => document.getElementById(id);
const counted = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** "1 of 2 approvals", or the rule an approved revision was approved under when it differs from now. */
export function approvalWords(status) {
  if (!status) return '';
  const { state, approvals = 0, approvalsRequired = 1, approvedUnder = null } = status;
  if (state === 'approved' && approvedUnder !== null && approvedUnder !== approvalsRequired) {
    return `approved under ${counted(approvedUnder, 'approval', 'approvals')}; this workbench now asks for ${approvalsRequired}`;
  }
  if (state === 'approved') return '';
  return approvalsRequired > 1 || approvals > 0 ? `${approvals} of ${approvalsRequired} approvals` : '';
}

export class Notices {
  constructor(presets) {
    this.presets = presets;
    this.waiting = [];
    this.notices = [];
    this.dialog = $('inbox-dialog');
    $('notice-badge')?.addEventListener('click', () => this.open());
    $('inbox-badge')?.addEventListener('click', () => this.open());
    $('inbox-read')?.addEventListener('click', () => this.markRead());
    // Any review anywhere may add to or settle this person's inbox.
    for (const name of ['review', 'preset', 'reconnected']) onDecisionEvent(name, () => this.refresh());
    onDecisionEvent('log', entry => { if (entry.kind === 'people') this.refresh(); });
  }

  /** Reads the inbox from the server and shows it. */
  async refresh() {
    try {
      const inbox = await getJSON('/api/reviews/inbox');
      this.waiting = inbox.waiting;
      this.notices = inbox.notices;
    } catch { return; }   // no person yet, or the server is away: the banner says so
    this.render();
  }

  /** A notice event for this person alone: shown now, and kept by the inbox until read. */
  heard(event) {
    if (event.kind !== 'changes-requested' && event.kind !== 'approved') return;
    toast(event.message, { ms: 12000, key: 'notice-' + event.name + '-' + event.revision,
                           action: { label: 'Open', run: () => this.openPreset(event.name) } });
    this.refresh();
  }

  render() {
    const waiting = $('inbox-badge'), notice = $('notice-badge');
    if (waiting) {
      waiting.hidden = this.waiting.length === 0;
      waiting.textContent = `${this.waiting.length} to review`;
      waiting.setAttribute('aria-label', `${counted(this.waiting.length, 'preset', 'presets')} waiting for your review`);
    }
    if (notice) {
      const approvals = this.notices.filter(n => n.decision === 'approve').length;
      const requests = this.notices.length - approvals;
      notice.hidden = this.notices.length === 0;
      notice.textContent = [approvals && counted(approvals, 'approval', 'approvals'), requests && counted(requests, 'change request', 'change requests')]
        .filter(Boolean).join(', ');
      notice.setAttribute('aria-label', `Answers to your revisions: ${notice.textContent}`);
    }
    if (this.dialog?.open) this.fill();
  }

  open() {
    this.fill();
    this.dialog.showModal();
  }

  fill() {
    const list = $('inbox-waiting');
    list.replaceChildren();
    if (!this.waiting.length) list.append(Object.assign(document.createElement('li'), { textContent: 'Nothing is waiting for your review.' }));
    for (const entry of this.waiting) {
      const item = document.createElement('li');
      item.dataset.preset = entry.preset;
      const words = approvalWords(entry.status);
      item.append(`“${entry.preset}” revision ${entry.revision}, asked by ${entry.requestedBy || 'someone'}${words ? ' · ' + words : ''} `,
                  button('Open review', () => this.openPreset(entry.preset)));
      list.append(item);
    }
    const notices = $('inbox-notices');
    notices.replaceChildren();
    if (!this.notices.length) notices.append(Object.assign(document.createElement('li'), { textContent: 'No new answers to your revisions.' }));
    for (const notice of this.notices) {
      const item = document.createElement('li');
      const what = notice.decision === 'approve' ? 'approved' : 'requested changes to';
      item.append(`${notice.by} ${what} revision ${notice.revision} of “${notice.preset}”${notice.comment ? ': ' + notice.comment : ''} `,
                  button('Open', () => this.openPreset(notice.preset)));
      notices.append(item);
    }
    $('inbox-read').hidden = !this.notices.length;
  }

  async markRead() {
    const upTo = Math.max(...this.notices.map(n => n.id));
    try {
      const { body } = await send('POST', '/api/reviews/inbox/read', { upTo });
      this.waiting = body.waiting;
      this.notices = body.notices;
      this.render();
    } catch (error) {
      toast(`Cannot mark the answers read: ${error.message}`, { error: true });
    }
  }

  /** The preset, with its History and review open. */
  async openPreset(name) {
    this.dialog?.close();
    try {
      await this.presets.load(name, { chosen: true });
      $('open-history').click();
    } catch (error) {
      toast(`Cannot open “${name}”: ${error.message}`, { error: true });
    }
  }
}
