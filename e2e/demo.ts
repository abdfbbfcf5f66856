/** Logins the demo seed creates (server/src/seed); every password is the same. */
export const DEMO_PASSWORD = 'starling-demo';
export const DEMO_MEMBER = { username: 'alice', password: DEMO_PASSWORD };
export const DEMO_OTHER_MEMBER = { username: 'bob', password: DEMO_PASSWORD };
