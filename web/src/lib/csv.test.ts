import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('CSV cells', () => {
  it('leaves plain values alone', () => {
    expect(csvCell('carol@example.org')).toBe('carol@example.org');
    expect(csvCell('')).toBe('');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it.each([
    ['=HYPERLINK("http://x.example")', `"'=HYPERLINK(""http://x.example"")"`],
    ['+1+cmd', "'+1+cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcalc', "'\tcalc"],
    ['\rcalc', `"'\rcalc"`],
  ])('makes %j inert in a spreadsheet', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('joins a row of cells', () => {
    expect(csvRow(['bob', '=1+1', 'a,b'])).toBe(`bob,'=1+1,"a,b"`);
  });
});
