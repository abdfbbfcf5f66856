import type { Visibility } from '../db/statuses.ts';
import { Random } from './random.ts';

/** Deterministic demo posts: hashtags, mentions, content warnings, custom emoji, all four visibilities. */
export interface PlannedStatus {
  author: string;
  text: string;
  visibility: Visibility;
  spoilerText?: string;
  /** Index into the plan of the status this one replies to. */
  replyTo?: number;
}

const OPENERS = [
  'Spotted a flock of starlings over the river this morning',
  'Coffee number two, and the sparrows are already arguing outside',
  'Finally fixed that bug that has been bothering me for a week',
  'The garden is full of seedlings and hope',
  'Rainy day, perfect for listening to old field recordings',
  'Tried a new bread recipe and it almost worked',
  'Reading about murmurations: thousands of birds, no leader',
  'The moon was enormous last night',
  'Someone left a tiny knitted bird on the bench at the park',
  'Wrote a small tool to count birds in my photos',
  'Heard a blackbird singing at 4 am. Respect.',
  'New synth patch sounds exactly like a wren, which is either great or terrible',
  'Today I learned that starlings can mimic car alarms',
  'Planted sunflowers for the finches',
  'Low tide, many gulls, one very confused heron',
];

const CLOSERS = [
  '',
  ' :starling:',
  ' :sparkle:',
  ' What about you?',
  ' More photos later.',
  ' :featherheart:',
  ' Not sure how I feel about it yet.',
  ' 10/10 would watch again.',
  ' :leafy: :raindrop:',
  ' (this is a long one, sorry)',
];

const TAGS = [
  '#birds',
  '#starling',
  '#coffee',
  '#gardening',
  '#photography',
  '#birdsong',
  '#fediverse',
  '#music',
  '#moon',
];

const CONTENT_WARNINGS = [
  'spoilers for the birds',
  'long post',
  'food',
  'eye contact (owl photo)',
  'mild rant',
  'politics (bird politics)',
];

const LOCAL_MEMBERS = [
  'admin',
  'moderator',
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'wren',
  'tessa',
];
const REMOTE = [
  'kestrel@elsewhere.example',
  'heron@birds.example',
  'puffin@sea.example',
  'robin@elsewhere.example',
];

function mentionOf(acct: string): string {
  return `@${acct}`;
}

export function planStatuses(count: number): PlannedStatus[] {
  const random = new Random(20240611);
  const plan: PlannedStatus[] = [];
  for (let i = 0; i < count; i++) {
    const remote = random.chance(0.2);
    const author = remote ? random.pick(REMOTE) : random.pick(LOCAL_MEMBERS);
    const roll = random.next();
    let visibility: Visibility =
      roll < 0.68 ? 'public' : roll < 0.8 ? 'unlisted' : roll < 0.92 ? 'private' : 'direct';
    if (remote && visibility !== 'public') visibility = 'public';
    let text = random.pick(OPENERS) + '.' + random.pick(CLOSERS);
    if (random.chance(0.55)) text += ' ' + random.pick(TAGS);
    if (random.chance(0.2)) text += ' ' + random.pick(TAGS);
    const others = [...LOCAL_MEMBERS, ...REMOTE].filter((a) => a !== author);
    if (visibility === 'direct' || random.chance(0.18)) {
      text = `${mentionOf(random.pick(others))} ${text}`;
    }
    if (random.chance(0.05)) text += '\n\nSecond paragraph: https://example.org/birds/' + i;
    const status: PlannedStatus = { author, text, visibility };
    if (random.chance(0.1)) status.spoilerText = random.pick(CONTENT_WARNINGS);
    if (i > 10 && random.chance(0.12)) {
      const target = random.int(i);
      if (plan[target]!.visibility === 'public') {
        status.replyTo = target;
        if (visibility === 'direct') status.visibility = 'public';
      }
    }
    plan.push(status);
  }
  return plan;
}

/** A deep conversation (depth 14) with branches at two levels, appended after the general posts. */
export function planThread(offset: number): PlannedStatus[] {
  const speakers = ['alice', 'bob', 'carol', 'kestrel@elsewhere.example', 'dave', 'erin'];
  const thread: PlannedStatus[] = [
    {
      author: 'alice',
      text: 'Serious question for the flock: which bird would make the best instance mascot? #birds #starling :starling:',
      visibility: 'public',
    },
  ];
  const lines = [
    'Starling, obviously. They literally flock together.',
    'A heron. Patient, like a good moderator.',
    'Counterpoint: crows. They remember faces AND grudges.',
    'Crows would federate with everyone and then block half of them.',
    'That is the most realistic take in this thread.',
    'What about the humble sparrow? Small, everywhere, resilient.',
    'Sparrows are the PHP of birds.',
    'I am choosing to take that as a compliment for PHP.',
    'Can we at least agree it should not be a goose?',
    'Geese would be a great mascot for the moderation team though.',
    'Okay I am making a poll. Later. After coffee.',
    'It has been three hours. Where is the poll.',
    'The poll is in our hearts. :featherheart:',
  ];
  lines.forEach((line, depth) => {
    thread.push({
      author: speakers[(depth + 1) % speakers.length]!,
      text: line,
      visibility: 'public',
      replyTo: offset + depth,
    });
  });
  // Branches off depth 3 and depth 7.
  thread.push({
    author: 'erin',
    text: 'Branching off: puffins deserve a mention. :gem:',
    visibility: 'public',
    replyTo: offset + 3,
  });
  thread.push({
    author: 'puffin@sea.example',
    text: 'Thank you for your service.',
    visibility: 'public',
    replyTo: offset + thread.length - 1,
  });
  thread.push({
    author: 'dave',
    text: 'Another branch: what about a bird that sings well? #birdsong',
    visibility: 'public',
    replyTo: offset + 7,
  });
  thread.push({
    author: 'carol',
    text: 'Blackbird. Always the blackbird.',
    visibility: 'public',
    replyTo: offset + thread.length - 1,
  });
  thread.push({
    author: 'bob',
    text: 'A private aside for my followers: I vote starling too.',
    visibility: 'private',
    replyTo: offset + 5,
  });
  return thread;
}
