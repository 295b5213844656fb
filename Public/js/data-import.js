// Price data: CSV import by file picker or drag-and-drop, back to the built-in series, the
// live-prices switch, and which series the chart draws as the session tells it.

import { ApiError, clientId, isOwnPage, getJSON, personSecret, send, shareToken } from './api.js';
import { announce } from './session-messages.js';

const $ = id => document.getElementById(id);

/** The series the chart draws: imported here or by someone else, or the built-in one again. */
export class PriceData {
  /**
   * @param {() => void} onChanged the chart draws the new series
   * @param {() => void} onAppended a live price was added: the charts play the engine's step to it
   */
  constructor({ onChanged, onAppended = onChanged, status }) {
    this.summary = null;
    this.onChanged = onChanged;
    this.onAppended = onAppended;
    setUpDataImport({ onLoaded: body => this.loaded(body.summary), status });
  }

  loaded(summary) {
    this.summary = summary;
    this.onChanged();
    this.show();
  }

  /** A `data` event of the session. */
  heard(data) {
    if (data.action === 'appended') {
      this.summary = data.summary;
      this.onAppended();
      this.show();
      return;
    }
    this.loaded(data.summary);
    if (isOwnPage(data.client)) return;
    if (data.action === 'loaded') announce(data, `loaded ${data.summary.source} for everyone`);
    if (data.action === 'builtin') announce(data, 'went back to the built-in series for everyone');
  }

  /** A `live` event of the session: live prices were turned on or off. */
  heardLive(data) {
    $('live-toggle').checked = data.enabled;
    this.onChanged();   // the server decides whether the chart is stale: live prices off never are
    if (!isOwnPage(data.client) && data.user !== undefined) announce(data, `turned live prices ${data.enabled ? 'on' : 'off'} for everyone`);
  }

  /** "Built-in data" is offered while another series is drawn. */
  show() {
    const builtIn = this.summary?.source?.startsWith('built-in');
    $('data-builtin').hidden = builtIn !== false;
  }

  async readSummary() {
    try { this.summary = (await getJSON('/api/data?period=1D&maxPoints=2')).summary; } catch { this.summary = null; }
    this.show();
  }

  async readLiveSwitch() {
    try { $('live-toggle').checked = (await getJSON('/api/live')).enabled; } catch { /* shown on first use */ }
  }
}

/**
 * Sends the file itself (never read into a string: a 250 MB CSV stays out of the page's
 * memory) and reports the share sent; the server writes it to a file as it arrives.
 */
function uploadCSV(file, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/data?name=' + encodeURIComponent(file.name));
    request.setRequestHeader('Content-Type', 'text/csv');
    request.setRequestHeader('X-Workbench-Client', clientId);
    if (personSecret()) request.setRequestHeader('X-Workbench-Secret', personSecret());
    if (shareToken()) request.setRequestHeader('X-Workbench-Token', shareToken());
    request.responseType = 'json';
    request.upload.onprogress = event => { if (event.lengthComputable) onProgress(event.loaded / event.total); };
    request.upload.onload = () => onProgress(1);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response);
      else reject(new ApiError(request.status, request.response));
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.send(file);
  });
}


export function setUpDataImport({ onLoaded, status }) {
  const upload = async file => {
    if (!file) return;
    const megabytes = (file.size / 1048576).toFixed(1);
    status(`Sending ${file.name} (${megabytes} MB)…`);
    try {
      const body = await uploadCSV(file, share => {
        status(share < 1 ? `Sending ${file.name}: ${Math.round(share * 100)} % of ${megabytes} MB…`
          : `Reading ${file.name} on the server…`);
      });
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
