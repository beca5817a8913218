import { z } from 'zod';
import { leadInformationOf } from './module-catalogue.js';

/*
 * The advanced information a campaign may ask the data vendor to add to its leads (issue 22 "Data
 * enrichment", decision 0093): one catalogue, read by the three `list-advance-information*` calls,
 * the campaign form's pickers, the campaign contract (which ids a list may hold), the identity
 * resolver (which fields it fills), the enhancement counts and the lead report. An enhance campaign
 * picks from the consumer list (`listAdvanceInformationId`), a b2b campaign from the business list
 * (`listB2BInformationId`). Each field belongs to one information type, the group the data
 * enrichment screen counts by.
 */

/** Which list a field is offered in: consumer fields for enhance, business fields for b2b. */
export const ADVANCED_INFORMATION_LISTS = ['consumer', 'b2b'] as const;
export type AdvancedInformationList = (typeof ADVANCED_INFORMATION_LISTS)[number];

/** The information types (groups of fields), in screen order: the first three consumer, the rest b2b. */
export const INFORMATION_TYPES = {
  demographics: { label: 'Demographics', list: 'consumer' },
  financial: { label: 'Financial', list: 'consumer' },
  property: { label: 'Property', list: 'consumer' },
  firmographics: { label: 'Company', list: 'b2b' },
  professional: { label: 'Professional', list: 'b2b' },
} as const satisfies Record<string, { label: string; list: AdvancedInformationList }>;
export type InformationType = keyof typeof INFORMATION_TYPES;
export const INFORMATION_TYPE_VALUES = Object.keys(INFORMATION_TYPES) as [
  InformationType,
  ...InformationType[],
];
export const isInformationType = (value: string): value is InformationType =>
  Object.hasOwn(INFORMATION_TYPES, value);
export const informationTypeSchema = z.enum(INFORMATION_TYPE_VALUES, {
  error: 'Choose an information type from the list.',
});

export interface AdvancedInformationField {
  /** What lists store and leads carry (`listAdvanceInformationId`, `listB2BInformationId`). */
  id: string;
  label: string;
  type: InformationType;
  /** What the field tells, for the pickers. */
  description: string;
}

const field = <const I extends string, const T extends InformationType>(
  id: I,
  label: string,
  type: T,
  description: string,
) => ({ id, label, type, description }) satisfies AdvancedInformationField;

/** Every field, in screen order. Ids never change once leads carry them. */
export const ADVANCED_INFORMATION = [
  field('age_range', 'Age Range', 'demographics', 'The age band of the person (25-34, 35-44, …).'),
  field('gender', 'Gender', 'demographics', 'As the vendor records it.'),
  field('marital_status', 'Marital Status', 'demographics', 'Single or married.'),
  field('children_present', 'Children in Household', 'demographics', 'Whether children live there.'),
  field('education', 'Education', 'demographics', 'The highest level reached.'),
  field('household_income', 'Household Income', 'financial', 'A yearly income band.'),
  field('net_worth', 'Net Worth', 'financial', 'A net worth band.'),
  field('credit_range', 'Credit Range', 'financial', 'A credit score band.'),
  field('homeowner', 'Homeowner', 'property', 'Owner or renter.'),
  field('home_value', 'Home Value', 'property', 'An estimated value band of the home.'),
  field('length_of_residence', 'Length of Residence', 'property', 'Years at the address.'),
  field('company_domain', 'Company Website', 'firmographics', "The company's web address."),
  field('company_revenue', 'Company Revenue', 'firmographics', 'A yearly revenue band.'),
  field('company_phone', 'Company Phone', 'firmographics', "The company's main number."),
  field('naics_code', 'NAICS Code', 'firmographics', 'The industry classification code.'),
  field('seniority', 'Seniority', 'professional', 'Owner, executive, manager or staff.'),
  field('department', 'Department', 'professional', 'Where the person works in the company.'),
  field('linkedin_url', 'LinkedIn Profile', 'professional', "The person's professional profile."),
] as const;

export type AdvancedInformationId = (typeof ADVANCED_INFORMATION)[number]['id'];

const BY_ID: ReadonlyMap<string, AdvancedInformationField> = new Map(
  ADVANCED_INFORMATION.map((f) => [f.id, f]),
);

export const advancedInformationField = (id: string): AdvancedInformationField | undefined => BY_ID.get(id);

export const listOfType = (type: InformationType): AdvancedInformationList => INFORMATION_TYPES[type].list;

