// Prints how complete each interface language is: the share of English strings (a set of plural
// forms counts once) that its locale files translate. `npm run i18n:status`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(import.meta.dirname, '..', 'web', 'src', 'i18n', 'locales');
const source = readFileSync(join(LOCALES, '..', 'languages.ts'), 'utf8');
const list = /LANGUAGES = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
const languages = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);

const PLURAL = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isPlural = (value) =>
  typeof value === 'object' && 'other' in value && Object.keys(value).every((k) => PLURAL.has(k));

/** The strings of an English file as paths, plural groups as one. */
function units(messages, path = '') {
  return Object.entries(messages).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return typeof value === 'string' || isPlural(value) ? [at] : units(value, at);
  });
}

function has(messages, path) {
  let at = messages;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return false;
    at = at[key];
  }
  return at !== undefined;
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const files = ['', ...readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'))];
const english = files.map((part) => units(read(join(LOCALES, part ? `en/${part}` : 'en.json'))));
const total = english.reduce((sum, paths) => sum + paths.length, 0);

for (const language of languages) {
  let done = 0;
  files.forEach((part, index) => {
    const messages = read(join(LOCALES, part ? `${language}/${part}` : `${language}.json`));
    if (messages) done += english[index].filter((path) => has(messages, path)).length;
  });
  const percent = Math.floor((done / total) * 1000) / 10;
  console.log(`${language.padEnd(12)} ${`${percent}%`.padStart(6)}  ${done}/${total}`);
}
