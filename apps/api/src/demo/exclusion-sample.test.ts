import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classifySuppressionEntry } from '@app/lead-engine';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS, sandboxRegularVisitors, syntheticPerson } from '../providers/identities/index.js';
import { DEMO_REGULAR_VISITORS } from './visitor-simulator.js';

/*
 * docs/samples/exclusion-list.csv (issue 22 "Done means", decision 0092) holds the people the demo's
 * regular visitors land on, so a newcomer who uploads it sees the next of their visits rejected
 * with the list named. If the sandbox's people or the regular visitors change, this fails.
 */
const SAMPLE = fileURLToPath(new URL('../../../../docs/samples/exclusion-list.csv', import.meta.url));

describe('the demo’s sample exclusion list', () => {
  it('lists every regular visitor’s person by an e-mail or the MD5 of one', () => {
    const keys = new Set(
      readFileSync(SAMPLE, 'utf8')
        .split(/\r?\n/)
        .slice(1)
        .map((line) => classifySuppressionEntry(line.split(',')[0] ?? '')?.key)
        .filter((key): key is string => Boolean(key)),
    );
    const regulars = sandboxRegularVisitors(SANDBOX_DEFAULTS, DEMO_REGULAR_VISITORS);
    expect(regulars).toHaveLength(DEMO_REGULAR_VISITORS);
    for (const { personId } of regulars) {
      const person = syntheticPerson(SANDBOX_DEFAULTS.seed, personId);
      // The pipeline's keys for this person: its identity MD5 and the MD5 of each plain e-mail.
      const listed = [person.emailMd5, ...person.emails.map((e) => classifySuppressionEntry(e)?.key)].some(
        (key) => key && keys.has(key),
      );
      expect(listed, `${person.firstName} ${person.lastName} (${person.emails.join(', ')})`).toBe(true);
    }
  });
});
