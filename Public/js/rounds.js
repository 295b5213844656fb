// Blind pairwise rounds: start one over presets (or variations the server generates around
// one preset), judge pairs of charts whose names are hidden, and see the Bradley–Terry result.
// The pair's two charts are the engine's renders of opaque candidate tokens (the page never holds
// a candidate's name or parameters while the round is open); pressing either presses both.
// A closed round's result shows each candidate's parameters and saves one as a preset.

import { getJSON, getPage, send, isOwnPage } from './api.js';
import { ChartView, attachPointer } from './chart-view.js';
import { setUpPlayMotions, CandidateDialog } from './play-motions.js';
import { onDecisionEvent } from './decision-events.js';
import { toast } from './toast.js';
import { row, button, labelCells, checkBoxes, roundList } from './elements.js';
import { whenText } from './time-text.js';
import { PagedList } from './paged-list.js';
import { promptDialog } from './dialogs.js';

const $ = id => document.getElementById(id);

export class Rounds extends CandidateDialog {
  constructor(store, presets) {
    super(store, presets, $('rounds-dialog'));
    this.round = null;      // the round being voted on
    this.pair = null;       // the pair on screen
    // Every round, newest first, a page at a time.
    this.rounds = new PagedList({ list: $('round-list'), order: 'newest-first', noun: 'rounds', onOlder: () => this.renderRounds() });
    $('open-rounds').addEventListener('click', () => this.open());
    for (const id of ['round-left', 'round-right']) attachPointer($(id), () => this.views);
    setUpPlayMotions($('round-play'), () => this.views, store);
    $('round-start').addEventListener('submit', event => { event.preventDefault(); this.start(); });
    for (const radio of document.querySelectorAll('input[name=round-kind]')) radio.addEventListener('change', () => this.showKind());
    for (const button of document.querySelectorAll('[data-vote]')) button.addEventListener('click', () => this.vote(button.dataset.vote));
    $('round-back').addEventListener('click', () => this.show('list'));
    $('round-results-back').addEventListener('click', () => this.show('list'));
    $('round-close').addEventListener('click', () => this.close());
    this.countOpen();
    onDecisionEvent('round', data => {
      if (data.action !== 'voted') this.countOpen();
      if (this.dialog.open && $('round-list-view').hidden === false) this.renderList();
      if (data.action === 'started' && !isOwnPage(data.client)) {
        toast(`${data.user || 'Someone'} started a blind round: open Blind round… to vote`, { ms: 6000 });
      }
      if (data.action === 'closed' && this.round === data.round?.id && !isOwnPage(data.client)) this.results(this.round);
    });
  }

  /** The preset bar says when a round waits for votes. */
  async countOpen() {
    let open = 0;
    try { open = (await getPage('/api/rounds?state=open&limit=1')).total; } catch { return; }
    $('open-rounds').textContent = open ? `Blind round… (${open} open)` : 'Blind round…';
  }

  /** One of the dialog's views: list (start + rounds), vote, results. */
  show(view) {
    $('round-list-view').hidden = view !== 'list';
    $('round-vote-view').hidden = view !== 'vote';
    $('round-results-view').hidden = view !== 'results';
    if (view === 'list') { this.round = null; this.renderList(); }
  }

  async fillStartForm() {
    const list = await this.presets.refresh();
    checkBoxes($('round-candidates'), list.map(p => p.name), 'round-candidate-').forEach((check, i) => { check.value = list[i].name; });
    const select = $('round-base');
    select.replaceChildren(...list.map(p => new Option(p.name, p.name)));
    const current = this.presets.current?.name;
    if (current) select.value = current;
    this.showKind();
  }

  showKind() {
    const variations = $('round-kind-variations').checked;
    $('round-candidates').hidden = variations;
    $('round-variations').hidden = !variations;
  }

