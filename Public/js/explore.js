// Explore: a round in which the server's preference model proposes two charts at a time around
// a preset (new points, not presets; no names), learns the team's taste from each pick and keeps
// the team's current best, shown with its uncertainty and its changes in words, savable as a
// preset. The pair is drawn by the engine; pressing one presses both. Keys 1, 2 and 0 answer.
// Everyone answering the same round sees the others' progress through the event stream.

import { getJSON, send, getUserName } from './api.js';
import { ChartView, attachPointer } from './chart-view.js';
import { setUpPlayMotions, CandidateDialog } from './play-motions.js';
import { onDecisionEvent } from './decision-events.js';
import { toast } from './toast.js';
import { button, roundList } from './elements.js';
import { renderTesting, renderImportance } from './explore-why.js';
import { renderPeople } from './explore-people.js';

const $ = id => document.getElementById(id);
const answers = n => n === 1 ? '1 answer' : `${n} answers`;
const CHOICE_KEYS = { '1': 'a', '2': 'b', '3': 'c', '4': 'd', '0': 'none' };
const CHARTS = ['explore-a', 'explore-b', 'explore-c', 'explore-d'];
// Where the keys type text (a check box, such as "Four at a time", does not).
const TYPING = 'input:not([type=checkbox]):not([type=radio]), select, textarea';

export class Explore extends CandidateDialog {
  constructor(store, presets) {
    super(store, presets, $('explore-dialog'));
    this.round = null;    // the round on screen (its answer from the server)
    this.ticket = null;   // the candidates on screen
    this.busy = false;
    this.reads = { asked: 0, shown: 0 };   // the latest read of the round asked for, and shown
    $('open-explore').addEventListener('click', () => this.open());
    for (const id of CHARTS) attachPointer($(id), () => this.views);
    setUpPlayMotions($('explore-play'), () => this.views, store);
    // Four at a time: the same round, the next candidates four (pick the best) instead of two.
    // The candidates on screen are given up at once: no pick goes to them while the new ones come.
    $('explore-four').addEventListener('change', () => {
      if (!this.round?.state) return;
      this.ticket = null;
      this.renderBest();
      this.nextCandidates();
    });
    $('explore-start').addEventListener('submit', event => { event.preventDefault(); this.start(); });
    for (const b of document.querySelectorAll('[data-explore-choice]')) b.addEventListener('click', () => this.answer(b.dataset.exploreChoice));
    $('explore-back').addEventListener('click', () => this.show('list'));
    $('explore-end').addEventListener('click', () => this.end());
    $('explore-save').addEventListener('submit', event => { event.preventDefault(); this.save(); });
    document.addEventListener('keydown', event => {
      if (!this.dialog.open || $('explore-round-view').hidden || event.target.matches(TYPING) || event.ctrlKey || event.metaKey || event.altKey) return;
      const choice = CHOICE_KEYS[event.key];
      // A candidate's key answers only while that candidate is shown ('none' is not one: -1).
      if (choice && 'abcd'.indexOf(choice) < this.views.length) { event.preventDefault(); this.answer(choice); }
    });
    onDecisionEvent('explore', data => this.heard(data));
  }

  show(view) {
    $('explore-list-view').hidden = view !== 'list';
    $('explore-round-view').hidden = view !== 'round';
    if (view === 'list') { this.round = null; this.ticket = null; this.renderList(); }
  }

  async fillStartForm() {
    const list = await this.presets.refresh();
    const select = $('explore-preset');
    select.replaceChildren(...list.map(p => new Option(p.name, p.name)));
    const current = this.presets.current?.name;
    if (current) select.value = current;
    const box = $('explore-parameters');
    if (box.querySelector('input')) return;
    await this.fillStableAfter();
    for (const definition of this.store.schema.parameters) {
      const label = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.value = definition.key;
      check.id = 'explore-parameter-' + definition.key;
      label.append(check, document.createTextNode(' ' + definition.label));
      if (definition.type === 'number' || definition.type === 'integer') {
        const range = document.createElement('span');
        range.className = 'range';
        for (const end of ['min', 'max']) {
          const input = document.createElement('input');
          input.type = 'number';
          input.min = definition.min;
          input.max = definition.max;
          input.step = definition.step || 'any';
          input.value = definition[end];
          input.dataset.end = end;
          input.setAttribute('aria-label', `${definition.label}: ${end === 'min' ? 'lowest' : 'highest'} value`);
          range.append(input);
        }
        if (definition.unit) range.append(document.createTextNode(definition.unit));
        label.append(' ', range);
      }
      box.append(label);
    }
  }

