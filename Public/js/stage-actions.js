// The stage's buttons and keys: play the transition, undo and redo (their state and the store's
// "nothing more to undo" notices), reset to the preset or the engine defaults, copy the link;
// and the menus (<details class="menu">), which close on Escape or a click elsewhere.

import { shareableLink, copyText } from './share-link.js';
import { toast } from './toast.js';
import { writeAttribute } from './elements.js';

const $ = id => document.getElementById(id);

/** @param {() => object} shareInfo the session's share info (links, role) for Copy link */
export function setUpStageActions(store, chart, { shareInfo }) {
  $('play-transition').addEventListener('click', () => chart.play());
  $('undo').addEventListener('click', () => store.undo());
  $('redo').addEventListener('click', () => store.redo());
  $('reset-all').addEventListener('click', () => store.replace(store.baseline));
  $('reset-defaults').addEventListener('click', () => store.replace(store.defaults));
  store.on(change => {
    if (change.kind === 'notice') toast(change.text);
    if (change.kind !== 'history') return;
    writeAttribute($('undo'), 'disabled', store.undoStack.length === 0);
    writeAttribute($('redo'), 'disabled', store.redoStack.length === 0);
  });
  $('copy-link').addEventListener('click', async () => {
    const info = shareInfo();
    const link = shareableLink(info, store.toURL());
    const who = info.shared ? ` It lets the receiver in as ${info.role === 'editor' ? 'an editor' : 'a viewer'}: share it only with the team.` : '';
    if (await copyText(link)) toast('Link copied.' + who);
    else toast(`Your browser did not allow copying. Share this link: ${link}`, { ms: 20000 });
  });
  document.addEventListener('keydown', event => {
    if (!(event.ctrlKey || event.metaKey)) return;
    if (event.target.matches('input[type=text], textarea')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) { event.preventDefault(); store.undo(); }
    else if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); store.redo(); }
  });
  setUpMenus();
}

/** Menus close on Escape, returning focus to their button, and on a click elsewhere. */
function setUpMenus() {
  document.addEventListener('keydown', event => {
    if (event.key !== 'Escape') return;
    for (const menu of document.querySelectorAll('details.menu[open]')) {
      menu.removeAttribute('open');
      if (menu.contains(document.activeElement)) menu.querySelector('summary').focus();
    }
  });
  document.addEventListener('pointerdown', event => {
    for (const menu of document.querySelectorAll('details.menu[open]')) if (!menu.contains(event.target)) menu.removeAttribute('open');
  });
}
