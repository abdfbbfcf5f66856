import { addMessages } from '../index.ts';
import messages from '../locales/en/polls.json';

/** The vote form's and poll editor's strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'polls');
