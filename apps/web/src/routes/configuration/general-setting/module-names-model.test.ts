import { MODULE_SLUG_INVALID, MODULE_SLUG_TAKEN } from '@app/contracts';
import { matchRoute, sidebarMenu } from '@app/policy';
import { makeDomain, makeSetup, makeUser } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  type ModuleNameRow,
  normaliseSlugInput,
  toModuleNamesValue,
  validateModuleNames,
  withModuleNames,
} from './module-names-model';

const row = (type: ModuleNameRow['type'], name: string, url: string): ModuleNameRow => ({
  type,
  name,
  url,
  default_name: name,
  default_url: url,
});

describe('module names and slugs', () => {
  it('accepts sensible names and slugs', () => {
    expect(
      validateModuleNames([row('local', 'Visitors', 'visitors'), row('locator', 'Search ID', 'searchid')]),
    ).toEqual({});
  });

  it('uses the contracts texts for blank and malformed values', () => {
    const errors = validateModuleNames([row('local', ' ', 'Bad Slug'), row('locator', 'x'.repeat(51), '')]);
    expect(errors.local).toEqual({ name: 'Module name is required.', url: MODULE_SLUG_INVALID });
    expect(errors.locator).toEqual({
      name: 'Module name must not exceed 50 characters.',
      url: 'URL is required.',
    });
  });

  it('refuses a slug used by another module, on the later one', () => {
    const errors = validateModuleNames([row('local', 'A', 'leads'), row('locator', 'B', 'leads')]);
    expect(errors.local).toBeUndefined();
    expect(errors.locator).toEqual({ url: MODULE_SLUG_TAKEN });
  });

  it('normalises typed slugs', () => {
    expect(normaliseSlugInput('/My Leads')).toBe('my-leads');
  });

  it('sends trimmed names and lowercase slugs per module', () => {
    expect(toModuleNamesValue([row('enhance', ' Boost ', 'Boost')])).toEqual({
      enhance: { name: 'Boost', url: 'boost' },
    });
  });
});

describe('after saving, the shell follows the new names', () => {
  it('the sidebar shows the new name and links to the new slug', () => {
    const user = withModuleNames(makeUser(), [row('local', 'Visitor ID', 'visitors')]);
    const sidebar = sidebarMenu({ user, setup: makeSetup(), domain: makeDomain() });
    const local = sidebar.find((item) => item.id === 'module.local');
    expect(local?.label).toBe('Visitor ID');
    expect(local?.children?.map((c) => c.path)).toEqual([
      '/visitors/dashboard',
      '/visitors/campaign-management',
    ]);
    expect(sidebar.some((item) => item.label === 'Site ID')).toBe(false);
  });

  it('the module pages answer on the new slug and no longer on the old one', () => {
    const user = withModuleNames(makeUser(), [row('local', 'Visitor ID', 'visitors')]);
    expect(matchRoute('/visitors/dashboard', user, makeDomain())?.route.id).toBe('module.local.dashboard');
    expect(matchRoute('/siteid/dashboard', user, makeDomain())).toBeNull();
  });

  it('leaves modules that were not saved alone', () => {
    const user = withModuleNames(makeUser(), [row('local', 'Visitor ID', 'visitors')]);
    expect(user.modules.find((m) => m.type === 'locator')).toMatchObject({
      name: 'Search ID',
      url: 'searchid',
    });
  });
});
