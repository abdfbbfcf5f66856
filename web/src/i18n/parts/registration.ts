import { addMessages } from '../index.ts';
import messages from '../locales/en/registration.json';

/** The registration and password reset screens' strings travel with their lazy chunks. */
addMessages(messages, 'registration');
