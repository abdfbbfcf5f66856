import { passwordGrant } from '../e2e/oauth.ts';

/** A token for `username` through the password grant, as a client of the instance at `origin`. */
export function passwordToken(
  origin: string,
  username: string,
  password: string,
  scopes: string,
): Promise<string> {
  return passwordGrant(`${origin}/`, username, password, scopes);
}
