// The market every chart on the page is drawn on (View → Market): the loaded data or a scenario
// the server lists (built in, or a CSV saved under a name). A view setting like the period, kept
// in the address (scenario=), never in a preset; Compare, rounds and Explore draw on it too.

import { getJSON, send } from './api.js';
import { toast } from './toast.js';

const $ = id => document.getElementById(id);

export async function setUpScenarios(store) {
  const select = $('scenario-select');
  const fill = scenarios => {
    const keep = select.options[0];
    select.replaceChildren(keep, ...scenarios.map(s => {
      const option = document.createElement('option');
      option.value = s.name;
      option.textContent = s.builtIn ? s.name : `${s.name} (saved CSV)`;
      option.title = s.title;
      return option;
    }));
    select.value = store.view.scenario;
  };
  select.addEventListener('change', () => store.setView({ scenario: select.value }));
  store.on(change => { if (change.kind === 'view') select.value = store.view.scenario; });

  $('scenario-save-form').addEventListener('submit', async event => {
    event.preventDefault();
    const name = $('scenario-name').value.trim();
    const file = $('scenario-file').files[0];
    if (!file) return;
    try {
      const answer = await send('POST', '/api/scenarios?name=' + encodeURIComponent(name), await file.text());
      fill(answer.scenarios);
      store.setView({ scenario: name });
      toast(`Saved ${file.name} as the scenario ${name}.`);
    } catch (error) {
      toast(`Cannot save the scenario: ${error.message}`, { error: true });
    }
  });
  try { fill((await getJSON('/api/scenarios')).scenarios); } catch (error) { toast(`Cannot list the scenarios: ${error.message}`, { error: true }); }
}
