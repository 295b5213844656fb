// Explore: a round in which the server's preference model proposes charts around a preset (new
// points, not presets; no names), learns the team's taste from each answer and keeps the team's
// current best, shown with its uncertainty and its changes in words, savable as a preset. The
// person chooses the kind of the next question: a pair or four (keys 1, 2 … and 0 answer; this
// module), a line to slide along (explore-line.js) or a gallery of nine (explore-gallery.js); an
// edit of the best kept by hand is an answer too (explore-edit.js). Everything is drawn by the
// engine; pressing one chart presses all. Everyone answering the same round sees the others'
// progress through the event stream.

import { ApiError, getJSON, send, getUserName, isOwnPage } from './api.js';
import { ChartView, attachPointer } from './chart-view.js';
import { setUpPlayMotions, CandidateDialog } from './play-motions.js';
import { onDecisionEvent } from './decision-events.js';
import { toast } from './toast.js';
import { confirmDialog } from './dialogs.js';
import { button, roundList } from './elements.js';
import { whenText } from './time-text.js';
import { renderTesting, renderImportance } from './explore-why.js';
import { renderPeople } from './explore-people.js';
import { ExploreLine } from './explore-line.js';
import { ExploreGallery } from './explore-gallery.js';
import { ExploreEdit } from './explore-edit.js';
import { byKindText, renderHistory } from './explore-answers.js';
import { valuesText } from './value-text.js';
import { same } from './state.js';

/** Said where a round would start when the folder has no preset (a new, empty one). */
const NO_PRESET = 'No preset to start from: save the chart as a preset first (Save as… beside the preset list).';

const $ = id => document.getElementById(id);
const answers = n => n === 1 ? '1 answer' : `${n} answers`;
// When a round was started (" on Nov 30, 2026, 6:46 PM"): rounds one person started from one preset told apart.
const startedAt = round => Number.isNaN(Date.parse(round.createdAt)) ? '' : ` on ${whenText(round.createdAt)}`;
// People's answers, and the model's comparisons when they differ (a pick among four or nine,
// or a stop on a line, is one answer and several comparisons).
const answersGiven = round => answers(round.history.length) + (round.answers !== round.history.length ? ` (${round.answers} comparisons)` : '');
const CHOICE_KEYS = { '1': 'a', '2': 'b', '3': 'c', '4': 'd', '0': 'none' };
const CHARTS = ['explore-a', 'explore-b', 'explore-c', 'explore-d'];
// Where the keys type text or move a value (a check box or a radio button does not).
const TYPING = 'input:not([type=checkbox]):not([type=radio]), select, textarea';
// The next question's kind, as the server's `next` is asked for it; the choice is remembered.
const KIND_QUERY = { pair: 'kind=pair&count=2', four: 'kind=pair&count=4', line: 'kind=line', gallery: 'kind=gallery' };
const KIND_KEY = 'workbench.exploreKind';
// The round this browser last joined: Explore opens on it again while it is open (a walk found
// a person who reopened Explore mid-round on the start form, their round behind it in the list).
const ROUND_KEY = 'workbench.exploreRound';
// Answers by others after which a question on screen is said to be old (`explore-stale`).
const STALE_AFTER = 6;
// What each kind asks, after the progress, and its title.
const ASKING = {
  pair: '. Press and drag on either chart to see both pressed; answer with the buttons or the keys 1, 2 and 0.',
  four: ' (a pick among four counts as three). Press and drag on any chart to see all four pressed; pick with the buttons or the keys 1 to 4, or 0.',
  line: '. Move the slider (arrow keys, Home and End, or drag) to where the chart is best along the line, then press “This is best here” or Enter.',
  gallery: '. Press and drag on any chart to see all nine pressed; pick the best with a click or tap, or the keys 1 to 9 (row by row).',
};
// On a touch screen (where the keys' labels are hidden too), the same without keys.
const ASKING_BY_TOUCH = {
  pair: '. Press and drag on either chart to see both pressed; answer with the buttons.',
  four: ' (a pick among four counts as three). Press and drag on any chart to see all four pressed; pick with the buttons.',
  line: '. Drag the slider to where the chart is best along the line, then tap “This is best here”.',
  gallery: '. Press and drag on any chart to see all nine pressed; tap the best.',
};
const byTouch = matchMedia('(hover: none) and (pointer: coarse)');
// How long the kind's arrow keys rest before that kind is asked for.
const KIND_SETTLE_MS = 400;
const TITLES = { pair: 'Which is better?', four: 'Which is best?', line: 'Where along the line is it best?', gallery: 'Which is best?' };
// A failure to reach the server (no answer from it at all), not a refusal it gave.
const unreachable = error => !(error instanceof ApiError);

