import type { FontTheme } from '@app/contracts';

/**
 * Tenants pick a font by name from FONT_THEMES. The app ships each one (self-hosted woff2 from
 * `@fontsource`, registered by `fonts/font-files.ts` only when chosen, so it works offline); the rest of
 * the stack is what shows until the file has arrived, or if it cannot be fetched.
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
