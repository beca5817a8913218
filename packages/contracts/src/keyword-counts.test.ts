import { describe, expect, it } from 'vitest';
import {
  ADVANCED_INFORMATION,
  advancedInformationIdsSchema,
  advancedInformationLines,
  advancedInformationText,
  fieldsOfList,
  INFORMATION_TYPE_VALUES,
  informationListOfModule,
  pickAdvancedInformation,
  typesOfList,
} from './advanced-information.js';
import { zipLinesOf, zipTextAreaValue } from './campaigns.js';
import {
  countOutcomeOf,
  MAX_KEYWORDS_PER_COUNT,
  queueCountRequestSchema,
  STATES_REQUIRED,
  ZIPS_REQUIRED,
} from './keyword-counts.js';

describe('the zip text area (spec 2 §5)', () => {
  it('keeps digits and newlines as typed', () => {
    expect(zipTextAreaValue('78701\n78702')).toBe('78701\n78702');
    expect(zipTextAreaValue('7870')).toBe('7870');
    expect(zipTextAreaValue('')).toBe('');
  });

  it('turns commas and spaces (and a run of them) into one line break', () => {
    expect(zipTextAreaValue('78701,78702 78703, 78704')).toBe('78701\n78702\n78703\n78704');
    expect(zipTextAreaValue('78701 ')).toBe('78701\n');
  });

  it('breaks the line at a tab too (a paste from a spreadsheet) and drops carriage returns', () => {
    expect(zipTextAreaValue('78701\t78702\r\n78703')).toBe('78701\n78702\n78703');
  });

  it('drops every other character', () => {
    expect(zipTextAreaValue('Zip: 787-01;x\n1O001')).toBe('\n78701\n1001');
  });

  it('reads the zips of the text area: one per non-empty line', () => {
    expect(zipLinesOf('78701,, 78702\n\n\n78703 ')).toEqual(['78701', '78702', '78703']);
    expect(zipLinesOf(' , \n')).toEqual([]);
  });
});

describe('the keyword count form', () => {
  const base = { kind: 'keyword', company_id: 7, module: 'enhance', keywords: ['roof repair'] } as const;

  it('keeps only what the target location uses and counts a keyword pasted twice once', () => {
    const parsed = queueCountRequestSchema.parse({
      ...base,
      target_location: 'zip',
      states: ['TX'],
      cities: ['Austin, TX'],
      zip_code: '78701, 78702 78701',
      keywords: ['Roof Repair', 'roof repair; gutters'],
    });
    expect(parsed).toMatchObject({
      states: [],
      cities: [],
      zip_code: ['78701', '78702'],
      keywords: ['Roof Repair', 'gutters'],
    });
  });

  it('asks for states, zips and cities inside the chosen states', () => {
    const issues = (body: object) =>
      queueCountRequestSchema
        .safeParse({ ...base, ...body })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ target_location: 'state' })).toEqual([['states', STATES_REQUIRED]]);
    expect(issues({ target_location: 'zip', zip_code: ' ,' })).toEqual([['zip_code', ZIPS_REQUIRED]]);
    expect(issues({ target_location: 'zip', zip_code: '7870' })?.[0]?.[0]).toBe('zip_code.0');
    expect(issues({ target_location: 'state', states: ['TX'], cities: ['Miami, FL'] })?.[0]?.[0]).toBe(
      'cities.0',
    );
    expect(issues({ target_location: 'national', keywords: [] })?.[0]?.[0]).toBe('keywords');
    expect(
      issues({
        target_location: 'national',
        keywords: Array.from({ length: MAX_KEYWORDS_PER_COUNT + 1 }, (_, i) => `k${i}`),
      })?.[0]?.[0],
    ).toBe('keywords');
    expect(issues({ target_location: 'national', module: 'local' })?.[0]?.[0]).toBe('module');
  });

  it('tells the table outcome from the stored status and count (spec 2 §4)', () => {
    expect(countOutcomeOf('pending', null)).toBe('pending');
    expect(countOutcomeOf('error', null)).toBe('failed');
    expect(countOutcomeOf('done', 0)).toBe('no_result');
    expect(countOutcomeOf('done', 12)).toBe('success');
  });
});

describe('the advanced information catalogue', () => {
  it('has unique ids, every type used, and each list its own types', () => {
    const ids = ADVANCED_INFORMATION.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const type of INFORMATION_TYPE_VALUES)
      expect(ADVANCED_INFORMATION.some((f) => f.type === type)).toBe(true);
    expect(typesOfList('consumer')).toEqual(['demographics', 'financial', 'property']);
    expect(typesOfList('b2b')).toEqual(['firmographics', 'professional']);
    expect(fieldsOfList('b2b').every((f) => typesOfList('b2b').includes(f.type))).toBe(true);
    expect(informationListOfModule('enhance')).toBe('consumer');
    expect(informationListOfModule('b2b')).toBe('b2b');
    expect(informationListOfModule('local')).toBeNull();
  });

  it("takes a list's own ids only, once each, in catalogue order", () => {
    const consumer = advancedInformationIdsSchema('consumer');
    expect(consumer.parse(['homeowner', 'age_range', 'homeowner'])).toEqual(['age_range', 'homeowner']);
    expect(consumer.safeParse(['seniority']).success).toBe(false);
    expect(consumer.safeParse(['not_a_field']).success).toBe(false);
    expect(advancedInformationIdsSchema('b2b').parse(['seniority'])).toEqual(['seniority']);
  });

  it('writes a lead’s values as labelled lines in catalogue order, leaving blanks out', () => {
    expect(
      advancedInformationLines({ homeowner: 'Owner', age_range: '35-44', gender: '', other: 'x' }),
    ).toEqual([
      { id: 'age_range', label: 'Age Range', value: '35-44' },
      { id: 'homeowner', label: 'Homeowner', value: 'Owner' },
    ]);
    expect(advancedInformationText({ homeowner: 'Owner', age_range: '35-44' })).toBe(
      'Age Range: 35-44; Homeowner: Owner',
    );
    expect(pickAdvancedInformation({ homeowner: ' Owner ', nope: 'x', gender: '', age_range: 3 })).toEqual({
      homeowner: 'Owner',
    });
  });
});
