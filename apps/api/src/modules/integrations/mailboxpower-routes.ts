import {
  apiErrorSchema,
  type MbpCampaignGroups,
  mbpCampaignGroupsParamsSchema,
  mbpCampaignGroupsResponseSchema,
  mbpCompanyParamsSchema,
  mbpGroupsResponseSchema,
  NOT_CONNECTED,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import type { AccessRule, ScopedId } from '../../plugins/access.js';
import { MBP_SLUG } from '../../providers/integrations/mailboxpower/settings.js';
import { ProviderInputError } from '../../providers/integrations/provider.js';
import type { ConnectionRepository } from './connection-repository.js';
import type { ManageConnections } from './manage-connections.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['integrations'];
const company: ScopedId = { in: 'params', field: 'companyID', resource: 'company' };
const read = (...scope: ScopedId[]): AccessRule => ({ kind: 'user', action: 'integrations.read', scope });
const idOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Mailbox Power's calls (spec 2 §7 "Integrations", "Mailbox groups"; decision 0104), by the pattern
 * of the spec's first one: `usergroups/{companyID}` is the account's groups (the user's, whatever
 * the campaign), `groups/{campaignID}/{companyID}` the group one campaign's leads join through that
 * company's connection. Same rules as the other integration reads: `integrations.read` on a company
 * in scope (and a campaign in scope).
 */
export const mailboxPowerRoutes =
  (deps: {
    manage: ManageConnections;
    connections: Pick<ConnectionRepository, 'find' | 'campaignSettings'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** The account's groups; Mailbox Power's refusals (a revoked key) answered as 400 with the reason. */
    async function groups(companyId: number) {
      try {
        return (await deps.manage.targets(companyId, MBP_SLUG, 'groups')).data;
      } catch (err) {
        if (err instanceof ProviderInputError) throw badRequest(err.message);
        throw err;
      }
    }

    app.get(
      '/mailboxpower/usergroups/:companyID',
      {
        config: { access: read(company) },
        schema: {
          tags,
          summary: "The connected Mailbox Power account's groups",
          params: mbpCompanyParamsSchema,
          response: { 200: mbpGroupsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await groups(request.params.companyID) }),
    );

    app.get(
      '/mailboxpower/groups/:campaignID/:companyID',
      {
        config: { access: read(company, { in: 'params', field: 'campaignID', resource: 'campaign' }) },
        schema: {
          tags,
          summary: "The Mailbox Power group a campaign's leads join through the company's connection",
          params: mbpCampaignGroupsParamsSchema,
          response: { 200: mbpCampaignGroupsResponseSchema, ...errors },
        },
      },
      async (request): Promise<MbpCampaignGroups> => {
        const { campaignID, companyID } = request.params;
        const row = await deps.connections.find(companyID, MBP_SLUG);
        if (!row) throw badRequest(NOT_CONNECTED);
        const chosen = (await deps.connections.campaignSettings(campaignID)).find(
          (s) => s.connection_id === row.id,
        );
        const own = idOf(chosen?.settings.group_id);
        const group = own ?? idOf(row.settings.group_id);
        const found = group ? (await groups(companyID)).find((g) => g.id === group) : undefined;
        return {
          // No row: the campaign sends to every connection (as the delivery queue reads it).
          enabled: chosen?.enabled ?? true,
          group_id: group,
          source: own ? 'campaign' : group ? 'integration' : null,
          data: group ? [found ?? { id: group, name: group }] : [],
        };
      },
    );
  };
