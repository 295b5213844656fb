// A preset's review: its status in the preset bar (draft, in review, approved: which revision,
// by whom, when), "Request review" naming reviewers, approve or request changes with a
// comment, and notes that can be edited at any time (saved as a revision of their own).

import { approvalWords } from './notices.js';
import { getJSON, send, getUserName, isOwnPage } from './api.js';
import { onDecisionEvent } from './decision-events.js';
import { toast } from './toast.js';
import { checkReadability, failureItems } from './readability.js';
import { checkHonesty, honestyItems, marketWords } from './honesty.js';
import { PagedList } from './paged-list.js';
import { newestAnswer } from './newest-answer.js';
import { whenText } from './time-text.js';

const $ = id => document.getElementById(id);
const presetPath = name => `/api/presets/${encodeURIComponent(name)}`;
const when = time => time ? whenText(time) : '';

export class Review {
  /**
   * @param {object} store the page's store: the saved preset open on this page
   * @param {() => string[]} people the names of the people in the session (reviewer suggestions)
   * @param {(file: object) => Promise<void>} onNotesSaved takes the preset's new revision and notes
   * @param {() => void} onDecided after this person's own decision (their inbox has changed)
   */
  constructor(store, { people, onNotesSaved, onDecided }) {
    this.store = store;
    this.people = people;
    this.onNotesSaved = onNotesSaved;
    this.onDecided = onDecided;
    this.newest = newestAnswer();   // events can start refreshes whose answers arrive out of order
    this.file = null;   // the open preset's stored file as last read: its status, newest revision and notes
    // Its reviews, oldest first, a page at a time.
    this.reviews = new PagedList({ list: $('review-list'), order: 'oldest-first', noun: 'reviews', onOlder: () => this.renderReviewList() });
    $('review-approve').addEventListener('click', () => this.decide('approve'));
    $('review-changes').addEventListener('click', () => this.decide('request-changes'));
    $('review-request').addEventListener('submit', event => { event.preventDefault(); this.requestReview(); });
    $('open-history').addEventListener('click', () => this.refresh());
    for (const id of ['edit-notes', 'preset-info-edit-notes']) $(id).addEventListener('click', () => this.editNotes());
    $('notes-form').addEventListener('submit', event => { event.preventDefault(); this.saveNotes(); });
    $('notes-cancel').addEventListener('click', () => $('notes-dialog').close());
    // Another preset opened, or the open one saved, renamed or closed: its status is read again.
    store.on(change => { if (change.kind === 'baseline') this.refresh(); });
    const again = data => {
      const name = this.store.presetName;
      if (name === null || (data.name !== name && data.preset !== name)) return;
      if (data.action === 'deleted') { this.file = null; this.renderStatus(); return; }
      this.refresh();
    };
    onDecisionEvent('review', data => {
      again(data);
      if (!isOwnPage(data.client) && data.decision === 'request-review' && (data.reviewers ?? []).includes(getUserName())) {
        toast(`${data.user || 'Someone'} asks you to review “${data.preset ?? data.name}”`, { ms: 8000 });
      }
    });
    onDecisionEvent('preset', again);
    // A person revoked or given back: whose approvals count has changed, so the status is read again.
    onDecisionEvent('log', entry => { if (entry.kind === 'people') this.refresh(); });
  }

  /** Reads the open preset's status and reviews; call when another preset is opened. */
  async refresh() {
    const name = this.store.presetName;
    const newest = this.newest();
    if (name === null) { this.file = null; this.renderStatus(); return; }
    let file;
    try {
      file = await getJSON(presetPath(name));
    } catch {
      file = null;
    }
    if (!newest() || this.store.presetName !== name) return;
    this.file = file;
    this.renderStatus();
    if ($('history-dialog').open) await this.renderReviews();
  }