export class Explore extends CandidateDialog {
  constructor(store, presets) {
    super(store, presets, $('explore-dialog'));
    this.round = null;    // the round on screen (its answer from the server)
    this.ticket = null;   // the candidates on screen
    this.askedAt = null;  // the round's answers when they were asked (null: not read yet)
    this.busy = false;
    this.reads = { asked: 0, shown: 0 };   // the latest read of the round asked for, and shown
    $('open-explore').addEventListener('click', () => this.open());
    for (const id of CHARTS) attachPointer($(id), () => this.views);
    this.found = null;   // the chart of an ended round's best
    attachPointer($('explore-found-chart'), () => (this.found ? [this.found] : []));
    setUpPlayMotions($('explore-play'), () => this.views, store);
    this.line = new ExploreLine(store, choice => this.answer(choice));
    this.gallery = new ExploreGallery(store, choice => this.answer(choice));
    this.edit = new ExploreEdit(store, (recorded, changes) => this.kept(recorded, changes));
    // The next question's kind: the same round, other candidates. The ones on screen are given
    // up at once (the server replaces the ticket): no answer goes to them while the new ones come.
    const remembered = $(`explore-kind-${localStorage.getItem(KIND_KEY)}`);
    if (remembered) remembered.checked = true;
    this.shownKind = this.wanted();   // the kind of the candidates on screen (the next one asked for may differ)
    // Arrowing through the kinds passes each one: a kind chosen by key is asked for once the keys
    // rest, not every kind on the way (a walk's arrows from Pair to Line issued a Four).
    let byKey = false, settle = null;
    $('explore-kind').addEventListener('keydown', event => { byKey = event.key.startsWith('Arrow'); });
    $('explore-kind').addEventListener('change', () => {
      localStorage.setItem(KIND_KEY, this.wanted());
      if (!this.round?.state) return;
      this.ticket = null;
      this.renderBest();
      clearTimeout(settle);
      if (byKey) settle = setTimeout(() => this.nextCandidates(), KIND_SETTLE_MS); else this.nextCandidates();
      byKey = false;
    });
    $('explore-start').addEventListener('submit', event => { event.preventDefault(); this.start(); });
    $('explore-renew').addEventListener('click', () => { this.ticket = null; this.renderBest(); this.nextCandidates(); });
    for (const b of document.querySelectorAll('[data-explore-choice]')) b.addEventListener('click', () => this.answer(b.dataset.exploreChoice));
    $('explore-back').addEventListener('click', () => { localStorage.removeItem(ROUND_KEY); this.show('list'); });
    $('explore-end').addEventListener('click', () => this.end());
    $('explore-save').addEventListener('submit', event => { event.preventDefault(); this.save(); });
    document.addEventListener('keydown', event => {
      if (!this.dialog.open || $('explore-round-view').hidden || event.target.matches(TYPING) || event.ctrlKey || event.metaKey || event.altKey) return;
      const kind = this.shownKind;
      // A candidate's key answers only while that candidate is shown ('none' is not one: -1).
      const choice = kind === 'gallery' ? this.gallery.choiceForKey(event.key)
        : kind === 'pair' || kind === 'four' ? CHOICE_KEYS[event.key] : null;
      if (choice && (kind === 'gallery' || 'abcd'.indexOf(choice) < this.views.length)) { event.preventDefault(); this.answer(choice); }
    });
    onDecisionEvent('explore', data => this.heard(data));
    this.countOpenRounds();
    // Back after a lost connection: the round as it is now, and a question if none is on screen.
    onDecisionEvent('reconnected', async () => {
      this.countOpenRounds();
      if (!this.dialog.open || !this.round?.id || $('explore-round-view').hidden) return;
      await this.refresh();
      if (!this.ticket) await this.nextCandidates();
    });
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
    $('explore-error').textContent = list.length ? '' : NO_PRESET;
    const box = $('explore-parameters');
    if (box.querySelector('input')) return;
    await this.fillStableAfter();
    // By the schema's groups, each under its name: "Duration" is the press's, the period change's,
    // the live price's and the first load's, and a list of bare labels said it four times.
    const { groups, parameters } = this.store.schema;
    const fieldsets = new Map(groups.map(group => {
      const fieldset = document.createElement('fieldset');
      fieldset.className = 'explore-group';
      const legend = document.createElement('legend');
      legend.textContent = group;
      fieldset.append(legend);
      return [group, fieldset];
    }));
    for (const definition of parameters) {
      const label = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.value = definition.key;
      check.id = 'explore-parameter-' + definition.key;
      // Named by its label alone (the label also holds the range's fields, "… to … px"), as the
      // schema says it standing alone: with its group's name where another group has the same label.
      const name = definition.standaloneLabel;
      check.setAttribute('aria-label', name);
      label.append(check, document.createTextNode(' ' + definition.label));
      if (definition.type === 'number' || definition.type === 'integer') {
        const range = document.createElement('span');
        range.className = 'range';
        for (const end of ['min', 'max']) {
          if (end === 'max') range.append(document.createTextNode('to'));
          const input = document.createElement('input');
          input.type = 'number';
          input.min = definition.min;
          input.max = definition.max;
          input.step = definition.step || 'any';
          input.value = definition[end];
          input.dataset.end = end;
          input.setAttribute('aria-label', `${name}: ${end === 'min' ? 'lowest' : 'highest'} value`);
          range.append(input);
        }
        if (definition.unit) range.append(document.createTextNode(definition.unit));
        label.append(' ', range);
        // A range counts only for a ticked parameter: until then its fields are no Tab stops.
        const ends = [...range.querySelectorAll('input')];
        const follow = () => { for (const input of ends) input.disabled = !check.checked; };
        check.addEventListener('change', follow);
        follow();
      }
      (fieldsets.get(definition.group) ?? box).append(label);
    }
    box.append(...[...fieldsets.values()].filter(fieldset => fieldset.querySelector('input')));
  }

