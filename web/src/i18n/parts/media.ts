import { addMessages } from '../index.ts';
import messages from '../locales/en/media.json';

/** The media viewer's, video's and Flash player's strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'media');
