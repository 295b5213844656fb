// Price data: CSV import by file picker or drag-and-drop, back to the built-in series, and the
// live-prices switch.

import { send } from './api.js';

const $ = id => document.getElementById(id);

export function setUpDataImport({ onLoaded, status }) {
  const upload = async file => {
    if (!file) return;
    status(`Reading ${file.name}…`);
    try {
      const text = await file.text();
      const { body } = await send('POST', '/api/data?name=' + encodeURIComponent(file.name), text);
      const s = body.summary;
      const when = t => new Date(t * 1000).toISOString().slice(0, 10);
      status(`${file.name}: ${s.count.toLocaleString('en')} prices from ${when(s.first)} to ${when(s.last)}, `
        + `close ${s.firstPrice} → ${s.lastPrice}${body.warnings.length ? '. ' + body.warnings.join('; ') : ''}`);
      onLoaded(body);
    } catch (error) {
      status(`${file.name} was not loaded: ${error.message}. The chart still shows the previous data.`, true);
    }
  };
  $('csv-file').addEventListener('change', event => { upload(event.target.files[0]); event.target.value = ''; });
  const stage = document.querySelector('.stage');
  stage.addEventListener('dragover', event => { event.preventDefault(); stage.classList.add('dragging'); });
  stage.addEventListener('dragleave', () => stage.classList.remove('dragging'));
  stage.addEventListener('drop', event => {
    event.preventDefault();
    stage.classList.remove('dragging');
    upload(event.dataTransfer.files[0]);
  });
  $('data-builtin').addEventListener('click', async () => {
    status('Going back to the built-in series…');
    try {
      const { body } = await send('POST', '/api/data/builtin', {});
      status(`Back to the ${body.summary.source}.`);
      onLoaded(body);
    } catch (error) {
      status(`The built-in series was not loaded: ${error.message}`, true);
    }
  });
  $('live-toggle').addEventListener('change', async event => {
    try {
      const { body } = await send('POST', '/api/live', { enabled: event.target.checked });
      event.target.checked = body.enabled;
    } catch (error) {
      status(`Live prices: ${error.message}`, true);
      event.target.checked = !event.target.checked;
    }
  });
}