  /** K's range, default and meaning (what counts as settled), as the API document states them for POST /api/explore. */
  async fillStableAfter() {
    const input = $('explore-stable-after');
    try {
      const api = await getJSON('/api/openapi.json');
      const k = api.paths['/api/explore'].post.requestBody.content['application/json'].schema.properties.stableAfter;
      Object.assign(input, { min: k.minimum, max: k.maximum, value: k.default });
      $('explore-stable-hint').textContent = k.description;
    } catch (error) {
      // Left empty, the server's default applies.
    }
    $('explore-end-when-stable').addEventListener('change', event => { input.disabled = !event.target.checked; });
  }

  async start() {
    if (!$('explore-preset').value) { $('explore-error').textContent = NO_PRESET; return; }
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
    const fill = (item, round) => {
      const text = document.createElement('span');
      text.textContent = `From “${round.preset}” over ${round.parameters.map(p => p.label).join(', ')} · started by ${round.createdBy || 'someone'}${startedAt(round)} · ${answersGiven(round)} · ${round.state}`;
      item.append(text, button(round.state === 'open' ? 'Join' : 'See the best', () => this.join(round.id)));
    };
    // Open rounds first; ended ones folded away below them, so that many rounds do not push the
    // start form out of reach (a phone, a keyboard).
    const open = rounds.filter(round => round.state === 'open'), ended = rounds.filter(round => round.state !== 'open');
    roundList($('explore-list'), open, rounds.length ? 'No open rounds.' : 'No Explore rounds yet.', fill);
    roundList($('explore-ended-list'), ended, '', fill);
    $('explore-ended-summary').textContent = `Ended rounds (${ended.length})`;
    $('explore-ended').hidden = !ended.length;
  }

