import type { CardErrors, CardFormValues } from './card-model';

/**
 * Where the card itself is typed: the sandbox test-card fields, or Stripe Elements. Either turns what
 * was typed into a single-use token when the form is submitted; field problems come back as errors on
 * the form, and nothing is sent anywhere else.
 */
export type TokenResult = { ok: true; tokenid: string } | { ok: false; errors: CardErrors; message?: string };

export interface CardEntry {
  tokenize(values: CardFormValues): Promise<TokenResult>;
}

/** The card fields register their tokenizer with the form through this. */
export type RegisterCardEntry = (entry: CardEntry | null) => void;
