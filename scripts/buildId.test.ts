import { describe, expect, it, vi } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformResult } from 'vite';
import { buildId, buildIdOf } from './buildId.ts';

const page = (script: string, style: string) =>
  `<head><script>starter()</script><script type="module" crossorigin src="/static/assets/${script}"></script>` +
  `<link rel="stylesheet" crossorigin href="/static/assets/${style}"><link rel="icon" href="/favicon.svg"></head>`;

describe('the build id', () => {
  it('is the same for the same files and changes when any file index.html loads does', () => {
    const id = buildIdOf(page('index-aaa.js', 'index-bbb.css'));
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(buildIdOf(page('index-aaa.js', 'index-bbb.css'))).toBe(id);
    expect(buildIdOf(page('index-aaZ.js', 'index-bbb.css'))).not.toBe(id);
    expect(buildIdOf(page('index-aaa.js', 'index-bbZ.css'))).not.toBe(id);
  });

  it('refuses a page that loads no hashed files', () => {
    expect(() => buildIdOf('<head><link rel="icon" href="/favicon.svg"></head>')).toThrow();
  });

  it('goes into a meta tag of index.html and into static/build.json', () => {
    const plugin = buildId();
    const html = page('index-aaa.js', 'index-bbb.css');
    const transform = plugin.transformIndexHtml as {
      handler: (html: string, ctx: IndexHtmlTransformContext) => IndexHtmlTransformResult;
    };
    const tags = transform.handler(html, {} as IndexHtmlTransformContext);
    const id = buildIdOf(html);
    expect(tags).toEqual([
      { tag: 'meta', attrs: { name: 'starling-build', content: id }, injectTo: 'head' },
    ]);
    const emitFile = vi.fn();
    const generate = plugin.generateBundle as { handler: (this: unknown) => void };
    generate.handler.call({ emitFile });
    expect(emitFile).toHaveBeenCalledWith({
      type: 'asset',
      fileName: 'static/build.json',
      source: `{"build":"${id}"}\n`,
    });
  });
});
