// The local instance's small administration page (/pleroma/admin/, where Pleroma serves AdminFE):
// sign in with a staff account's password, let accounts awaiting approval in, make invite links.
// Plain browser script, served as a file (the page's CSP runs no inline script); it talks to the
// instance's own Pleroma admin API with a token it keeps for this browser tab only.

const STORE_KEY = 'starling-admin-page';
const SCOPES = 'read:accounts admin';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @returns {{ clientId?: string, clientSecret?: string, token?: string }} */
function stored() {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

function store(values) {
  sessionStorage.setItem(STORE_KEY, JSON.stringify({ ...stored(), ...values }));
}

class ApiFailure extends Error {
  constructor(status, body) {
    super(typeof body?.error === 'string' ? body.error : `The server answered ${status}.`);
    this.status = status;
    this.body = body;
  }
}

async function api(path, { method = 'GET', body, token = stored().token } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiFailure(response.status, data);
  return data;
}

function announce(message) {
  const status = $('status');
  status.textContent = '';
  // A fresh text node each time, so screen readers read a repeated message again.
  window.setTimeout(() => (status.textContent = message), 50);
}

function showError(id, message) {
  const element = $(id);
  element.textContent = message;
  element.hidden = !message;
}

async function clientCredentials() {
  const saved = stored();
  if (saved.clientId && saved.clientSecret)
    return { client_id: saved.clientId, client_secret: saved.clientSecret };
  const app = await api('/api/v1/apps', {
    method: 'POST',
    token: null,
    body: {
      client_name: 'Starling administration page',
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: SCOPES,
    },
  });
  store({ clientId: app.client_id, clientSecret: app.client_secret });
  return { client_id: app.client_id, client_secret: app.client_secret };
}

let mfaToken = '';

async function signIn(event) {
  event.preventDefault();
  showError('sign-in-error', '');
  const username = /** @type {HTMLInputElement} */ ($('username')).value.trim();
  const password = /** @type {HTMLInputElement} */ ($('password')).value;
  const button = /** @type {HTMLButtonElement} */ ($('sign-in-button'));
  button.disabled = true;
  try {
    const client = await clientCredentials();
    const answer = await api('/oauth/token', {
      method: 'POST',
      token: null,
      body: { grant_type: 'password', username, password, scope: SCOPES, ...client },
    });
    await signedIn(answer.access_token);
  } catch (error) {
    if (error instanceof ApiFailure && error.body?.error === 'mfa_required') {
      mfaToken = error.body.mfa_token;
      $('sign-in-form').hidden = true;
      $('code-form').hidden = false;
      $('code').focus();
    } else {
      showError('sign-in-error', error.message);
      $('username').focus();
    }
  } finally {
    button.disabled = false;
  }
}

async function verifyCode(event) {
  event.preventDefault();
  showError('sign-in-error', '');
  try {
    const client = await clientCredentials();
    const code = /** @type {HTMLInputElement} */ ($('code')).value.trim();
    const answer = await api('/oauth/mfa/challenge', {
      method: 'POST',
      token: null,
      body: { mfa_token: mfaToken, code, challenge_type: 'totp', ...client },
    });
    await signedIn(answer.access_token);
  } catch (error) {
    showError('sign-in-error', error.message);
    $('code').focus();
  }
}

async function signedIn(token) {
  const me = await api('/api/v1/accounts/verify_credentials', { token });
  const privileges = me?.pleroma?.privileges ?? [];
  if (!privileges.includes('users_read') && !privileges.includes('users_manage_invites')) {
    showError('sign-in-error', 'This account is not a staff member who manages accounts.');
    return;
  }
  store({ token });
  await showSignedIn(me);
  $('approvals-title').focus();
}

async function showSignedIn(me) {
  $('me').textContent = `@${me.acct}`;
  $('sign-in').hidden = true;
  $('signed-in').hidden = false;
  /** @type {HTMLFormElement} */ ($('sign-in-form')).reset();
  $('sign-in-form').hidden = false;
  $('code-form').hidden = true;
  await Promise.all([loadApprovals(), loadInvites()]);
}

function signOut() {
  const { token, clientId, clientSecret } = stored();
  if (token && clientId)
    void api('/oauth/revoke', {
      method: 'POST',
      token: null,
      body: { token, client_id: clientId, client_secret: clientSecret },
    }).catch(() => undefined);
  store({ token: undefined });
  $('signed-in').hidden = true;
  $('sign-in').hidden = false;
  $('username').focus();
  announce('Signed out.');
}

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.append(td);
  return td;
}

