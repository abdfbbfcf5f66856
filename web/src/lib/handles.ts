/**
 * Handles on internationalised hosts: `xn--` labels decoded to the Unicode a person reads
 * (RFC 3492 Punycode; spec part 2, §3: screen_name_ui). Whether such a host could pass for
 * another is lookalikeHost.ts, which only the user card needs.
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const MAX_CODE_POINT = 0x10ffff;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / 700) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  for (; scaled > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + 38));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** A Punycode label (without `xn--`) as Unicode; null when it is not valid Punycode. */
export function decodePunycode(label: string): string | null {
  const input = label.toLowerCase();
  const delimiter = input.lastIndexOf('-');
  const output = [...input.slice(0, Math.max(delimiter, 0))].map((c) => c.charCodeAt(0));
  if (output.some((code) => code >= 0x80)) return null;
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let index = delimiter + 1; index < input.length;) {
    const before = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * w;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      w *= BASE - threshold;
      if (i > MAX_CODE_POINT * 64) return null;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** A host with its `xn--` labels shown in Unicode; labels that do not decode stay as they are. */
export function unicodeHost(host: string): string {
  return host
    .split('.')
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}

/** user@host with the host in Unicode; a local handle (no host) is returned unchanged. */
export function unicodeHandle(acct: string): string {
  const at = acct.lastIndexOf('@');
  return at < 0 ? acct : acct.slice(0, at + 1) + unicodeHost(acct.slice(at + 1));
}
