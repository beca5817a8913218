import { DEFAULT_BRANDING } from '@app/contracts';
import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BRAND_VARS, buildBrandCssVariables, buildBrandTheme } from './brand-theme';
import { contrastRatio, lowestContrast, readableTextOn, shadesFromHex } from './color-math';
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

/** The theme Mantine hands the resolver: its defaults merged with ours. */
const mergedTheme = (b: typeof branding): MantineTheme =>
  mergeMantineTheme(DEFAULT_THEME, buildBrandTheme(b));

describe('buildBrandCssVariables', () => {
  it('exposes the five tenant colours as variables', () => {
    const vars = buildBrandCssVariables(branding)(mergedTheme(branding));
    expect(vars.variables[BRAND_VARS.sidebarBg]).toBe('#ffee00');
    expect(vars.variables[BRAND_VARS.sidebarText]).toBe('#1b1f2a');
    expect(vars.variables[BRAND_VARS.linkColor]).toBe('#aa3300');
    expect(vars.light[BRAND_VARS.templateBg]).toBe('#f5f5f5');
    expect(vars.light[BRAND_VARS.boxBg]).toBe('#fafafa');
    expect(vars.light[BRAND_VARS.textColor]).toBe('#101010');
    expect(vars.dark[BRAND_VARS.templateBg]).toMatch(/^var\(--mantine-color-dark/);
  });

  it('keeps every text colour it sets at AA on the surfaces of its scheme, whatever the palette', () => {
    const washedOut = {
      ...branding,
      template_bgcolor: '#e0e0e0',
      box_bgcolor: '#ffffff',
      text_color: '#aaaaaa',
      link_color: '#ffcc00',
    };
    const theme = mergedTheme(washedOut);
    const vars = buildBrandCssVariables(washedOut)(theme);
    const light = ['#ffffff', '#e0e0e0', theme.colors.gray[0]];
    const dark = [theme.colors.dark[7], theme.colors.dark[8], theme.colors.dark[6]];
    const textVariables = (scheme: Record<string, string>) =>
      Object.entries(scheme).filter(([name]) =>
        /^--mantine-color-(text|anchor|dimmed|error|\w+-(text|light-color|outline))$/.test(name),
      );
    expect(textVariables(vars.light).length).toBeGreaterThan(40);
    for (const [name, colour] of textVariables(vars.light))
      expect(lowestContrast(colour, light), `light ${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
    for (const [name, colour] of textVariables(vars.dark))
      expect(lowestContrast(colour, dark), `dark ${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
    // Mantine's own dimmed grey (#868e96, 3.3:1 on white) and red 6 (#fa5252, 3.3:1) are replaced.
    expect(vars.light['--mantine-color-dimmed']).not.toBe('#868e96');
    expect(vars.light['--mantine-color-red-text']).not.toBe(theme.colors.red[6]);
  });

  it("uses the tenant's own text and link colours where they already reach AA", () => {
    const vars = buildBrandCssVariables(branding)(mergedTheme(branding));
    expect(vars.light['--mantine-color-text']).toBe('#101010');
    expect(vars.light['--mantine-color-anchor']).toBe('#aa3300');
  });

  it('asks Mantine for black or white labels on filled colours by their luminance', () => {
    expect(buildBrandTheme(branding).autoContrast).toBe(true);
  });
});
