import { advancedInformationText, asMicros, type LeadPrices } from '@app/contracts';
import {
  csvText,
  type ExportColumn,
  type ExportItems,
  type ExportRow,
  keysetBatches,
} from '../../lib/exports/index.js';
import { whole } from './driver-numbers.js';
import {
  type CampaignNames,
  type Int8,
  type LeadExportKey,
  type LeadExportRecord,
  type LeadExportRepository,
  leadExportKey,
} from './lead-export-repository.js';
import type { LeadFilter } from './lead-filter-sql.js';
import { phoneHidden, pricesFor } from './lead-report-view.js';
import type { Viewer } from './lead-scope.js';

/*
 * The lead download's columns and cells: what the report shows, one lead a row, the prices the
 * viewer may see. Prices are the wire's dollar strings (a lead price may have a tenth of a cent,
 * which a cents cell cannot hold).
 */

const BASE: ExportColumn[] = [
  { title: 'Date', width: 24 },
  { title: 'Campaign ID', width: 12 },
  { title: 'Campaign', width: 28 },
  { title: 'Client', width: 24 },
  { title: 'First Name', width: 16 },
  { title: 'Last Name', width: 16 },
  { title: 'Email', width: 30 },
  { title: 'Phone', width: 16 },
  { title: 'Address', width: 28 },
  { title: 'City', width: 16 },
  { title: 'State', width: 8 },
  { title: 'Zip', width: 8 },
  { title: 'Company', width: 24 },
  { title: 'Job Title', width: 20 },
  { title: 'Advanced Information', width: 40 },
  { title: 'Page URL', width: 40 },
  { title: 'Keyword', width: 20 },
  { title: 'Source', width: 14 },
  { title: 'Client Price', width: 12 },
];

export function leadExportColumns(viewer: Viewer): ExportColumn[] {
  const columns = [...BASE];
  if (viewer !== 'client') columns.push({ title: 'Wholesale', width: 12 });
  if (viewer === 'root') columns.push({ title: 'Root Fee', width: 12 });
  return columns;
}

/** A campaign as a download repeats it on each of its leads, its two cells' CSV text ready. */
interface CampaignCells extends CampaignNames {
  /** `Campaign ID,Campaign` as CSV. */
  csv: string;
}

/** A client's name, and as a CSV cell. */
interface ClientCells {
  name: string;
  csv: string;
}

/**
 * The campaigns and clients of a download's leads, read once each (a download of one campaign
 * reads one of each; of a whole system, each campaign once) and kept for the download's length.
 */
export function createLeadNames(reader: LeadExportRepository) {
  const campaigns = new Map<number, CampaignCells>();
  const clients = new Map<number, ClientCells>();
  return {
    /** Reads the names of the batch's campaigns and clients not seen yet. */
    async learn(batch: readonly LeadExportRecord[]): Promise<void> {
      const newCampaigns = new Set<number>();
      const newClients = new Set<number>();
      for (const { campaignId, clientId } of batch) {
        if (!campaigns.has(campaignId)) newCampaigns.add(campaignId);
        if (!clients.has(clientId)) newClients.add(clientId);
      }
      const [campaignRows, clientRows] = await Promise.all([
        reader.campaigns([...newCampaigns]),
        reader.companies([...newClients]),
      ]);
      for (const c of campaignRows)
        campaigns.set(c.id, { ...c, csv: `${csvText(c.publicId)},${csvText(c.name)}` });
      for (const c of clientRows) clients.set(c.id, { name: c.name, csv: csvText(c.name) });
    },

    campaign(id: number): CampaignCells {
      const campaign = campaigns.get(id);
      // Leads reference their campaign (a foreign key): a missing one is a fault, not an empty cell.
      if (!campaign) throw new Error(`Campaign ${id} of a downloaded lead was not read`);
      return campaign;
    },

    /** The client's name ('' if the company row is gone: leads.client_id has no foreign key). */
    client(id: number): ClientCells {
      return clients.get(id) ?? { name: '', csv: '' };
    },
  };
}

export type LeadNames = ReturnType<typeof createLeadNames>;

/** Micro-dollars as either driver answers them (a number, or a bigint's text): whole, never a float. */
const micros = (value: Int8) => asMicros(whole(value));

