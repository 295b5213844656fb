// Short messages under the chart: who changed what, saves, errors. They sit in the page's flow
// (never over the controls); while a dialog is open they show inside it, kept in view at the
// bottom of what it shows however far it is scrolled, never behind its backdrop. They coalesce:
// a message with the same `key` (one person's edits) or the same text replaces the one shown and
// restarts its time instead of stacking up.

const MAX_SHOWN = 3;
const shown = new Map();   // key → { item, timer }

/** `action` ({label, run}) adds a button (e.g. Restore after a delete) that runs once and closes the message. */
export function toast(message, { error = false, ms = 3500, key = message, action = null } = {}) {
  const box = container();
  let entry = shown.get(key);
  if (entry) {
    clearTimeout(entry.timer);
    if (entry.item.parentElement !== box) box.append(entry.item);
    entry.item.textContent = message;
    entry.item.className = 'toast' + (error ? ' error' : '');
  } else {
    const item = document.createElement('div');
    item.className = 'toast' + (error ? ' error' : '');
    item.textContent = message;
    box.append(item);
    entry = { item };
    shown.set(key, entry);
    // A tap or click on the message, not on its button, puts it away.
    item.addEventListener('click', event => {
      if (event.target.closest('.toast-action')) return;
      clearTimeout(entry.timer);
      item.remove();
      if (shown.get(key) === entry) shown.delete(key);
    });
    while (box.children.length > MAX_SHOWN) {
      const oldest = box.firstElementChild;
      for (const [k, e] of shown) if (e.item === oldest) { clearTimeout(e.timer); shown.delete(k); }
      oldest.remove();
    }
  }
  if (action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'toast-action';
    b.textContent = action.label;
    b.addEventListener('click', () => { entry.item.remove(); shown.delete(key); action.run(); }, { once: true });
    entry.item.append(' ', b);
  }
  entry.timer = setTimeout(() => { entry.item.remove(); if (shown.get(key) === entry) shown.delete(key); }, ms);
}

/** The topmost open modal dialog's message box (made on first use), else the page's. */
function container() {
  const open = [...document.querySelectorAll('dialog[open]')].filter(d => d.matches(':modal'));
  const top = open[open.length - 1];
  if (!top) return document.getElementById('toasts');
  let box = top.querySelector(':scope > .dialog-toasts');
  if (!box) {
    box = Object.assign(document.createElement('div'), { className: 'toasts dialog-toasts' });
    box.setAttribute('role', 'log');
    box.setAttribute('aria-live', 'polite');
    box.setAttribute('aria-label', 'Messages');
    top.append(box);
  }
  return box;
}
