/** Text assets the instance serves at start-up paths (written for Starling). */

export const STATIC_CONFIG = { theme: 'pleroma-dark', showInstanceSpecificPanel: true };

export const TERMS_OF_SERVICE = `<h2>Terms of service</h2>
<p>This is a Starling local instance. It runs on your own machine and does not federate with other servers.</p>
<ul>
<li>Everything you post is stored in a SQLite file in the instance's data folder, and nowhere else.</li>
<li>Accounts with an address like <code>name@elsewhere.example</code> are demo accounts that look remote; no traffic ever leaves this machine.</li>
<li>Be kind to the demo birds.</li>
</ul>
`;

export const INSTANCE_PANEL = `<div class="instance-panel">
<h2>Welcome to Starling</h2>
<p>A small, real Pleroma-compatible server running next to the Starling client.</p>
<p>Try signing in as <strong>alice</strong> with the password <strong>starling-demo</strong>, or browse the
<a href="/main/all">whole known network</a> to see posts from accounts that look remote.</p>
</div>
`;

export const OAUTH_CSS = `:root { color-scheme: dark; font-family: system-ui, sans-serif; }
body { margin: 0; background: #121a24; color: #b9b9ba; }
main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem; background: #182230; border-radius: 8px; }
h1 { font-size: 1.4rem; color: #d8a070; margin-top: 0; }
label { display: block; margin-top: 1rem; }
input, select { width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; font-size: 1rem; }
button { margin-top: 1.25rem; padding: 0.6rem 1.2rem; font-size: 1rem; background: #d8a070; color: #121a24; border: 0; border-radius: 4px; cursor: pointer; }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #0095ff; outline-offset: 2px; }
.error { color: #ff8c8c; font-weight: bold; }
.code { font-family: monospace; font-size: 1.1rem; word-break: break-all; color: #ffffff; }
.scopes code { color: #ffffff; }
`;

/** The bird is cut out of the disc, so the logo keeps its shape when drawn as a mask (logoMask). */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Starling">
<path fill="#d8a070" fill-rule="evenodd" d="M2 32a30 30 0 1 0 60 0a30 30 0 1 0-60 0zM14 38c8-2 14-10 24-12 6-1 10 1 12 4l-6 1c-3 6-10 12-22 12-4 0-7-2-8-5zM42.2 29a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0z"/>
</svg>
`;
