import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

export interface AgreementPdfInput {
  title: string;
  /** The accepted text as it was shown (sanitised HTML with the party name filled in). */
  html: string;
  version: number;
  contentSha256: string;
  record: {
    acceptanceId: number;
    userName: string;
    userEmail: string;
    acceptedByName: string | null;
    companyName: string;
    acceptedAt: Date;
    ip: string;
  };
}

const PAGE = { width: 612, height: 792, margin: 56 } as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The document's HTML as paragraphs of plain text. The stored HTML is sanitised and simple (headings,
 * paragraphs, lists, emphasis), so block tags become line breaks, list items get a bullet and every
 * other tag is dropped.
 */
export function htmlToParagraphs(html: string): { text: string; heading: boolean }[] {
  const marked = html
    .replace(/<h[1-6][^>]*>/gi, '\n\u0001')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|li|ul|ol|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
      return ENTITIES[code.toLowerCase()] ?? whole;
    });
  return marked
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '\u0001')
    .map((line) =>
      line.startsWith('\u0001')
        ? { text: line.slice(1).trim(), heading: true }
        : { text: line, heading: false },
    );
}

/** The standard fonts speak WinAnsi only: typographic characters are mapped, anything else is '?'. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00b7/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The PDF of one accepted agreement: the exact accepted text, then the acceptance record (who, for
 * which company, when, from where, which version and its SHA-256). Made in process with pdf-lib.
 */
export async function renderAgreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(input.title));
  pdf.setSubject(`Accepted agreement #${input.record.acceptanceId}, version ${input.version}`);
  pdf.setKeywords([`sha256:${input.contentSha256}`]);
  pdf.setCreationDate(input.record.acceptedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, options: { size?: number; font?: PDFFont; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    for (const line of wrap(winAnsi(text), font, size, width)) {
      if (y < PAGE.margin + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.4;
    }
    y -= options.gap ?? 4;
  };

  write(input.title, { size: 18, font: bold, gap: 6 });
  write(`Version ${input.version}`, { size: 9, gap: 12 });
  for (const paragraph of htmlToParagraphs(input.html))
    write(paragraph.text, paragraph.heading ? { size: 12, font: bold, gap: 6 } : {});

  y -= 12;
  const r = input.record;
  write('Acceptance record', { size: 13, font: bold, gap: 6 });
  write(`Accepted by: ${r.userName} <${r.userEmail}>`);
  if (r.acceptedByName) write(`Clicked by: ${r.acceptedByName}, acting for the user`);
  write(`Company: ${r.companyName}`);
  write(`Accepted at: ${r.acceptedAt.toISOString()}`);
  write(`IP address: ${r.ip}`);
  write(`Document: ${input.title}, version ${input.version}`);
  write(`Text SHA-256: ${input.contentSha256}`);
  write(`Record number: ${r.acceptanceId}`);
  return pdf.save();
}
