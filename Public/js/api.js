// Talking to the workbench server: JSON helpers, who-am-I headers, errors with their field.

// Under `serve --share` a join link brings its token in the address's fragment (#token=…), which
// no server receives. The page keeps it in this origin's storage (another port is another origin
// and cannot read it) and sends it with every API call: the cookie a join link also sets only
// loads the page's files, so a cookie that reaches another service on this host is worth nothing.
const linkToken = new URLSearchParams(location.hash.slice(1)).get('token');
if (linkToken) {
  localStorage.setItem('workbench.token', linkToken);
  history.replaceState(history.state, '', location.pathname + location.search);
}
export const shareToken = () => localStorage.getItem('workbench.token');

// A personal invitation arrives as ?invite=… (a QR code, a link the owner sent): kept for the
// name dialog (person.js), which spends it, and taken out of the address so it is never shared on.
const params = new URLSearchParams(location.search);
if (params.get('invite')) {
  sessionStorage.setItem('workbench.invite', params.get('invite'));
  params.delete('invite');
  const rest = params.toString();
  history.replaceState(history.state, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
}
export const pendingInvitation = () => sessionStorage.getItem('workbench.invite');
export const invitationSpent = () => sessionStorage.removeItem('workbench.invite');

// The person this page is: the secret the server issued when the name was chosen (person.js),
// kept in this origin's storage and sent with every call. The server takes the name from it.
export const personSecret = () => localStorage.getItem('workbench.secret');
export function setPerson(person, secret) {
  if (secret !== undefined) localStorage.setItem('workbench.secret', secret);
  userName = person.name;
  localStorage.setItem('workbench.user', userName);
}
export function forgetPerson() { localStorage.removeItem('workbench.secret'); }

/**
 * A URL for what cannot carry headers (event streams, sockets, images, downloads), with the
 * token; the event stream and the render socket also carry the secret (it names the page in
 * presence, brings its notices, and lets revoking close them). Links a person might copy never do.
 */
export function withToken(url) {
  // The render socket carries it too, so revoking the person closes it.
  const secret = url.startsWith('/api/events') || url.includes('/api/render/socket') ? personSecret() : null;
  const extra = [['token', shareToken()], ['secret', secret]].filter(([, v]) => v);
  return extra.reduce((u, [k, v]) => u + (u.includes('?') ? '&' : '?') + k + '=' + encodeURIComponent(v), url);
}

export const clientId = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).slice(0, 36);

// What others see of this page's id: the server's alias of it, from the event stream's hello.
// Presence, drafts and events name pages by alias only, so the id itself is never handed out.
let pageAlias = null;
export function setPageAlias(alias) { if (typeof alias === 'string' && alias) pageAlias = alias; }
/** Whether an event or a presence entry's `client` is this page. */
export const isOwnPage = client => pageAlias !== null && client === pageAlias;

// The person's name as the server knows it (for display: the server decides who wrote what).
let userName = localStorage.getItem('workbench.user') || '';
export const getUserName = () => userName;

export class ApiError extends Error {
  /** What a person reads for a request's fields: parameter labels (from the schema) and these. */
  static fieldLabels = { name: 'Name', newName: 'New name', author: 'Author', notes: 'Notes' };

  /**
   * The message as a person reads it: prefixed by the field's label ("Marker radius: …") or a
   * line number when the message does not name it already; a conflict (409) is a sentence of
   * its own, and header names (If-Match, Origin) are never shown.
   */
  static describe(error, status) {
    const { field, message } = error;
    if (status === 409) return sentence(message);
    if (!field || /^[A-Z]/.test(field)) return message;
    const label = /^line \d+$/.test(field) ? field : ApiError.fieldLabels[field];
    if (!label || message.includes(field) || message.includes(label)) return message;
    return `${label}: ${message}`;
  }

  constructor(status, body) {
    const error = body && body.error ? body.error : { code: 'http_' + status, message: 'HTTP ' + status };
    super(ApiError.describe(error, status));
    this.status = status;
    this.code = error.code;
    this.field = error.field;
  }
}

const sentence = text => text.charAt(0).toUpperCase() + text.slice(1);

export function identity(extra = {}) {
  const token = shareToken(), secret = personSecret();
  return { 'X-Workbench-Client': clientId, ...(secret ? { 'X-Workbench-Secret': secret } : {}), ...(token ? { 'X-Workbench-Token': token } : {}), ...extra };
}

async function parse(response) {
  const type = response.headers.get('Content-Type') || '';
  const body = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, typeof body === 'object' ? body : null);
  return { body, headers: response.headers, status: response.status };
}

/** One page of a list that grows: its entries and, when older ones are left, the `before` that
 * reads the next page (the server's X-Next-Before), else null. */
export async function getPage(url) {
  const { body, headers } = await parse(await fetch(url, { headers: identity() }));
  return { items: Array.isArray(body) ? body : [], next: headers.get('X-Next-Before'), total: Number(headers.get('X-Total-Count') || 0) };
}

export async function getJSON(url) {
  return (await parse(await fetch(url, { headers: identity() }))).body;
}

/** The body as text whatever its type (a JSON export is shown and copied as written). */
export async function getText(url, options = {}) {
  const response = await fetch(url, { headers: identity(), ...options });
  if (!response.ok) return parse(response).then(() => '');
  return response.text();
}

export async function send(method, url, body, headers = {}, options = {}) {
  const isText = typeof body === 'string';
  const response = await fetch(url, {
    ...options,
    method,
    headers: identity({ 'Content-Type': isText ? 'text/csv' : 'application/json', ...headers }),
    body: body === undefined ? undefined : (isText ? body : JSON.stringify(body)),
  });
  return parse(response);
}

/** Query string of parameters: arrays as comma lists. */
export function query(values) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

/** POST a JSON body and take the answer as a Blob (downloads such as a .zip); errors as ApiError. */
export async function sendForBlob(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: identity({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const type = response.headers.get('Content-Type') || '';
    throw new ApiError(response.status, type.includes('json') ? await response.json() : null);
  }
  return { blob: await response.blob(), headers: response.headers };
}
