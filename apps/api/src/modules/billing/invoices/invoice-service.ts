import {
  centsToDollars,
  DEFAULT_CAMPAIGN_TIME_ZONE,
  INVOICE_NOT_FOUND,
  INVOICE_PAGE_SIZE,
  INVOICE_STATUS_LABELS,
  type InvoiceListResponse,
  type InvoiceSummary,
  invoiceFileName,
  localDate,
  microsToDollars,
} from '@app/contracts';
import { mayReadBilling } from '@app/policy';
import { notFound } from '../../../http-errors.js';
import type { CampaignPayers } from '../../campaigns/index.js';
import type { Principal } from '../../tenancy/index.js';
import type { BillingRepository } from '../history/billing-repository.js';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf.js';
import type { InvoiceLineRow, InvoiceRepository, InvoiceRow } from './invoice-repository.js';

/** A day as the campaign lives it: windows run between its local midnights (decision 0074). */
const day = (at: Date, timeZone: string) => localDate(at, timeZone);
/** The last day a window covers: its end is exclusive (a midnight, or the instant a campaign stopped). */
const lastDay = (end: Date, timeZone: string) => localDate(new Date(end.getTime() - 1), timeZone);

/**
 * Reading invoices (decision 0074): a company's list and one invoice as PDF. Who may read whose is
 * the policy's `mayReadBilling` on the company the route names (its scope already checked); a client
 * reads the invoices it pays, never an agency's manual-bill invoice priced at wholesale.
 */
export function createInvoiceService(deps: {
  repo: InvoiceRepository;
  companies: Pick<BillingRepository, 'company'>;
  labels: Pick<CampaignPayers, 'labels'>;
}) {
  const { repo } = deps;

  /** Which invoices of the company the reader sees; 'none' for the system's root company (none yet). */
  async function sideOf(p: Principal, companyId: number): Promise<'client' | 'agency' | 'none'> {
    const company = await deps.companies.company(p.systemId, companyId);
    if (!company || !mayReadBilling(p, { type: 'company', ...company })) throw notFound();
    return company.kind === 'client' || company.kind === 'agency' ? company.kind : 'none';
  }

  const readable = (side: 'client' | 'agency' | 'none', invoice: InvoiceRow, companyId: number) =>
    side === 'client'
      ? invoice.clientId === companyId && invoice.payer === 'client'
      : side === 'agency' && invoice.agencyId === companyId;

  async function summaries(rows: readonly InvoiceRow[]): Promise<InvoiceSummary[]> {
    const labels = await deps.labels.labels([...new Set(rows.map((r) => r.campaignId))]);
    const zones = await repo.zonesOf([...new Set(rows.map((r) => r.scheduleId))]);
    const zoneOf = (r: InvoiceRow) => zones.get(r.scheduleId) ?? DEFAULT_CAMPAIGN_TIME_ZONE;
    const parties = await repo.parties([
      ...new Set(rows.map((r) => (r.payer === 'client' ? r.clientId : r.agencyId))),
    ]);
    const lines = await repo.linesOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      status: r.status,
      status_label: INVOICE_STATUS_LABELS[r.status],
      payer: r.payer,
      bill_to: parties.get(r.payer === 'client' ? r.clientId : r.agencyId)?.name ?? '',
      campaign: labels.get(r.campaignId) ?? '',
      period_start: day(r.periodStart, zoneOf(r)),
      period_end: lastDay(r.periodEnd, zoneOf(r)),
      lead_count: r.leadCount,
      total: centsToDollars(r.total),
      issued_at: r.issuedAt.toISOString(),
      paid_at: r.paidAt?.toISOString() ?? null,
      lines: (lines.get(r.id) ?? []).map((l: InvoiceLineRow) => ({
        description: l.description,
        quantity: l.quantity,
        unit_price: microsToDollars(l.unitPriceMicros),
        amount: centsToDollars(l.amount),
      })),
    }));
  }

  /** The invoice as its PDF (the route's download and the payer's e-mail attach the same bytes). */
  async function pdfOf(invoice: InvoiceRow): Promise<{ body: Buffer; fileName: string; seller: string }> {
    const [summary] = await summaries([invoice]);
    const sellerId = invoice.payer === 'client' ? invoice.agencyId : await repo.rootOf(invoice.systemId);
    const billToId = invoice.payer === 'client' ? invoice.clientId : invoice.agencyId;
    const parties = await repo.parties([billToId, ...(sellerId === null ? [] : [sellerId])]);
    const lines = (await repo.linesOf([invoice.id])).get(invoice.id) ?? [];
    const zone =
      (await repo.zonesOf([invoice.scheduleId])).get(invoice.scheduleId) ?? DEFAULT_CAMPAIGN_TIME_ZONE;
    const seller = (sellerId === null ? null : parties.get(sellerId)) ?? { name: 'Billing', email: null };
    const doc: InvoiceDocument = {
      number: invoice.number,
      issuedOn: day(invoice.issuedAt, zone),
      period: { from: day(invoice.periodStart, zone), to: lastDay(invoice.periodEnd, zone) },
      status: invoice.status,
      seller,
      billTo: parties.get(billToId) ?? { name: summary?.bill_to ?? '', email: null },
      subject: summary?.campaign ?? '',
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPriceMicros,
        amount: l.amount,
      })),
      total: invoice.total,
      paid: invoice.paidAt
        ? { on: day(invoice.paidAt, zone), reference: invoice.chargeId ?? 'nothing to charge' }
        : null,
      notes:
        invoice.kind === 'final'
          ? ['Final invoice: the leads delivered since the last period, up to the campaign’s stop.']
          : invoice.payer === 'agency'
            ? [
                'Manual bill: the agency pays the platform its wholesale; the client is billed outside the platform.',
              ]
            : [],
    };
    return {
      body: await renderInvoicePdf(doc),
      fileName: invoiceFileName(invoice.number),
      seller: seller.name,
    };
  }

  return {
    async list(p: Principal, companyId: number, page = 1): Promise<InvoiceListResponse> {
      const side = await sideOf(p, companyId);
      if (side === 'none')
        return { result: 'success', total: 0, page, per_page: INVOICE_PAGE_SIZE, invoices: [] };
      const rows = await repo.ofCompany(companyId, side, INVOICE_PAGE_SIZE, (page - 1) * INVOICE_PAGE_SIZE);
      return {
        result: 'success',
        total: await repo.countOfCompany(companyId, side),
        page,
        per_page: INVOICE_PAGE_SIZE,
        invoices: await summaries(rows),
      };
    },

    async pdf(p: Principal, companyId: number, invoiceId: number) {
      const side = await sideOf(p, companyId);
      const invoice = await repo.byId(invoiceId);
      if (!invoice || invoice.systemId !== p.systemId || !readable(side, invoice, companyId))
        throw notFound(INVOICE_NOT_FOUND);
      return pdfOf(invoice);
    },

    pdfOf,
    /** What a list shows of these invoices (the e-mail to the payer says the same). */
    summaries,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
