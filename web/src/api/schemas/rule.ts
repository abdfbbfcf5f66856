import type { Rule } from '../types.ts';
import { entitySchema, id, nstr, obj, opt, str } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('Rule', { id: id(), text: str(), hint: opt(nstr()) });

export const RuleSchema = entitySchema(raw, (r): Rule => ({
  id: r.id,
  text: r.text,
  hint: r.hint || null,
}));

export const parseRule = makeParser('Rule', RuleSchema);
export const parseRuleList = makeListParser('Rule', RuleSchema);