  /** One opening at a time: a double click or tap opens the dialog once. */
  open() {
    this.opening ??= this.openOnLastRound().finally(() => { this.opening = null; });
    return this.opening;
  }

  /** On the round this browser last joined while it is still open (the keyboard on its question); else on the rounds and the start form. */
  async openOnLastRound() {
    const last = localStorage.getItem(ROUND_KEY);
    let round = null, answered = true;
    if (last) {
      try { round = await getJSON(`/api/explore/${encodeURIComponent(last)}`); } catch (error) { answered = error instanceof ApiError; }
    }
    if (round?.state !== 'open') {
      // Ended or gone, it is forgotten; unreachable (the connection lost), it is tried next time.
      if (answered) localStorage.removeItem(ROUND_KEY);
      return super.open();
    }
    await this.fillStartForm();   // for "Back to rounds"
    this.show('round');
    if (!this.dialog.open) this.dialog.showModal();
    await this.join(last);
    $('explore-pair-title').focus();
  }

  async join(id) {
    localStorage.setItem(ROUND_KEY, id);
    this.show('round');
    this.ticket = null;   // another round's candidates, if this tab last showed one
    this.round = { id };
    $('explore-save-name').value = '';
    await this.refresh();
    await this.nextCandidates();
    // The start button and the list are gone: the keyboard goes on from the question's heading.
    this.focusQuestionIfLost();
  }

