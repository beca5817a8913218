import type { FontTheme } from '@app/contracts';

/**
 * Tenants pick a font by name from FONT_THEMES; we never download fonts (the product must run offline),
 * so each name maps to a stack that uses the font when the device has it and a close system font otherwise.
 */
const SANS_FALLBACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

export const FONT_STACKS: Record<FontTheme, string> = {
  Poppins: `Poppins, "Avenir Next", Avenir, ${SANS_FALLBACK}`,
  Inter: `Inter, ${SANS_FALLBACK}`,
  Roboto: `Roboto, ${SANS_FALLBACK}`,
  'Open Sans': `"Open Sans", ${SANS_FALLBACK}`,
  Lato: `Lato, ${SANS_FALLBACK}`,
  Montserrat: `Montserrat, "Avenir Next", ${SANS_FALLBACK}`,
  'Source Sans 3': `"Source Sans 3", "Source Sans Pro", ${SANS_FALLBACK}`,
};

export const MONOSPACE_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
