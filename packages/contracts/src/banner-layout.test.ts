import { describe, expect, it } from 'vitest';
import { IAB_SIZES } from './ad-sizes.js';
import { type BannerElement, bannerLayout, estimatedLines, fittedFontSize } from './banner-layout.js';
import { type BannerDesign, bannerDesignSchema } from './banners.js';
import { FONT_THEMES } from './branding.js';

const design: BannerDesign = bannerDesignSchema.parse({
  headline: 'Spring sale: 30% off every cleaning',
  text: 'Book before May 31 and smile brighter this summer.',
  cta: 'Book now',
  clickUrl: 'https://harbor.example.com/spring',
  font: 'Inter',
  colors: {
    background: '#1D3557',
    headline: '#ffffff',
    text: '#f1faee',
    ctaBackground: '#e63946',
    ctaText: '#ffffff',
  },
});

const picture = { width: 800, height: 600 };
const byRole = (frame: BannerElement, role: BannerElement['role']) =>
  (frame.children ?? []).filter((c) => c.role === role);
const boxOf = (e: BannerElement) => ({
  left: Number(e.style.left),
  top: Number(e.style.top),
  width: Number(e.style.width),
  height: Number(e.style.height),
});
const overlap = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

describe('bannerLayout', () => {
  for (const size of IAB_SIZES) {
    for (const withPicture of [true, false]) {
      it(`${size.key} ${withPicture ? 'with' : 'without'} a picture: every part inside the frame, none over another`, () => {
        const frame = bannerLayout(design, size.key, withPicture ? picture : null);
        expect(frame.style.width).toBe(size.width);
        expect(frame.style.height).toBe(size.height);
        expect(frame.style.backgroundColor).toBe('#1d3557');
        const parts = frame.children ?? [];
        for (const part of parts) {
          const box = boxOf(part);
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.top).toBeGreaterThanOrEqual(0);
          expect(box.width).toBeGreaterThan(0);
          expect(box.height).toBeGreaterThan(0);
          expect(box.left + box.width).toBeLessThanOrEqual(size.width);
          expect(box.top + box.height).toBeLessThanOrEqual(size.height);
        }
        for (const [i, a] of parts.entries())
          for (const b of parts.slice(i + 1))
            expect(overlap(boxOf(a), boxOf(b)), `${a.role}/${b.role}`).toBe(false);
        expect(byRole(frame, 'image')).toHaveLength(withPicture ? 1 : 0);
        expect(byRole(frame, 'headline')[0]?.text).toBe(design.headline);
        expect(byRole(frame, 'cta')[0]?.text).toBe('Book now');
      });
    }
  }

  it('the mobile banner (320×50) has room for the headline only; every other size shows the text', () => {
    for (const size of IAB_SIZES) {
      const texts = byRole(bannerLayout(design, size.key, picture), 'text');
      expect(texts.map((t) => t.text)).toEqual(size.key === '320x50' ? [] : [design.text]);
    }
  });

  it('without a text the headline takes the words’ whole space and no empty text box is drawn', () => {
    const frame = bannerLayout({ ...design, text: '  ' }, '300x250', picture);
    expect(byRole(frame, 'text')).toEqual([]);
    const withText = boxOf(byRole(bannerLayout(design, '300x250', picture), 'headline')[0] as BannerElement);
    const alone = boxOf(byRole(frame, 'headline')[0] as BannerElement);
    expect(alone.height).toBeGreaterThan(withText.height);
  });

  it('a longer headline is set smaller, never below the size’s minimum, and the text never above the headline', () => {
    const size = (headline: string) =>
      Number(
        byRole(bannerLayout({ ...design, headline }, '300x250', picture), 'headline')[0]?.style.fontSize,
      );
    expect(size('Sale')).toBe(24);
    expect(size('Spring sale: 30% off every dental cleaning this month only')).toBeLessThan(24);
    expect(size('W'.repeat(60))).toBeGreaterThanOrEqual(12);
    for (const s of IAB_SIZES) {
      const frame = bannerLayout(design, s.key, picture);
      const text = byRole(frame, 'text')[0];
      if (text)
        expect(Number(text.style.fontSize)).toBeLessThanOrEqual(
          Number(byRole(frame, 'headline')[0]?.style.fontSize),
        );
    }
  });

  it('the call to action is one line at a size whose line fits its button', () => {
    for (const s of IAB_SIZES) {
      const cta = byRole(bannerLayout({ ...design, cta: 'Get your free quote' }, s.key, null), 'cta')[0];
      expect(cta?.style.whiteSpace).toBe('nowrap');
      expect(Number.parseInt(String(cta?.style.lineHeight), 10)).toBeLessThanOrEqual(
        Number(cta?.style.height),
      );
    }
  });

  it('draws the same tree for the same design (the preview and the PNG agree), in every offered font', () => {
    for (const font of FONT_THEMES) {
      const a = bannerLayout({ ...design, font }, '728x90', picture);
      expect(bannerLayout({ ...design, font }, '728x90', picture)).toEqual(a);
      expect(a.style.fontFamily).toBe(`"${font}", sans-serif`);
    }
  });
});

describe('text fitting', () => {
  it('wraps words greedily and breaks a word longer than the line', () => {
    expect(estimatedLines('', 10, 100, 0.5)).toBe(0);
    expect(estimatedLines('aaaa bbbb', 10, 100, 0.5)).toBe(1); // 20 + 2.8 + 20
    expect(estimatedLines('aaaa bbbb', 10, 40, 0.5)).toBe(2);
    expect(estimatedLines('a'.repeat(50), 10, 100, 0.5)).toBe(3); // 250 px over 100 px lines
  });

  it('picks the largest size whose lines fit the box height', () => {
    const box = { left: 0, top: 0, width: 100, height: 30 };
    // "aaaa bbbb" is one line up to 100 px wide: at 20 px it is 2 × 40 + 5.6 = 85.6 px, one 24 px line.
    expect(fittedFontSize('aaaa bbbb', box, { max: 20, min: 8 }, 0.5)).toBe(20);
    // From 13 px on the words need two lines (2 × 16 px > 30 px); at 12 px they fit one (99.4 px wide).
    expect(fittedFontSize('aaaaaaaa bbbbbbbb', box, { max: 20, min: 8 }, 0.5)).toBe(12);
    expect(fittedFontSize('a'.repeat(200), box, { max: 20, min: 8 }, 0.5)).toBe(8);
  });
});