  renderStatus() {
    const badge = $('preset-status');
    const status = this.file?.status;
    badge.hidden = !status;
    if (!status) return;
    badge.dataset.state = status.state;
    const approvers = (status.approvers ?? []).join(', ');
    const approved = status.approvedRevision !== null && status.approvedRevision !== undefined
      ? `revision ${status.approvedRevision} approved by ${approvers || 'someone'} ${when(status.approvedAt)}` : '';
    // "1 of 2 approvals" while a review gathers them; the rule an approval was given under when it is not today's.
    const rule = approvalWords(status);
    badge.textContent = (status.state === 'approved' ? `Approved · rev ${status.approvedRevision}`
      : status.state === 'in-review' ? 'In review' : 'Draft') + (rule ? ` · ${rule}` : '');
    let detail = (status.state === 'approved' ? approved
      : [status.state === 'in-review' ? 'In review' : 'Draft', approved && `(${approved})`].filter(Boolean).join(' ')) + (rule ? `; ${rule}` : '');
    // Approvals read from a history changed behind the server's back are not shown as approvals.
    if (status.historyProblem) {
      badge.dataset.state = 'untrusted';
      badge.textContent = 'Not trusted: history changed';
      detail = `The presets' history was changed behind the workbench's back (${status.historyProblem}): no approval read from it can be trusted`;
    }
    // The title is the badge's description for a screen reader too: a span may not be named (aria-label).
    badge.title = detail;
    $('review-status').textContent = `Status: ${detail}. Current revision: ${this.file.revision}.`;
    // Nobody approves their own work: the server says whether this person may, and why not.
    // (A viewer's page says why once, for every control it disables: see viewer.js.)
    const own = this.file.yourReview?.mayDecide === false && document.body.dataset.role !== 'viewer' ? this.file.yourReview.why : '';
    for (const id of ['review-approve', 'review-changes']) {
      const button = $(id);
      if (own) {
        button.disabled = true;
        button.dataset.ownWork = '';
        button.setAttribute('aria-describedby', 'review-own-work');
      } else if ('ownWork' in button.dataset) {   // enabled again only where this disabled it (a viewer's stay disabled)
        delete button.dataset.ownWork;
        button.disabled = false;
        button.removeAttribute('aria-describedby');
      }
    }
    $('review-own-work').hidden = !own;
    $('review-own-work').textContent = own ? `You cannot approve or ask for changes here: ${own}.` : '';
  }

  /** The revision under review checked by the engine: its failures shown before anyone approves. */
  async renderReadability() {
    const file = this.file;
    const box = $('review-readability');
    if (!file) { box.hidden = true; this.readability = null; return; }
    let report;
    try { report = await checkReadability(file.parameters ?? {}); } catch { return; }
    if (this.file !== file) return;
    this.readability = { revision: file.revision, report };
    box.hidden = false;
    box.dataset.pass = String(report.pass);
    $('review-readability-title').textContent = report.pass
      ? `Revision ${file.revision} passes every readability check`
      : `Revision ${file.revision} fails ${report.failures.length} readability check${report.failures.length === 1 ? '' : 's'}`;
    $('review-failures').replaceChildren(...failureItems(report));
    $('review-acknowledge').checked = false;
    $('review-acknowledge').closest('label').hidden = report.pass;
  }

  /** The revision's honesty check (every period and scenario): its failures before anyone approves. */
  async renderHonesty() {
    const file = this.file;
    const box = $('review-honesty');
    if (!file) { box.hidden = true; this.honesty = null; return; }
    let report;
    // The scenarios the server gates an approval on, as it lists them.
    let market;
    try { market = (this.approvalScenarios ??= (await getJSON('/api/scenarios')).approvalScenarios.join(',')); } catch { return; }
    try { report = await checkHonesty(file.parameters ?? {}, market); } catch { return; }
    if (this.file !== file) return;
    this.honesty = { revision: file.revision, report };
    box.hidden = false;
    box.dataset.pass = String(report.pass);
    $('review-honesty-title').textContent = report.pass
      ? `Revision ${file.revision} passes the honesty check on every period ${marketWords(market)}`
      : `Revision ${file.revision} fails ${report.failures.length} honesty check${report.failures.length === 1 ? '' : 's'} ${marketWords(market)}`;
    $('review-honesty-failures').replaceChildren(...honestyItems(report));
    $('review-acknowledge-honesty').checked = false;
    $('review-acknowledge-honesty').closest('label').hidden = report.pass;
  }

  async renderReviews() {
    this.renderReadability();
    this.renderHonesty();
    $('review-people').replaceChildren(...this.people().map(name => new Option(name)));
    if (!this.file) { this.reviews.clear(); this.renderReviewList(); return; }
    const file = this.file;
    try { await this.reviews.load(`${presetPath(file.name)}/reviews`); } catch { /* shown as no reviews */ }
    if (this.file === file) this.renderReviewList();
  }

