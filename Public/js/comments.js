// Comment threads anchored to a parameter (and optionally a transition progress): a badge
// beside each control with the count of open comments opens that parameter's thread. Everyone
// in the session sees a new comment or a resolution at once (the `comment` event).

import { send, isOwnPage } from './api.js';
import { onDecisionEvent } from './decision-events.js';
import { toast } from './toast.js';
import { PagedList } from './paged-list.js';
import { svgWithPath } from './elements.js';
import { whenText } from './time-text.js';

const $ = id => document.getElementById(id);
const path = name => `/api/presets/${encodeURIComponent(name)}/comments`;

export class Comments {
  /**
   * @param {object} store the page's store (the open preset, parameter labels)
   * @param {() => number} progress the transition progress the inspector shows now
   */
  constructor(store, progress) {
    this.store = store;
    this.progress = progress;
    this.parameter = null;     // the thread open in the dialog
    this.dialog = $('comments-dialog');
    // The open preset's comments, oldest first, a page at a time (read again whenever the store's preset changes).
    this.comments = new PagedList({
      list: $('comment-thread'), order: 'oldest-first', noun: 'comments', counted: 'comments on this preset',
      onOlder: () => { this.renderBadges(); this.renderThread(); },
    });
    this.addBadges();
    $('comment-form').addEventListener('submit', event => { event.preventDefault(); this.post(); });
    $('comment-show-resolved').addEventListener('change', () => this.renderThread());
    store.on(change => { if (change.kind === 'baseline') this.refresh(); });
    onDecisionEvent('comment', data => {
      if (data.preset !== this.preset) return;
      this.comments.put(data.comment);
      this.renderBadges();
      if (this.dialog.open) this.renderThread();
      if (!isOwnPage(data.client) && data.action === 'added') {
        toast(`${data.user || 'Someone'} commented on ${this.label(data.comment.parameter)}`);
      }
    });
  }

  /** The saved preset open on this page (the store's), or null. */
  get preset() { return this.store.presetName; }

  label(key) { return this.store.definition(key)?.standaloneLabel ?? key; }

  addBadges() {
    for (const row of document.querySelectorAll('#controls .control[data-key]')) {
      const key = row.dataset.key;
      const badge = document.createElement('button');
      badge.type = 'button';
      badge.className = 'comment-badge';
      badge.dataset.comments = key;
      badge.addEventListener('click', () => this.open(key));
      row.querySelector('.value').prepend(badge);
    }
    this.renderBadges();
  }

  /** The comments read so far. */
  get list() { return this.comments.items; }

  async refresh() {
    const name = this.preset;
    if (name === null) {
      this.comments.clear();
    } else {
      try { await this.comments.load(path(name)); } catch { /* shown as no comments */ }
      if (this.preset !== name) return;  // another preset was opened meanwhile
    }
    this.renderBadges();
    if (this.dialog.open) this.renderThread();
  }

  renderBadges() {
    // Counted in the comments read so far: while older ones are unread, a count is at least that.
    const partial = this.comments.next !== null;
    for (const badge of document.querySelectorAll('.comment-badge')) {
      const key = badge.dataset.comments;
      const open = this.list.filter(c => c.parameter === key && !c.resolved).length;
      const label = this.label(key);
      badge.replaceChildren(bubble(), ...(open ? [document.createTextNode(partial ? `${open}+` : String(open))] : []));
      badge.classList.toggle('has-comments', open > 0);
      badge.disabled = this.preset === null;
      badge.title = this.preset === null ? 'Save the preset to comment on it' : `Comments on ${label}`;
      badge.setAttribute('aria-label', `Comments on ${label}: ${partial ? 'at least ' : ''}${open} open`);
    }
  }

  open(key) {
    this.parameter = key;
    $('comments-title').textContent = `Comments on ${this.label(key)}`;
    $('comment-preset').textContent = this.preset ?? '';
    $('comment-text').value = '';
    $('comment-error').textContent = '';
    this.renderThread();
    if (!this.dialog.open) this.dialog.showModal();
    $('comment-text').focus();
  }

  renderThread() {
    const box = $('comment-thread');
    const showResolved = $('comment-show-resolved').checked;
    const thread = this.list.filter(c => c.parameter === this.parameter && (showResolved || !c.resolved));
    box.replaceChildren();
    if (!thread.length) {
      box.append(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No open comments on this parameter.' }));
    }
    for (const comment of thread) {
      const item = document.createElement('li');
      item.className = 'comment' + (comment.resolved ? ' resolved' : '');
      item.dataset.comment = comment.id;
      const meta = document.createElement('p');
      meta.className = 'meta';
      const when = whenText(comment.time);
      const at = comment.progress === null ? '' : ` · at progress ${comment.progress.toFixed(2)}`;
      meta.textContent = `${comment.author || 'Someone'} · ${when}${at}`;
      const text = document.createElement('p');
      text.className = 'text';
      text.textContent = comment.text;
      item.append(meta, text);
      if (comment.resolved) {
        item.append(Object.assign(document.createElement('p'), { className: 'meta', textContent: `Resolved by ${comment.resolvedBy || 'someone'}` }));
      } else {
        const resolve = document.createElement('button');
        resolve.type = 'button';
        resolve.textContent = 'Resolve';
        resolve.dataset.writes = '';   // a viewer sees it disabled (viewer.js)
        resolve.addEventListener('click', () => this.resolve(comment.id));
        item.append(resolve);
      }
      box.append(item);
    }
  }

  async post() {
    const text = $('comment-text').value.trim();
    if (!text || this.preset === null) return;
    const body = { parameter: this.parameter, text };
    if ($('comment-at-progress').checked) body.progress = Math.round(this.progress() * 100) / 100;
    try {
      const { body: comment } = await send('POST', path(this.preset), body);
      this.comments.put(comment);
      $('comment-text').value = '';
      $('comment-error').textContent = '';
      this.renderBadges();
      this.renderThread();
    } catch (error) {
      $('comment-error').textContent = error.message;
    }
  }

  async resolve(id) {
    try {
      const { body } = await send('POST', `${path(this.preset)}/${id}/resolve`);
      this.comments.put(body);
      this.renderBadges();
      this.renderThread();
    } catch (error) {
      toast(`Cannot resolve: ${error.message}`, { error: true });
    }
  }
}

/** A speech bubble drawn here: emoji fonts are not on every machine. */
function bubble() {
  const { svg } = svgWithPath('0 0 16 16', {
    d: 'M3 2.5h10a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H8l-3.5 3v-3H3A1.5 1.5 0 0 1 1.5 10V4A1.5 1.5 0 0 1 3 2.5z',
    fill: 'none', stroke: 'currentColor', 'stroke-width': '1.4', 'stroke-linejoin': 'round',
  });
  svg.setAttribute('class', 'bubble');
  return svg;
}
