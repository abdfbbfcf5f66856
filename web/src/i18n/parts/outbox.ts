import { addMessages } from '../index.ts';
import messages from '../locales/en/outbox.json';

/** The outbox's pending marks and refusal notices travel with the chunks that show them. */
addMessages(messages, 'outbox');
