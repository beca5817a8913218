import { ADVANCED_INFORMATION, type AdvancedInformationId } from '@app/contracts';
import { hash32, randomFrom } from './hashing.js';

/*
 * The sandbox vendor's advanced information (decision 0093): what it "holds" about a synthetic
 * person for each field of the catalogue, a pure function of the seed, the person and the field —
 * so a lead, an enhancement count and a second look always agree. Not everyone has every field
 * (`COVERAGE`: the share of people the vendor holds it for); business fields exist only for people
 * with a company. Every value is plainly fake: example domains, 555-01xx numbers.
 */

/** What a field's value is drawn from: the person as the sandbox stores them. */
export interface PersonFacts {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string | null;
  jobTitle: string | null;
  industry: string | null;
}

/** Share of people (with a company, for business fields) the vendor holds each field for. */
export const COVERAGE: Record<AdvancedInformationId, number> = {
  age_range: 0.92,
  gender: 0.95,
  marital_status: 0.8,
  children_present: 0.75,
  education: 0.6,
  household_income: 0.85,
  net_worth: 0.65,
  credit_range: 0.55,
  homeowner: 0.9,
  home_value: 0.6,
  length_of_residence: 0.8,
  company_domain: 0.9,
  company_revenue: 0.7,
  company_phone: 0.85,
  naics_code: 0.8,
  seniority: 0.95,
  department: 0.9,
  linkedin_url: 0.6,
};

const BUSINESS = new Set<string>([
  'company_domain',
  'company_revenue',
  'company_phone',
  'naics_code',
  'seniority',
  'department',
  'linkedin_url',
]);

const BANDS = {
  age_range: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
  gender: ['Female', 'Male'],
  marital_status: ['Single', 'Married'],
  children_present: ['Yes', 'No'],
  education: ['High School', 'Some College', 'Bachelor Degree', 'Graduate Degree'],
  household_income: ['Under $50,000', '$50,000-$74,999', '$75,000-$99,999', '$100,000-$149,999', '$150,000+'],
  net_worth: ['Under $100,000', '$100,000-$249,999', '$250,000-$499,999', '$500,000-$999,999', '$1,000,000+'],
  credit_range: ['Under 600', '600-649', '650-699', '700-749', '750+'],
  homeowner: ['Owner', 'Renter'],
  home_value: ['Under $200,000', '$200,000-$349,999', '$350,000-$499,999', '$500,000-$749,999', '$750,000+'],
  length_of_residence: ['Under 1 year', '1-2 years', '3-5 years', '6-10 years', 'Over 10 years'],
  company_revenue: ['Under $1M', '$1M-$5M', '$5M-$25M', '$25M-$100M', '$100M+'],
} as const;

/** NAICS sectors by the sandbox's industries (the first word of the industry's name is enough). */
const NAICS: Record<string, string> = {
  Accounting: '541211',
  Advertising: '541810',
  Agriculture: '111998',
  Automotive: '441110',
  Banking: '522110',
  Beauty: '812112',
  Chiropractic: '621310',
  Cleaning: '561720',
  Construction: '236220',
  Consulting: '541611',
  Dental: '621210',
  'E-commerce': '454110',
  Education: '611710',
  Electrical: '238210',
  Energy: '221118',
  Entertainment: '711310',
  Financial: '523930',
  Fitness: '713940',
  Food: '722511',
  Government: '921190',
  Healthcare: '621111',
  Home: '236118',
  Hospitality: '721110',
  HVAC: '238220',
};

const DEPARTMENTS: [RegExp, string][] = [
  [/sales|account|business development|customer/i, 'Sales'],
  [/marketing/i, 'Marketing'],
  [/financ|controller/i, 'Finance'],
  [/human resources/i, 'Human Resources'],
  [/\bit\b|technology/i, 'Information Technology'],
  [/purchasing/i, 'Procurement'],
];

function seniorityOf(title: string): string {
  if (/owner|founder|partner/i.test(title)) return 'Owner';
  if (/chief|president/i.test(title)) return 'Executive';
  if (/director|manager/i.test(title)) return 'Manager';
  return 'Staff';
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The value the vendor holds for one field of one person, or null when it holds none. */
export function advancedValue(
  seed: string,
  person: PersonFacts,
  field: AdvancedInformationId,
): string | null {
  const business = BUSINESS.has(field);
  if (business && !person.companyName) return null;
  const random = randomFrom(hash32(`${seed}|advanced|${field}|${person.id}`));
  if (!random.chance(COVERAGE[field])) return null;
  switch (field) {
    case 'home_value':
      // Only owners have a home value.
      return advancedValue(seed, person, 'homeowner') === 'Owner' ? random.pick(BANDS.home_value) : null;
    case 'company_domain':
      return `${slug(person.companyName ?? '')}.example.com`;
    case 'company_phone':
      return `${200 + (hash32(person.companyName ?? '') % 700)}-555-01${String(random.below(100)).padStart(2, '0')}`;
    case 'naics_code': {
      const word = (person.industry ?? '').split(/[\s&]+/)[0] ?? '';
      return NAICS[word] ?? '541990';
    }
    case 'seniority':
      return seniorityOf(person.jobTitle ?? '');
    case 'department':
      return DEPARTMENTS.find(([test]) => test.test(person.jobTitle ?? ''))?.[1] ?? 'Operations';
    case 'linkedin_url':
      return `https://profiles.example.com/in/${slug(`${person.firstName} ${person.lastName}`)}-${person.id}`;
    default:
      return random.pick(BANDS[field]);
  }
}

/** The asked fields the vendor holds for a person, id → value, in catalogue order. */
export function advancedValues(
  seed: string,
  person: PersonFacts,
  fields: readonly string[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of ADVANCED_INFORMATION) {
    if (!fields.includes(f.id)) continue;
    const value = advancedValue(seed, person, f.id);
    if (value !== null) values[f.id] = value;
  }
  return values;
}
