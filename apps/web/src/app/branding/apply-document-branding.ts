import type { Branding } from '@app/contracts';

/** The slice of `document` this needs, so it can be exercised without a browser. */
export interface BrandableDocument {
  title: string;
  head: Pick<HTMLElement, 'appendChild'>;
  querySelector(selector: string): Element | null;
  createElement(tag: 'link'): HTMLLinkElement;
}

/**
 * The page title is the tenant's company name and the tab icon its favicon (white label: nothing of the
 * platform's own name shows). `branding` is already validated, and the URL is set as a property, never
 * spliced into markup.
 */
export function applyDocumentBranding(branding: Branding, doc: BrandableDocument = document): void {
  doc.title = branding.company_name;
  if (!branding.favicon_url) return;
  let link = doc.querySelector('link[rel="icon"]') as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = branding.favicon_url;
}
