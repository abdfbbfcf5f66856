import { describe, expect, it } from 'vitest';
import { accountsCsv, parseImportList } from './importList.ts';

describe('import file parsing', () => {
  it('reads handles separated by spaces, newlines and tabs, once each, without the @', () => {
    expect(parseImportList('@bob carol@example.org\n\tbob\r\nBOB  dave')).toEqual({
      accounts: ['bob', 'carol@example.org', 'dave'],
      invalid: [],
    });
  });

  it('reads the first column of a CSV export and skips its header', () => {
    const csv =
      'Account address,Show boosts,Notify on new posts\nbob@example.org,true,false\n"carol",false,false\n';
    expect(parseImportList(csv).accounts).toEqual(['bob@example.org', 'carol']);
  });

  it('reports entries that are not handles', () => {
    expect(parseImportList('bob not/a-handle @@x')).toEqual({
      accounts: ['bob'],
      invalid: ['not/a-handle', '@@x'],
    });
  });

  it('reads back what the export writes', () => {
    const handles = ['bob', 'carol@example.org'];
    expect(parseImportList(accountsCsv(handles)).accounts).toEqual(handles);
  });

  it('exports a hostile handle as an inert, quoted cell', () => {
    expect(accountsCsv(['bob', '=cmd|"/c calc"!A1', 'a,b'])).toBe(
      'Account address\nbob\n"\'=cmd|""/c calc""!A1"\n"a,b"\n',
    );
  });

  it('an empty file has no accounts', () => {
    expect(parseImportList('\n \n')).toEqual({ accounts: [], invalid: [] });
  });
});
