import { addMessages } from '../index.ts';
import messages from '../locales/en/timelines.json';

/** The timeline switcher's and quick settings' strings, and the profile's timeline tabs travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'timelines');