  /** K's range and default, as the API document states them for POST /api/explore. */
  async fillStableAfter() {
    const input = $('explore-stable-after');
    try {
      const api = await getJSON('/api/openapi.json');
      const k = api.paths['/api/explore'].post.requestBody.content['application/json'].schema.properties.stableAfter;
      Object.assign(input, { min: k.minimum, max: k.maximum, value: k.default });
    } catch (error) {
      // Left empty, the server's default applies.
    }
    $('explore-end-when-stable').addEventListener('change', event => { input.disabled = !event.target.checked; });
  }

  async start() {
    const parameters = [...document.querySelectorAll('#explore-parameters input[type=checkbox]:checked')].map(check => {
      const [min, max] = [...check.parentElement.querySelectorAll('input[type=number]')].map(i => Number(i.value));
      return min === undefined ? check.value : { key: check.value, min, max };
    });
    const voters = $('explore-voters').value.split(',').map(n => n.trim()).filter(Boolean);
    const endWhenStable = $('explore-end-when-stable').checked;
    const stableAfter = $('explore-stable-after').value;
    try {
      const { body: round } = await send('POST', '/api/explore', {
        preset: $('explore-preset').value, parameters, ...(voters.length ? { voters } : {}), endWhenStable,
        ...(endWhenStable && stableAfter !== '' ? { stableAfter: Number(stableAfter) } : {}),
        ...($('explore-honesty').checked ? { honesty: true } : {}),
      });
      $('explore-error').textContent = '';
      await this.join(round.id);
    } catch (error) {
      $('explore-error').textContent = error.message;
    }
  }

  async renderList() {
    let rounds = [];
    try { rounds = await getJSON('/api/explore'); } catch (error) { toast(`Cannot list Explore rounds: ${error.message}`, { error: true }); }
    roundList($('explore-list'), rounds, 'No Explore rounds yet.', (item, round) => {
      const text = document.createElement('span');
      text.textContent = `From “${round.preset}” over ${round.parameters.map(p => p.label).join(', ')} · started by ${round.createdBy || 'someone'} · ${answers(round.answers)} · ${round.state}`;
      item.append(text, button(round.state === 'open' ? 'Join' : 'See the best', () => this.join(round.id)));
    });
  }

  async join(id) {
    this.show('round');
    this.round = { id };
    $('explore-save-name').value = '';
    await this.refresh();
    await this.nextCandidates();
  }

  /**
   * The round and its best from the server. Reads overlap (one after an answer here, one for
   * each answer heard from others) and may come back in any order: a read older than one
   * already shown is dropped, or it would show fewer answers than were counted.
   */
  async refresh() {
    if (!this.round) return;
    const id = this.round.id;
    const asked = ++this.reads.asked;
    let round;
    try { round = await getJSON(`/api/explore/${encodeURIComponent(id)}`); } catch (error) {
      toast(`Cannot read the Explore round: ${error.message}`, { error: true });
      return;
    }
    if (this.round?.id !== id || asked < this.reads.shown) return;
    this.reads.shown = asked;
    this.round = round;
    this.renderBest();
  }

  renderBest() {
    const round = this.round, best = round.best;
    const open = round.state === 'open';
    const people = round.people.length ? ` from ${round.people.join(', ')}` : '';
    $('explore-progress').textContent = open
      ? (this.views.length > 2
        ? `${answers(round.answers)}${people} (a pick among four counts as three). Press and drag on any chart to see all four pressed; pick with the buttons or the keys 1 to 4, or 0.`
        : `${answers(round.answers)}${people}. Press and drag on either chart to see both pressed; answer with the buttons or the keys 1, 2 and 0.`)
      : `This round has ended (${round.endReason === 'stable' ? `the best did not move for ${round.stableAfter} answers` : `ended by ${round.endedBy || 'someone'}`}) after ${answers(round.answers)}${people}.`;
    if (open && round.honesty) $('explore-progress').textContent += ' Every candidate passes the honesty check.';
    // Someone the round does not ask sees why instead of blank charts and disabled buttons.
    const outsider = open && this.notVoter(round);
    if (outsider) $('explore-progress').textContent = `You are not on this round's voter list (${round.voters.join(', ')}): only they answer. You can watch the team's best here.`;
    // An ended round shows what it found, not the controls for answering.
    $('explore-pair').hidden = !open || outsider;
    for (const b of document.querySelectorAll('[data-explore-choice]')) b.disabled = !open || !this.ticket;
    document.querySelector('[data-explore-choice]').parentElement.hidden = !open || outsider;
    $('explore-four').closest('label').hidden = !open || outsider;
    $('explore-pair-title').textContent = !open ? 'The round has ended' : this.views.length > 2 ? 'Which is best?' : 'Which is better?';
    $('explore-end').hidden = !open;
    const changes = $('explore-best-changes');
    changes.replaceChildren();
    if (!best) {
      $('explore-best-state').textContent = 'No answers yet: the starting preset “' + round.preset + '”.';
      $('explore-best-uncertainty').textContent = '';
    } else {
      $('explore-best-state').textContent = best.changes.length
        ? `After ${answers(best.answers)}, “${round.preset}” with these changes:`
        : `After ${answers(best.answers)}: the starting preset “${round.preset}” as it is.`;
      const stable = best.isStable ? `stable for ${best.stableFor} answers` : `unchanged for ${best.stableFor} of ${best.stableAfter} answers`;
      $('explore-best-uncertainty').textContent = `Team's liking ${best.mean.toFixed(2)} ± ${best.sd.toFixed(2)} (0 is an average chart); ${stable}.`;
      for (const change of best.changes) changes.append(Object.assign(document.createElement('li'), { textContent: change.text }));
    }
    renderImportance($('explore-why'), $('explore-importance'), best);
    renderPeople($('explore-people'), $('explore-agreement-summary'), $('explore-people-liking'), $('explore-agreement'), best);
    renderTesting($('explore-testing'), open && !outsider && this.ticket ? this.testing : null);
    $('explore-save').hidden = !best;
    if (round.saved.length) $('explore-best-uncertainty').textContent += ` Saved as ${round.saved.map(n => `“${n}”`).join(', ')}.`;
  }

