import type { Cents, Micros } from '@app/contracts';
import { asMicros, formatUsdCents, formatUsdMicros } from '@app/contracts';
// pdfmake 0.3 on Node: the package's main module (CommonJS) exports one pdfmake instance, so only the
// default import works from ESM (its methods sit on the prototype, so Node sees no named exports).
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * An invoice as a PDF, laid out by pdfmake (tables, wrapping, page breaks) on the standard 14 PDF
 * fonts (Helvetica), so no font file is read or embedded. Every string of an `InvoiceDocument` is
 * data: pdfmake has no markup, and the text is cleaned to what Helvetica's WinAnsi encoding can
 * print. The same input gives the same bytes: the PDF's dates (and so its file ID) come from
 * `issuedOn`, never from the clock.
 */

export interface InvoiceLineDocument {
  description: string;
  quantity: number;
  /** per unit, micro-dollars (sub-cent prices exist) */
  unitPrice: Micros;
  amount: Cents;
}

export interface InvoiceDocument {
  number: string; // 'INV-3-000042'
  issuedOn: string; // YYYY-MM-DD
  period: { from: string; to: string } | null; // YYYY-MM-DD, 'to' inclusive as printed
  status: 'paid' | 'open' | 'failed' | 'void';
  seller: { name: string; email: string | null }; // who bills: the agency (client invoices) or the platform's system (agency invoices)
  billTo: { name: string; email: string | null };
  subject: string; // e.g. 'Campaign #12345678 Spring promo — Weekly'
  lines: readonly InvoiceLineDocument[];
  total: Cents;
  paid: { on: string; reference: string } | null; // the charge id and date when paid
  notes: readonly string[]; // short sentences printed under the table
}

export interface RenderInvoicePdfOptions {
  /** Deflate the page streams (default true). Off only to read the text back in tests. */
  compress?: boolean;
}

/** At most this many lines in one invoice: more is a RangeError, so one call stays bounded. */
export const INVOICE_MAX_LINES = 500;
/** At most this many notes, each at most `INVOICE_MAX_TEXT` characters. */
export const INVOICE_MAX_NOTES = 20;
/** At most this many characters in any one text (a description, a name, a note). */
export const INVOICE_MAX_TEXT = 1_000;

const STATUS_LABEL: Record<InvoiceDocument['status'], string> = {
  paid: 'PAID',
  open: 'OPEN',
  failed: 'PAYMENT FAILED',
  void: 'VOID',
};
const STATUS_COLOR: Record<InvoiceDocument['status'], string> = {
  paid: '#1a7f37',
  open: '#1f4e99',
  failed: '#b42318',
  void: '#666666',
};

/** US Letter with 48pt side margins: 516pt of content width. */
const PAGE_MARGIN_X = 48;
const CONTENT_WIDTH = 612 - 2 * PAGE_MARGIN_X;
/**
 * Fixed column widths (an 'auto' or '*' column would grow to the longest unbreakable word and push
 * the amounts off the page; with fixed widths pdfmake splits such a word across lines). The
 * 'lightHorizontalLines' layout pads 8pt between columns and nothing at the outer edges.
 */
const QTY_WIDTH = 48;
const UNIT_PRICE_WIDTH = 64;
const AMOUNT_WIDTH = 80;
const TABLE_PADDING = 3 * 2 * 8;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - TABLE_PADDING - QTY_WIDTH - UNIT_PRICE_WIDTH - AMOUNT_WIDTH;

const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
} as const;
const STANDARD_FONT_NAMES: ReadonlySet<string> = new Set(Object.values(HELVETICA));

/** Code points above 255 that WinAnsi (the standard fonts' encoding) has a glyph for (as pdfkit maps them). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/**
 * A caller's text made printable in Helvetica: NFC, control characters (line breaks included) as
 * spaces, anything WinAnsi cannot show as '?'. pdfkit writes a standard font's text as hex codes and
 * would otherwise print garbage for such characters.
 */
function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(code)) out += ch;
    else out += '?';
  }
  return out;
}

