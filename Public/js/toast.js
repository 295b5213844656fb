// Short messages in the corner: who changed what, saves, errors.
export function toast(message, { error = false, ms = 3500 } = {}) {
  const box = document.getElementById('toasts');
  const item = document.createElement('div');
  item.className = 'toast' + (error ? ' error' : '');
  item.textContent = message;
  box.append(item);
  setTimeout(() => item.remove(), ms);
}
