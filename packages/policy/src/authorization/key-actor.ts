import type { CompanyKind } from '@app/contracts';

/**
 * What an Open API key may do, granted when it is made (decision 0100). Each action a key may
 * perform names the scope it needs (`ActionRule.key`).
 */
export const API_SCOPES = [
  'campaigns:read',
  'campaigns:write',
  'leads:read',
  'suppression:read',
  'suppression:write',
  'webhooks:read',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * A caller that is an Open API key rather than a person (Twenty's user / API key split): the company
 * the key was made for, and its scopes. It reaches what its company reaches; which actions it may
 * perform at all is the catalogue's `key` field, decided by the same `authorize` as people.
 */
export interface KeyActor {
  kind: 'key';
  keyId: number;
  systemId: number;
  companyId: number;
  companyKind: CompanyKind;
  companyParentId: number | null;
  rootCompanyId: number;
  scopes: readonly ApiScope[];
}

/** A person or a key: whoever an action is decided for. */
export const isKeyActor = (a: object): a is KeyActor => (a as { kind?: unknown }).kind === 'key';

/** Companies that may hold keys: agencies, and a system's own root company; never a client. */
export const mayHoldApiKeys = (companyKind: CompanyKind) =>
  companyKind === 'agency' || companyKind === 'root';
