import { expectEntity, type ApiClient } from './client.ts';
import { parsePoll } from './schemas/poll.ts';
import type { Poll } from './types.ts';

/** Polls (spec part 2, §7): read one, and vote with the chosen options' indices. */
const path = (id: string) => `/api/v1/polls/${encodeURIComponent(id)}`;

export async function get(client: ApiClient, id: string): Promise<Poll> {
  const response = await client.get(path(id));
  return expectEntity(parsePoll(response.data), 'Poll', response);
}

/** Votes for the options at `choices` (indices); answers the poll as it is after the vote. */
export async function vote(
  client: ApiClient,
  id: string,
  choices: readonly number[],
): Promise<Poll> {
  const response = await client.post(`${path(id)}/votes`, { body: { choices: [...choices] } });
  return expectEntity(parsePoll(response.data), 'Poll', response);
}
