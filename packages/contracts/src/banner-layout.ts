import { type IabSizeKey, iabSize } from './ad-sizes.js';
import type { BannerDesign } from './banners.js';
import type { FontTheme } from './branding.js';

/*
 * Where everything of a banner goes in each IAB size, as a small tree of elements with their CSS.
 * The browser's live preview (React) and the server's PNG (satori, then resvg) both draw this very
 * tree, so the preview shows what the exported file will be. Every box has its pixel position, and
 * every font size is chosen here from the text's length, never by measuring in one renderer, so
 * both pick the same sizes. Only CSS that both renderers support is used.
 */

/** CSS of one element: numbers are pixels (both React and satori read them so). */
export type BannerCss = Record<string, string | number>;

export interface BannerElement {
  tag: 'div' | 'img';
  /** What it is, for tests and for the renderers' labels. */
  role: 'frame' | 'image' | 'headline' | 'text' | 'cta';
  style: BannerCss;
  /** The text it shows (headline, text, call to action). */
  text?: string;
  children?: BannerElement[];
}

export interface BannerBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The picture's own size, when the banner has one (it is cropped to fill its box). */
export interface BannerPicture {
  width: number;
  height: number;
}

interface FontRange {
  max: number;
  min: number;
}

/** How one size is laid out: a column (tall and square sizes) or a row (the wide, short sizes). */
interface SizeRule {
  flow: 'column' | 'row';
  pad: number;
  gap: number;
  /** Column: the part of the height the picture takes. */
  imageShare: number;
  /** The part of the space for words the headline takes when there is a text too. */
  headlineShare: number;
  headline: FontRange;
  text: FontRange;
  /** Whether the text is shown at all (a 50-pixel-high banner has room for the headline only). */
  showText: boolean;
  cta: { width: number | 'full'; height: number; font: FontRange; radius: number };
}

const RULES: Record<IabSizeKey, SizeRule> = {
  '300x250': {
    flow: 'column',
    pad: 12,
    gap: 8,
    imageShare: 0.4,
    headlineShare: 0.5,
    headline: { max: 24, min: 12 },
    text: { max: 15, min: 10 },
    showText: true,
    cta: { width: 'full', height: 34, font: { max: 15, min: 10 }, radius: 6 },
  },
  '300x600': {
    flow: 'column',
    pad: 16,
    gap: 12,
    imageShare: 0.42,
    headlineShare: 0.45,
    headline: { max: 34, min: 14 },
    text: { max: 19, min: 11 },
    showText: true,
    cta: { width: 'full', height: 48, font: { max: 19, min: 11 }, radius: 8 },
  },
  '160x600': {
    flow: 'column',
    pad: 10,
    gap: 10,
    imageShare: 0.3,
    headlineShare: 0.45,
    headline: { max: 26, min: 12 },
    text: { max: 16, min: 10 },
    showText: true,
    cta: { width: 'full', height: 40, font: { max: 15, min: 9 }, radius: 6 },
  },
  '728x90': {
    flow: 'row',
    pad: 8,
    gap: 12,
    imageShare: 0,
    headlineShare: 0.55,
    headline: { max: 26, min: 12 },
    text: { max: 16, min: 10 },
    showText: true,
    cta: { width: 150, height: 44, font: { max: 17, min: 10 }, radius: 6 },
  },
  '320x50': {
    flow: 'row',
    pad: 5,
    gap: 8,
    imageShare: 0,
    headlineShare: 1,
    headline: { max: 18, min: 9 },
    text: { max: 10, min: 10 },
    showText: false,
    cta: { width: 92, height: 32, font: { max: 13, min: 8 }, radius: 5 },
  },
};

/** Line height as a multiple of the font size. */
const LINE_HEIGHT = 1.2;

/**
 * An estimate of a font's average advance per character, in ems, for regular and bold text (a
 * little generous, so text chosen to fit does fit in both renderers; the boxes clip the rest).
 */
const CHARACTER_WIDTH: Record<FontTheme, { regular: number; bold: number }> = {
  Poppins: { regular: 0.62, bold: 0.66 },
  Inter: { regular: 0.57, bold: 0.6 },
  Roboto: { regular: 0.54, bold: 0.57 },
  'Open Sans': { regular: 0.57, bold: 0.6 },
  Lato: { regular: 0.52, bold: 0.55 },
  Montserrat: { regular: 0.63, bold: 0.68 },
  'Source Sans 3': { regular: 0.5, bold: 0.53 },
};

/** How many lines a text takes at this size in this width, words wrapped greedily. */
export function estimatedLines(
  text: string,
  fontSize: number,
  width: number,
  emPerCharacter: number,
): number {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const space = fontSize * 0.28;
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const wordWidth = word.length * emPerCharacter * fontSize;
    if (wordWidth > width) {
      // A word longer than the line is broken over as many lines as it needs.
      lines += (used > 0 ? 1 : 0) + Math.ceil(wordWidth / width) - 1;
      used = wordWidth % width;
      continue;
    }
    const next = used === 0 ? wordWidth : used + space + wordWidth;
    if (next > width) {
      lines += 1;
      used = wordWidth;
    } else used = next;
  }
  return lines;
}

/** The largest whole font size in the range at which the text fits the box (else the smallest). */
export function fittedFontSize(
  text: string,
  box: BannerBox,
  range: FontRange,
  emPerCharacter: number,
): number {
  for (let size = range.max; size > range.min; size--) {
    const lines = estimatedLines(text, size, box.width, emPerCharacter);
    if (lines * Math.ceil(size * LINE_HEIGHT) <= box.height) return size;
  }
  return range.min;
}

