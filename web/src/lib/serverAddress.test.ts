import { describe, expect, it } from 'vitest';
import { apiBaseFor, hostOfBase, isLoopbackHost, serverOriginFrom } from './serverAddress.ts';

describe('serverOriginFrom: what a typed server address names', () => {
  it.each([
    ['social.example', 'https://social.example'],
    ['  Social.Example  ', 'https://social.example'],
    ['https://social.example/', 'https://social.example'],
    ['https://social.example/@alice/123?x=1', 'https://social.example'],
    ['social.example:8443', 'https://social.example:8443'],
    ['@alice@social.example', 'https://social.example'],
    ['alice@social.example', 'https://social.example'],
    ['http://127.0.0.1:4001', 'http://127.0.0.1:4001'],
    ['http://localhost:4001/', 'http://localhost:4001'],
    ['localhost:4001', 'https://localhost:4001'],
  ])('%s is %s', (typed, origin) => {
    expect(serverOriginFrom(typed)).toBe(origin);
  });

  it.each([
    [''],
    ['   '],
    ['social'],
    ['social example'],
    ['http://social.example'],
    ['ftp://social.example'],
    ['javascript:alert(1)'],
    ['https://user:pw@social.example'],
    ['https://'],
    ['.example'],
    ['social.example.'],
  ])('%j names no server', (typed) => {
    expect(serverOriginFrom(typed)).toBeNull();
  });

  it('takes plain http for this machine only', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
    expect(serverOriginFrom('http://10.0.0.1:4000')).toBeNull();
  });
});

describe('apiBaseFor: where the page’s requests go', () => {
  const page = 'https://starling.example';

  it('stays on the page’s own origin when the account is this server’s', () => {
    expect(apiBaseFor('', page)).toBe('');
    expect(apiBaseFor(null, page)).toBe('');
    expect(apiBaseFor(undefined, page)).toBe('');
    expect(apiBaseFor('https://starling.example', page)).toBe('');
    expect(apiBaseFor('https://starling.example/', page)).toBe('');
  });

  it('goes to the account’s server when it is another', () => {
    expect(apiBaseFor('https://other.example', page)).toBe('https://other.example');
    expect(apiBaseFor('https://other.example/some/path', page)).toBe('https://other.example');
    expect(apiBaseFor('http://127.0.0.1:4001', 'http://127.0.0.1:4000')).toBe(
      'http://127.0.0.1:4001',
    );
  });

  it('names the host a base reaches', () => {
    expect(hostOfBase('', 'starling.example')).toBe('starling.example');
    expect(hostOfBase('http://127.0.0.1:4001', 'x')).toBe('127.0.0.1:4001');
  });
});
