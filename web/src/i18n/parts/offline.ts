import { addMessages } from '../index.ts';
import messages from '../locales/en/offline.json';

/** The offline reading line travels with its lazy chunk (features/offline), not the start-up bundle. */
addMessages(messages, 'offline');
