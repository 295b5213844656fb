// The page's address is its state as a link: read once at the start (what it could not use is
// listed), then kept in step with the store's values, view and open preset.

const $ = id => document.getElementById(id);

export class PageAddress {
  constructor(store) {
    this.store = store;
    this.timer = 0;
    const ignored = store.fromURL(location.search);
    if (ignored.length) {
      $('link-ignored-list').textContent = ignored.join(', ');
      $('link-ignored').hidden = false;
    }
    $('link-ignored-close').addEventListener('click', () => { $('link-ignored').hidden = true; });
    store.on(change => { if (change.kind === 'preset' || change.kind === 'params' || change.kind === 'view') this.save(); });
  }

  /** Writes the address now, or after a short calm (many edits, one write). */
  save({ now = false } = {}) {
    clearTimeout(this.timer);
    const write = () => history.replaceState(null, '', this.store.toURL());
    if (now) write(); else this.timer = setTimeout(write, 120);
  }
}