  renderReviewList() {
    const list = $('review-list');
    list.replaceChildren();
    if (!this.file) return;
    const reviews = this.reviews.items;
    for (const review of reviews) {
      const item = document.createElement('li');
      const verb = { approve: 'approved', 'request-changes': 'requested changes to', 'request-review': 'asked for a review of' }[review.decision] ?? review.decision;
      const reviewers = review.reviewers?.length ? ` from ${review.reviewers.join(', ')}` : '';
      item.textContent = `${review.author || 'Someone'} ${verb} revision ${review.revision}${reviewers} · ${when(review.time ?? review.at ?? review.createdAt)}${review.comment ? ': ' + review.comment : ''}`;
      list.append(item);
    }
    if (!reviews.length) list.append(Object.assign(document.createElement('li'), { textContent: 'No reviews yet.' }));
  }

  async decide(decision) {
    if (!this.file) return;
    const comment = $('review-comment').value.trim();
    const body = { revision: this.file.revision, decision, comment };
    const failing = this.readability?.revision === this.file.revision && !this.readability.report.pass;
    if (decision === 'approve' && failing) {
      if (!$('review-acknowledge').checked) {
        $('review-error').textContent = 'This revision fails readability checks: tick “I have seen these readability failures” to approve it anyway.';
        $('review-acknowledge').focus();
        return;
      }
      body.acknowledgeReadability = true;
    }
    if (decision === 'approve') {
      // Not checked yet (or for another revision): an approval waits for the check.
      if (this.honesty?.revision !== this.file.revision) await this.renderHonesty();
      if (this.honesty?.revision === this.file.revision && !this.honesty.report.pass) {
        if (!$('review-acknowledge-honesty').checked) {
          $('review-error').textContent = 'This revision fails the honesty check: tick “I have seen these honesty failures” to approve it anyway.';
          $('review-acknowledge-honesty').focus();
          return;
        }
        body.acknowledgeHonesty = true;
      }
    }
    try {
      await send('POST', `${presetPath(this.file.name)}/reviews`, body);
      $('review-comment').value = '';
      $('review-error').textContent = '';
      toast(decision === 'approve' ? `Approved revision ${this.file.revision}` : 'Changes requested');
      // Not only from the review event: a page whose event stream is reconnecting would miss it.
      this.onDecided();
      await this.refresh();
    } catch (error) {
      $('review-error').textContent = error.message;
    }
  }

  async requestReview() {
    if (!this.file) return;
    const reviewers = $('review-reviewers').value.split(',').map(s => s.trim()).filter(Boolean);
    if (!reviewers.length) { $('review-error').textContent = 'Name at least one reviewer.'; return; }
    try {
      await send('POST', `${presetPath(this.file.name)}/reviews`, {
        revision: this.file.revision, decision: 'request-review', reviewers, comment: $('review-comment').value.trim(),
      });
      $('review-reviewers').value = '';
      $('review-error').textContent = '';
      toast(`Review requested from ${reviewers.join(', ')}`);
      await this.refresh();
    } catch (error) {
      $('review-error').textContent = error.message;
    }
  }

  async editNotes() {
    const name = this.store.presetName;
    if (name === null) return;
    try { this.file = await getJSON(presetPath(name)); } catch (error) { toast(`Cannot read “${name}”: ${error.message}`, { error: true }); return; }
    $('notes-title').textContent = `Notes on “${name}”`;
    $('notes-text').value = this.file.notes ?? '';
    $('notes-error').textContent = '';
    $('notes-dialog').showModal();
  }

  /** Saves the stored preset with new notes only: unsaved parameter edits stay unsaved. */
  async saveNotes() {
    const stored = this.file;
    const notes = $('notes-text').value;
    try {
      const { body } = await send('PUT', presetPath(stored.name),
        { author: stored.author, notes, parameters: stored.parameters, message: 'Edited the notes' }, { 'If-Match': stored.revision });
      this.file = body;
      await this.onNotesSaved(body);
      $('notes-dialog').close();
      toast(`Saved the notes of “${stored.name}”`);
      this.renderStatus();
    } catch (error) {
      $('notes-error').textContent = error.status === 409 ? 'Someone saved this preset meanwhile: close and edit the notes again.' : error.message;
    }
  }
}
