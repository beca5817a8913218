import type { UserType } from '@app/contracts';

/** Staff user types of a company kind (the Administrator list). */
export const staffTypesOf = (kind: 'root' | 'agency'): readonly UserType[] =>
  kind === 'root' ? ['root', 'admin'] : ['user', 'administrator'];

/** The user type a new administrator gets in a company of this kind. */
export const administratorTypeOf = (kind: 'root' | 'agency'): UserType =>
  kind === 'root' ? 'admin' : 'administrator';
