import { z } from 'zod';
import { billingPageQuerySchema } from './billing.js';

/**
 * Invoices (issue 21, decision 0074): a Weekly or Monthly campaign's invoice per period, and its
 * final one when it stops. A client reads the invoices it pays; an agency every invoice of its
 * clients' campaigns and its own (manual bill); the system any. Amounts are dollar strings.
 */

export const INVOICE_STATUSES = ['open', 'paid', 'failed', 'void'] as const;
export const INVOICE_STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  open: 'Open',
  paid: 'Paid',
  failed: 'Payment failed',
  void: 'Void',
};
export const INVOICE_PAGE_SIZE = 10;
export const INVOICE_NOT_FOUND = 'This invoice does not exist for this company.';

export const invoiceListQuerySchema = billingPageQuerySchema;
export const invoicePdfParamsSchema = z.object({
  companyID: z.coerce.number().int(),
  invoiceID: z.coerce.number().int(),
});

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.string(),
  amount: z.string(),
});

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** 'switch': the leads to date when manual bill turned on, billed to the client (decision 0082). */
  kind: z.enum(['period', 'final', 'switch']),
  status: z.enum(INVOICE_STATUSES),
  status_label: z.string(),
  payer: z.enum(['client', 'agency']),
  bill_to: z.string(),
  campaign: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  lead_count: z.number().int(),
  total: z.string(),
  issued_at: z.string(),
  paid_at: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListResponseSchema = z.object({
  result: z.literal('success'),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  invoices: z.array(invoiceSummarySchema),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** The PDF's file name: the invoice number, safe for any file system. */
export const invoiceFileName = (number: string) => `invoice-${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
