import { addMessages } from '../index.ts';
import messages from '../locales/en/emoji.json';

/** The emoji and reaction pickers' strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'emoji');