  /** The focus back on the question's heading when its control went away (it fell to the body or out of the dialog). */
  focusQuestionIfLost() {
    if (document.activeElement === document.body || !this.dialog.contains(document.activeElement)) $('explore-pair-title').focus();
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
      // Unreachable, the page's connection line says so, and the round is read again once back.
      if (!unreachable(error)) toast(`Cannot read the Explore round: ${error.message}`, { error: true });
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
    const kind = this.shownKind;
    const refused = this.refused?.kind === kind ? this.refused : null;
    const given = answersGiven(round);
    $('explore-progress').textContent = !open
      ? `This round has ended (${round.endReason === 'stable' ? `the best had settled for ${round.stableAfter} answers` : `ended by ${round.endedBy || 'someone'}`}) after ${given}${people}.`
      : refused?.unreachable ? `${given}${people}. The server cannot be reached: the next question comes when it is back.`
      : refused ? `${given}${people}. No ${kind} now: ${refused.message}. Choose another kind of question above.`
      : `${given}${people}${(byTouch.matches ? ASKING_BY_TOUCH : ASKING)[kind]}`;
    if (open && round.honesty) $('explore-progress').textContent += ' Every candidate passes the honesty check.';
    // Someone the round does not ask sees why instead of blank charts and disabled buttons.
    const outsider = open && this.notVoter(round);
    if (outsider) $('explore-progress').textContent = `You are not on this round's voter list (${round.voters.join(', ')}): only they answer. You can watch the team's best here.`;
    $('explore-by-kind').textContent = byKindText(round);
    // A question left open while others answered was chosen around a best that may have moved:
    // said, with a new one a click away (it is not swapped under a person about to answer).
    if (this.ticket && this.askedAt === null) this.askedAt = round.history.length;
    const since = this.ticket && open ? round.history.length - this.askedAt : 0;
    $('explore-stale').hidden = since < STALE_AFTER;
    $('explore-stale-text').textContent = `Asked ${since} answers ago: the team's best may have moved since. You can still answer it, or ask again.`;
    // An ended round shows what it found, not the controls for answering.
    const asking = open && !outsider, canAnswer = asking && Boolean(this.ticket);
    const showing = asking && !refused;
    const pairs = kind === 'pair' || kind === 'four';
    $('explore-pair').hidden = !showing || !pairs;
    $('explore-line').hidden = !showing || kind !== 'line';
    $('explore-gallery').hidden = !showing || kind !== 'gallery';
    $('explore-play').hidden = !showing;
    for (const b of document.querySelectorAll('[data-explore-choice]')) b.disabled = !canAnswer;
    document.querySelector('[data-explore-choice]').parentElement.hidden = !showing || !pairs;
    this.line.setEnabled(canAnswer);
    this.gallery.setEnabled(canAnswer);
    $('explore-kind').hidden = !asking;
    $('explore-pair-title').textContent = !open ? 'The round has ended' : TITLES[kind];
    $('explore-best-title').textContent = open ? "The team's current best" : "The team's best, as the round ended";
    // Where the candidates were, an ended round shows the chart it found.
    const found = !open && Boolean(best);
    // The round has just ended (here or on another page): what it found comes into view, where
    // the dialog may have been scrolled down to its answers.
    const justEnded = found && $('explore-found').hidden;
    $('explore-found').hidden = !found;
    if (justEnded) $('explore-found').scrollIntoView({ block: 'nearest' });
    if (found) {
      // Its own copy of the parameters: the view redraws (a live price, the period) after the
      // dialog has left the round, when there is no round to read them from.
      this.foundParameters = best.parameters;
      this.found ??= new ChartView($('explore-found-chart'), () => ({ params: this.foundParameters, view: this.store.view }), { idPrefix: 'explore-found' });
      this.found.draw();
    }
    renderHistory($('explore-history'), $('explore-history-list'), round.history);
    this.edit.show(round, asking);
    $('explore-end').hidden = !open;
    const changes = $('explore-best-changes');
    changes.replaceChildren();
    if (!best) {
      $('explore-best-state').textContent = 'No answers yet: the starting preset “' + round.preset + '”.';
      $('explore-best-uncertainty').textContent = '';
    } else {
      $('explore-best-state').textContent = best.changes.length
        ? `After ${given}, “${round.preset}” with these changes:`
        : `After ${given}: the starting preset “${round.preset}” as it is.`;
      // "of K" only where K ends the round: a round kept open by hand just counts; an ended
      // round's progress line says why it ended instead.
      const stable = !open ? '' : round.endWhenStable && !best.isStable ? `; settled for ${best.stableFor} of ${best.stableAfter} answers` : `; settled for ${answers(best.stableFor)}`;
      // Over the start, as each person's liking is said below (answers tell differences, not levels).
      $('explore-best-uncertainty').textContent = `The team: ${best.overStart.text}${stable}.`;
      for (const change of best.changes) changes.append(Object.assign(document.createElement('li'), { textContent: change.text }));
    }
    // A best that fails the honesty check a review applies is said before anyone saves it.
    $('explore-best-honesty').hidden = !best || best.honesty.pass;
    $('explore-best-honesty').textContent = best && !best.honesty.pass ? best.honesty.text : '';
    renderImportance($('explore-why'), $('explore-importance'), best);
    renderPeople($('explore-people'), $('explore-agreement-summary'), $('explore-people-liking'), $('explore-agreement'), best);
    renderTesting($('explore-testing'), open && !outsider && this.ticket ? this.testing : null);
    $('explore-save').hidden = !best;
    // Every page says each save and who agreed with it (the server's words), not only the saver's.
    if (round.saved.length) $('explore-best-uncertainty').textContent += ` Saved as ${(round.saves ?? round.saved.map(name => ({ name, whoAgreed: '' })))
      .map(s => `“${s.name}”${s.whoAgreed ? ` (${s.whoAgreed.replace(/\.$/, '')})` : ''}`).join(', ')}.`;
  }

  /** Whether the round names its voters and this person is not one of them. */
  notVoter(round) {
    return Boolean(round.voters?.length) && !round.voters.includes(getUserName());
  }

