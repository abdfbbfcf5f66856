import type { ServerContext } from '../context.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import { findOrCreateChat, insertChatMessage } from '../db/chats.ts';
import { formatWithMentions } from '../db/compose.ts';
import { getSetting, setSetting } from '../db/index.ts';
import { idAt } from '../db/ids.ts';
import { hostOf } from '../views/html.ts';

/**
 * A chat between alice and bob: a short exchange from the last hour, alice's last message still
 * unread by bob (alice's page title, which counts unread chats, starts from her notifications). Runs once per data folder (also on folders seeded before chats existed).
 */
const CHATS_SEED_KEY = 'seed_chats_version';
const CHATS_SEED_VERSION = '1';
const MINUTE_MS = 60_000;

const EXCHANGE: { from: 'alice' | 'bob'; text: string; minutesAgo: number }[] = [
  { from: 'bob', text: 'Are you going to the estuary walk on Saturday?', minutesAgo: 55 },
  { from: 'alice', text: 'Yes! Hoping for the avocets this time :starling:', minutesAgo: 50 },
  { from: 'alice', text: 'Bring the good binoculars.', minutesAgo: 49 },
  { from: 'bob', text: 'Will do. Meet at the car park at 7?', minutesAgo: 12 },
  { from: 'alice', text: '7 it is. See you there!', minutesAgo: 10 },
];

export function seedChats(ctx: ServerContext): void {
  const db = ctx.db;
  if (getSetting(db, CHATS_SEED_KEY) === CHATS_SEED_VERSION) return;
  const host = hostOf(ctx.origin);
  const alice = findAccountByAcct(db, 'alice', host)?.id;
  const bob = findAccountByAcct(db, 'bob', host)?.id;
  if (!alice || !bob) return;
  const now = Date.now();
  db.transaction(() => {
    const chat = findOrCreateChat(db, alice, bob);
    EXCHANGE.forEach((line, index) => {
      const at = now - line.minutesAgo * MINUTE_MS;
      insertChatMessage(db, {
        id: idAt(at),
        chatId: chat.id,
        accountId: line.from === 'alice' ? alice : bob,
        contentSource: line.text,
        contentHtml: formatWithMentions(db, line.text, host).html,
        mediaId: null,
        idempotencyKey: null,
        createdAt: new Date(at).toISOString(),
        unread: index === EXCHANGE.length - 1,
      });
    });
    setSetting(db, CHATS_SEED_KEY, CHATS_SEED_VERSION);
  })();
}
