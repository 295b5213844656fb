// A check of the page's values asked a while after the last change (off the slider→chart path),
// whose answer is shown only while no newer one has been asked: an older answer arriving late
// never replaces a newer one. The readability and honesty hints are both one of these.

import { newestAnswer } from './newest-answer.js';

export class DebouncedCheck {
  /** `ask()` resolves with the answer to show; `show(answer)` puts it on the page. */
  constructor(ask, show) {
    this.ask = ask;
    this.show = show;
    this.timer = 0;
    this.newest = newestAnswer();
  }

  schedule(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
  }

  async run() {
    const newest = this.newest();
    let answer;
    try { answer = await this.ask(); } catch { return; }
    if (newest()) this.show(answer);   // else a newer change is being checked
  }
}