  async nextCandidates() {
    if (!this.round || this.round.state !== 'open' || this.notVoter(this.round)) { this.ticket = null; this.renderBest(); return; }
    let next;
    const kind = this.wanted();
    try { next = await getJSON(`/api/explore/${encodeURIComponent(this.round.id)}/next?${KIND_QUERY[kind]}`); } catch (error) {
      if (kind !== this.wanted()) return;
      // Said where the question would be, with the charts of another kind put away; one the
      // server could not be asked for comes when it is back (`reconnected`).
      this.refused = { kind, message: error.message, unreachable: unreachable(error) };
      this.shownKind = kind;
      this.ticket = null;
      this.renderBest();
      return;
    }
    if (kind !== this.wanted()) return;   // switched while this was asked for
    this.refused = null;
    this.ticket = next.ticket;
    this.askedAt = this.round.history?.length ?? null;
    this.testing = next.testing;
    this.shownKind = kind;
    if (kind === 'line') {
      this.line.show(next.candidates, next.fromBest);
      this.views = this.line.views;
    } else if (kind === 'gallery') {
      this.gallery.show(next.candidates);
      this.views = this.gallery.views;
    } else {
      this.showFour(kind === 'four');
      this.views = next.candidates.slice(0, CHARTS.length).map((candidate, i) => {
        const view = new ChartView($(CHARTS[i]), () => ({ params: candidate.parameters, view: this.store.view }), { idPrefix: 'explore' + i });
        view.draw();
        return view;
      });
    }
    this.renderBest();
  }

  /** The kind of question chosen: pair, four, line or gallery. */
  wanted() {
    return document.querySelector('#explore-kind input:checked').value;
  }

