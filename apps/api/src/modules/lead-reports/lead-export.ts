import type { ExportColumn, ExportRow } from '../../lib/exports/index.js';
import { phoneHidden, pricesFor } from './lead-report-view.js';
import type { LeadRecord } from './lead-row-repository.js';
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

export function leadExportRow(r: LeadRecord, viewer: Viewer): ExportRow {
  const prices = pricesFor(r, viewer);
  const row: ExportRow = [
    r.createdAt,
    r.publicId,
    r.campaignName,
    r.clientName,
    r.firstName,
    r.lastName,
    r.email,
    phoneHidden(r, viewer) ? '' : r.phone,
    r.street,
    r.city,
    r.state,
    r.zip,
    r.company.name ?? '',
    r.company.title ?? '',
    r.pageUrl,
    r.keyword,
    r.source,
    prices.client_price,
  ];
  if (prices.wholesale !== null)
    return [...row, prices.wholesale, ...(prices.root_fee !== null ? [prices.root_fee] : [])];
  return row;
}
