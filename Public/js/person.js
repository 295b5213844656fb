// Who this page is. On the first visit the page asks for a name (a small dialog) and spends the
// personal invitation it was opened with (?invite=…); on loopback the workbench's first page
// needs none and becomes the owner's. The server answers with the person and a secret, kept in
// this origin's storage and sent with every call (api.js). A name someone holds, or one that
// looks like it, is refused and the dialog says so. A secret the server no longer knows
// (revoked, another workbench) asks again.

import { getJSON, send, personSecret, setPerson, forgetPerson, ApiError, pendingInvitation, invitationSpent } from './api.js';

/** Resolves with the person once the page has one: asks for a name when it must. */
export async function ensurePerson() {
  if (personSecret()) {
    try {
      const me = await getJSON('/api/people/me');
      setPerson(me);
      return me;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      forgetPerson();
      return askForName(error.code === 'revoked' ? 'Your access to this workbench was revoked. Ask its owner to give your name back.'
                                                 : 'This workbench does not know this browser yet.');
    }
  }
  return askForName('');
}

function focusMain() {
  const main = document.querySelector('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

function askForName(why) {
  const dialog = document.createElement('dialog');
  dialog.id = 'person-dialog';
  dialog.setAttribute('aria-labelledby', 'person-title');
  dialog.innerHTML = `
    <form method="dialog" novalidate>
      <h2 id="person-title">What is your name?</h2>
      <p id="person-why">Everything you change, review or vote is shown under it. It is yours on this workbench; nobody else can take it.</p>
      <label for="person-name">Your name</label>
      <input id="person-name" name="name" type="text" maxlength="64" required autocomplete="nickname" aria-describedby="person-why person-error">
      <p id="person-error" class="field-error" role="alert" aria-live="assertive"></p>
      <div class="dialog-actions"><button id="person-submit" class="primary" type="submit">Continue</button></div>
    </form>`;
  document.body.append(dialog);
  if (why) dialog.querySelector('#person-why').textContent = why + ' ' + dialog.querySelector('#person-why').textContent;
  const input = dialog.querySelector('#person-name'), error = dialog.querySelector('#person-error');
  input.value = localStorage.getItem('workbench.user') || '';
  // The page cannot be used without a name: Escape does not close the dialog.
  dialog.addEventListener('cancel', event => event.preventDefault());
  const before = document.activeElement;
  dialog.showModal();
  input.focus();
  return new Promise(resolve => {
    dialog.querySelector('form').addEventListener('submit', async event => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { error.textContent = 'Choose a name others will know you by.'; input.setAttribute('aria-invalid', 'true'); return; }
      try {
        const invitation = pendingInvitation();
        const { body } = await send('POST', '/api/people', invitation ? { name, invitation } : { name });
        invitationSpent();
        setPerson(body.person, body.secret);
        dialog.close();
        dialog.remove();
        // Asked at load, the dialog had nothing to give the focus back to: the page's main part takes it.
        if (!before || before === document.body) focusMain();
        resolve(body.person);
      } catch (e) {
        error.textContent = e.code === 'name_taken' ? `“${name}” is taken here. Choose another name.` : e.message;
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    });
  });
}
