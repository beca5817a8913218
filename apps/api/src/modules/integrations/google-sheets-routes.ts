import {
  apiErrorSchema,
  GOOGLE_NOT_CONNECTED,
  GOOGLE_REVOKED,
  type GoogleConnectResponse,
  googleConnectParamsSchema,
  googleConnectResponseSchema,
  resendGoogleLinkRequestSchema,
  resendGoogleLinkResponseSchema,
  SPREADSHEET_RESET,
  type SpreadsheetCheckResponse,
  type SpreadsheetHistoryResponse,
  spreadsheetCheckRequestSchema,
  spreadsheetCheckResponseSchema,
  spreadsheetHistoryParamsSchema,
  spreadsheetHistoryResponseSchema,
  spreadsheetResetRequestSchema,
  spreadsheetResetResponseSchema,
  UNKNOWN_PROVIDER,
} from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import {
  GOOGLE_SHEETS_SLUG,
  GoogleApiError,
  type GoogleSheetsProvider,
  isGoogleSheetsProvider,
} from '../../providers/integrations/google-sheets/index.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import type { CampaignFacts, CampaignLookup } from '../campaigns/index.js';
import type { WebOrigins } from '../domains/index.js';
import type { MailService } from '../mail/index.js';
import type { Principal } from '../tenancy/index.js';
import type { MainPersonOf } from '../users/index.js';
import type { ConnectionRepository, ConnectionRow } from './connection-repository.js';
import type { DeliveryConsole } from './delivery-console.js';
import type { ManageConnections } from './manage-connections.js';

const SLUG = GOOGLE_SHEETS_SLUG;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The campaign screens' Google Sheets calls (spec 2 §7 "Spreadsheet and Google", decision 0098),
 * answered from the Google Sheets integration: the company's connection (asked of Google), a
 * campaign's spreadsheet (kept in the campaign's settings for the connection, asked of Google) and
 * its deliveries, their replay, and the e-mail that asks a client to connect its Google account. A
 * campaign's leads go to its client's own connection and to its agency's; a client sees only its
 * own, its agency's people see both (the client's first).
 */
