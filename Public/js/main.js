// Starts the page: wires the modules together. The state is the store's (state.js); each module
// owns one concern and asks the store for changes.

import { getJSON, ApiError } from './api.js';
import { Store } from './state.js';
import { buildControls } from './controls.js';
import { renderChannel } from './render-channel.js';
import { Presets } from './presets.js';
import { PresetActions } from './preset-actions.js';
import { Compare } from './compare.js';
import { Exporter } from './export.js';
import { FigmaImport } from './figma-import.js';
import { LiveSession } from './live.js';
import { DraftSync } from './drafts.js';
import { SessionPanel } from './session-panel.js';
import { PriceData } from './data-import.js';
import { toast } from './toast.js';
import { Comments } from './comments.js';
import { Rounds } from './rounds.js';
import { Explore } from './explore.js';
import { HistoryPanel } from './history.js';
import { Review } from './review.js';
import { PageAddress } from './page-address.js';
import { StageChart } from './stage-chart.js';
import { setUpViewSettings } from './view-settings.js';
import { setUpStageActions } from './stage-actions.js';
import { fillPhoneParts } from './phone-parts.js';
import { ReadabilityHints } from './readability.js';
import { HonestyHints } from './honesty.js';
import { setUpVision } from './vision.js';
import { setUpScenarios } from './scenarios.js';
import { ensurePerson } from './person.js';
import { setUpPeopleAdmin } from './people-admin.js';
import { Notices } from './notices.js';
import { showAbout } from './about.js';

const $ = id => document.getElementById(id);

async function start() {
  fillPhoneParts();
  showAbout(document.getElementById('about-line'));
  // Every write is by a person: the page has one before it does anything.
  const me = await ensurePerson();
  setUpPeopleAdmin(me);
  const schema = await getJSON('/api/schema');
  for (const p of schema.parameters) ApiError.fieldLabels[p.key] = p.label;
  const store = new Store(schema);
  renderChannel.defaults = store.defaults;
  const address = new PageAddress(store);
  let live = null;
  // First of the store's listeners: the chart.
  let controls = null;
  const stage = new StageChart(store, { status, onPress: (pressing, selection) => live.sendPresence({ pressing, selection }),
                                          onMove: selection => live.sendPresence({ pressing: true, selection }),
                                          stepsAhead: () => controls?.stepsAhead() ?? [] });
  // ↺ and Reset all return to the open preset's saved values; the engine defaults are one step further.
  controls = buildControls($('controls'), store, { baseline: () => store.baseline, onKeyboardFocus: () => stage.chart.prepareAhead() });
  stage.inspect();

  const notice = (text, error = false) => toast(text, { error });
  const drafts = new DraftSync(store, { notice });
  drafts.me = me.name;
  // The open preset moved under the page, or another was opened: the address and presence say so at once.
  const moved = () => { address.save({ now: true }); live.sendPresence({}); };
  const presets = new Presets(store, drafts, {
    onLoaded: (preset, { chosen }) => { if (chosen) live.stopFollowingHere(); moved(); },
  });
  const actions = new PresetActions(store, presets, drafts, { onMoved: moved });
  const compare = new Compare(store, presets);
  new Exporter(presets);
  new FigmaImport(presets);
  new Comments(store, () => Number($('progress-scrub').value));
  const rounds = new Rounds(store, presets);
  const explore = new Explore(store, presets);
  const prices = new PriceData({ onChanged: () => stage.chart.draw(), status,
                                 onAppended: () => [stage.chart, compare, rounds, explore].forEach(view => view.priceArrived()) });
  live = new LiveSession(store, presets, drafts, {
    notice,
    onPresetEvent: event => { compare.presetChanged(event); return actions.heard(event); },
    onDataEvent: event => prices.heard(event),
    onLiveEvent: event => prices.heardLive(event),
    onPresence: people => panel.renderPresence(people),
    onFollowedPress: (pressing, selection) => stage.showTheirPress(pressing, selection),
    onFollowedMove: selection => stage.showTheirMove(selection),
    // A new role, or a revoke, from the owner: the page starts again as what the person now is.
    onNotice: event => (event.kind === 'role' || event.kind === 'revoked' ? location.reload() : notices.heard(event)),
    // Back after a lost connection: a save the outage interrupted is settled first, then the
    // draft is read again, or after a restart given back the unsaved values this page holds.
    onReconnected: async ({ restarted }) => {
      await actions.settleInterruptedSave();
      await (restarted ? drafts.reclaim() : drafts.resync());
      await presets.refresh();   // saves, renames and deletes made while this page was away
    },
  });
  const panel = new SessionPanel(live, Boolean(me?.owner));
  const notices = new Notices(presets);
  // Deciding together: history, review and notes of the open preset. The live document keeps
  // everyone's unsaved changes on top of a restored revision or new notes.
  new HistoryPanel(store, { onRestored: () => drafts.resync().catch(() => {}) });
  new Review(store, {
    people: () => [...new Set(live.people.map(p => p.user).filter(Boolean))],
    onNotesSaved: () => drafts.resync().catch(() => {}),
    onDecided: () => notices.refresh(),
  });
  setUpViewSettings(store);
  setUpVision(store);
  setUpScenarios(store);
  const hints = [new ReadabilityHints(store), new HonestyHints(store)];
  setUpStageActions(store, stage.chart, { shareInfo: () => panel.info });

  // First picture: the link's state, else the Default preset; nothing to undo yet.
  await presets.openFirst();
  store.clearHistory();
  hints.forEach(hint => hint.start());
  stage.chart.draw();
  await prices.readSummary();
  await panel.start();
  await notices.refresh();
  live.sendPresence({});
  await prices.readLiveSwitch();
  document.body.dataset.ready = 'true';
}

function status(text, isError = false) {
  const box = $('data-status');
  box.textContent = text;
  box.classList.toggle('error', isError);
}

start().catch(error => {
  status(`The workbench could not start: ${error.message}`, true);
  console.error(error);
});
