import { DEFAULT_BRANDING } from '@app/contracts';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });

const palette = {
  sidebar_bgcolor: DEFAULT_BRANDING.sidebar_bgcolor,
  template_bgcolor: DEFAULT_BRANDING.template_bgcolor,
  box_bgcolor: DEFAULT_BRANDING.box_bgcolor,
  text_color: DEFAULT_BRANDING.text_color,
  link_color: DEFAULT_BRANDING.link_color,
};

/** The warning rendered to HTML as the branding form shows it beside the colour inputs. */
async function renderWarning(colours: typeof palette) {
  const { renderScreen } = await import('../../../../test/screen-harness');
  const { makeUser } = await import('@app/policy/testing');
  const { ContrastWarning } = await import('./contrast-warning');
  const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
  return renderScreen(makeUser(), h(ContrastWarning, { palette: colours }), http);
}

describe('branding contrast warning', { timeout: 60_000 }, () => {
  it('lists each low-contrast pair with its ratio', async () => {
    const html = await renderWarning({ ...palette, text_color: '#aaaaaa' });
    expect(html).toContain('data-testid="branding-contrast-warning"');
    expect(html).toContain('Text Colour on Box Background: 2.3:1 (at least 4.5:1 is needed)');
    expect(html).toContain('Text Colour on Page Background');
    expect(html).not.toContain('Link Colour on Box Background');
  });

  it('says nothing for a readable palette or while a colour is half typed', async () => {
    expect(await renderWarning(palette)).not.toContain('branding-contrast-warning');
    expect(await renderWarning({ ...palette, text_color: '#aaa' })).not.toContain(
      'branding-contrast-warning',
    );
  });
});