  /** The third and fourth charts and answers, shown when four are asked for. */
  showFour(four) {
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
    const ticket = this.ticket;
    this.ticket = null;
    this.renderBest();   // every way of answering is disabled until the next question
    let stillOpen = false;
    try {
      stillOpen = (await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/answers`, { ticket, choice })).body.state === 'open';
    } catch (error) {
      // An answered or replaced question (another tab of this person answered it): the next
      // one is asked for below, so say that, not the API's "ask for the next".
      toast(unreachable(error) ? 'Cannot record the answer: the server cannot be reached. The question comes back when it is, to answer again.'
        : error.code === 'unknown_ticket' ? 'That question was answered already, perhaps in another tab of yours, or replaced: here is the next one.'
        : `Cannot record the answer: ${error.message}`, { error: true });
    } finally {
      this.busy = false;
    }
    // The next question is asked for beside the round's read (the best, who agrees), not after
    // it; an answer that ended the round, or failed, reads the round first.
    if (stillOpen) await Promise.all([this.nextCandidates(), this.refresh()]);
    else { await this.refresh(); await this.nextCandidates(); }
    // The control answered with may have gone with its question (a line's slider).
    this.focusQuestionIfLost();
  }

  async end() {
    // It ends for everyone at once, and cannot be opened again: asked first.
    const people = (this.round.people ?? []).length;
    if (!await confirmDialog('End the round for everyone?',
      `It ends${people > 1 ? ` for all ${people} people in it` : ''}: no more answers, and it cannot be opened again. The team's best stays, and can still be saved as a preset.`,
      'End round')) return;
    try { await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/end`); } catch (error) {
      toast(`Cannot end the round: ${error.message}`, { error: true });
    }
    this.ticket = null;
    await this.refresh();
  }

  async save() {
    const input = $('explore-save-name'), button = $('explore-save-button'), error = $('explore-save-error');
    const name = input.value.trim();
    // The name's rules are the server's (it names what is wrong); only "none at all" is said here,
    // as the browser says it of an empty field. A second click while saving saves nothing twice.
    if (!name) { error.textContent = 'New preset name: enter a name (spaces alone are none)'; input.focus(); return; }
    if (button.disabled) return;
    // Read before the button is disabled: a disabled button loses the focus to the page.
    const fromForm = $('explore-save').contains(document.activeElement);
    button.disabled = true;
    error.textContent = '';
    try {
      const { body: saved } = await send('POST', `/api/explore/${encodeURIComponent(this.round.id)}/save`, { name });
      // What the save keeps: the round, its answers by kind and who agreed (the server's words).
      // The round by who started it and from what, as the rounds list names it (its id is for the log).
      const started = this.round.createdBy ? `${this.round.createdBy} started` : 'started';
      toast(`Saved the team's best as “${name}” from the Explore round ${started} from “${this.round.preset}”, after ${saved.answersByKind.text}. ${saved.whoAgreed}`,
        { ms: 10000 });
      $('explore-save-name').value = '';
      // Back to the question, scrolled into view (a focus out of sight shows no ring): left in the
      // emptied name, the next answer's key would type there. The message stays: it sticks to the
      // dialog's bottom.
      if (fromForm) $('explore-pair-title').focus();
      await this.presets.refresh();
    } catch (failure) {
      error.textContent = `Cannot save: ${failure.message}`;
      input.focus();
    } finally {
      button.disabled = false;
    }
    await this.refresh();
  }

  /**
   * An edit kept by hand was recorded: the round and the question on screen follow, as after an
   * answer. It is one answer among everyone's, so the best may keep other values: the message
   * says which of the person's values the best now holds and which it does not (a walk kept an
   * edit and saw nothing change).
   */
  async kept(recorded, changes) {
    const best = recorded.best?.values ?? {};
    const held = Object.keys(changes).filter(key => same(best[key], changes[key]));
    const kept = Object.fromEntries(Object.keys(changes).filter(key => !held.includes(key)).map(key => [key, best[key]]));
    const said = Object.keys(kept).length === 0 ? 'The team\'s best now holds it.'
      : `The team's best stays at ${valuesText(this.store.schema, kept)}${held.length ? ` (it now holds ${valuesText(this.store.schema, Object.fromEntries(held.map(k => [k, changes[k]])))})` : ''}: everyone's other answers still outweigh one edit.`;
    toast(`Kept your edit: it counts as your answer. ${said}`, { ms: 8000 });
    await this.refresh();
    // The next question is above the edit (out of sight on a phone): back to it, as after joining.
    $('explore-pair-title').focus();
  }

  /** A live price arrived: the edit's preview steps to it with the candidates. */
  priceArrived() {
    super.priceArrived();
    if (this.dialog.open) this.edit.preview?.priceArrived();
  }

  /**
   * The Explore… button says how many open rounds this person may answer ("Explore… 1 open"):
   * the notice of a new round goes after ten seconds, and a walk found no other sign of it.
   */
  async countOpenRounds() {
    let rounds;
    try { rounds = await getJSON('/api/explore'); } catch { return; }   // said again at the next event or reconnection
    const me = getUserName();
    const open = rounds.filter(round => round.state === 'open' && (!round.voters?.length || round.voters.includes(me))).length;
    const button = $('open-explore');
    button.replaceChildren('Explore…', ...(open ? [Object.assign(document.createElement('span'), { className: 'open-count', textContent: `${open} open` })] : []));
    if (open) button.setAttribute('aria-label', `Explore… (${open === 1 ? '1 open round' : `${open} open rounds`} you can answer)`);
    else button.removeAttribute('aria-label');
  }

  /** Someone answered, ended or saved: the best and progress of the round on screen follow. */
  heard(data) {
    if (data.action === 'started' || data.action === 'ended') this.countOpenRounds();
    // Someone else started a round: said here, with the way in (nobody has to find it by chance).
    if (data.action === 'started' && !isOwnPage(data.client) && !this.dialog.open) {
      const join = () => { localStorage.setItem(ROUND_KEY, data.round); this.open(); };   // opened on that round
      toast(`${data.user || 'Someone'} started an Explore round`, { ms: 10000, action: { label: 'Answer', run: join } });
    }
    if (this.dialog.open && !$('explore-list-view').hidden) this.renderList();
    if (!this.round || data.round !== this.round.id) return;
    const wasOpen = this.round.state === 'open';
    this.refresh().then(() => { if (wasOpen && this.round.state !== 'open') { this.ticket = null; this.renderBest(); } });
  }
}
