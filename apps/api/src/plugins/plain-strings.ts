import { hasControlCharacters } from '@app/contracts';
import type { z } from 'zod';

/** The value Zod would return for `data`, or undefined when only Zod can tell (or refuse) it. */
export type PlainAccept = (data: unknown) => Record<string, string> | undefined;

type StringRule = (text: string) => boolean;

/**
 * A plain check for the commonest request schema, an object of strings with length and pattern
 * rules (the path parameters of nearly every route): it accepts a value exactly when the route's
 * schema would, and returns what Zod would return (the known keys; strings are not changed). Zod's
 * parse, its issue list and the control-character refinement around it cost several per cent of a
 * cheap request's time; a value that passes here skips them. Anything the check does not pass
 * (a wrong value, a control character) still goes to Zod, so refusals and their messages are
 * Zod's. Undefined for any schema with other parts (optional fields, transforms, formats, strict or
 * loose objects): those are always parsed by Zod.
 */
export function plainStringsCheck(schema: z.core.$ZodType): PlainAccept | undefined {
  const def = schema._zod.def as z.core.$ZodObjectDef;
  // A catchall (strict, loose) changes what happens to unknown keys: Zod's to decide.
  if (def.type !== 'object' || def.catchall !== undefined || def.checks?.length) return undefined;
  const fields: [string, StringRule[]][] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const rules = stringRules(field);
    if (!rules) return undefined;
    fields.push([key, rules]);
  }
  return (data) => {
    if (typeof data !== 'object' || data === null) return undefined;
    const value: Record<string, string> = {};
    for (const [key, rules] of fields) {
      const text = (data as Record<string, unknown>)[key];
      if (typeof text !== 'string' || hasControlCharacters(text)) return undefined;
      for (const rule of rules) if (!rule(text)) return undefined;
      value[key] = text;
    }
    return value;
  };
}

/** The rules of a string schema with only length and pattern checks; undefined for anything else. */
function stringRules(schema: z.core.$ZodType): StringRule[] | undefined {
  const def = schema._zod.def as z.core.$ZodStringDef;
  // A format schema (z.email(), z.uuid() …) is a string with a check of its own: Zod's.
  if (def.type !== 'string' || def.coerce || 'format' in def || 'check' in def) return undefined;
  const rules: StringRule[] = [];
  for (const check of def.checks ?? []) {
    const rule = check._zod.def as z.core.$ZodCheckDef & {
      minimum?: number;
      maximum?: number;
      length?: number;
      format?: string;
      pattern?: RegExp;
    };
    if (rule.check === 'min_length' && rule.minimum !== undefined) {
      const minimum = rule.minimum;
      rules.push((text) => text.length >= minimum);
    } else if (rule.check === 'max_length' && rule.maximum !== undefined) {
      const maximum = rule.maximum;
      rules.push((text) => text.length <= maximum);
    } else if (rule.check === 'length_equals' && rule.length !== undefined) {
      const length = rule.length;
      rules.push((text) => text.length === length);
    } else if (rule.check === 'string_format' && rule.format === 'regex' && rule.pattern) {
      // A global or sticky pattern keeps state between tests; Zod resets it, a copy without the
      // flags needs no reset.
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.replace(/[gy]/g, ''));
      rules.push((text) => pattern.test(text));
    } else return undefined; // trim, lower-case, e-mail, …: Zod's
  }
  return rules;
}
