import { describe, expect, it } from 'vitest';
import { unicodeHandle } from './handles.ts';
import { isLookalikeHandle } from './lookalikeHost.ts';

describe('isLookalikeHandle', () => {
  it('warns of hosts mixing scripts or spelt in Latin-looking letters of another', () => {
    expect(isLookalikeHandle(unicodeHandle('eve@xn--80ak6aa92e.com'))).toBe(true); // аррӏе
    expect(isLookalikeHandle('eve@pаypal.com')).toBe(true); // Cyrillic а among Latin
  });

  it('leaves plain ASCII and single-script hosts alone', () => {
    expect(isLookalikeHandle('anna@munchen.example')).toBe(false);
    expect(isLookalikeHandle('anna@münchen.example')).toBe(false);
    expect(isLookalikeHandle('anna@пример.рф')).toBe(false);
    expect(isLookalikeHandle('anna@日本語.jp')).toBe(false);
  });
});
