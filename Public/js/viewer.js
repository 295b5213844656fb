// A viewer's page (joined with a viewer link under `serve --share`, or made a viewer by the
// owner): every control that would
// change something shared is shown disabled, with the reason beside it, instead of failing with
// 403; and the viewer's own slider edits are labelled a private preview (they never leave the page).

import { sameParams } from './state.js';

const REASON = 'You are a viewer here: you can watch, press and render, but not save, rename, delete, review or comment. Ask the owner to make you an editor to change things.';

/** Controls that write something shared; `[data-writes]` marks the ones made later (Restore, Resolve). */
const writes = [
  '#preset-save', '#preset-save-as', '#preset-rename', '#preset-duplicate', '#preset-delete', '#csv-file', '#live-toggle', '#data-builtin',
  '#review-approve', '#review-changes', '#review-request button[type=submit]', '#review-reviewers', '#review-acknowledge',
  '#edit-notes', '#preset-info-edit-notes', '#notes-form button[type=submit]',
  '#comment-form button[type=submit]', '#comment-text', '#comment-at-progress',
  '#round-start button[type=submit]', '[data-vote]', '#round-close', '[data-writes]',
].join(', ');

export function setUpViewer(store) {
  document.body.dataset.role = 'viewer';
  const note = document.getElementById('viewer-note');
  note.textContent = REASON;
  note.hidden = false;
  const disable = root => {
    const found = [...(root.matches?.(writes) ? [root] : []), ...root.querySelectorAll(writes)];
    for (const el of found) {
      if (!el.disabled) el.disabled = true;
      if (el.title !== REASON) el.title = REASON;
      if (el.getAttribute('aria-describedby') !== 'viewer-note') el.setAttribute('aria-describedby', 'viewer-note');
    }
  };
  disable(document);
  // Other modules enable their buttons as presets open and lists are drawn: those stay disabled here.
  const observer = new MutationObserver(records => {
    for (const record of records) {
      if (record.type === 'attributes') { if (record.target.matches(writes) && !record.target.disabled) disable(record.target); }
      else for (const node of record.addedNodes) if (node.nodeType === 1) disable(node);
    }
  });
  for (const root of document.querySelectorAll('.topbar, .stage-actions, #preset-info, dialog')) {
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  }

  // The viewer's slider edits stay on this page: said beside the parameters and in the preset bar.
  let shared = { ...store.params };
  const badge = document.getElementById('private-preview');
  const marker = document.getElementById('modified-marker');
  marker.textContent = 'private preview';
  marker.title = 'Your changes stay on this page: a viewer cannot change the shared preset.';
  const show = () => { badge.hidden = sameParams(shared, store.params); };
  store.on(change => {
    if (change.kind !== 'params') return;
    if (change.origin === 'load') shared = { ...store.params };
    else if (change.origin === 'remote') for (const key of change.keys) shared[key] = store.params[key];
    show();
  });
  show();
}
