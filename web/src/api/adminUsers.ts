import type { ApiClient } from './client.ts';

/**
 * The admin user calls behind the user card's moderation menu (API notes §12). Each resolves
 * when the server answered ok and throws otherwise, so the caller changes local state only then.
 */
const ADMIN = '/api/v1/pleroma/admin/users';

export type PermissionGroup = 'admin' | 'moderator';

export async function setPermissionGroup(
  client: ApiClient,
  nickname: string,
  group: PermissionGroup,
  granted: boolean,
): Promise<void> {
  const url = `${ADMIN}/permission_group/${group}`;
  const body = { nicknames: [nickname] };
  await (granted ? client.post(url, { body }) : client.delete(url, { body }));
}

export async function setActivation(
  client: ApiClient,
  nickname: string,
  active: boolean,
): Promise<void> {
  await client.patch(`${ADMIN}/${active ? 'activate' : 'deactivate'}`, {
    body: { nicknames: [nickname] },
  });
}

export async function setTag(
  client: ApiClient,
  nickname: string,
  tag: string,
  tagged: boolean,
): Promise<void> {
  const body = { nicknames: [nickname], tags: [tag] };
  await (tagged ? client.put(`${ADMIN}/tag`, { body }) : client.delete(`${ADMIN}/tag`, { body }));
}

export async function deleteUser(client: ApiClient, nickname: string): Promise<void> {
  await client.delete(ADMIN, { body: { nicknames: [nickname] } });
}
