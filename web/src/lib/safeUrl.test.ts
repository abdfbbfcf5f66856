import { describe, expect, it } from 'vitest';
import { cssImageUrl, isSameSitePath, safeHttpUrl, safeLinkUrl, safeMediaUrl } from './safeUrl.ts';

describe('safeHttpUrl', () => {
  it('keeps absolute http and https addresses', () => {
    expect(safeHttpUrl('https://example.org/a.png')).toBe('https://example.org/a.png');
    expect(safeHttpUrl('HTTP://example.org/')).toBe('HTTP://example.org/');
  });
  it('refuses script, data, relative and protocol-relative addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '/local/path',
      'https:/\\evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(url)).toBeNull();
    }
  });
});

describe('isSameSitePath', () => {
  it('accepts a path with one leading slash', () => {
    expect(isSameSitePath('/notice/1')).toBe(true);
  });
  it('treats //host and /\\host as other sites', () => {
    expect(isSameSitePath('//evil.example')).toBe(false);
    expect(isSameSitePath('/\\evil.example')).toBe(false);
    expect(isSameSitePath('/\t/evil.example')).toBe(false);
  });
});

describe('safeMediaUrl and safeLinkUrl', () => {
  it('allow same-site paths, blob: for media and mailto: for links', () => {
    expect(safeMediaUrl('/media/a.png')).toBe('/media/a.png');
    expect(safeMediaUrl('blob:https://here/1')).toBe('blob:https://here/1');
    expect(safeMediaUrl('mailto:a@b')).toBeNull();
    expect(safeLinkUrl('mailto:a@b')).toBe('mailto:a@b');
    expect(safeLinkUrl('blob:https://here/1')).toBeNull();
  });
  it('refuse /\\host and javascript:', () => {
    expect(safeMediaUrl('/\\evil.example/x.png')).toBeNull();
    expect(safeLinkUrl('/\\evil.example/')).toBeNull();
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('cssImageUrl', () => {
  it('wraps an http(s) picture in url("...")', () => {
    expect(cssImageUrl('https://example.org/banner.png')).toBe(
      'url("https://example.org/banner.png")',
    );
  });
  it('refuses what an avatar would refuse', () => {
    for (const url of [
      'javascript:alert(1)',
      'java\nscript:x',
      'data:image/png;base64,AA',
      '//e.x/a',
    ]) {
      expect(cssImageUrl(url)).toBeNull();
    }
  });
  it('encodes quotes and parentheses so nothing can close the url() early', () => {
    const value = cssImageUrl('https://e.example/a"),url(javascript:x)(\'.png') ?? '';
    expect(value.slice(5, -2)).not.toMatch(/["'()]/);
    expect(value).toMatch(/^url\("https:\/\/e\.example\/a%22%29,url%28/);
  });
});
