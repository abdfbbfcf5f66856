import { describe, expect, it } from 'vitest';
import { decodePunycode, unicodeHandle, unicodeHost } from './handles.ts';

describe('decodePunycode', () => {
  it('decodes the RFC 3492 samples and real hosts', () => {
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('他们为什么不说中文');
    expect(decodePunycode('b1abfaaepdrnnbgefbadotcwatmq2g4l')).toBe('почемужеонинеговорятпорусски');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    expect(decodePunycode('80ak6aa92e')).toBe('аррӏе');
    expect(decodePunycode('mnchen-3ya')).toBe('münchen');
  });

  it('refuses what is not Punycode', () => {
    expect(decodePunycode('abc-!')).toBeNull();
    expect(decodePunycode('99999999999')).toBeNull();
    expect(decodePunycode('ü-abc')).toBeNull();
  });
});

describe('unicodeHandle', () => {
  it('shows xn-- labels of the host in Unicode and leaves the rest alone', () => {
    expect(unicodeHandle('anna@xn--mnchen-3ya.example')).toBe('anna@münchen.example');
    expect(unicodeHandle('anna@XN--MNCHEN-3YA.example')).toBe('anna@münchen.example');
    expect(unicodeHandle('xn--user@plain.example')).toBe('xn--user@plain.example');
    expect(unicodeHandle('local')).toBe('local');
    expect(unicodeHost('xn--!!.example')).toBe('xn--!!.example');
  });
});
