import { parseStatus } from '../../api/schemas/status.ts';
import type { Account, Status } from '../../api/types.ts';
import { useEntities } from '../../state/entities.ts';
import { useSession } from '../../state/session.ts';

/** Raw (server-shaped) JSON of a status for component tests of polls, reactions and media. */
export function rawStatus(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    uri: `https://birds.example/objects/${id}`,
    url: `https://birds.example/notice/${id}`,
    created_at: '2024-05-01T12:00:00.000Z',
    content: '<p>hello</p>',
    spoiler_text: '',
    visibility: 'public',
    sensitive: false,
    account: {
      id: 'author',
      username: 'robin',
      acct: 'robin',
      display_name: 'Robin',
      url: 'https://birds.example/users/robin',
      avatar: '/a.png',
      created_at: '2024-01-01T00:00:00.000Z',
    },
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    ...extra,
  };
}

export function rawPoll(extra: Record<string, unknown> = {}) {
  return {
    id: 'p1',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    expired: false,
    multiple: false,
    votes_count: 4,
    voters_count: 4,
    voted: false,
    own_votes: [],
    options: [
      { title: 'Seeds', votes_count: 3 },
      { title: 'Worms', votes_count: 1 },
      { title: 'Berries', votes_count: 0 },
    ],
    emojis: [],
    ...extra,
  };
}

export function ingestRaw(raw: unknown): Status {
  const status = parseStatus(raw);
  if (!status) throw new Error('test status does not parse');
  useEntities.getState().ingestStatuses([status]);
  return status;
}

export function signIn(id = 'me'): void {
  useSession.setState({
    status: 'signedIn',
    token: 't',
    user: { id, username: id, acct: id } as Account,
  });
}

export function signOut(): void {
  useSession.setState({ status: 'anonymous', token: null, user: null });
}
