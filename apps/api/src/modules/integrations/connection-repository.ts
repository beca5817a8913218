import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

const maybeOne = async <T>(db: Database, query: SQL): Promise<T | null> =>
  (await queryRows<T>(db, query))[0] ?? null;

export interface ConnectionRow {
  id: number;
  company_id: number;
  provider: string;
  status: 'active' | 'paused' | 'disconnected';
  settings: Record<string, unknown>;
  sealed_secrets: string | null;
  paused_reason: string | null;
  consecutive_failures: number;
  failing_since: Date | string | null;
  circuit_open_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql`id, company_id, provider, status, settings, sealed_secrets, paused_reason,
  consecutive_failures, failing_since, circuit_open_until, created_at, updated_at`;

/** Connections (`integration_connections`) and the campaigns' choices for them. */
export function createConnectionRepository(db: Database) {
  return {
    /** The company's live connection to a provider, if any. */
    async find(companyId: number, provider: string): Promise<ConnectionRow | null> {
      return maybeOne<ConnectionRow>(
        db,
        sql`select ${COLUMNS} from integration_connections
             where company_id = ${companyId} and provider = ${provider} and disconnected_at is null`,
      );
    },

    async byId(id: number): Promise<ConnectionRow | null> {
      return maybeOne<ConnectionRow>(
        db,
        sql`select ${COLUMNS} from integration_connections where id = ${id}`,
      );
    },

    /** The live connections of these companies (a client's own and its agency's). */
    async ofCompanies(companyIds: readonly number[]): Promise<ConnectionRow[]> {
      if (companyIds.length === 0) return [];
      return queryRows<ConnectionRow>(
        db,
        sql`select ${COLUMNS} from integration_connections
             where company_id in ${sql`(${sql.join(
               companyIds.map((id) => sql`${id}`),
               sql`, `,
             )})`} and disconnected_at is null
             order by company_id, provider`,
      );
    },

    /** Connects, or updates the live connection (settings and secrets replaced, failures forgotten). */
    async save(input: {
      companyId: number;
      provider: string;
      settings: Record<string, unknown>;
      sealedSecrets: string | null;
      userId: number | null;
    }): Promise<ConnectionRow> {
      const settings = JSON.stringify(input.settings);
      const row = await maybeOne<ConnectionRow>(
        db,
        sql`insert into integration_connections (company_id, provider, settings, sealed_secrets, created_by_user_id)
            values (${input.companyId}, ${input.provider}, ${settings}::jsonb, ${input.sealedSecrets}, ${input.userId})
            on conflict (company_id, provider) where disconnected_at is null
            do update set settings = excluded.settings, sealed_secrets = excluded.sealed_secrets,
                          status = 'active', paused_reason = null, consecutive_failures = 0,
                          failing_since = null, circuit_open_until = null, updated_at = now()
            returning ${COLUMNS}`,
      );
      return row as ConnectionRow;
    },

    async disconnect(id: number): Promise<void> {
      await db.execute(
        sql`update integration_connections set status = 'disconnected', disconnected_at = now(), updated_at = now()
             where id = ${id} and disconnected_at is null`,
      );
    },

    /** Paused by its owner or by the engine (with the reason shown on the page); resumed fresh. */
    async setPaused(id: number, reason: string | null): Promise<ConnectionRow | null> {
      return maybeOne<ConnectionRow>(
        db,
        reason === null
          ? sql`update integration_connections
                   set status = 'active', paused_reason = null, consecutive_failures = 0, failing_since = null,
                       circuit_open_until = null, updated_at = now()
                 where id = ${id} and disconnected_at is null returning ${COLUMNS}`
          : sql`update integration_connections set status = 'paused', paused_reason = ${reason}, updated_at = now()
                 where id = ${id} and disconnected_at is null and status = 'active' returning ${COLUMNS}`,
      );
    },

    /** A delivered lead closes the circuit and forgets the failures. */
    async recordSuccess(id: number): Promise<void> {
      await db.execute(
        sql`update integration_connections
               set consecutive_failures = 0, failing_since = null, circuit_open_until = null
             where id = ${id} and consecutive_failures > 0`,
      );
    },

    /** One more failure in a row: how many, and since when the connection has been failing. */
    async recordFailure(id: number): Promise<{ failures: number; failingSince: Date }> {
      const row = await maybeOne<{ consecutive_failures: number; failing_since: Date | string }>(
        db,
        sql`update integration_connections
               set consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, now())
             where id = ${id}
            returning consecutive_failures, failing_since`,
      );
      return {
        failures: row?.consecutive_failures ?? 0,
        failingSince: new Date(row?.failing_since ?? Date.now()),
      };
    },

    /** Tokens a provider refreshed, sealed again. */
    async saveSecrets(id: number, sealedSecrets: string): Promise<void> {
      await db.execute(
        sql`update integration_connections set sealed_secrets = ${sealedSecrets}, updated_at = now() where id = ${id}`,
      );
    },

    async openCircuit(id: number, forMs: number): Promise<void> {
      await db.execute(
        sql`update integration_connections
               set circuit_open_until = now() + make_interval(secs => ${forMs / 1000})
             where id = ${id}`,
      );
    },

    /** A campaign's settings for each of these connections. */
    async campaignSettings(
      campaignId: number,
    ): Promise<{ connection_id: number; enabled: boolean; settings: Record<string, unknown> }[]> {
      return queryRows(
        db,
        sql`select connection_id, enabled, settings from integration_campaign_settings
             where campaign_id = ${campaignId}`,
      );
    },

    /** The campaigns with settings of their own for one connection (the Open API's endpoint view). */
    async campaignSettingsOfConnection(
      connectionId: number,
    ): Promise<{ campaign_id: number; enabled: boolean; settings: Record<string, unknown> }[]> {
      return queryRows(
        db,
        sql`select campaign_id, enabled, settings from integration_campaign_settings
             where connection_id = ${connectionId} order by campaign_id`,
      );
    },

    async saveCampaignSettings(input: {
      campaignId: number;
      connectionId: number;
      enabled: boolean;
      settings: Record<string, unknown>;
    }): Promise<void> {
      await db.execute(
        sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
            values (${input.campaignId}, ${input.connectionId}, ${input.enabled}, ${JSON.stringify(input.settings)}::jsonb)
            on conflict (campaign_id, connection_id)
            do update set enabled = excluded.enabled, settings = excluded.settings, updated_at = now()`,
      );
    },

    /**
     * Settings a provider made for a campaign (a spreadsheet it created), each key kept only where
     * the campaign has none yet: the first of two racing workers wins. Answers the settings after.
     */
    async addCampaignSettings(
      campaignId: number,
      connectionId: number,
      settings: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      const row = await maybeOne<{ settings: Record<string, unknown> }>(
        db,
        sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
            values (${campaignId}, ${connectionId}, true, ${JSON.stringify(settings)}::jsonb)
            on conflict (campaign_id, connection_id)
            do update set settings = excluded.settings || integration_campaign_settings.settings, updated_at = now()
            returning settings`,
      );
      return row?.settings ?? settings;
    },

    /** A setting dropped from a campaign's settings for a connection (a spreadsheet Google no longer has). */
    async forgetCampaignSetting(campaignId: number, connectionId: number, key: string): Promise<void> {
      await db.execute(
        sql`update integration_campaign_settings set settings = settings - ${key}, updated_at = now()
             where campaign_id = ${campaignId} and connection_id = ${connectionId}`,
      );
    },
  };
}

export type ConnectionRepository = ReturnType<typeof createConnectionRepository>;
