import { DEFAULT_BRANDING } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast } from './color-math';
import { formatRatio, paletteContrastIssues, readablePalette } from './palette-contrast';

const palette = {
  sidebar_bgcolor: DEFAULT_BRANDING.sidebar_bgcolor,
  template_bgcolor: DEFAULT_BRANDING.template_bgcolor,
  box_bgcolor: DEFAULT_BRANDING.box_bgcolor,
  text_color: DEFAULT_BRANDING.text_color,
  link_color: DEFAULT_BRANDING.link_color,
};

describe('paletteContrastIssues', () => {
  it('finds nothing in the default palette', () => {
    expect(paletteContrastIssues(palette)).toEqual([]);
  });

  it('does not warn about the default link on the page background, which the theme nudges (4.3:1 → 4.5:1)', () => {
    expect(readablePalette(palette).link).not.toBe(palette.link_color);
    expect(contrastRatio(readablePalette(palette).link, palette.template_bgcolor)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('names each pair below 4.5:1 with its ratio', () => {
    const issues = paletteContrastIssues({
      ...palette,
      template_bgcolor: '#d0d0d0',
      text_color: '#777777',
      link_color: '#ffcc00',
    });
    expect(issues.map((issue) => issue.pair)).toEqual([
      'Text Colour on Box Background',
      'Text Colour on Page Background',
      'Link Colour on Box Background',
    ]);
    expect(issues[0]?.ratio).toBeCloseTo(contrastRatio('#777777', '#ffffff'), 5);
    for (const issue of issues) expect(issue.minimum).toBe(4.5);
  });

  it('passes a pair at exactly 4.5:1 and flags one just under it', () => {
    // #767676 on white is 4.54:1, #777777 is 4.48:1.
    expect(paletteContrastIssues({ ...palette, template_bgcolor: '#ffffff', text_color: '#767676' })).toEqual(
      [],
    );
    expect(
      paletteContrastIssues({ ...palette, template_bgcolor: '#ffffff', text_color: '#777777' }),
    ).toHaveLength(2);
  });
});

describe('formatRatio', () => {
  it('rounds down so a failing ratio never reads as passing', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that already reaches the minimum', () => {
    expect(ensureContrast('#1B1F2A', ['#ffffff'])).toBe('#1b1f2a');
  });

  it('darkens on light backgrounds and lightens on dark ones until every background reaches 4.5:1', () => {
    const onLight = ensureContrast('#ffcc00', ['#ffffff', '#eeeeee']);
    expect(
      Math.min(contrastRatio(onLight, '#ffffff'), contrastRatio(onLight, '#eeeeee')),
    ).toBeGreaterThanOrEqual(4.5);
    const onDark = ensureContrast('#333399', ['#242424']);
    expect(contrastRatio(onDark, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onDark, '#ffffff')).toBeLessThan(contrastRatio('#333399', '#ffffff'));
  });
});

describe('readablePalette', () => {
  it('adjusts only the colours that fall short, and gives sidebar text AA on mid-tone sidebars', () => {
    const readable = readablePalette({
      ...palette,
      text_color: '#999999',
      link_color: '#1f4fbd',
      sidebar_bgcolor: '#6f6f6f',
    });
    expect(readable.link).toBe('#1f4fbd');
    expect(contrastRatio(readable.text, palette.template_bgcolor)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readable.sidebarText, '#6f6f6f')).toBeGreaterThanOrEqual(4.5);
  });
});