async function loadApprovals() {
  const body = $('approvals-body');
  let users = [];
  try {
    const answer = await api('/api/v1/pleroma/admin/users?filters=need_approval&page_size=100');
    users = answer.users;
  } catch (error) {
    showError('approvals-error', error.message);
    return;
  }
  showError('approvals-error', '');
  body.replaceChildren();
  for (const user of users) {
    const row = document.createElement('tr');
    row.dataset.nickname = user.nickname;
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = `@${user.nickname}`;
    row.append(name);
    cell(row, user.email ?? '');
    cell(row, user.registration_reason ?? '');
    const action = cell(row, '');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'approve';
    button.textContent = 'Approve';
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = ` @${user.nickname}`;
    button.append(hidden);
    button.addEventListener('click', () => approve(user.nickname, row));
    action.append(button);
    body.append(row);
  }
  $('approvals').hidden = users.length === 0;
  $('approvals-empty').hidden = users.length > 0;
}

async function approve(nickname, row) {
  try {
    await api('/api/v1/pleroma/admin/users/approve', {
      method: 'PATCH',
      body: { nicknames: [nickname] },
    });
  } catch (error) {
    showError('approvals-error', error.message);
    return;
  }
  const next = row.nextElementSibling ?? row.previousElementSibling;
  row.remove();
  const left = $('approvals-body').children.length;
  $('approvals').hidden = left === 0;
  $('approvals-empty').hidden = left > 0;
  announce(`@${nickname} is approved and can sign in now.`);
  const nextButton = next?.querySelector('button');
  if (nextButton) nextButton.focus();
  else $('approvals-title').focus();
}

const inviteLink = (token) => `${location.origin}/registration/${encodeURIComponent(token)}`;

function describeInvite(invite) {
  const state = invite.used ? 'used up or revoked' : 'not used yet';
  const limits = [];
  if (invite.max_use !== null) limits.push(`${invite.uses} of ${invite.max_use} uses`);
  if (invite.expires_at) limits.push(`until ${invite.expires_at}`);
  return limits.length ? `${state} (${limits.join(', ')})` : state;
}

async function loadInvites() {
  let invites = [];
  try {
    invites = (await api('/api/v1/pleroma/admin/users/invites')).invites;
  } catch (error) {
    showError('invites-error', error.message);
    return;
  }
  showError('invites-error', '');
  const list = $('invites');
  list.replaceChildren();
  for (const invite of [...invites].reverse()) {
    const item = document.createElement('li');
    const link = document.createElement('code');
    link.textContent = inviteLink(invite.token);
    const state = document.createElement('span');
    state.textContent = ` — ${describeInvite(invite)}`;
    item.append(link, state);
    if (!invite.used) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'revoke';
      button.textContent = 'Revoke';
      const hidden = document.createElement('span');
      hidden.className = 'visually-hidden';
      hidden.textContent = ` invite ${invite.id}`;
      button.append(hidden);
      button.addEventListener('click', () => revoke(invite.token));
      item.append(' ', button);
    }
    list.append(item);
  }
  $('invites-empty').hidden = invites.length > 0;
}

async function createInvite() {
  try {
    const invite = await api('/api/v1/pleroma/admin/users/invite_token', {
      method: 'POST',
      body: {},
    });
    const field = /** @type {HTMLInputElement} */ ($('new-invite-link'));
    field.value = inviteLink(invite.token);
    $('new-invite').hidden = false;
    await loadInvites();
    field.focus();
    field.select();
    announce('Invite created. Its link is selected; copy it and send it to the person.');
  } catch (error) {
    showError('invites-error', error.message);
  }
}

async function revoke(token) {
  try {
    await api('/api/v1/pleroma/admin/users/revoke_invite', { method: 'POST', body: { token } });
  } catch (error) {
    showError('invites-error', error.message);
    return;
  }
  await loadInvites();
  $('invites-title').focus();
  announce('Invite revoked.');
}

async function start() {
  $('sign-in-form').addEventListener('submit', signIn);
  $('code-form').addEventListener('submit', verifyCode);
  $('sign-out').addEventListener('click', signOut);
  $('create-invite').addEventListener('click', createInvite);
  $('sign-in').hidden = false;
  const { token } = stored();
  if (!token) return;
  try {
    await showSignedIn(await api('/api/v1/accounts/verify_credentials', { token }));
  } catch {
    store({ token: undefined });
    $('signed-in').hidden = true;
    $('sign-in').hidden = false;
  }
}

void start();
