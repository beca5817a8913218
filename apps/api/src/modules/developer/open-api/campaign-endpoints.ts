import {
  apiErrorSchema,
  type CampaignListRow,
  createCampaignRequestSchema,
  idParamSchema,
  type PublicCampaign,
  type PublicCampaignCreate,
  type PublicCampaignUpdate,
  publicCampaignCreateSchema,
  publicCampaignListQuerySchema,
  publicCampaignPageSchema,
  publicCampaignSchema,
  publicCampaignUpdateSchema,
  updateCampaignRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../http-errors.js';
import { keyPrincipalOf } from '../../../plugins/access.js';
import type { CampaignService } from '../../campaigns/index.js';
import type { KeyPrincipal } from '../../tenancy/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export const OPEN_API_ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** A campaign as the Open API shows it, from the campaign list's row. */
export const publicCampaignOf = (r: CampaignListRow & { timezone: string }): PublicCampaign => ({
  id: r.leadspeekID,
  public_id: r.leadspeek_api_id,
  client_id: r.clientID,
  module: r.leadspeekType,
  name: r.campaignName,
  status: r.status,
  archived: r.archived === 'T',
  start_date: r.startdatecampaign || null,
  end_date: r.enddatecampaign || null,
  time_zone: r.timezone,
  created_at: r.created_at || null,
});

const tf = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'T' : 'F');

/** The legacy field each clean wire name stands for (validation errors are told in clean names). */
const LEGACY_NAMES: Record<string, string> = {
  clientID: 'client_id',
  leadspeekType: 'module',
  campaignName: 'name',
  timezone: 'time_zone',
  startdatecampaign: 'start_date',
  enddatecampaign: 'end_date',
  urlCode: 'site_url',
  urlCodeThankyou: 'thank_you_url',
  locatorkeyword: 'keywords',
  locatorstate: 'states',
  locatorcity: 'cities',
  locatorzip: 'zip_codes',
  nationaltargeting: 'national',
  requireemailaddress: 'require_email',
  phoneenabled: 'require_phone',
  homeaddressenabled: 'require_address',
};

/** Runs the campaign module's own request schema over the mapped body, so its rules apply unchanged. */
function parseLegacy<T>(schema: z.ZodType<T>, legacy: Record<string, unknown>): T {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(legacy).filter(([, v]) => v !== undefined)),
  );
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? 'body');
    fields[LEGACY_NAMES[head] ?? head] ??= issue.message;
  }
  throw badRequest(Object.values(fields)[0] ?? 'The request is not valid.', fields);
}

const createInput = (b: PublicCampaignCreate) =>
  parseLegacy(createCampaignRequestSchema, {
    clientID: b.client_id,
    leadspeekType: b.module,
    campaignName: b.name,
    timezone: b.time_zone,
    startdatecampaign: b.start_date,
    enddatecampaign: b.end_date,
    urlCode: b.site_url,
    urlCodeThankyou: b.thank_you_url,
    locatorkeyword: b.keywords,
    locatorstate: b.states,
    locatorcity: b.cities,
    locatorzip: b.zip_codes?.join('\n'),
    nationaltargeting: tf(b.national),
    requireemailaddress: tf(b.require_email),
    phoneenabled: tf(b.require_phone),
    homeaddressenabled: tf(b.require_address),
  });

const updateInput = (id: number, b: PublicCampaignUpdate) =>
  parseLegacy(updateCampaignRequestSchema, {
    leadspeekID: id,
    campaignName: b.name,
    timezone: b.time_zone,
    startdatecampaign: b.start_date === null ? '' : b.start_date,
    enddatecampaign: b.end_date === null ? '' : b.end_date,
    requireemailaddress: tf(b.require_email),
    phoneenabled: tf(b.require_phone),
    homeaddressenabled: tf(b.require_address),
  });

/** Whose campaigns a key lists: its agency's clients', or its system's (a root company's key). */
const scopeOf = (key: KeyPrincipal, clientId: number | undefined) =>
  clientId !== undefined
    ? { clientId }
    : key.companyKind === 'root'
      ? { systemId: key.systemId }
      : { agencyId: key.companyId };

const isAfter = (v: unknown): v is { after: number } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { after?: unknown }).after);

const key = (
  action: 'campaigns.read' | 'campaigns.create' | 'campaigns.update' | 'campaigns.move',
  scope = [] as { in: 'params' | 'query' | 'body'; field: string; resource: 'campaign' | 'company' }[],
) => ({
  access: { kind: 'key' as const, action, scope },
  envelope: false,
});

/** Campaigns through the campaign module's service: list, create, update, pause (decision 0100). */
export const campaignEndpoints =
  (service: CampaignService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns',
      {
        config: key('campaigns.read', [{ in: 'query', field: 'client_id', resource: 'company' }]),
        schema: {
          tags: ['open-api'],
          summary: 'List campaigns',
          security: [{ bearer: [] }],
          querystring: publicCampaignListQuerySchema,
          response: { 200: publicCampaignPageSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        const after = decodeCursor(request.query.cursor, isAfter)?.after ?? 0;
        const rows = await service.pageAfter(scopeOf(k, request.query.client_id), after, request.query.limit);
        const last = rows.at(-1);
        return {
          data: rows.map(publicCampaignOf),
          next_cursor:
            last && rows.length === request.query.limit ? encodeCursor({ after: last.leadspeekID }) : null,
        };
      },
    );

    app.post(
      '/campaigns',
      {
        config: key('campaigns.create', [{ in: 'body', field: 'client_id', resource: 'company' }]),
        schema: {
          tags: ['open-api'],
          summary: 'Create a campaign (stopped until started)',
          security: [{ bearer: [] }],
          body: publicCampaignCreateSchema,
          response: { 201: publicCampaignSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request, reply) => {
        const k = keyPrincipalOf(request);
        const created = await service.create(k.actingAs, createInput(request.body), request.ip);
        return reply.code(201).send(publicCampaignOf(created.data));
      },
    );

    app.patch(
      '/campaigns/:id',
      {
        config: key('campaigns.update', [{ in: 'params', field: 'id', resource: 'campaign' }]),
        schema: {
          tags: ['open-api'],
          summary: 'Update a campaign',
          security: [{ bearer: [] }],
          params: z.object({ id: idParamSchema }),
          body: publicCampaignUpdateSchema,
          response: { 200: publicCampaignSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        const updated = await service.update(
          k.actingAs,
          'common',
          updateInput(request.params.id, request.body),
          request.ip,
        );
        return publicCampaignOf(updated.data);
      },
    );

    app.post(
      '/campaigns/:id/pause',
      {
        config: key('campaigns.move', [{ in: 'params', field: 'id', resource: 'campaign' }]),
        schema: {
          tags: ['open-api'],
          summary: 'Pause a campaign',
          security: [{ bearer: [] }],
          params: z.object({ id: idParamSchema }),
          response: { 200: publicCampaignSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        await service.activePause(k.actingAs, request.params.id, 'paused', request.ip);
        return publicCampaignOf((await service.get(request.params.id)).data);
      },
    );
  };
