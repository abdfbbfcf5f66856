import { addMessages } from '../index.ts';
import messages from '../locales/en/notifications.json';

/** The notification list's, interactions screen's and arrival effects' strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'notifications');
