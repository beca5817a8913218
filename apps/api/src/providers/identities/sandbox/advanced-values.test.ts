import { ADVANCED_INFORMATION } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { advancedValue, advancedValues, COVERAGE } from './advanced-values.js';

const person = (id: number, company = true) => ({
  id,
  firstName: 'Ann',
  lastName: 'Lee',
  companyName: company ? 'Summit Harbor LLC' : null,
  jobTitle: company ? 'Marketing Director' : null,
  industry: company ? 'Dental' : null,
});

describe('the sandbox vendor’s advanced information', () => {
  it('is the same for the same seed, person and field, and another for another seed', () => {
    const a = advancedValues(
      'seed-a',
      person(7),
      ADVANCED_INFORMATION.map((f) => f.id),
    );
    expect(
      advancedValues(
        'seed-a',
        person(7),
        ADVANCED_INFORMATION.map((f) => f.id),
      ),
    ).toEqual(a);
    const others = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify(advancedValues('seed-b', person(i + 1), ['household_income', 'age_range'])),
    );
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('holds each field for about its coverage share, business fields only for people with a company', () => {
    const people = Array.from({ length: 4000 }, (_, i) => person(i + 1, i % 2 === 0));
    for (const field of ['household_income', 'credit_range'] as const) {
      const held = people.filter((p) => advancedValue('s', p, field) !== null).length / people.length;
      expect(Math.abs(held - COVERAGE[field])).toBeLessThan(0.05);
    }
    expect(
      people.filter((p) => !p.companyName).every((p) => advancedValue('s', p, 'seniority') === null),
    ).toBe(true);
    // Only owners have a home value.
    for (const p of people.slice(0, 500))
      if (advancedValue('s', p, 'home_value') !== null)
        expect(advancedValue('s', p, 'homeowner')).toBe('Owner');
  });

  it('gives plainly fake business details and only the fields asked for', () => {
    const values = advancedValues('s', person(3), [
      'company_domain',
      'seniority',
      'department',
      'linkedin_url',
    ]);
    for (const key of Object.keys(values))
      expect(['company_domain', 'seniority', 'department', 'linkedin_url']).toContain(key);
    if (values.company_domain) expect(values.company_domain).toBe('summit-harbor-llc.example.com');
    if (values.seniority) expect(values.seniority).toBe('Manager');
    if (values.department) expect(values.department).toBe('Marketing');
    if (values.linkedin_url)
      expect(values.linkedin_url).toMatch(/^https:\/\/profiles\.example\.com\/in\/ann-lee-3$/);
  });
});
