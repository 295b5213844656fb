// The page's link as someone else can open it. Under `serve --share` the address this page uses
// (often 127.0.0.1) and its cookie mean nothing to the receiver: the link is built on the
// session's join link for this page's role, which carries the team's address and the token.

/** `path` (`/?…` from the store) as a link the receiver can open. */
export function shareableLink(session, path) {
  const join = session.shared ? session.links?.[session.role] : null;
  if (!join) return location.origin + path;
  const url = new URL(join);
  for (const [key, value] of new URL(path, url).searchParams) url.searchParams.set(key, value);
  return url.href;
}

/** Copies text; over plain http on the network (no Clipboard API) through a selected text area. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let copied = false;
    try { copied = document.execCommand('copy'); } catch { copied = false; }
    area.remove();
    return copied;
  }
}
