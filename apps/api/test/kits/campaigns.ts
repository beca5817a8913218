import { randomBytes, randomInt } from 'node:crypto';
import { asMicros } from '@app/contracts';
import { campaigns, companies, type Database, DEMO, eq, leads, queryRows, sql } from '@app/db';
import { systemClock } from '../../src/lib/clock.js';
import { createPrepaidLots } from '../../src/modules/billing/index.js';
import { createLedger } from '../../src/modules/ledger/index.js';

/*
 * Campaign rows for lead-engine tests, inserted directly (the campaigns module's routes are built
 * elsewhere): a running campaign of a demo client with the given fields, and a prepaid block
 * (a ledger lot) when asked. Each call gets a fresh public id.
 */

// One random start per process, then steps of a prime that does not divide the range: a process's
// ids never repeat (a fresh random part per call let two calls of one file meet, about 1 in 230,000).
const start = process.pid * 7919 + randomInt(1_000_000);
let counter = 0;
const publicId = () => String(20_000_000 + ((start + ++counter * 104_729) % 79_999_999));

export type CampaignFields = Partial<typeof campaigns.$inferInsert>;

/** A demo client by name ('Harbor Dental' of Northwind by default) with its agency and system. */
export async function demoClient(db: Database, name: string = DEMO.northwind.clients[0]?.name ?? '') {
  const [client] = await db.select().from(companies).where(eq(companies.name, name));
  if (!client?.parentId) throw new Error(`no demo client ${name}`);
  return { clientId: client.id, agencyId: client.parentId, systemId: client.systemId };
}

export async function insertCampaign(
  db: Database,
  fields: CampaignFields & { clientName?: string; prepaidLeads?: number } = {},
) {
  const { clientName, prepaidLeads, ...rest } = fields;
  const owner = await demoClient(db, clientName);
  const [row] = await db
    .insert(campaigns)
    .values({
      publicId: publicId(),
      ...owner,
      module: 'local',
      name: `Test campaign ${counter}`,
      status: 'running',
      national: true,
      activatedAt: new Date(),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('campaign not stored');
  // A block of prepaid leads is a ledger lot, opened the way an activation opens one (decision 0072).
  if (prepaidLeads)
    await createPrepaidLots({ db, ledger: createLedger({ db }), clock: systemClock }).open({
      systemId: row.systemId,
      clientId: row.clientId,
      campaignId: row.id,
      leads: prepaidLeads,
      clientPriceMicros: row.costPerLeadMicros,
      wholesaleMicros: asMicros(0),
      sourceKey: `test-block:${row.id}`,
      description: `${prepaidLeads} prepaid leads (test)`,
    });
  return row;
}

/** The campaign's state and its moves, as stored. */
export async function campaignState(db: Database, campaignId: number) {
  const [state] = await queryRows<{ status: string; pause_reason: string | null }>(
    db,
    sql`select status, pause_reason from campaigns where id = ${campaignId}`,
  );
  const moves = await queryRows<{ event: string; to_status: string; reason: string | null }>(
    db,
    sql`select event, to_status, reason from campaign_moves where campaign_id = ${campaignId} order by id`,
  );
  return { ...state, moves };
}

/** Stored leads and rejections of a campaign. */
export async function outcomes(db: Database, campaignId: number) {
  const leads = await queryRows<{ id: number; identity_md5: string; client_price_micros: number }>(
    db,
    sql`select id, identity_md5, client_price_micros from leads where campaign_id = ${campaignId} order by id`,
  );
  const rejections = await queryRows<{ step: string; reason: string; identity_md5: string | null }>(
    db,
    sql`select step, reason, identity_md5 from lead_rejections where campaign_id = ${campaignId} order by id`,
  );
  return { leads, rejections };
}

export type LeadFields = Partial<typeof leads.$inferInsert>;

/**
 * A stored lead of a campaign, inserted directly (the report tests need many leads at chosen
 * times and prices; the pipeline has its own tests). Each gets a fresh identity.
 */
export async function insertLead(
  db: Database,
  campaign: { id: number; clientId: number; agencyId: number; systemId: number; module: string },
  fields: LeadFields = {},
) {
  const at = fields.createdAt ?? new Date();
  const [row] = await db
    .insert(leads)
    .values({
      campaignId: campaign.id,
      clientId: campaign.clientId,
      agencyId: campaign.agencyId,
      systemId: campaign.systemId,
      module: campaign.module as 'local',
      identityMd5: randomBytes(16).toString('hex'),
      claimedAt: at,
      source: 'pixel',
      clientPriceMicros: asMicros(500_000),
      wholesaleMicros: asMicros(300_000),
      rootFeeMicros: asMicros(50_000),
      createdAt: at,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('lead not stored');
  return row;
}

/** One stored lead for each campaign whose name is like the pattern (the matrix's campaigns). */
export async function insertLeadPerCampaign(db: Database, namePattern: string) {
  await db.execute(sql`insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5,
      claimed_at, source, first_name, client_price_micros, wholesale_micros, root_fee_micros)
    select k.id, k.client_id, k.agency_id, k.system_id, k.module, md5(k.id::text), now(), 'test',
      'Matrix lead', 500000, 300000, 0
    from campaigns k where k.name like ${namePattern}`);
}
