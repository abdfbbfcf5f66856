import type { UpdateCredentialsParams } from '../api/accounts.ts';
import type { Account } from '../api/types.ts';

/**
 * Whether the server applied a profile change: a server that does not read what was sent (one
 * reading only form data, say) still answers 200 with the account unchanged, so "saved" is said
 * only when the returned account shows what was asked.
 */

type Checked = 'displayName' | 'note' | 'fields' | 'defaultScope' | 'birthday' | 'showBirthday';

/** What the account shows of each change; undefined where it does not tell (no source block). */
const READERS: Record<Checked, (account: Account) => unknown> = {
  displayName: (a) => a.displayName,
  note: (a) => a.source?.note,
  fields: (a) => a.source?.fields,
  defaultScope: (a) => a.source?.privacy ?? undefined,
  birthday: (a) => a.birthday,
  showBirthday: (a) => a.source?.showBirthday ?? undefined,
};

const text = (value: string) => value.replace(/\r\n/g, '\n').trim();

/** One comparable spelling of a value: servers trim text, drop blank fields, answer null for ''. */
function normalised(key: Checked, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (key === 'fields') {
    const fields = (value as { name: string; value: string }[]).map((f) => ({
      name: text(f.name),
      value: text(f.value),
    }));
    return JSON.stringify(fields.filter((f) => f.name !== '' || f.value !== ''));
  }
  return typeof value === 'string' ? text(value) : String(value);
}

/** The changes asked (different from `before`) that the account the server returned lacks. */
export function unsavedChanges(
  before: Account,
  asked: UpdateCredentialsParams,
  after: Account,
): Checked[] {
  return (Object.keys(READERS) as Checked[]).filter((key) => {
    const wanted = asked[key];
    if (wanted === undefined) return false;
    const [was, now] = [READERS[key](before), READERS[key](after)];
    if (now === undefined && key !== 'birthday') return false;
    const value = normalised(key, wanted);
    return normalised(key, was) !== value && normalised(key, now) !== value;
  });
}