const position = (box: BannerBox): BannerCss => ({
  position: 'absolute',
  left: box.left,
  top: box.top,
  width: box.width,
  height: box.height,
});

function textElement(
  role: 'headline' | 'text',
  text: string,
  box: BannerBox,
  fontSize: number,
  color: string,
  align: 'left' | 'center',
): BannerElement {
  return {
    tag: 'div',
    role,
    text,
    style: {
      ...position(box),
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      overflow: 'hidden',
      color,
      fontSize,
      fontWeight: role === 'headline' ? 700 : 400,
      lineHeight: `${Math.ceil(fontSize * LINE_HEIGHT)}px`,
      textAlign: align,
      wordBreak: 'break-word',
    },
  };
}

/** Where the picture, the words and the button go in one size. */
function boxesOf(rule: SizeRule, width: number, height: number, hasPicture: boolean, hasText: boolean) {
  const { pad, gap } = rule;
  const showText = rule.showText && hasText;
  if (rule.flow === 'column') {
    const pictureBottom = hasPicture ? Math.round(height * rule.imageShare) : 0;
    const picture = hasPicture
      ? { left: pad, top: pad, width: width - 2 * pad, height: pictureBottom - pad }
      : null;
    const ctaWidth = rule.cta.width === 'full' ? width - 2 * pad : rule.cta.width;
    const cta = {
      left: Math.round((width - ctaWidth) / 2),
      top: height - pad - rule.cta.height,
      width: ctaWidth,
      height: rule.cta.height,
    };
    const wordsTop = hasPicture ? pictureBottom + gap : pad;
    const wordsHeight = cta.top - gap - wordsTop;
    const headlineHeight = showText ? Math.round(wordsHeight * rule.headlineShare) : wordsHeight;
    const headline = { left: pad, top: wordsTop, width: width - 2 * pad, height: headlineHeight };
    const text = showText
      ? {
          left: pad,
          top: wordsTop + headlineHeight + gap,
          width: width - 2 * pad,
          height: wordsHeight - headlineHeight - gap,
        }
      : null;
    return { picture, headline, text, cta, align: 'center' as const };
  }
  const side = height - 2 * pad;
  const picture = hasPicture ? { left: pad, top: pad, width: side, height: side } : null;
  const ctaWidth = rule.cta.width === 'full' ? width - 2 * pad : rule.cta.width;
  const cta = {
    left: width - pad - ctaWidth,
    top: Math.round((height - rule.cta.height) / 2),
    width: ctaWidth,
    height: rule.cta.height,
  };
  const wordsLeft = hasPicture ? pad + side + gap : pad;
  const wordsWidth = cta.left - gap - wordsLeft;
  const headlineHeight = showText ? Math.round(side * rule.headlineShare) : side;
  const headline = { left: wordsLeft, top: pad, width: wordsWidth, height: headlineHeight };
  const text = showText
    ? { left: wordsLeft, top: pad + headlineHeight, width: wordsWidth, height: side - headlineHeight }
    : null;
  return { picture, headline, text, cta, align: 'left' as const };
}

/**
 * The banner of a design in one IAB size: a frame of the background colour holding the picture (when
 * there is one), the headline, the text (where the size has room for it) and the call-to-action
 * button, each at its pixel box.
 */
export function bannerLayout(
  design: BannerDesign,
  sizeKey: IabSizeKey,
  picture: BannerPicture | null,
): BannerElement {
  const { width, height } = iabSize(sizeKey);
  const rule = RULES[sizeKey];
  const widths = CHARACTER_WIDTH[design.font];
  const words = design.text.trim();
  const boxes = boxesOf(rule, width, height, picture !== null, words.length > 0);
  const children: BannerElement[] = [];

  if (boxes.picture) {
    children.push({
      tag: 'img',
      role: 'image',
      style: { ...position(boxes.picture), objectFit: 'cover', borderRadius: 4 },
    });
  }
  const headlineSize = fittedFontSize(design.headline, boxes.headline, rule.headline, widths.bold);
  children.push(
    textElement(
      'headline',
      design.headline,
      boxes.headline,
      headlineSize,
      design.colors.headline,
      boxes.align,
    ),
  );
  if (boxes.text) {
    const textSize = Math.min(
      fittedFontSize(words, boxes.text, rule.text, widths.regular),
      // The text never looks bigger than the headline above it.
      Math.max(rule.text.min, headlineSize - 2),
    );
    children.push(textElement('text', words, boxes.text, textSize, design.colors.text, boxes.align));
  }
  // The label is one line: the box it is fitted to holds one line at the largest size, not two at any.
  const ctaLine = {
    ...boxes.cta,
    width: boxes.cta.width - 12,
    height: Math.ceil(rule.cta.font.max * LINE_HEIGHT),
  };
  const ctaSize = fittedFontSize(design.cta, ctaLine, rule.cta.font, widths.bold);
  children.push({
    tag: 'div',
    role: 'cta',
    text: design.cta,
    style: {
      ...position(boxes.cta),
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      overflow: 'hidden',
      backgroundColor: design.colors.ctaBackground,
      color: design.colors.ctaText,
      borderRadius: rule.cta.radius,
      fontSize: ctaSize,
      fontWeight: 700,
      lineHeight: `${Math.ceil(ctaSize * LINE_HEIGHT)}px`,
      textAlign: 'center',
      whiteSpace: 'nowrap',
    },
  });

  return {
    tag: 'div',
    role: 'frame',
    style: {
      position: 'relative',
      display: 'flex',
      width,
      height,
      overflow: 'hidden',
      backgroundColor: design.colors.background,
      fontFamily: `"${design.font}", sans-serif`,
    },
    children,
  };
}