const pricesOf = (r: LeadExportRecord, viewer: Viewer): LeadPrices =>
  pricesFor(
    { clientPrice: micros(r.clientPrice), wholesale: micros(r.wholesale), rootFee: micros(r.rootFee) },
    viewer,
  );

/** The advanced information in one cell ('' without any: most leads, read without parsing JSON). */
const advancedText = (r: LeadExportRecord) =>
  r.advanced === null ? '' : advancedInformationText(JSON.parse(r.advanced) as Record<string, string>);

/** The stored time cut to milliseconds: ISO 8601 in UTC, as `Date.toISOString` writes it. */
const isoTime = (r: LeadExportRecord) => `${r.at.slice(0, 23)}Z`;

/** A lead's cells (the Excel file's row). */
export function leadExportRow(r: LeadExportRecord, names: LeadNames, viewer: Viewer): ExportRow {
  const campaign = names.campaign(r.campaignId);
  const price = pricesOf(r, viewer);
  const row = [
    // A Date: a date cell in Excel, ISO 8601 UTC in CSV.
    new Date(isoTime(r)),
    campaign.publicId,
    campaign.name,
    names.client(r.clientId).name,
    r.firstName,
    r.lastName,
    r.email,
    phoneHidden(campaign, viewer) ? '' : r.phone,
    r.street,
    r.city,
    r.state,
    r.zip,
    r.companyName,
    r.jobTitle,
    advancedText(r),
    r.pageUrl,
    r.keyword,
    r.source,
    price.client_price,
  ];
  if (price.wholesale !== null) row.push(price.wholesale);
  if (price.root_fee !== null) row.push(price.root_fee);
  return row;
}

/**
 * The same row as a CSV record, written in one go: what the CSV writer makes of `leadExportRow`
 * (the tests hold the two together), without a Date, a cell array or a cell-type check per lead.
 * The time and the prices are ours — digits, '.', '-', ':', 'T', 'Z' — and never need quoting.
 */
export function leadCsvRecord(r: LeadExportRecord, names: LeadNames, viewer: Viewer): string {
  const campaign = names.campaign(r.campaignId);
  const price = pricesOf(r, viewer);
  const phone = phoneHidden(campaign, viewer) ? '' : csvText(r.phone);
  let line = `${isoTime(r)},${campaign.csv},${names.client(r.clientId).csv},${csvText(r.firstName)},${csvText(r.lastName)},${csvText(r.email)},${phone},${csvText(r.street)},${csvText(r.city)},${csvText(r.state)},${csvText(r.zip)},${csvText(r.companyName)},${csvText(r.jobTitle)},${r.advanced === null ? '' : csvText(advancedText(r))},${csvText(r.pageUrl)},${csvText(r.keyword)},${csvText(r.source)},${price.client_price}`;
  if (price.wholesale !== null) line += `,${price.wholesale}`;
  if (price.root_fee !== null) line += `,${price.root_fee}`;
  return `${line}\r\n`;
}

/**
 * Leads per database batch. Large enough that a batch's query costs little beside its rows; small
 * enough that a batch (≈ 2.5 MB as the driver builds it, two at a time with the one read ahead) dies
 * in V8's young generation: at 5,000 the batches outlived it, and the API's RSS rose and fell by
 * ~140 MB over a 500,000-lead file; at 2,000 it stays within a few MB (decision 0054).
 */
const DOWNLOAD_BATCH = 2_000;

/**
 * A download's leads, newest first, a database batch at a time (the next read ahead while this one
 * is written), as the viewer may see them.
 */
export function leadExportItems(
  reader: LeadExportRepository,
  filter: LeadFilter,
  viewer: Viewer,
  size = DOWNLOAD_BATCH,
): ExportItems<LeadExportRecord> {
  const names = createLeadNames(reader);
  async function* batches() {
    const read = (after: LeadExportKey | undefined, n: number) => reader.batch(filter, after, n);
    for await (const batch of keysetBatches(read, leadExportKey, { size })) {
      await names.learn(batch);
      yield batch;
    }
  }
  return {
    batches: batches(),
    cells: (r) => leadExportRow(r, names, viewer),
    csvRecord: (r) => leadCsvRecord(r, names, viewer),
  };
}
