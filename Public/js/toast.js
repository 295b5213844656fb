// Short messages under the chart: who changed what, saves, errors. They sit in the page's flow
// (never over the controls) and coalesce: a message with the same `key` (one person's edits)
// or the same text replaces the one shown and restarts its time instead of stacking up.

const MAX_SHOWN = 3;
const shown = new Map();   // key → { item, timer }

/** `action` ({label, run}) adds a button (e.g. Restore after a delete) that runs once and closes the message. */
export function toast(message, { error = false, ms = 3500, key = message, action = null } = {}) {
  const box = document.getElementById('toasts');
  let entry = shown.get(key);
  if (entry) {
    clearTimeout(entry.timer);
    entry.item.textContent = message;
    entry.item.className = 'toast' + (error ? ' error' : '');
  } else {
    const item = document.createElement('div');
    item.className = 'toast' + (error ? ' error' : '');
    item.textContent = message;
    box.append(item);
    entry = { item };
    shown.set(key, entry);
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
