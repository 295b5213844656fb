// The page's own questions, never the browser's prompt/confirm/alert boxes: a confirmation and a
// one-line answer, each a <dialog> of the page (built here when the page has none), so the
// question and any error it raises stay where the person is looking.

const $ = id => document.getElementById(id);

function element(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The confirmation dialog of this page: #confirm-dialog in the page, or one built once. */
function confirmElement() {
  if ($('confirm-dialog')) return $('confirm-dialog');
  const form = element('form', { method: 'dialog' }, [
    element('h2', { id: 'confirm-title' }),
    element('p', { id: 'confirm-text' }),
    element('div', { className: 'dialog-actions' }, [
      element('button', { value: 'cancel', textContent: 'Cancel' }),
      element('button', { value: 'ok', className: 'danger' }),
    ]),
  ]);
  const dialog = element('dialog', { id: 'confirm-dialog' }, [form]);
  dialog.setAttribute('aria-labelledby', 'confirm-title');
  document.body.append(dialog);
  return dialog;
}

/** Asks `text` under `title`; true when the person pressed `action`. */
export function confirmDialog(title, text, action) {
  const dialog = confirmElement();
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  dialog.querySelector('button[value=ok]').textContent = action;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise(resolve => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true }));
}

function promptElement() {
  if ($('prompt-dialog')) return $('prompt-dialog');
  // No maxLength: a pasted name cut short in silence was saved under another name; the server
  // refuses a long one and says its limit.
  const input = element('input', { id: 'prompt-input', type: 'text', required: true, autocomplete: 'off' });
  const form = element('form', { id: 'prompt-form' }, [
    element('h2', { id: 'prompt-title' }),
    element('label', { htmlFor: 'prompt-input', id: 'prompt-label' }),
    input,
    element('p', { id: 'prompt-error', className: 'error', role: 'alert' }),
    element('div', { className: 'dialog-actions' }, [
      element('button', { id: 'prompt-cancel', type: 'button', textContent: 'Cancel' }),
      element('button', { id: 'prompt-ok', type: 'submit', className: 'primary' }),
    ]),
  ]);
  const dialog = element('dialog', { id: 'prompt-dialog', className: 'prompt-dialog' }, [form]);
  dialog.setAttribute('aria-labelledby', 'prompt-title');
  document.body.append(dialog);
  return dialog;
}

/**
 * Asks for one line (a name): `submit(value)` does the work while the dialog stays open; when it
 * throws, its message shows inside the dialog and the person can correct the value. Resolves
 * with `submit`'s result, or null when cancelled.
 */
export function promptDialog({ title, label, value = '', action = 'Save', submit }) {
  const dialog = promptElement();
  const input = $('prompt-input'), error = $('prompt-error'), ok = $('prompt-ok');
  $('prompt-title').textContent = title;
  $('prompt-label').textContent = label;
  ok.textContent = action;
  input.value = value;
  error.textContent = '';
  dialog.showModal();
  input.select();
  return new Promise(resolve => {
    const form = $('prompt-form');
    const finish = result => { form.removeEventListener('submit', onSubmit); $('prompt-cancel').removeEventListener('click', onCancel);
                               dialog.removeEventListener('cancel', onCancel); dialog.close(); resolve(result); };
    const onCancel = event => { event.preventDefault(); finish(null); };
    const onSubmit = async event => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) { error.textContent = `${label}: enter a value`; return; }
      ok.disabled = true;
      error.textContent = '';
      try { finish(await submit(text)); } catch (failure) { error.textContent = failure.message; input.focus(); } finally { ok.disabled = false; }
    };
    form.addEventListener('submit', onSubmit);
    $('prompt-cancel').addEventListener('click', onCancel);
    dialog.addEventListener('cancel', onCancel);
  });
}
