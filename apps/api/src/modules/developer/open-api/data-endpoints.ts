import {
  publicLeadPageSchema,
  publicLeadQuerySchema,
  publicListQuerySchema,
  publicSuppressionCreatedSchema,
  publicSuppressionCreateSchema,
  publicSuppressionPageSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../http-errors.js';
import { keyPrincipalOf } from '../../../plugins/access.js';
import type { ExclusionService } from '../../exclusions/index.js';
import type { LeadFeed } from '../../lead-reports/index.js';
import type { KeyPrincipal } from '../../tenancy/index.js';
import { OPEN_API_ERRORS } from './campaign-endpoints.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const isLeadCursor = (v: unknown): v is { at: string; id: number } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { at?: unknown }).at === 'string' &&
  !Number.isNaN(Date.parse((v as { at: string }).at)) &&
  Number.isSafeInteger((v as { id?: unknown }).id);

const isMd5Cursor = (v: unknown): v is { after: string } =>
  typeof v === 'object' && v !== null && /^[0-9a-f]{32,64}$/.test(String((v as { after?: unknown }).after));

/** The suppression list a key keeps: its agency's own, or its system's opt-out list (a root key). */
const listOf = (k: KeyPrincipal) =>
  k.companyKind === 'root'
    ? ({ kind: 'optout', id: k.companyId } as const)
    : ({ kind: 'agency', id: k.companyId } as const);

/** Leads (cursor pages, since a time) and suppression entries, through their modules' faces. */
export const dataEndpoints =
  (deps: { leadFeed: LeadFeed; exclusions: ExclusionService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/leads',
      {
        config: {
          access: {
            kind: 'key',
            action: 'leads.read',
            scope: [{ in: 'query', field: 'campaign_id', resource: 'campaign' }],
          },
          envelope: false,
        },
        schema: {
          tags: ['open-api'],
          summary: 'List stored leads, oldest first (cursor pages; `since` a time)',
          security: [{ bearer: [] }],
          querystring: publicLeadQuerySchema,
          response: { 200: publicLeadPageSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        const q = request.query;
        const after = decodeCursor(q.cursor, isLeadCursor);
        const page = await deps.leadFeed({
          scope: k.companyKind === 'root' ? { systemId: k.systemId } : { agencyId: k.companyId },
          campaignId: q.campaign_id,
          since: q.since ? new Date(q.since) : undefined,
          after: after ? { at: new Date(after.at), id: after.id } : undefined,
          limit: q.limit,
        });
        return {
          data: page.leads,
          next_cursor:
            page.last && page.leads.length === q.limit
              ? encodeCursor({ at: page.last.at.toISOString(), id: page.last.id })
              : null,
        };
      },
    );

    app.get(
      '/suppression-entries',
      {
        config: { access: { kind: 'key', action: 'exclusions.read' }, envelope: false },
        schema: {
          tags: ['open-api'],
          summary: "List the company's suppression entries (MD5s)",
          security: [{ bearer: [] }],
          querystring: publicListQuerySchema,
          response: { 200: publicSuppressionPageSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        const list = listOf(k);
        const after = decodeCursor(request.query.cursor, isMd5Cursor)?.after ?? '';
        const data = await deps.exclusions.entriesPage(
          k.actingAs,
          list.kind,
          list.id,
          after,
          request.query.limit,
        );
        const last = data.at(-1);
        return {
          data,
          next_cursor: last && data.length === request.query.limit ? encodeCursor({ after: last.md5 }) : null,
        };
      },
    );

    app.post(
      '/suppression-entries',
      {
        config: { access: { kind: 'key', action: 'exclusions.update' }, envelope: false },
        schema: {
          tags: ['open-api'],
          summary: "Add e-mails or MD5s to the company's suppression list",
          security: [{ bearer: [] }],
          body: publicSuppressionCreateSchema,
          response: { 200: publicSuppressionCreatedSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request) => {
        const k = keyPrincipalOf(request);
        const emails = request.body.emails ?? [];
        const md5s = request.body.md5s ?? [];
        if (emails.length + md5s.length === 0)
          throw badRequest('Send at least one e-mail or MD5.', {
            emails: 'Send at least one e-mail or MD5.',
          });
        const list = listOf(k);
        return deps.exclusions.addEntries(k.actingAs, list.kind, list.id, { emails, md5s });
      },
    );
  };
