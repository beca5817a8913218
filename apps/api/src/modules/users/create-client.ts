import { createUserRequestSchema, type ManagedNode } from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { CallContext, UserManagementService } from './user-management-service.js';

/** What another module knows of a client it asks for (the CRM sub-account one is made from). */
export interface NewClientFields {
  /** The agency the client is added under. */
  agencyId: number;
  companyName: string | undefined;
  fullName: string | undefined;
  email: string | undefined;
  /** A national number and its country (default US). */
  phone: string | undefined;
  phoneCountryCode: string | undefined;
}

export type CreateClient = (ctx: CallContext, fields: NewClientFields) => Promise<ManagedNode>;

/**
 * A client made for another module (decision 0109: a GoHighLevel sub-account turned into a client)
 * exactly as `POST /configuration/user/create` makes one: the same request, checked by the same
 * schema with its texts (a 400 naming the first field wrong), then the same service, with its
 * rules, invitation e-mail and user log. The agency's offer decides the terms and modules.
 */
export function createClientFor(service: Pick<UserManagementService, 'create'>): CreateClient {
  return async (ctx, fields) => {
    const parsed = createUserRequestSchema.safeParse({
      companyID: fields.agencyId,
      idsys: ctx.principal.systemId,
      userType: 'client',
      ClientCompanyName: fields.companyName,
      ClientFullName: fields.fullName ?? '',
      ClientEmail: fields.email ?? '',
      ClientPhone: fields.phone ?? '',
      ClientPhoneCountryCode: fields.phoneCountryCode,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const first = issues[0];
      throw badRequest(
        first?.message ?? 'The client could not be created.',
        Object.fromEntries(issues.map((i) => [i.path.join('.') || 'body', i.message])),
      );
    }
    return service.create(ctx, parsed.data);
  };
}
