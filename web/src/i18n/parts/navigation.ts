import { addMessages } from '../index.ts';
import messages from '../locales/en/navigation.json';

/** The navigation editor's and side drawer's strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'navigation');