/** The fields of one list (consumer: enhance; b2b), in screen order. */
export const fieldsOfList = (list: AdvancedInformationList): AdvancedInformationField[] =>
  ADVANCED_INFORMATION.filter((f) => listOfType(f.type) === list);

/** The fields of one information type, in screen order. */
export const fieldsOfType = (type: InformationType): AdvancedInformationField[] =>
  ADVANCED_INFORMATION.filter((f) => f.type === type);

/** The information types of one list. */
export const typesOfList = (list: AdvancedInformationList): InformationType[] =>
  INFORMATION_TYPE_VALUES.filter((type) => listOfType(type) === list);

/** The list a vendor-list module's campaign picks from (the catalogue's `leadInformation`). */
export const informationListOfModule = (module: string): AdvancedInformationList | null =>
  leadInformationOf(module)?.list ?? null;

export const ADVANCED_INFORMATION_INVALID = 'Choose the advanced information from the list.';

/** A campaign's list of field ids: known ids of that list, no repeats (kept in catalogue order). */
export const advancedInformationIdsSchema = (list: AdvancedInformationList) =>
  z
    .array(z.string().trim().max(50, ADVANCED_INFORMATION_INVALID))
    .max(ADVANCED_INFORMATION.length, ADVANCED_INFORMATION_INVALID)
    .refine(
      (ids) =>
        ids.every(
          (id) => BY_ID.has(id) && listOfType((BY_ID.get(id) as AdvancedInformationField).type) === list,
        ),
      ADVANCED_INFORMATION_INVALID,
    )
    .transform((ids) => ADVANCED_INFORMATION.filter((f) => ids.includes(f.id)).map((f) => f.id as string));

/** Of what a vendor sent, the catalogue's fields with a value (at most 300 characters each), in catalogue order. */
export function pickAdvancedInformation(
  values: Record<string, unknown> | null | undefined,
): Record<string, string> {
  const picked: Record<string, string> = {};
  if (!values) return picked;
  for (const f of ADVANCED_INFORMATION) {
    const value = values[f.id];
    if (typeof value === 'string' && value.trim() !== '') picked[f.id] = value.trim().slice(0, 300);
  }
  return picked;
}

/** Labels and values a lead carries, in catalogue order: what the report and its downloads show. */
export function advancedInformationLines(
  values: Record<string, string>,
): { id: string; label: string; value: string }[] {
  return ADVANCED_INFORMATION.filter((f) => typeof values[f.id] === 'string' && values[f.id] !== '').map(
    (f) => ({ id: f.id, label: f.label, value: values[f.id] as string }),
  );
}

/** The same in one cell (the lead downloads): 'Age Range: 35-44; Homeowner: Owner'. */
export const advancedInformationText = (values: Record<string, string>): string =>
  advancedInformationLines(values)
    .map((line) => `${line.label}: ${line.value}`)
    .join('; ');

// ---------------------------------------------------------------------------------------------
// GET /configuration/list-advance-information, -b2b, -type
// ---------------------------------------------------------------------------------------------

export const advancedInformationItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: informationTypeSchema,
  type_label: z.string(),
  description: z.string(),
});
export type AdvancedInformationItem = z.infer<typeof advancedInformationItemSchema>;

export const advancedInformationListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(advancedInformationItemSchema),
});
export type AdvancedInformationListResponse = z.infer<typeof advancedInformationListResponseSchema>;

/** `GET /configuration/list-advance-information-type?type=`: a type's fields, or the types of a list. */
export const advancedInformationTypeQuerySchema = z.strictObject({
  /** An information type (its fields), or a list — consumer / b2b — (its types, each with its fields). */
  type: z.enum([...INFORMATION_TYPE_VALUES, ...ADVANCED_INFORMATION_LISTS], {
    error: 'Choose an information type or a list (consumer, b2b).',
  }),
});

export const advancedInformationTypeResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(
    z.object({
      type: informationTypeSchema,
      label: z.string(),
      list: z.enum(ADVANCED_INFORMATION_LISTS),
      fields: z.array(advancedInformationItemSchema),
    }),
  ),
});
export type AdvancedInformationTypeResponse = z.infer<typeof advancedInformationTypeResponseSchema>;

/** A field as the three calls answer it. */
export const advancedInformationItemOf = (f: AdvancedInformationField): AdvancedInformationItem => ({
  id: f.id,
  label: f.label,
  type: f.type,
  type_label: INFORMATION_TYPES[f.type].label,
  description: f.description,
});
