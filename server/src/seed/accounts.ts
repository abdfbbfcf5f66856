import type { EmojiShape } from './images.ts';

/** The demo cast. Passwords are all DEMO_PASSWORD; remote-looking accounts have none. */
export const DEMO_PASSWORD = 'starling-demo';
export const TOTP_SECRET = 'STARLINGDEMOTOTPSECRETKEYABCDEFG';
export const RECOVERY_CODES = [
  'chirp-11111',
  'chirp-22222',
  'chirp-33333',
  'chirp-44444',
  'chirp-55555',
];

export interface SeedAccount {
  nickname: string;
  domain?: string;
  displayName: string;
  note: string;
  role: 'admin' | 'moderator' | 'member' | 'locked' | 'totp' | 'remote';
  fields?: { name: string; value: string }[];
  variant: number;
  birthday?: string;
}

export const SEED_ACCOUNTS: SeedAccount[] = [
  {
    nickname: 'admin',
    displayName: 'Ada Admin :starling:',
    note: 'I run this little instance. Ask me anything about #starling.\nBe kind, post birds.',
    role: 'admin',
    fields: [
      { name: 'Role', value: 'Administrator' },
      { name: 'Docs', value: 'https://docs.pleroma.social' },
    ],
    variant: 0,
  },
  {
    nickname: 'moderator',
    displayName: 'Mo Moderator :sparkle:',
    note: 'Keeping the flock friendly. Reports go to me.',
    role: 'moderator',
    fields: [{ name: 'Pronouns', value: 'they/them' }],
    variant: 1,
  },
  {
    nickname: 'alice',
    displayName: 'Alice Lark :featherheart:',
    note: 'Birdwatcher, coffee drinker, occasional coder.\nFollows back anyone who posts #birds.',
    role: 'member',
    fields: [
      { name: 'Website', value: 'https://alice.example' },
      { name: 'Favourite bird', value: 'Starling :starling:' },
    ],
    variant: 2,
    birthday: '1990-04-12',
  },
  {
    nickname: 'bob',
    displayName: 'Bob Finch',
    note: 'Gardening and bad puns. #gardening',
    role: 'member',
    variant: 3,
  },
  {
    nickname: 'carol',
    displayName: 'Carol Swift :moonbeam:',
    note: 'Night owl. Photographs the moon and anything with feathers.',
    role: 'member',
    fields: [{ name: 'Camera', value: 'an old one' }],
    variant: 4,
  },
  {
    nickname: 'dave',
    displayName: 'Dave Crane',
    note: 'Music, synths and field recordings of #birdsong.',
    role: 'member',
    variant: 5,
  },
  {
    nickname: 'erin',
    displayName: 'Erin Tern :raindrop:',
    note: 'Sea birds and rainy days.',
    role: 'member',
    variant: 6,
  },
  {
    nickname: 'wren',
    displayName: 'Wren (locked) :leafy:',
    note: 'Locked account: I approve followers by hand.',
    role: 'locked',
    variant: 7,
  },
  {
    nickname: 'tessa',
    displayName: 'Tessa Two-Factor',
    note: 'Security nerd. My account uses two-factor sign-in.',
    role: 'totp',
    variant: 8,
  },
  {
    nickname: 'kestrel',
    domain: 'elsewhere.example',
    displayName: 'Kestrel :sunny:',
    note: 'Hovering over elsewhere.example.',
    role: 'remote',
    variant: 9,
  },
  {
    nickname: 'heron',
    domain: 'birds.example',
    displayName: 'Heron of Birds.example',
    note: 'Patient. Very patient. #birds',
    role: 'remote',
    variant: 10,
  },
  {
    nickname: 'puffin',
    domain: 'sea.example',
    displayName: 'Puffin :gem:',
    note: 'Colourful beak, colourful posts.',
    role: 'remote',
    variant: 11,
  },
  {
    nickname: 'robin',
    domain: 'elsewhere.example',
    displayName: 'Robin Redbreast',
    note: 'Early bird on elsewhere.example.',
    role: 'remote',
    variant: 12,
  },
];

export const SEED_EMOJI: { shortcode: string; shape: EmojiShape; variant: number }[] = [
  { shortcode: 'starling', shape: 'bird', variant: 6 },
  { shortcode: 'blobstarling', shape: 'bird', variant: 4 },
  { shortcode: 'sparkle', shape: 'star', variant: 3 },
  { shortcode: 'featherheart', shape: 'heart', variant: 0 },
  { shortcode: 'moonbeam', shape: 'moon', variant: 3 },
  { shortcode: 'leafy', shape: 'leaf', variant: 2 },
  { shortcode: 'raindrop', shape: 'drop', variant: 1 },
  { shortcode: 'gem', shape: 'diamond', variant: 7 },
  { shortcode: 'sunny', shape: 'circle', variant: 3 },
];

/** [follower, followee]; followees that are locked get a pending request unless listed in ACCEPTED_LOCKED. */
export const SEED_FOLLOWS: [string, string][] = [
  ['alice', 'bob'],
  ['bob', 'alice'],
  ['alice', 'carol'],
  ['carol', 'alice'],
  ['alice', 'admin'],
  ['bob', 'carol'],
  ['dave', 'alice'],
  ['erin', 'alice'],
  ['erin', 'dave'],
  ['moderator', 'alice'],
  ['moderator', 'admin'],
  ['tessa', 'alice'],
  ['alice', 'tessa'],
  ['bob', 'admin'],
  ['carol', 'admin'],
  ['dave', 'admin'],
  ['erin', 'admin'],
  ['tessa', 'admin'],
  ['admin', 'moderator'],
  ['alice', 'kestrel@elsewhere.example'],
  ['bob', 'heron@birds.example'],
  ['carol', 'puffin@sea.example'],
  ['admin', 'robin@elsewhere.example'],
  ['kestrel@elsewhere.example', 'alice'],
  ['heron@birds.example', 'bob'],
  ['carol', 'wren'],
  ['bob', 'wren'],
];

export const ACCEPTED_LOCKED: [string, string][] = [['carol', 'wren']];
