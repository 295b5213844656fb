// A list the server pages (reviews, comments, revisions, rounds): the newest page first, older
// pages on request ("Show older …"), and how many there are in all (X-Total-Count). A list that
// fits in one page shows no count and no button.
// Reading the list again (a live update) reads the newest page and then older ones until it holds
// as many entries as were shown (all of them, when all were shown): older pages a person opened
// stay open, and the count and the button stay right. Reads run one after another.

import { getPage } from './api.js';
import { button, writeAttribute, writeText } from './elements.js';

const number = n => n.toLocaleString('en');

/**
 * Pages of `url` from `before` (the newest when null) until `depth` entries or the end:
 * `{ items, next, total, pages }`, the items in the server's order (`oldestFirst`: older pages go before).
 */
export async function readPages(url, before, depth, { oldestFirst = false } = {}) {
  let items = [], next = before, total = 0, pages = 0;
  do {
    const page = await getPage(next === null ? url : `${url}${url.includes('?') ? '&' : '?'}before=${encodeURIComponent(next)}`);
    items = oldestFirst ? page.items.concat(items) : items.concat(page.items);
    ({ next, total } = page);
    pages += 1;
  } while (next !== null && items.length < depth);
  return { items, next, total: Math.max(total, items.length), pages };
}

export class PagedList {
  /**
   * @param {HTMLElement} list the element the owner renders the entries into
   * @param {'oldest-first'|'newest-first'} order how the server orders a page (older pages go before, or after)
   * @param {string} noun what the entries are, plural ("reviews"): the button says "Show older reviews"
   * @param {string} [counted] what the count counts ("comments on this preset"), the noun by default
   * @param {() => void} onOlder re-renders the entries once an older page is added
   * @param {(item: object) => unknown} [id] an entry's identity (for `put`)
   */
  constructor({ list, order, noun, counted = noun, onOlder, id = item => item.id }) {
    this.oldestFirst = order === 'oldest-first';
    this.noun = noun;
    this.counted = counted;
    this.onOlder = onOlder;
    this.id = id;
    this.url = null;
    this.items = [];      // the entries read so far, in the server's order (older pages joined on)
    this.next = null;     // the X-Next-Before of the oldest page read: null when every entry is read
    this.total = 0;
    this.pages = 0;
    this.queue = Promise.resolve();
    this.count = Object.assign(document.createElement('p'), { className: 'pager-count', tabIndex: -1 });
    this.count.setAttribute('role', 'status');
    this.more = button(`Show older ${noun}`, () => this.showOlder());
    this.more.className = 'pager-more';
    this.element = Object.assign(document.createElement('div'), { className: 'pager', hidden: true });
    this.element.append(this.count, this.more);
    // Older entries are read where they appear: above an oldest-first list, below a newest-first one.
    if (this.oldestFirst) list.before(this.element); else list.after(this.element);
    this.list = list;
  }

  /**
   * Reads `url`'s list: its newest page and as many older ones as were shown of the same list
   * (another list starts at its newest page). Resolves to the entries; throws the ApiError.
   */
  load(url) {
    return this.#enqueue(async () => {
      const same = url === this.url;
      const depth = !same ? 0 : this.next === null ? Infinity : this.items.length;
      try {
        Object.assign(this, await this.#read(url, null, depth), { url });
      } catch (error) {
        Object.assign(this, { url, items: [], next: null, total: 0, pages: 0 });
        throw error;
      } finally {
        this.#renderPager();
      }
      return this.items;
    });
  }

  /** Forgets the list (nothing open). */
  clear() {
    Object.assign(this, { url: null, items: [], next: null, total: 0, pages: 0 });
    this.#renderPager();
  }

  /** Adds or replaces one entry announced live (a new one counts in the total). */
  put(item) {
    const index = this.items.findIndex(i => this.id(i) === this.id(item));
    if (index >= 0) {
      this.items[index] = item;
    } else {
      if (this.oldestFirst) this.items.push(item); else this.items.unshift(item);
      this.total += 1;
    }
    this.#renderPager();
  }

  /** Reads the next, older page and adds it where older entries go. */
  showOlder() {
    const url = this.url;
    if (this.next === null || this.more.getAttribute('aria-busy') === 'true') return this.queue;
    writeAttribute(this.more, 'aria-busy', 'true');
    return this.#enqueue(async () => {
      const shown = this.list.children.length;
      try {
        if (url !== this.url || this.next === null) return;   // the list was read again meanwhile
        const older = await this.#read(url, this.next, 1);
        Object.assign(this, {
          items: this.oldestFirst ? older.items.concat(this.items) : this.items.concat(older.items),
          next: older.next, total: older.total, pages: this.pages + older.pages,
        });
      } catch (error) {
        writeText(this.count, `Cannot read older ${this.noun}: ${error.message}`);
        return;
      } finally {
        writeAttribute(this.more, 'aria-busy', false);
      }
      const focused = document.activeElement === this.more;
      this.#renderPager();
      this.onOlder();
      // A newest-first list that scrolls grows at its end: it scrolls to its first older entry.
      const first = this.oldestFirst ? null : this.list.children[shown];
      if (first) this.list.scrollTop += first.getBoundingClientRect().top - this.list.getBoundingClientRect().top;
      // The button goes once everything is read: focus stays near, on the count.
      if (focused && this.more.hidden) this.count.focus();
    });
  }

  #read(url, before, depth) { return readPages(url, before, depth, { oldestFirst: this.oldestFirst }); }

  #enqueue(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** The count and the button, shown only for a list longer than one page. */
  #renderPager() {
    this.element.hidden = this.next === null && this.pages <= 1;
    const shown = this.items.length;
    writeText(this.count, this.next === null
      ? `Showing all ${number(this.total)} ${this.counted}`
      : `Showing ${number(shown)} of ${number(this.total)} ${this.counted}`);
    this.more.hidden = this.next === null;
  }
}
