import { DEFAULT_BRANDING } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyDocumentBranding, type BrandableDocument } from './apply-document-branding';

function fakeDocument(existingIcon: boolean) {
  const appended: unknown[] = [];
  const icon = { rel: 'icon', href: '' } as HTMLLinkElement;
  const doc: BrandableDocument = {
    title: '',
    head: {
      appendChild: <T extends Node>(node: T) => {
        appended.push(node);
        return node;
      },
    },
    querySelector: () => (existingIcon ? icon : null),
    createElement: () => ({ rel: '', href: '' }) as HTMLLinkElement,
  };
  return { doc, icon, appended };
}

describe('applyDocumentBranding', () => {
  it('sets the title to the company name and updates the existing icon', () => {
    const { doc, icon } = fakeDocument(true);
    applyDocumentBranding({ ...DEFAULT_BRANDING, company_name: 'Acme', favicon_url: '/f.ico' }, doc);
    expect(doc.title).toBe('Acme');
    expect(icon.href).toBe('/f.ico');
  });

  it('adds an icon link when the page has none', () => {
    const { doc, appended } = fakeDocument(false);
    applyDocumentBranding({ ...DEFAULT_BRANDING, company_name: 'Acme', favicon_url: '/f.ico' }, doc);
    expect(appended).toEqual([{ rel: 'icon', href: '/f.ico' }]);
  });

  it('leaves the icon alone when the tenant has none', () => {
    const { doc, icon } = fakeDocument(true);
    applyDocumentBranding({ ...DEFAULT_BRANDING, company_name: 'Acme' }, doc);
    expect(icon.href).toBe('');
  });
});
