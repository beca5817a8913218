import { type Branding, DEFAULT_BRANDING } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { shownBranding } from './view-mode-branding';

const host: Branding = { ...DEFAULT_BRANDING, company_name: 'LeadOrbit' };
const agencyLook = {
  sidebar_bgcolor: '#0b3d2e',
  template_bgcolor: '#f1f8f5',
  box_bgcolor: '#ffffff',
  text_color: '#10231c',
  link_color: '#12805c',
  font_theme: 'Lato',
};

describe('shownBranding', () => {
  it("paints view mode in the viewed company's colours and font", () => {
    const shown = shownBranding(host, { ...agencyLook, isViewMode: true });
    expect(shown).toMatchObject({ ...agencyLook, company_name: 'LeadOrbit' });
  });

  it("keeps the host's look outside view mode and without a user", () => {
    expect(shownBranding(host, { ...agencyLook, isViewMode: false })).toBe(host);
    expect(shownBranding(host, null)).toBe(host);
  });

  it("keeps the host's look when the session's colours fail the contract", () => {
    expect(shownBranding(host, { ...agencyLook, sidebar_bgcolor: 'red; x: y', isViewMode: true })).toBe(host);
  });
});
