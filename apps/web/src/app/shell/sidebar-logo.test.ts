import { describe, expect, it } from 'vitest';
import { isItemActive } from './menu-item';
import { sidebarLogo } from './sidebar-logo';

const base = {
  user_type: 'client' as const,
  company_logo: null,
  companyparentlogo: null,
  company_name: 'Client Co',
  companyparentname: 'Agency Co',
  company_display_name: '',
  companyparent_display_name: '',
};

describe('sidebarLogo', () => {
  it('prefers the user company logo', () => {
    expect(sidebarLogo({ ...base, company_logo: '/l/own.png', companyparentlogo: '/l/p.png' }).url).toBe(
      '/l/own.png',
    );
  });
  it('uses the parent logo for a client without one', () => {
    expect(sidebarLogo({ ...base, companyparentlogo: '/l/p.png' })).toEqual({
      url: '/l/p.png',
      name: 'Agency Co',
    });
  });
  it('does not use the parent logo for non-clients', () => {
    expect(sidebarLogo({ ...base, user_type: 'userdownline', companyparentlogo: '/l/p.png' }).url).toBeNull();
  });
  it("shows the branding's Company Display Name of the company whose logo shows", () => {
    const named = {
      ...base,
      company_display_name: 'Client Brand',
      companyparent_display_name: 'Agency Brand',
    };
    expect(sidebarLogo({ ...named, company_logo: '/l/own.png' }).name).toBe('Client Brand');
    expect(sidebarLogo({ ...named, companyparentlogo: '/l/p.png' }).name).toBe('Agency Brand');
    expect(sidebarLogo({ ...named, user_type: 'root' }).name).toBe('Client Brand');
    expect(sidebarLogo({ ...base, company_display_name: '  ' }).name).toBe('Client Co');
  });
  it('ignores unsafe addresses and missing users', () => {
    expect(sidebarLogo({ ...base, company_logo: 'javascript:alert(1)' }).url).toBeNull();
    expect(sidebarLogo(null)).toEqual({ url: null, name: null });
  });
});

describe('isItemActive', () => {
  it('matches the page, pages below it and active children', () => {
    const item = { id: 'a', label: 'A', path: '/configuration/agency-list' };
    expect(isItemActive(item, '/configuration/agency-list/')).toBe(true);
    expect(isItemActive(item, '/configuration/agency-list/5')).toBe(true);
    expect(isItemActive(item, '/configuration/agency-listing')).toBe(false);
    expect(isItemActive({ id: 'p', label: 'P', children: [item] }, '/configuration/agency-list')).toBe(true);
    expect(isItemActive({ id: 'x', label: 'X', path: '/audience' }, '/Audience')).toBe(true);
  });
});