export function createGoogleSheetsCalls(deps: {
  db: Database;
  connections: ConnectionRepository;
  providers: ProviderRegistry;
  secrets: SecretBox;
  manage: Pick<ManageConnections, 'disconnect' | 'unsealed'>;
  console: Pick<DeliveryConsole, 'replay'>;
  campaign: CampaignLookup;
  mail: Pick<MailService, 'queueEmail'>;
  mainPerson: MainPersonOf;
  origins: Pick<WebOrigins, 'ofCompany'>;
}) {
  const provider = (): GoogleSheetsProvider => {
    const found = deps.providers.get(SLUG);
    if (!isGoogleSheetsProvider(found)) throw notFound(UNKNOWN_PROVIDER);
    return found;
  };

  const campaignOf = async (id: number): Promise<CampaignFacts> => {
    const found = await deps.campaign(id);
    if (!found) throw notFound();
    return found;
  };

  /** Whose connections the caller sees for the campaign: a client its own, its agency's people both. */
  const visible = (p: Principal, c: CampaignFacts) =>
    p.companyId === c.clientId ? [c.clientId] : [c.clientId, c.agencyId];

  /** The live Google Sheets connections of these companies, in this order. */
  async function sheetConnections(companyIds: number[]): Promise<ConnectionRow[]> {
    const rows = (await deps.connections.ofCompanies(companyIds)).filter((r) => r.provider === SLUG);
    return companyIds.flatMap((id) => rows.filter((r) => r.company_id === id));
  }

  const saveSecrets = (row: ConnectionRow) => async (secrets: Record<string, string>) =>
    deps.connections.saveSecrets(row.id, await deps.secrets.seal(JSON.stringify(secrets)));

  const accountOf = (row: ConnectionRow) =>
    typeof row.settings.google_account === 'string' ? row.settings.google_account : null;

  return {
    async checkConnect(companyId: number): Promise<GoogleConnectResponse> {
      const sheets = provider();
      const sandbox = sheets.meta.sandbox;
      const row = await deps.connections.find(companyId, SLUG);
      if (!row)
        return {
          result: 'success',
          connected: false,
          message: GOOGLE_NOT_CONNECTED,
          google_account: null,
          working: null,
          sandbox,
        };
      const stored = accountOf(row);
      const paused = row.status === 'paused' ? ' It is paused: resume it on the integration’s page.' : '';
      try {
        const { email } = await sheets.sheets.account(await deps.manage.unsealed(row), saveSecrets(row));
        return {
          result: 'success',
          connected: true,
          message: `Google Sheets is connected as ${email || stored}${sandbox ? ' (sandbox account)' : ''}.${paused}`,
          google_account: email || stored,
          working: true,
          sandbox,
        };
      } catch (err) {
        return {
          result: 'success',
          connected: true,
          message: `Google Sheets is connected as ${stored ?? 'an unknown account'}, but ${sheets.sheets.reasonOf(err)}`,
          google_account: stored,
          working: false,
          sandbox,
        };
      }
    },

    async revoke(p: Principal, companyId: number, ip: string): Promise<GoogleConnectResponse> {
      const sandbox = provider().meta.sandbox;
      const row = await deps.connections.find(companyId, SLUG);
      const answer = { result: 'success' as const, connected: false, working: null, sandbox };
      if (!row) return { ...answer, message: GOOGLE_NOT_CONNECTED, google_account: null };
      // Gives up its undelivered leads, revokes Google's grant (best effort) and logs it.
      await deps.manage.disconnect(p, companyId, SLUG, ip);
      return { ...answer, message: GOOGLE_REVOKED, google_account: accountOf(row) };
    },

    async check(p: Principal, campaignId: number): Promise<SpreadsheetCheckResponse['data']> {
      const sheets = provider();
      const c = await campaignOf(campaignId);
      const [row] = await sheetConnections(visible(p, c));
      const base = {
        leadspeek_api_id: c.publicId,
        report_to_sheet: c.reportType === 'GoogleSheet',
        sandbox: sheets.meta.sandbox,
      };
      if (!row)
        return {
          ...base,
          google_connected: false,
          google_account: null,
          from_agency: false,
          spreadsheet: null,
          rows_sent: 0,
          last_sent_at: null,
        };
      const [sent] = await queryRows<{ n: number; last: Date | string | null }>(
        deps.db,
        sql`select count(*)::int as n, max(delivered_at) as last from integration_deliveries
             where campaign_id = ${c.id} and connection_id = ${row.id} and status = 'delivered'`,
      );
      const settings = (await deps.connections.campaignSettings(c.id)).find(
        (s) => s.connection_id === row.id,
      );
      const id =
        typeof settings?.settings.spreadsheet_id === 'string' ? settings.settings.spreadsheet_id : null;
      let spreadsheet: SpreadsheetCheckResponse['data']['spreadsheet'] = null;
      if (id) {
        try {
          const found = await sheets.sheets.spreadsheet(
            await deps.manage.unsealed(row),
            id,
            saveSecrets(row),
          );
          spreadsheet = { id, title: found.title, url: found.url, reachable: true, error: null };
        } catch (err) {
          spreadsheet = {
            id,
            title: null,
            url: null,
            reachable: false,
            error: sheets.sheets.reasonOf(err, id),
          };
        }
      }
      return {
        ...base,
        google_connected: true,
        google_account: accountOf(row),
        from_agency: row.company_id !== c.clientId,
        spreadsheet,
        rows_sent: sent?.n ?? 0,
        last_sent_at: iso(sent?.last ?? null),
      };
    },

    async history(p: Principal, campaignId: number): Promise<SpreadsheetHistoryResponse['data']> {
      const c = await campaignOf(campaignId);
      const companies = visible(p, c);
      const rows = await queryRows<{
        id: number | string;
        lead_id: number | string;
        status: 'queued' | 'sending' | 'delivered' | 'failed';
        attempts: number;
        last_error: string | null;
        company_id: number;
        created_at: Date | string;
        delivered_at: Date | string | null;
      }>(
        deps.db,
        sql`select d.id, d.lead_id, d.status, d.attempts, d.last_error, k.company_id, d.created_at, d.delivered_at
              from integration_deliveries d join integration_connections k on k.id = d.connection_id
             where d.campaign_id = ${c.id} and k.provider = ${SLUG} and d.lead_id is not null
               and k.company_id = any(array(select jsonb_array_elements_text(${JSON.stringify(companies)}::jsonb)::int))
             order by d.id desc
             limit 100`,
      );
      return rows.map((r) => ({
        delivery_id: Number(r.id),
        lead_id: Number(r.lead_id),
        status: r.status,
        attempts: r.attempts,
        error: r.last_error,
        from_agency: r.company_id !== c.clientId,
        created_at: new Date(r.created_at).toISOString(),
        delivered_at: iso(r.delivered_at),
      }));
    },

    /**
     * The campaign's sheet report set going again: a spreadsheet Google no longer has (deleted in
     * Drive) is forgotten, so the next row creates a new one; then its failed deliveries are queued
     * again (the console's replay, logged on each company).
     */
    async reset(p: Principal, campaignId: number, ip: string) {
      const sheets = provider();
      const c = await campaignOf(campaignId);
      let requeued = 0;
      let forgotten = 0;
      for (const row of await sheetConnections(visible(p, c))) {
        const settings = (await deps.connections.campaignSettings(c.id)).find(
          (s) => s.connection_id === row.id,
        );
        const id = settings?.settings.spreadsheet_id;
        if (typeof id === 'string' && id)
          try {
            await sheets.sheets.spreadsheet(await deps.manage.unsealed(row), id, saveSecrets(row));
          } catch (err) {
            if (err instanceof GoogleApiError && err.status === 404) {
              await deps.connections.forgetCampaignSetting(c.id, row.id, 'spreadsheet_id');
              forgotten += 1;
            }
          }
        const replay = await deps.console.replay(
          p,
          { company_id: row.company_id, all_failed: true, slug: SLUG, campaign_id: c.id },
          ip,
        );
        requeued += replay.replayed;
      }
      const fresh =
        forgotten > 0
          ? ' Google no longer has the campaign’s spreadsheet: the next row creates a new one.'
          : '';
      return {
        result: 'success' as const,
        message: `${requeued > 0 ? SPREADSHEET_RESET : 'There were no failed rows to send again.'}${fresh}`,
        requeued,
      };
    },

    /** E-mails the campaign's client the link to its Google Sheets page, to connect its Google account. */
    async resendLink(campaignId: number) {
      const sheets = provider();
      const c = await campaignOf(campaignId);
      const own = await deps.connections.find(c.clientId, SLUG);
      if (own)
        throw new HttpError(
          409,
          'google_connected',
          `The client has connected Google Sheets already${accountOf(own) ? ` (as ${accountOf(own)})` : ''}.`,
        );
      const person = await deps.mainPerson(c.clientId);
      if (!person) throw new HttpError(409, 'no_recipient', 'The client has nobody to e-mail the link to.');
      const link = `${await deps.origins.ofCompany(c.clientId)}/integrations/${SLUG}`;
      const minute = Math.floor(Date.now() / 60_000);
      await deps.mail.queueEmail({
        systemId: person.systemId,
        companyId: c.clientId,
        to: person.email,
        // Pressing the button twice in a minute sends one e-mail.
        key: `google-sheets-link:${c.id}:${minute}`,
        subject: `${sheets.meta.sandbox ? '[Sandbox] ' : ''}Connect Google Sheets for your leads`,
        text: [
          `Hello ${person.name},`,
          '',
          `The leads of your campaign "${c.name}" (${c.publicId}) can be written to a Google spreadsheet, one row per lead, as they are found. To turn this on for ${person.companyName}, sign in and connect your Google account here:`,
          link,
          '',
          'We ask Google only for the spreadsheets we create for your campaigns, nothing else in your Drive.',
          ...(sheets.meta.sandbox
            ? [
                '',
                'Sandbox: this deployment connects to a sandbox of Google; no real Google account is used.',
              ]
            : []),
        ].join('\n'),
      });
      return {
        result: 'success' as const,
        message: `We e-mailed ${person.name} (${person.email}) the link to connect Google Sheets.`,
      };
    },
  };
}

