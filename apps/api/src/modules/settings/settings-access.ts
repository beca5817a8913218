import type { CompanyKind } from '@app/contracts';
import type { Action } from '@app/policy';
import { badRequest, notFound } from '../../http-errors.js';
import type { AccessRule, ScopedId } from '../../plugins/access.js';
import type { CompanyRow } from './settings-repository.js';

/**
 * An access rule for settings routes: the action (reading general settings by default: root-company
 * and agency staff; clients have none, their agency's apply, and sales are kept out) and the ids that
 * must lie in the caller's scope.
 */
export const settingsRule = (scope: readonly ScopedId[], action: Action = 'settings.read'): AccessRule => ({
  kind: 'user',
  action,
  scope,
});

export const NOT_FOR_CLIENTS = 'This setting belongs to agencies and root companies.';

/** The company a request names, or 404 (the access rule already checked it is in scope). */
export async function loadCompany(
  company: (id: number) => Promise<CompanyRow | undefined>,
  companyId: number,
): Promise<CompanyRow> {
  const row = await company(companyId);
  if (!row || row.deletedAt) throw notFound();
  return row;
}

/** 400 with `message` unless the company is of one of `kinds`. */
export function requireKind(company: CompanyRow, kinds: readonly CompanyKind[], message = NOT_FOR_CLIENTS) {
  if (!kinds.includes(company.kind)) throw badRequest(message);
}
