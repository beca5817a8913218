import { DEFAULT_BRANDING } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_NAME, resolveBranding, safeImageUrl } from './resolve-branding';

const valid = {
  company_name: 'Acme Leads',
  logo_url: 'https://cdn.example.com/logo.png',
  favicon_url: '/uploads/favicon.ico',
  sidebar_bgcolor: '#112233',
  template_bgcolor: '#F0F0F0',
  box_bgcolor: '#ffffff',
  text_color: '#222222',
  link_color: '#0055AA',
  font_theme: 'Lato',
};

describe('resolveBranding', () => {
  it('keeps a valid record and lowercases colours', () => {
    const branding = resolveBranding(valid);
    expect(branding.company_name).toBe('Acme Leads');
    expect(branding.template_bgcolor).toBe('#f0f0f0');
    expect(branding.link_color).toBe('#0055aa');
    expect(branding.font_theme).toBe('Lato');
    expect(branding.favicon_url).toBe('/uploads/favicon.ico');
  });

  it('falls back to the default palette when a colour is raw CSS', () => {
    const branding = resolveBranding({ ...valid, sidebar_bgcolor: 'red; background: url(https://evil)' });
    expect(branding).toEqual({ ...DEFAULT_BRANDING, company_name: 'Acme Leads' });
  });

  it('falls back when the font is not in FONT_THEMES', () => {
    const branding = resolveBranding({ ...valid, font_theme: 'Comic Sans; } body { display:none' });
    expect(branding.font_theme).toBe(DEFAULT_BRANDING.font_theme);
    expect(branding.sidebar_bgcolor).toBe(DEFAULT_BRANDING.sidebar_bgcolor);
  });

  it('uses the placeholder name for missing or blank data', () => {
    expect(resolveBranding(undefined).company_name).toBe(DEFAULT_COMPANY_NAME);
    expect(resolveBranding({ ...valid, company_name: '   ' }).company_name).toBe(DEFAULT_COMPANY_NAME);
    expect(resolveBranding(null, 'Root Co').company_name).toBe('Root Co');
  });

  it('drops unsafe image addresses but keeps the rest', () => {
    const branding = resolveBranding({
      ...valid,
      logo_url: 'javascript:alert(1)',
      favicon_url: '//evil.test/x.ico',
    });
    expect(branding.logo_url).toBeNull();
    expect(branding.favicon_url).toBeNull();
    expect(branding.sidebar_bgcolor).toBe('#112233');
  });
});

describe('safeImageUrl', () => {
  it.each([
    ['https://a.test/logo.png', 'https://a.test/logo.png'],
    ['http://a.test/logo.png', 'http://a.test/logo.png'],
    ['/files/logo.png', '/files/logo.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['data:image/svg+xml,<svg onload=alert(1)>', null],
    ['javascript:alert(1)', null],
    ['//evil.test/logo.png', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected);
  });
});
