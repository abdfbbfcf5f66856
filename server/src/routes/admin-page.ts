import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { escapeHtml } from '../views/html.ts';
import { INSTANCE_TITLE } from './constants.ts';

/**
 * A small administration page where Pleroma serves AdminFE (`/pleroma/admin/`, which the
 * client's "Administration" link opens): accounts awaiting approval and invite links. The HTML is
 * rendered here and one script file (admin-page/admin.js) drives it; the CSP runs no inline
 * script and lets the page talk to this origin only.
 */

export const ADMIN_PAGE_PATH = '/pleroma/admin';

const ADMIN_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const SCRIPT = readFileSync(new URL('../admin-page/admin.js', import.meta.url), 'utf8');

const STYLES = `main.admin { max-width: 56rem; }
.admin table { width: 100%; border-collapse: collapse; margin-top: 0.75rem; }
.admin th, .admin td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid #2d3a4c; overflow-wrap: anywhere; }
.admin td button, .admin li button { margin-top: 0; padding: 0.35rem 0.8rem; }
.admin ul { padding-left: 1.2rem; }
.admin li { margin: 0.5rem 0; overflow-wrap: anywhere; }
.admin code { color: #ffffff; }
.admin section { margin-top: 2rem; }
.admin h2:focus { outline: 3px solid #0095ff; outline-offset: 2px; }
.admin input[readonly] { font-family: monospace; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

function adminHtml(): string {
  const title = `Administration · ${INSTANCE_TITLE}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/static/oauth.css">
<link rel="stylesheet" href="${ADMIN_PAGE_PATH}/admin.css">
<script type="module" src="${ADMIN_PAGE_PATH}/admin.js"></script>
</head>
<body>
<main class="admin">
<h1>${escapeHtml(INSTANCE_TITLE)} administration</h1>
<p id="status" role="status"></p>
<noscript><p class="error">This page needs JavaScript.</p></noscript>
<section id="sign-in" aria-labelledby="sign-in-title" hidden>
<h2 id="sign-in-title">Sign in</h2>
<p>Sign in with the account of an administrator.</p>
<p class="error" id="sign-in-error" role="alert" hidden></p>
<form id="sign-in-form" method="post">
<label for="username">Username or e-mail</label>
<input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" id="sign-in-button">Sign in</button>
</form>
<form id="code-form" method="post" hidden>
<label for="code">Code from your authenticator app</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" required>
<button type="submit">Verify</button>
</form>
</section>
<div id="signed-in" hidden>
<p>Signed in as <strong id="me"></strong>. <button type="button" id="sign-out">Sign out</button></p>
<section aria-labelledby="approvals-title">
<h2 id="approvals-title" tabindex="-1">Accounts awaiting approval</h2>
<p class="error" id="approvals-error" role="alert" hidden></p>
<p id="approvals-empty" hidden>No accounts are waiting for approval.</p>
<table id="approvals" hidden>
<thead><tr><th scope="col">Nickname</th><th scope="col">E-mail</th><th scope="col">Reason</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody id="approvals-body"></tbody>
</table>
</section>
<section aria-labelledby="invites-title">
<h2 id="invites-title" tabindex="-1">Invites</h2>
<p>An invite link lets one person sign up while registrations are closed.</p>
<p class="error" id="invites-error" role="alert" hidden></p>
<button type="button" id="create-invite">Create invite</button>
<div id="new-invite" hidden>
<label for="new-invite-link">New invite link</label>
<input id="new-invite-link" readonly>
</div>
<p id="invites-empty" hidden>No invites yet.</p>
<ul id="invites"></ul>
</section>
</div>
</main>
</body>
</html>`;
}

export async function adminPageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // A Mastodon server has no such page (flavour.ts answers 404 for the path).
  if (ctx.flavour === 'mastodon') return;
  const html = adminHtml();
  app.get(ADMIN_PAGE_PATH, async (_request, reply) => reply.headers(ADMIN_PAGE_HEADERS).send(html));
  app.get(`${ADMIN_PAGE_PATH}/admin.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );
  app.get(`${ADMIN_PAGE_PATH}/admin.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLES),
  );
}
