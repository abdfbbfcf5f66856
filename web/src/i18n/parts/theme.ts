import { addMessages } from '../index.ts';
import messages from '../locales/en/theme.json';

/** The theme tab's strings travel with its lazy chunk. */
addMessages(messages, 'theme');