  async start() {
    const body = $('round-kind-variations').checked
      ? { variationsOf: $('round-base').value, count: Number($('round-count').value) }
      : { candidates: [...document.querySelectorAll('#round-candidates input:checked')].map(c => c.value) };
    try {
      const { body: round } = await send('POST', '/api/rounds', body);
      $('round-error').textContent = '';
      await this.join(round.id);
    } catch (error) {
      $('round-error').textContent = error.message;
    }
  }

  async renderList() {
    try { await this.rounds.load('/api/rounds'); } catch (error) { toast(`Cannot list rounds: ${error.message}`, { error: true }); }
    this.renderRounds();
  }

  renderRounds() {
    roundList($('round-list'), this.rounds.items, 'No rounds yet.', (item, round) => {
      const when = whenText(round.createdAt);
      const text = document.createElement('span');
      text.textContent = `${round.subject} · started by ${round.createdBy || 'someone'} · ${when} · ${round.votes} votes from ${round.voters.length} ${round.voters.length === 1 ? 'person' : 'people'} · ${round.state}`;
      item.append(text);
      if (round.state === 'open') item.append(button('Vote', () => this.join(round.id)));
      item.append(button(round.state === 'open' ? 'Results so far' : 'Results', () => this.results(round.id)));
    });
  }

  async join(id) {
    this.round = id;
    this.show('vote');
    this.round = id;
    await this.nextPair();
  }

  async nextPair() {
    let pair;
    try { pair = await getJSON(`/api/rounds/${encodeURIComponent(this.round)}/next`); } catch (error) {
      toast(`Cannot get the next pair: ${error.message}`, { error: true });
      if (error.code === 'round_closed') return this.results(this.round);
      return;
    }
    this.pair = pair;
    const done = pair.pair === null;
    $('round-progress').textContent = done
      ? (pair.total === 1 ? 'You have judged the pair. Thank you!' : `You have judged all ${pair.total} pairs. Thank you!`)
      : `Pair ${pair.total - pair.remaining + 1} of ${pair.total}: which chart is better? Press and drag on either chart to see both pressed.`;
    $('round-pair').hidden = done;
    for (const b of document.querySelectorAll('[data-vote]')) b.disabled = done;
    document.querySelector('[data-vote]').parentElement.hidden = done;   // nothing left to vote on
    if (done) return;
    const charts = [['left', $('round-left')], ['right', $('round-right')]];
    this.views = charts.map(([side, element], i) => {
      const drawn = { round: this.round, candidate: pair[side].candidate };
      const view = new ChartView(element, () => ({ params: drawn, view: this.store.view }), { idPrefix: 'round' + i });
      view.draw();
      return view;
    });
  }

  async vote(choice) {
    if (!this.pair?.pair) return;
    for (const b of document.querySelectorAll('[data-vote]')) b.disabled = true;
    try {
      await send('POST', `/api/rounds/${encodeURIComponent(this.round)}/votes`, { pair: this.pair.pair, choice });
    } catch (error) {
      toast(`Cannot vote: ${error.message}`, { error: true });
    }
    await this.nextPair();
  }

