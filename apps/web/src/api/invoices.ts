import { type InvoiceListResponse, type InvoiceSummary, invoiceListResponseSchema } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export type { InvoiceListResponse, InvoiceSummary };

/**
 * Invoices (decision 0074): a company's Weekly and Monthly invoices, 10 a page, and one as PDF. A
 * client reads the invoices it pays, its agency's staff all of the agency's, system staff any; the
 * server answers 404 to anyone else.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  company: (companyId: number) => [...invoiceKeys.all, 'company', companyId] as const,
  list: (companyId: number, page: number) => [...invoiceKeys.company(companyId), page] as const,
};

export const invoiceListPath = (companyId: number) => `/billing/invoices/company/${companyId}`;
export const invoicePdfPath = (companyId: number, invoiceId: number) =>
  `/billing/invoice-pdf/company/${companyId}/${invoiceId}`;

/** `GET /billing/invoices/company/{companyID}?page=`: one page of the company's invoices, newest first. */
export function useCompanyInvoices(companyId: number, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: invoiceKeys.list(companyId, page),
    queryFn: ({ signal }) =>
      http.request({ path: invoiceListPath(companyId), query: { page }, signal }, invoiceListResponseSchema),
    placeholderData: keepPreviousData,
  });
}

/** `GET /billing/invoice-pdf/company/{companyID}/{invoiceID}`: the PDF's bytes, with the session's token. */
export const fetchInvoicePdf = (http: HttpClient, companyId: number, invoiceId: number) =>
  http.requestFile({ path: invoicePdfPath(companyId, invoiceId) });
