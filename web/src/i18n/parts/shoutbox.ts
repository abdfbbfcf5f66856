import { addMessages } from '../index.ts';
import messages from '../locales/en/shoutbox.json';

/** The shout box's strings travel with its lazy chunks, not the start-up bundle. */
addMessages(messages);