  /** Whether the round names its voters and this person is not one of them. */
  notVoter(round) {
    return Boolean(round.voters?.length) && !round.voters.includes(getUserName());
  }

  async nextCandidates() {
    if (!this.round || this.round.state !== 'open' || this.notVoter(this.round)) { this.ticket = null; this.renderBest(); return; }
    let next;
    const count = this.wanted();
    try { next = await getJSON(`/api/explore/${encodeURIComponent(this.round.id)}/next?count=${count}`); } catch (error) {
      toast(`Cannot get the next pair: ${error.message}`, { error: true });
      this.ticket = null;
      this.renderBest();
      return;
    }
    if (count !== this.wanted()) return;   // switched while this was asked for
    this.ticket = next.ticket;
    this.testing = next.testing;
    this.showFour();
    this.views = next.candidates.slice(0, CHARTS.length).map((candidate, i) => {
      const view = new ChartView($(CHARTS[i]), () => ({ params: candidate.parameters, view: this.store.view }), { idPrefix: 'explore' + i });
      view.draw();
      return view;
    });
    this.renderBest();
  }

  /** How many candidates to ask for: 4 with "Four at a time", else 2. */
  wanted() {
    return $('explore-four').checked ? 4 : 2;
  }

  /** The third and fourth charts and answers, shown when four are asked for. */
  showFour() {
    const four = $('explore-four').checked;
    for (const element of document.querySelectorAll('#explore-round-view [data-four]')) element.hidden = !four;
    $('explore-pair').classList.toggle('four', four);
    const none = document.querySelector('[data-explore-choice=none]');
    const a = document.querySelector('[data-explore-choice=a]'), b = document.querySelector('[data-explore-choice=b]');
    a.firstChild.textContent = four ? 'A is best ' : 'A is better ';
    b.firstChild.textContent = four ? 'B is best ' : 'B is better ';
    // No preference between A and B for a pair, after D for four (moved, so that Tab follows the eye).
    if (four) none.parentElement.append(none); else none.parentElement.insertBefore(none, b);
  }

  async answer(choice) {
    if (!this.ticket || this.busy || this.round?.state !== 'open') return;
    this.busy = true;
    for (const b of document.querySelectorAll('[data-explore-choice]')) b.disabled = true;
    const ticket = this.ticket;
    this.ticket = null;
    try {
      await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/answers`, { ticket, choice });
    } catch (error) {
      toast(`Cannot record the answer: ${error.message}`, { error: true });
    } finally {
      this.busy = false;
    }
    await this.refresh();
    await this.nextCandidates();
  }

  async end() {
    try { await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/end`); } catch (error) {
      toast(`Cannot end the round: ${error.message}`, { error: true });
    }
    this.ticket = null;
    await this.refresh();
  }

  async save() {
    const name = $('explore-save-name').value.trim();
    if (!name) return;
    try {
      await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/save`, { name });
      toast(`Saved the team's best as “${name}”`);
      await this.presets.refresh();
    } catch (error) {
      toast(`Cannot save: ${error.message}`, { error: true });
    }
    await this.refresh();
  }

  /** Someone answered, ended or saved: the best and progress of the round on screen follow. */
  heard(data) {
    if (this.dialog.open && !$('explore-list-view').hidden) this.renderList();
    if (!this.round || data.round !== this.round.id) return;
    const wasOpen = this.round.state === 'open';
    this.refresh().then(() => { if (wasOpen && this.round.state !== 'open') { this.ticket = null; this.renderBest(); } });
  }
}