function checkText(text: string, what: string): string {
  if (typeof text !== 'string') throw new TypeError(`${what} must be a string`);
  if (text.length > INVOICE_MAX_TEXT)
    throw new RangeError(`${what} is longer than ${INVOICE_MAX_TEXT} characters`);
  return printable(text);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A YYYY-MM-DD date that exists, as midnight UTC. */
function parseIsoDate(text: string, what: string): Date {
  const match = ISO_DATE.exec(text);
  const date = match ? new Date(`${text}T00:00:00.000Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw new RangeError(`${what} is not a YYYY-MM-DD date: ${text}`);
  return date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03-05' → 'Mar 5, 2026' (fixed English, no locale data involved). */
function formatDate(text: string, what: string): string {
  const date = parseIsoDate(text, what);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Micro-dollars per 1/10,000 dollar: unit prices print with at most 4 decimals. */
const MICROS_PER_TEN_THOUSANDTH = 100;
/** A unit price as US dollars: '$0.50', '$0.125', '$0.0125'; finer than 4 decimals is rounded half up. */
export function formatUnitPrice(micros: Micros): string {
  const sign = micros < 0 ? -1 : 1;
  const rounded = sign * Math.round(Math.abs(micros) / MICROS_PER_TEN_THOUSANDTH) * MICROS_PER_TEN_THOUSANDTH;
  return formatUsdMicros(asMicros(rounded === 0 ? 0 : rounded));
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
function formatQuantity(quantity: number): string {
  if (!Number.isFinite(quantity)) throw new RangeError(`Not a quantity: ${quantity}`);
  return quantityFormat.format(quantity);
}

function checkAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a whole amount: ${value}`);
}

function partyBlock(label: string, party: { name: string; email: string | null }, who: string): Content {
  const stack: Content[] = [
    { text: label, style: 'label' },
    { text: checkText(party.name, `${who} name`), bold: true },
  ];
  if (party.email) stack.push({ text: checkText(party.email, `${who} email`), color: '#444444' });
  return { stack };
}

function buildDefinition(doc: InvoiceDocument, compress: boolean): TDocumentDefinitions {
  if (doc.lines.length > INVOICE_MAX_LINES)
    throw new RangeError(`An invoice has at most ${INVOICE_MAX_LINES} lines, not ${doc.lines.length}`);
  if (doc.notes.length > INVOICE_MAX_NOTES)
    throw new RangeError(`An invoice has at most ${INVOICE_MAX_NOTES} notes, not ${doc.notes.length}`);
  const status = doc.status;
  if (!(status in STATUS_LABEL)) throw new RangeError(`Unknown invoice status: ${String(status)}`);
  checkAmount(doc.total, 'The total');

  const number = checkText(doc.number, 'The invoice number');
  const issuedOnDate = parseIsoDate(doc.issuedOn, 'issuedOn');
  const sellerName = checkText(doc.seller.name, 'The seller name');

  const dateRows: TableCell[][] = [
    [
      { text: 'Issued', color: '#666666' },
      { text: formatDate(doc.issuedOn, 'issuedOn'), noWrap: true },
    ],
  ];
  if (doc.period)
    dateRows.push([
      { text: 'Period', color: '#666666' },
      {
        text: `${formatDate(doc.period.from, 'period.from')} – ${formatDate(doc.period.to, 'period.to')}`,
        noWrap: true,
      },
    ]);
  dateRows.push([
    { text: 'Status', color: '#666666' },
    { text: STATUS_LABEL[status], bold: true, color: STATUS_COLOR[status], noWrap: true },
  ]);

  const header: TableCell[] = [
    { text: 'Description', style: 'tableHeader' },
    { text: 'Qty', style: 'tableHeader', alignment: 'right' },
    { text: 'Unit price', style: 'tableHeader', alignment: 'right' },
    { text: 'Amount', style: 'tableHeader', alignment: 'right' },
  ];
  const body: TableCell[][] = [header];
  doc.lines.forEach((line, index) => {
    checkAmount(line.unitPrice, `Line ${index + 1} unit price`);
    checkAmount(line.amount, `Line ${index + 1} amount`);
    body.push([
      { text: checkText(line.description, `Line ${index + 1} description`) },
      { text: formatQuantity(line.quantity), alignment: 'right' },
      { text: formatUnitPrice(line.unitPrice), alignment: 'right' },
      { text: formatUsdCents(line.amount), alignment: 'right' },
    ]);
  });
  if (doc.lines.length === 0)
    body.push([{ text: 'No charges.', italics: true, colSpan: 4, color: '#666666' }, '', '', '']);
  body.push([
    { text: 'Total', bold: true, colSpan: 3, alignment: 'right' },
    '',
    '',
    { text: formatUsdCents(doc.total), bold: true, alignment: 'right' },
  ]);

  const statusLines: Content[] = [
    { text: STATUS_LABEL[status], fontSize: 14, bold: true, color: STATUS_COLOR[status] },
  ];
  if (doc.paid) {
    statusLines.push({
      text: [
        'Paid on ',
        formatDate(doc.paid.on, 'paid.on'),
        ' · Reference ',
        checkText(doc.paid.reference, 'The payment reference'),
      ],
      color: '#444444',
    });
  }

  const content: Content[] = [
    {
      columns: [
        partyBlock('From', doc.seller, 'The seller'),
        {
          width: 'auto',
          stack: [
            { text: 'INVOICE', fontSize: 22, bold: true, alignment: 'right', characterSpacing: 1 },
            { text: number, alignment: 'right', margin: [0, 2, 0, 0] },
          ],
        },
      ],
      columnGap: 24,
    },
    {
      margin: [0, 18, 0, 0],
      columns: [
        partyBlock('Bill to', doc.billTo, 'The bill-to'),
        {
          width: 'auto',
          table: { widths: ['auto', 'auto'], body: dateRows },
          layout: 'noBorders',
        },
      ],
      columnGap: 24,
    },
    { text: checkText(doc.subject, 'The subject'), bold: true, margin: [0, 18, 0, 8] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [DESCRIPTION_WIDTH, QTY_WIDTH, UNIT_PRICE_WIDTH, AMOUNT_WIDTH],
        body,
      },
      layout: 'lightHorizontalLines',
    },
    { stack: statusLines, margin: [0, 16, 0, 0] },
  ];
  if (doc.notes.length > 0) {
    content.push({
      stack: doc.notes.map((note, index) => ({
        text: checkText(note, `Note ${index + 1}`),
        margin: [0, 0, 0, 3],
      })),
      style: 'notes',
      margin: [0, 16, 0, 0],
    });
  }

  return {
    pageSize: 'LETTER',
    pageMargins: [PAGE_MARGIN_X, 48, PAGE_MARGIN_X, 56],
    compress,
    info: {
      title: `Invoice ${number}`,
      author: sellerName,
      subject: checkText(doc.subject, 'The subject'),
      creator: 'pdfmake',
      producer: 'pdfmake',
      creationDate: issuedOnDate,
      modDate: issuedOnDate,
    },
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: `${sellerName} · Invoice ${number}` },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 'auto' },
      ],
      margin: [PAGE_MARGIN_X, 20, PAGE_MARGIN_X, 0],
      fontSize: 8,
      color: '#666666',
    }),
    content,
    defaultStyle: { font: 'Helvetica', fontSize: 10, lineHeight: 1.15 },
    styles: {
      label: { fontSize: 8, bold: true, color: '#666666', characterSpacing: 0.5 },
      tableHeader: { bold: true, fontSize: 9, color: '#333333' },
      notes: { fontSize: 9, color: '#444444' },
    },
  };
}

/**
 * Renders an invoice as a PDF. Throws a RangeError for more than `INVOICE_MAX_LINES` lines (or notes
 * past `INVOICE_MAX_NOTES`, a text past `INVOICE_MAX_TEXT`, an invalid date or amount) before any
 * layout work. Deterministic: the same document gives the same bytes.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  options: RenderInvoicePdfOptions = {},
): Promise<Buffer> {
  const definition = buildDefinition(doc, options.compress ?? true);
  // pdfmake keeps fonts and resource policies on its one shared instance and reads them
  // synchronously in createPdf, so setting them right before the call is safe for concurrent renders.
  // Only the standard font names may be "opened" (pdfkit knows them, nothing is read from disk) and
  // no URL may be fetched: an invoice has no images or remote resources.
  pdfmake.setFonts({ Helvetica: { ...HELVETICA } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.has(path));
  return pdfmake.createPdf(definition).getBuffer();
}
