export const CODE_LENGTH = 6;
/** The contracts' wording for a code that is not six digits. */
export const CODE_FORMAT_MESSAGE = 'The code has 6 digits.';

/** Keeps what a person can type or paste ("123 456", "123-456") down to the six digits. */
export function normaliseCode(input: string): string {
  return input.replace(/\D+/g, '').slice(0, CODE_LENGTH);
}

export function codeError(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : CODE_FORMAT_MESSAGE;
}
