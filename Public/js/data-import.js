// Price data: CSV import by file picker or drag-and-drop, back to the built-in series, and the
// live-prices switch.

import { ApiError, clientId, getUserName, send, shareToken } from './api.js';

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
    request.setRequestHeader('X-Workbench-User', encodeURIComponent(getUserName()));
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

const $ = id => document.getElementById(id);

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
