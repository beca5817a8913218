import { DEFAULT_BRANDING } from '@app/contracts';
import type { MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BRAND_VARS, buildBrandCssVariables, buildBrandTheme } from './brand-theme';
import { contrastRatio, readableTextOn, shadesFromHex } from './color-math';
import { FONT_STACKS } from './font-stacks';

const branding = {
  ...DEFAULT_BRANDING,
  company_name: 'Acme',
  sidebar_bgcolor: '#ffee00',
  template_bgcolor: '#f5f5f5',
  box_bgcolor: '#fafafa',
  text_color: '#101010',
  link_color: '#aa3300',
  font_theme: 'Montserrat' as const,
};

describe('shadesFromHex', () => {
  it('gives ten valid shades, light to dark, with the tenant colour as shade 6', () => {
    const shades = shadesFromHex('#aa3300');
    expect(shades).toHaveLength(10);
    for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(shades[6]).toBe('#aa3300');
    expect(contrastRatio(shades[0], '#ffffff')).toBeLessThan(contrastRatio(shades[9], '#ffffff'));
  });
});

describe('readableTextOn', () => {
  it('picks dark text on light backgrounds and white on dark ones', () => {
    expect(readableTextOn('#ffee00')).toBe('#1b1f2a');
    expect(readableTextOn('#1f2a44')).toBe('#ffffff');
  });
});

describe('buildBrandTheme', () => {
  it('maps the link colour to the primary colour and the font to a local stack', () => {
    const theme = buildBrandTheme(branding);
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[6]).toBe('#aa3300');
    expect(theme.fontFamily).toBe(FONT_STACKS.Montserrat);
    expect(theme.fontFamily).not.toMatch(/url\(|https?:/);
    expect(theme.headings?.fontFamily).toBe(FONT_STACKS.Montserrat);
  });

  it('has a stack for every allowed font', () => {
    for (const stack of Object.values(FONT_STACKS)) expect(stack).toMatch(/sans-serif$/);
  });
});

describe('buildBrandCssVariables', () => {
  it('exposes the five tenant colours as variables', () => {
    const vars = buildBrandCssVariables(branding)({} as MantineTheme);
    expect(vars.variables[BRAND_VARS.sidebarBg]).toBe('#ffee00');
    expect(vars.variables[BRAND_VARS.sidebarText]).toBe('#1b1f2a');
    expect(vars.variables[BRAND_VARS.linkColor]).toBe('#aa3300');
    expect(vars.light[BRAND_VARS.templateBg]).toBe('#f5f5f5');
    expect(vars.light[BRAND_VARS.boxBg]).toBe('#fafafa');
    expect(vars.light[BRAND_VARS.textColor]).toBe('#101010');
    expect(vars.dark[BRAND_VARS.templateBg]).toMatch(/^var\(--mantine-color-dark/);
  });
});