  async results(id) {
    this.round = id;
    let result;
    try { result = await getJSON(`/api/rounds/${encodeURIComponent(id)}`); } catch (error) {
      toast(`Cannot show the result: ${error.message}`, { error: true });
      return;
    }
    this.show('results');
    this.round = id;
    const open = result.state === 'open';
    const people = result.voters.length;
    $('round-results-state').textContent = open
      ? `Voting is still open: ${result.ballots} ${result.ballots === 1 ? 'ballot' : 'ballots'} from ${people} ${people === 1 ? 'person' : 'people'} so far. The ranking, the names and the parameters are shown once the round ends.`
      : `Closed ${whenText(result.closedAt)}: kept in the decision log.`;
    $('round-close').hidden = !open;
    $('round-model-note').textContent = open ? '' : result.regularised
      ? 'Bradley–Terry scores (MM algorithm; a tie is half a win each). Some candidates never won or were never compared with the others, so each also counts one tie against a neutral reference.'
      : 'Bradley–Terry scores (MM algorithm; a tie is half a win each), scaled to sum to 100%.';
    $('round-certainty').textContent = open ? '' : certainty(result.leader);
    const ranking = $('round-ranking');
    ranking.hidden = open;
    ranking.replaceChildren(row(['Rank', 'Candidate', 'Score', 'Wins', 'Comparisons', 'Parameters', ''], 'th'));
    result.ranking.forEach((entry, i) => {
      const tr = row([String(i + 1), entry.name, `${(entry.score * 100).toFixed(1)}%`, String(entry.wins), String(entry.comparisons), '', ''], 'td');
      tr.dataset.candidate = entry.candidate;
      const bar = document.createElement('span');
      bar.className = 'score-bar';
      bar.style.width = `${Math.round(entry.score * 100)}%`;
      bar.setAttribute('aria-hidden', 'true');
      tr.children[2].append(bar);
      tr.children[5].append(this.parameterSummary(entry.parameters));
      tr.children[6].append(button('Save as preset…', () => this.saveCandidate(entry)));
      ranking.append(tr);
    });
    const votes = $('round-votes');
    votes.hidden = open;
    votes.replaceChildren(row(['Person', 'Pair', 'Pick'], 'th'));
    for (const vote of result.votes) votes.append(row([vote.voter, `${vote.left} / ${vote.right}`, vote.winner ?? 'no preference'], 'td'));
    labelCells(ranking);
    labelCells(votes);
  }

  /** A candidate's parameters as the schema labels them: the ones that differ from the defaults, in a disclosure. */
  parameterSummary(parameters) {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    const list = document.createElement('dl');
    let changed = 0;
    for (const definition of this.store.schema.parameters) {
      if (!(definition.key in parameters) || JSON.stringify(parameters[definition.key]) === JSON.stringify(definition.default)) continue;
      changed++;
      const value = parameters[definition.key];
      list.append(Object.assign(document.createElement('dt'), { textContent: definition.label }),
        Object.assign(document.createElement('dd'), { textContent: `${Array.isArray(value) ? value.join(', ') : value}${definition.unit ? ' ' + definition.unit : ''}` }));
    }
    summary.textContent = changed ? `${changed} differ from the defaults` : 'the defaults';
    details.append(summary, list);
    return details;
  }

  /** Saves a closed round's candidate as a new preset; its first revision names the round. */
  async saveCandidate(entry) {
    const suggested = entry.name.replace(/ \(original\)$/, '') + ' (round pick)';
    // The page's own dialog: a refused name (taken, too long) is said inside it, to be corrected there.
    const name = await promptDialog({
      title: `Save “${entry.name}” as a preset`, label: 'New preset name', value: suggested, action: 'Save as preset',
      submit: async name => {
        await send('POST', `/api/rounds/${encodeURIComponent(this.round)}/candidates/${encodeURIComponent(entry.candidate)}/save`, { name });
        return name;
      },
    });
    if (!name) return;
    $('round-results-state').textContent = `Saved “${entry.name}” as the preset “${name}”; its first revision names this round.`;
    await this.presets.refresh();
  }

  async close() {
    try {
      await send('POST', `/api/rounds/${encodeURIComponent(this.round)}/close`);
    } catch (error) {
      toast(`Cannot end the round: ${error.message}`, { error: true });
    }
    await this.results(this.round);
  }
}

const percent = x => `${Math.round(x * 100)}%`;

/** How sure the ranking is of its first place, in words: "Too close to call" below the server's line. */
function certainty(leader) {
  if (!leader) return '';
  const { name, runnerUp, probabilityBetter, headToHead, low, high, tooCloseToCall } = leader;
  const odds = `picked over it ${percent(headToHead)} of the time, 95% interval ${percent(low)}–${percent(high)}`;
  return tooCloseToCall
    ? `Too close to call: only a ${percent(probabilityBetter)} chance that “${name}” is better than “${runnerUp}” (${odds}).`
    : `“${name}” leads: a ${percent(probabilityBetter)} chance it is better than “${runnerUp}” (${odds}).`;
}
