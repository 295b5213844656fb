// The owner's people: who has a name here, their role (editor or viewer), who else may invite,
// revoking and giving a revoked name back, and personal invitations (single use) to hand on and
// to withdraw while unused.
// Shown to the owner; a person the owner allows to invite sees the invitations part only. The
// server refuses everyone else (403) whatever the page shows. Messages stay in the dialog.

import { getJSON, send, getUserName } from './api.js';
import { onDecisionEvent } from './decision-events.js';
import { whenText } from './time-text.js';
import { copyText } from './share-link.js';

const $ = id => document.getElementById(id);

/** Shows the People… button when `me` is the owner or may invite. */
export function setUpPeopleAdmin(me) {
  if (!me || !(me.owner || me.mayInvite)) return;
  const owner = me.owner;
  $('people-owner-hint').hidden = !owner;
  $('people-inviter-hint').hidden = owner;
  $('people-table').hidden = !owner;
  const button = $('open-people');
  button.hidden = false;
  button.addEventListener('click', async () => {
    $('people-error').textContent = '';
    $('invite-result').replaceChildren();
    $('people-dialog').showModal();
    if (owner) await render();
  });
  // Someone joins, or another page changes a person: the open list follows.
  if (owner) onDecisionEvent('log', entry => { if (entry.kind === 'people' && $('people-dialog').open) render().catch(() => {}); });
  $('invite-make').addEventListener('click', () => act(async () => {
    const { body } = await send('POST', '/api/invitations', { role: $('invite-role').value });
    await showInvitation(body, `Invitation No. ${body.invitation.id}, for one ${body.invitation.role}:`);
  }, owner));
}

/** Runs a change and redraws the list (the owner's); a refusal is shown inside the dialog. */
async function act(change, redraw = true) {
  $('people-error').textContent = '';
  try {
    await change();
    if (redraw) await render();
  } catch (error) {
    $('people-error').textContent = error.message;
  }
}

/**
 * The link a person opens to join with `body.code`: under `serve --share` the join link of the
 * invitation's role (the team's address and token) with &invite=, else this page's address.
 */
async function showInvitation(body, words) {
  const session = await getJSON('/api/session').catch(() => ({}));
  const join = session.shared ? session.links?.[body.invitation.role] : null;
  const link = join ? join + '&invite=' + body.code : new URL('/?invite=' + body.code, location.origin).href;
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.id = 'invite-link';
  anchor.textContent = link;
  // Copied whole (a long link is easy to select short), and named by its number as the list names it.
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.id = 'invite-copy';
  copy.textContent = 'Copy link';
  copy.addEventListener('click', async () => {
    if (await copyText(link)) { copy.textContent = 'Copied'; return; }
    getSelection().selectAllChildren(anchor);
    copy.textContent = 'Selected: copy it';
  });
  $('invite-result').replaceChildren(words + ' ', anchor, ' ', copy,
    ' (single use; it expires ' + whenText(body.invitation.expiresAt * 1000) + '. It is shown only now: the workbench keeps no copy of it, so hand it on before you make another)');
  $('invite-result').dataset.invitation = body.invitation.id;
}

async function render() {
  const { people } = await getJSON('/api/people');
  const rows = people.map(person => {
    const row = document.createElement('tr');
    row.dataset.person = person.name;
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = person.name + (person.owner && person.name !== 'owner' ? ' (owner)' : '') + (person.name === getUserName() ? ' · you' : '');
    const roleCell = document.createElement('td');
    const inviteCell = document.createElement('td');
    const access = document.createElement('td');
    if (person.owner) {
      roleCell.textContent = 'Editor';
      inviteCell.textContent = 'Yes';
      access.textContent = 'Owner';
    } else {
      const mayInvite = document.createElement('input');
      mayInvite.type = 'checkbox';
      mayInvite.className = 'person-may-invite';
      mayInvite.checked = person.mayInvite;
      mayInvite.disabled = person.revoked || (person.role !== 'editor' && !person.mayInvite);
      mayInvite.setAttribute('aria-label', `${person.name} may invite people`);
      mayInvite.addEventListener('change', () => act(() => send('PUT', `/api/people/${encodeURIComponent(person.name)}/may-invite`, { allowed: mayInvite.checked })));
      inviteCell.append(mayInvite);
      const select = document.createElement('select');
      select.className = 'person-role';
      select.setAttribute('aria-label', `Role of ${person.name}`);
      for (const role of ['editor', 'viewer']) select.append(new Option(role === 'editor' ? 'Editor' : 'Viewer', role, false, person.role === role));
      select.disabled = person.revoked;
      select.addEventListener('change', () => act(() => send('PUT', `/api/people/${encodeURIComponent(person.name)}/role`, { role: select.value })));
      roleCell.append(select);
      const action = document.createElement('button');
      action.type = 'button';
      action.className = person.revoked ? 'person-restore' : 'person-revoke danger';
      action.textContent = person.revoked ? 'Give the name back' : 'Revoke';
      action.setAttribute('aria-label', `${action.textContent}: ${person.name}`);
      action.addEventListener('click', () => act(async () => {
        if (!person.revoked) return send('POST', `/api/people/${encodeURIComponent(person.name)}/revoke`, {});
        const { body } = await send('POST', `/api/people/${encodeURIComponent(person.name)}/restore`, {});
        await showInvitation(body, `Invitation No. ${body.invitation.id}: ${person.name} gets their name back by opening:`);
      }));
      access.append(person.revoked ? 'Revoked ' : person.invited ? 'Invited ' : 'Not invited ', action);
    }
    row.append(name, roleCell, inviteCell, access);
    return row;
  });
  $('people-rows').replaceChildren(...rows);
  await renderInvitations();
}

/**
 * The owner's invitations, newest first: who made each and when, whom it is for, and its state;
 * an open one can be withdrawn (its code stops working) before anyone joins with it.
 */
async function renderInvitations() {
  const { invitations } = await getJSON('/api/invitations');
  $('invitations-section').hidden = invitations.length === 0;
  $('invitation-rows').replaceChildren(...invitations.map(invitation => {
    const row = document.createElement('tr');
    const made = document.createElement('td');
    // Its number tells apart two made in the same minute (the link's note says it too).
    made.textContent = `No. ${invitation.id} · ${invitation.issuedBy}, ${whenText(invitation.createdAt)}`;
    const what = document.createElement('td');
    what.textContent = invitation.restores ? `Gives ${invitation.restores} back` : invitation.role === 'editor' ? 'An editor' : 'A viewer';
    const state = document.createElement('td');
    if (invitation.state === 'open') {
      state.append(`Open until ${whenText(invitation.expiresAt * 1000)} `);
      const withdraw = document.createElement('button');
      withdraw.type = 'button';
      withdraw.className = 'invitation-withdraw danger';
      withdraw.textContent = 'Withdraw';
      withdraw.setAttribute('aria-label', `Withdraw the invitation: ${what.textContent}, made by ${made.textContent}`);
      withdraw.addEventListener('click', () => act(async () => {
        await send('POST', `/api/invitations/${invitation.id}/withdraw`, {});
        // The link on show is this invitation's: it no longer works, so it goes.
        if ($('invite-result').dataset.invitation === String(invitation.id)) {
          $('invite-result').textContent = 'Withdrawn: that link no longer makes anyone.';
          delete $('invite-result').dataset.invitation;
        }
      }));
      state.append(withdraw);
    } else {
      state.textContent = invitation.state === 'revoked' ? 'Withdrawn' : invitation.state === 'expired' ? 'Expired'
        : invitation.state.replace(/^used by/, 'Used by');
    }
    row.append(made, what, state);
    return row;
  }));
}
