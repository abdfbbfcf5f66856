import { addMessages } from '../index.ts';
import messages from '../locales/en/about.json';

/** The about page's staff, terms and federation policy strings travel with their lazy chunks, not the start-up bundle. */
addMessages(messages, 'about');