export type GoogleSheetsCalls = ReturnType<typeof createGoogleSheetsCalls>;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['integrations'];
const rule = (action: 'integrations.read' | 'integrations.manage', ...scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});
const campaignIn = (where: ScopedId['in'], field: string): ScopedId => ({
  in: where,
  field,
  resource: 'campaign',
});
const userIn = (field: string): ScopedId => ({ in: 'body', field, resource: 'user' });
const companyIn = (field: string): ScopedId => ({ in: 'params', field, resource: 'company' });

export const googleSheetsRoutes =
  (calls: GoogleSheetsCalls): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/leadspeek/googlespreadsheet/check-connect/:companyID',
      {
        config: { access: rule('integrations.read', companyIn('companyID')) },
        schema: {
          tags,
          summary: "The company's Google Sheets connection, asked of Google",
          params: googleConnectParamsSchema,
          response: { 200: googleConnectResponseSchema, ...errors },
        },
      },
      async (request) => calls.checkConnect(request.params.companyID),
    );

    app.get(
      '/leadspeek/googlespreadsheet/revoke/:companyID',
      {
        config: { access: rule('integrations.manage', companyIn('companyID')) },
        schema: {
          tags,
          summary: "Disconnects the company's Google Sheets and revokes Google's access (logged)",
          params: googleConnectParamsSchema,
          response: { 200: googleConnectResponseSchema, ...errors },
        },
      },
      async (request) => calls.revoke(principalOf(request), request.params.companyID, request.ip),
    );

    app.put(
      '/leadspeek/spreadsheet/check',
      {
        config: { access: rule('integrations.read', userIn('userID'), campaignIn('body', 'campaignID')) },
        schema: {
          tags,
          summary: "The campaign's spreadsheet, asked of Google, and the rows sent to it",
          body: spreadsheetCheckRequestSchema,
          response: { 200: spreadsheetCheckResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await calls.check(principalOf(request), request.body.campaignID),
      }),
    );

    app.get(
      '/leadspeek/spreadsheet/history/:campaignID',
      {
        config: { access: rule('integrations.read', campaignIn('params', 'campaignID')) },
        schema: {
          tags,
          summary: "The campaign's Google Sheets deliveries, newest first",
          params: spreadsheetHistoryParamsSchema,
          response: { 200: spreadsheetHistoryResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await calls.history(principalOf(request), request.params.campaignID),
      }),
    );

    app.put(
      '/leadspeek/spreadsheet/reset',
      {
        config: {
          access: rule('integrations.manage', userIn('userLogin'), campaignIn('body', 'campaignID')),
        },
        schema: {
          tags,
          summary: "Queues the campaign's failed Google Sheets deliveries again (logged)",
          body: spreadsheetResetRequestSchema,
          response: { 200: spreadsheetResetResponseSchema, ...errors },
        },
      },
      async (request) => calls.reset(principalOf(request), request.body.campaignID, request.ip),
    );

    app.post(
      '/leadspeek/client/resendgooglelink',
      {
        config: { access: rule('integrations.manage', campaignIn('body', 'leadspeekID')) },
        schema: {
          tags,
          summary: "E-mails the campaign's client the link to connect its Google account",
          body: resendGoogleLinkRequestSchema,
          response: { 200: resendGoogleLinkResponseSchema, ...errors },
        },
      },
      async (request) => calls.resendLink(request.body.leadspeekID),
    );
  };
