import { z } from 'zod';

/**
 * Reference data (spec 1 §7.4, spec 2 §7): US states, their cities and autocomplete
 * suggestions. Public: no tenant data is involved.
 */

/** `GET /general/state`: the 50 states and DC, by name. */
export const stateSchema = z.object({ code: z.string().length(2), name: z.string() });
export const stateListResponseSchema = z.object({ data: z.array(stateSchema) });
export type UsState = z.infer<typeof stateSchema>;

/** `GET /general/state/{citystate}/cities`: `citystate` is a state code or name; unknown → 404. */
export const cityListParamsSchema = z.object({ citystate: z.string().trim().min(2).max(40) });
export const cityListResponseSchema = z.object({
  state: stateSchema,
  /** Every city, town and community of the state (the country-state-city package), alphabetical. */
  data: z.array(z.string()),
});

/** Categories the autocomplete answers (the profile form's city, state and industry fields). */
export const AUTOCOMPLETE_CATEGORIES = ['city', 'state', 'industry'] as const;
export type AutocompleteCategory = (typeof AUTOCOMPLETE_CATEGORIES)[number];
export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_MAX_RESULTS = 10;
export const AUTOCOMPLETE_TOO_SHORT = 'Type at least 3 characters.';
export const AUTOCOMPLETE_UNKNOWN_CATEGORY = 'Unknown autocomplete category.';

/** `GET /{category}/autocomplete/{searchtext}`. */
export const autocompleteParamsSchema = z.object({
  category: z.enum(AUTOCOMPLETE_CATEGORIES, AUTOCOMPLETE_UNKNOWN_CATEGORY),
  searchtext: z.string().trim().min(AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TOO_SHORT).max(100),
});
/**
 * A bare array (the web's fetchAutocomplete passes arrays on). `value` fills the field; cities
 * and states carry their state code so a form can fill the state too.
 */
export const autocompleteItemSchema = z.object({
  value: z.string(),
  label: z.string(),
  state_code: z.string().optional(),
});
export const autocompleteResponseSchema = z.array(autocompleteItemSchema).max(AUTOCOMPLETE_MAX_RESULTS);
export type AutocompleteItem = z.infer<typeof autocompleteItemSchema>;
