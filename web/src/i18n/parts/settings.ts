import { addMessages } from '../index.ts';
import messages from '../locales/en/settings.json';

/** The settings screens' strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages);
