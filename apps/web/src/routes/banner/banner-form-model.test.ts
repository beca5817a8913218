import { AD_MEDIA_TEXTS, BANNER_TEXTS, bannerLayout } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkedBanner, formFromBranding, PLACEHOLDERS, previewDesign } from './banner-form-model';

const branding = { sidebar_bgcolor: '#1d3557', link_color: '#ffd166', font_theme: 'Lato' as const };

describe('the banner form', () => {
  it('starts from the agency’s branding with readable text on its colours', () => {
    const form = formFromBranding(branding);
    expect(form.font).toBe('Lato');
    expect(form.colors).toMatchObject({
      background: '#1d3557',
      headline: '#ffffff',
      ctaBackground: '#ffd166',
      ctaText: '#1b1f2a',
    });
    expect(form.colors.text).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('previews placeholders for empty texts and the last good colour for one being typed', () => {
    const form = formFromBranding(branding);
    const fallback = form.colors;
    const preview = previewDesign({ ...form, colors: { ...form.colors, background: '#12' } }, fallback);
    expect(preview).toMatchObject({
      headline: PLACEHOLDERS.headline,
      text: PLACEHOLDERS.text,
      cta: PLACEHOLDERS.cta,
      colors: { background: '#1d3557' },
    });
    // A typed headline without a text previews no placeholder text under it.
    expect(previewDesign({ ...form, headline: 'Sale' }, fallback).text).toBe('');
    // Whatever the form holds, the shared layout draws it in every size.
    expect(bannerLayout(preview, '320x50', null).children?.length).toBeGreaterThan(0);
  });

  it('sends only a design the contracts accept, naming the fields that are not', () => {
    const form = formFromBranding(branding);
    const empty = checkedBanner(form);
    expect(empty.ok).toBe(false);
    if (!empty.ok)
      expect(empty.errors).toMatchObject({
        name: BANNER_TEXTS.nameRequired,
        headline: BANNER_TEXTS.headlineRequired,
        cta: BANNER_TEXTS.ctaRequired,
        clickUrl: AD_MEDIA_TEXTS.clickUrlInvalid,
      });
    const good = checkedBanner({
      ...form,
      name: ' Spring ',
      headline: 'Spring sale',
      cta: 'Shop now',
      clickUrl: 'https://example.com/spring',
      colors: { ...form.colors, background: '#ABCDEF' },
    });
    expect(good).toMatchObject({ ok: true, name: 'Spring', design: { colors: { background: '#abcdef' } } });
    const badColour = checkedBanner({
      ...form,
      name: 'x',
      headline: 'h',
      cta: 'c',
      clickUrl: 'https://a.example',
      colors: { ...form.colors, ctaText: 'red' },
    });
    expect(badColour.ok ? {} : badColour.errors).toEqual({ 'colors.ctaText': 'Colour must be #rrggbb' });
  });
});
