/**
 * A corpus of known XSS vectors, written for Starling's rich-content test (e2e/xss.spec.ts).
 * Each vector is a function of the payload `p`, a JavaScript statement such as `__xss.push(7)`
 * that records the vector's number if it ever runs; vectors that would run in a frame call
 * `parent.` first. The corpus covers script elements, event handlers on common tags, script URLs
 * in every URL-carrying attribute, SVG and MathML tricks, frames and plugins, <base> and <meta>,
 * CSS, broken and nested markup that mutates on re-parsing (mXSS), and encodings.
 */
export interface XssVector {
  group: string;
  html: (p: string) => string;
}

/** Every character as a decimal character reference (&#106;&#97;...). */
const decimal = (text: string) => [...text].map((c) => `&#${c.codePointAt(0)};`).join('');
/** Every character as a hexadecimal character reference, without the closing semicolon. */
const hexNoSemicolon = (text: string) =>
  [...text].map((c) => `&#x${c.codePointAt(0)!.toString(16)}`).join('');
/** Padded decimal references without semicolons (&#0000106...), an old filter bypass. */
const paddedDecimal = (text: string) =>
  [...text].map((c) => `&#${String(c.codePointAt(0)).padStart(7, '0')}`).join('');
/** Every character as a JavaScript unicode escape (valid inside identifiers only). */
const jsEscape = (text: string) =>
  [...text].map((c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join('');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

const groups: Record<string, ((p: string) => string)[]> = {
  // <script> in every spelling: plain, mixed case, with attributes, split, unclosed, nested.
  script: [
    (p) => `<script>${p}</script>`,
    (p) => `<SCRIPT>${p}</SCRIPT>`,
    (p) => `<ScRiPt>${p}</sCrIpT>`,
    (p) => `<script type="text/javascript">${p}</script>`,
    (p) => `<script type="module">${p}</script>`,
    (p) => `<script src="data:text/javascript,${p}"></script>`,
    (p) => `<script/xss>${p}</script>`,
    (p) => `<<script>${p};//<</script>`,
    (p) => `<script>${p}</script`,
    (p) => `<scr<script>ipt>${p}</scr</script>ipt>`,
    (p) => `<script\n>${p}</script\n>`,
    (p) => `<p>hello<script defer>${p}</script></p>`,
  ],
  // Event-handler attributes on the tags a sanitiser is most likely to keep or forget.
  handlers: [
    (p) => `<img src=x onerror="${p}">`,
    (p) => `<img src="x" onerror=${p}>`,
    (p) => `<img/src=x/onerror=${p}>`,
    (p) => `<img src=x onerror=\`${p}\`>`,
    (p) => `<IMG SRC=x OnErRoR="${p}">`,
    (p) => `<image src=x onerror="${p}">`,
    (p) => `<body onload="${p}">`,
    (p) => `<body onpageshow="${p}">`,
    (p) => `<svg onload="${p}"></svg>`,
    (p) => `<input autofocus onfocus="${p}">`,
    (p) => `<input type="image" src="x" onerror="${p}">`,
    (p) => `<details open ontoggle="${p}"><summary>x</summary></details>`,
    (p) => `<video><source onerror="${p}"></video>`,
    (p) => `<audio src="x" onerror="${p}"></audio>`,
    (p) => `<video src="x" onerror="${p}"></video>`,
    (p) => `<marquee onstart="${p}">x</marquee>`,
    (p) => `<div onmouseover="${p}" style="width:100%;height:40px">hover me</div>`,
    (p) => `<a onmouseover="${p}">hover me</a>`,
    (p) => `<p onclick="${p}">click me</p>`,
    (p) => `<span tabindex="0" autofocus onfocus="${p}">focus me</span>`,
    (p) => `<button autofocus onfocus="${p}">x</button>`,
    (p) => `<select autofocus onfocus="${p}"></select>`,
    (p) => `<textarea autofocus onfocus="${p}"></textarea>`,
    (p) => `<keygen autofocus onfocus="${p}">`,
    (p) => `<b onmouseenter="${p}">hover</b>`,
    (p) => `<strong onpointerover="${p}">hover</strong>`,
    (p) => `<em onanimationstart="${p}" style="animation:spin 1s">x</em>`,
    (p) => `<blockquote oncopy="${p}">copy me</blockquote>`,
    (p) => `<li onmousemove="${p}">move</li>`,
    (p) => `<table background="javascript:${p}"><td onmouseover="${p}">x</td></table>`,
    (p) => `<img src="x" onerror="${p}"//`,
    (p) => `<img """><script>${p}</script>">`,
  ],
  // Script-carrying URLs in href, src, action, formaction, srcset, data, poster.
  urls: [
    (p) => `<a href="javascript:${p}">link</a>`,
    (p) => `<a href="JaVaScRiPt:${p}">link</a>`,
    (p) => `<a href=" javascript:${p}">link</a>`,
    (p) => `<a href="javascript&colon;${p}">link</a>`,
    (p) => `<a href="jav&#x09;ascript:${p}">link</a>`,
    (p) => `<a href="jav&#x0A;ascript:${p}">link</a>`,
    (p) => `<a href="jav&#x0D;ascript:${p}">link</a>`,
    (p) => `<a href="&#14; javascript:${p}">link</a>`,
    (p) => `<a href="vbscript:msgbox(1)">link</a><i hidden>${p}</i>`,
    (p) => `<a href="data:text/html,<script>${p}</script>">link</a>`,
    (p) => `<a href="data:text/html;base64,${base64(`<script>${p}</script>`)}">link</a>`,
    (p) => `<a href="DATA:text/html,<script>${p}</script>">link</a>`,
    (p) => `<img src="javascript:${p}">`,
    (p) => `<iframe src="javascript:parent.${p}"></iframe>`,
    (p) => `<form action="javascript:${p}"><input type="submit"></form>`,
    (p) => `<form><button formaction="javascript:${p}">go</button></form>`,
    (p) => `<input type="submit" formaction="javascript:${p}">`,
    (p) => `<img srcset="javascript:${p} 1x">`,
    (p) => `<picture><source srcset="javascript:${p}"><img src="x"></picture>`,
    (p) => `<object data="javascript:${p}"></object>`,
    (p) => `<embed src="javascript:${p}">`,
    (p) => `<video poster="javascript:${p}"></video>`,
    (p) => `<a href="//evil.example/${p}">protocol-relative</a>`,
    (p) => `<area href="javascript:${p}">`,
  ],
  // SVG: handlers, scripts, xlink:href, animation that rewrites attributes, foreign content.
  svg: [
    (p) => `<svg><script>${p}</script></svg>`,
    (p) => `<svg><script href="data:text/javascript,${p}"/></svg>`,
    (p) => `<svg><a xlink:href="javascript:${p}"><text x="20" y="20">click</text></a></svg>`,
    (p) => `<svg><a href="javascript:${p}"><circle r="40"/></a></svg>`,
    (p) => `<svg><animate onbegin="${p}" attributeName="x" dur="1s"/></svg>`,
    (p) => `<svg><set attributeName="onmouseover" to="${p}"/></svg>`,
    (p) =>
      `<svg><a><animate attributeName="href" values="javascript:${p}"/><text x="20" y="20">click</text></a></svg>`,
    (p) => `<svg><image href="x" onerror="${p}"/></svg>`,
    (p) => `<svg><discard onbegin="${p}"/></svg>`,
    (p) =>
      `<svg><foreignObject><iframe srcdoc="<script>parent.${p}</script>"></iframe></foreignObject></svg>`,
    (p) => `<svg><use href="data:image/svg+xml,<svg id='x' onload='${p}'/>#x"/></svg>`,
    (p) => `<svg/onload=${p}>`,
  ],
  // MathML namespace confusion and links.
  mathml: [
    (p) => `<math><mtext><table><mglyph><style><img src=x onerror="${p}">`,
    (p) => `<math href="javascript:${p}">CLICK</math>`,
    (p) => `<math><maction actiontype="statusline" xlink:href="javascript:${p}">x</maction></math>`,
    (p) => `<math><mi xlink:href="data:x,<script>${p}</script>">x</mi></math>`,
    (p) =>
      `<math><mtext><option><FAKEFAKE><option></option><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=${p}>">`,
    (p) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror="${p}">`,
  ],
  // Frames, plugins, <base> and <meta> refresh.
  frames: [
    (p) => `<iframe srcdoc="<script>parent.${p}</script>"></iframe>`,
    (p) => `<iframe srcdoc="&lt;img src=x onerror=parent.${p}&gt;"></iframe>`,
    (p) => `<iframe src="data:text/html,<script>parent.${p}</script>"></iframe>`,
    (p) => `<iframe onload="${p}"></iframe>`,
    (p) => `<object data="data:text/html,<script>parent.${p}</script>"></object>`,
    (p) =>
      `<object type="text/html" data="data:text/html;base64,${base64(`<script>${p}</script>`)}"></object>`,
    (p) => `<embed src="data:text/html,<script>parent.${p}</script>">`,
    (p) => `<base href="javascript:${p}//"><a href="x">relative</a>`,
    (p) => `<meta http-equiv="refresh" content="0;url=javascript:${p}">`,
    (p) => `<meta http-equiv="refresh" content="0;url=data:text/html,<script>${p}</script>">`,
    (p) => `<frameset onload="${p}"><frame src="x"></frameset>`,
    (p) => `<portal src="javascript:${p}"></portal>`,
  ],
  // CSS: expression(), script URLs, @import, style-borne handlers, animations.
  css: [
    (p) => `<style>*{x:expression(${p})}</style>`,
    (p) => `<style>body{background:url("javascript:${p}")}</style>`,
    (p) => `<style>@import 'javascript:${p}';</style>`,
    (p) => `<style>@import url("data:text/css,*{x:expression(${p})}");</style>`,
    (p) => `<style onload="${p}"></style>`,
    (p) => `<div style="background:url(javascript:${p})">css</div>`,
    (p) => `<div style="width:expression(${p})">css</div>`,
    (p) => `<div style="x:exp/**/ression(${p})">css</div>`,
    (p) => `<p style="behavior:url(#default#time2)" onbegin="${p}">css</p>`,
    (p) => `<link rel="stylesheet" href="javascript:${p}">`,
    (p) => `<link rel="stylesheet" href="x" onload="${p}" onerror="${p}">`,
    (p) =>
      `<style>@keyframes xss{}</style><div style="animation-name:xss" onanimationstart="${p}">css</div>`,
    (p) => `<span style="position:fixed;inset:0;z-index:99999" onmouseover="${p}">overlay</span>`,
  ],
  // Broken and nested markup: parser differentials and mutations (mXSS).
  broken: [
    (p) => `<noscript><p title="</noscript><img src=x onerror=${p}>"></noscript>`,
    (p) => `<title><img src=x onerror="${p}"></title>`,
    (p) => `<textarea></textarea><img src=x onerror="${p}">`,
    (p) => `<textarea><img src=x onerror="${p}"></textarea>`,
    (p) => `<template><img src=x onerror="${p}"></template>`,
    (p) => `<!--<img src="--><img src=x onerror=${p}//">`,
    (p) => `<![CDATA[><img src=x onerror=${p}//]]>`,
    (p) => `<xmp><img src=x onerror="${p}"></xmp>`,
    (p) => `<noembed><img title="</noembed><img src=x onerror=${p}>"></noembed>`,
    (p) => `<style><img src="</style><img src=x onerror=${p}//">`,
    (p) => `<a href="</a><img src=x onerror=${p}>">x</a>`,
    (p) => `<svg></p><style><a id="</style><img src=1 onerror=${p}>">`,
    (p) => `<svg><p><style><img src=x onerror="${p}">`,
    (p) => `<select><template><img src=x onerror="${p}"></template></select>`,
    (p) => `<table><tr><td><img src=x onerror="${p}"></td></tr>`,
    (p) => `<p><b><i><u><img src=x onerror="${p}"></p></i></b>`,
    (p) =>
      `<div id="x"><form id="f"></form><button form="f" formaction="javascript:${p}">X</button></div>`,
    (p) => `<iframe><img src=x onerror="${p}"></iframe>`,
    (p) => `<plaintext><img src=x onerror="${p}">`,
    (p) => `</p></div></article><img src=x onerror="${p}">`,
    (p) => `<img src="x" alt="\`\`><img src=x onerror=${p}>">`,
  ],
  // Encodings: character references, escapes, null bytes, odd whitespace.
  encodings: [
    (p) => `<a href="${decimal('javascript:')}${p}">decimal</a>`,
    (p) => `<a href="${hexNoSemicolon('javascript:')}${p}">hex</a>`,
    (p) => `<a href="${paddedDecimal('javascript:')}${p}">padded</a>`,
    (p) => `<a href="javascript:${decimal(p)}">payload encoded</a>`,
    (p) => `<img src=x onerror="${decimal(p)}">`,
    (p) => `<img src=x onerror="${jsEscape('__xss')}${p.slice('__xss'.length)}">`,
    (p) => `<a href="javascript\\u003a${p}">escaped colon</a>`,
    (p) => `<scr\u0000ipt>${p}</scr\u0000ipt>`,
    (p) => `<a href="java\u0000script:${p}">null</a>`,
    (p) => `<img src=x o\u0000nerror="${p}">`,
    (p) => `<img src=x\u0000 onerror="${p}">`,
    (p) => `<a href="\u2028javascript:${p}">line separator</a>`,
    (p) => `<a href="java\u00adscript:${p}">soft hyphen</a>`,
    (p) => `<img src=x onerror\u000c="${p}">`,
    (p) => `&lt;script&gt;${p}&lt;/script&gt;`,
    (p) => `%3Cscript%3E${p}%3C/script%3E`,
    (p) => `\u003cimg src=x onerror="${p}"\u003e`,
  ],
};

export const XSS_VECTORS: readonly XssVector[] = Object.entries(groups).flatMap(([group, list]) =>
  list.map((html) => ({ group, html })),
);
