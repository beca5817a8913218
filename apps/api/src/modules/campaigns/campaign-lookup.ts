import { type Database, queryRows, sql } from '@app/db';

/** A campaign as another module names it and finds whose it is. */
export interface CampaignFacts {
  id: number;
  publicId: string;
  name: string;
  clientId: number;
  agencyId: number;
  /** The report type chosen for it: 'CSV', 'Excel' or 'GoogleSheet'. */
  reportType: string;
}

/**
 * One campaign by id for other modules (the Google Sheets calls of the integrations module,
 * decision 0098): its names and its client and agency. Removed campaigns are found too: their
 * deliveries still exist.
 */
export function createCampaignLookup(db: Database) {
  return async (campaignId: number): Promise<CampaignFacts | null> => {
    const [row] = await queryRows<{
      id: number;
      public_id: string;
      name: string;
      client_id: number;
      agency_id: number;
      report_type: string;
    }>(
      db,
      sql`select id, public_id, name, client_id, agency_id, report_type from campaigns where id = ${campaignId}`,
    );
    return row
      ? {
          id: row.id,
          publicId: row.public_id,
          name: row.name,
          clientId: row.client_id,
          agencyId: row.agency_id,
          reportType: row.report_type,
        }
      : null;
  };
}

export type CampaignLookup = ReturnType<typeof createCampaignLookup>;
