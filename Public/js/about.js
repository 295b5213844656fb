// The footer line: which build serves the page, and whether the page is the one built into the
// binary or a folder under development (`serve --public-folder`).
import { getJSON } from './api.js';

export async function showAbout(line) {
  try {
    const about = await getJSON('/api/about');
    const page = about.page === 'built-in' ? 'page built into this binary' : `page from the folder ${about.folder}`;
    line.textContent = `Chart Workbench ${about.version} (commit ${about.commit.slice(0, 12)}) · ${page}`;
  } catch {
    line.textContent = '';
  }
}
