import { type Branding, brandingSchema, DEFAULT_BRANDING } from '@app/contracts';

/** Spec 1 §9: the placeholder shown when a company has no name. */
export const DEFAULT_COMPANY_NAME = 'Company Name';

/**
 * Branding arrives from the server, but it is tenant-controlled data, so the client validates it again
 * before any of it reaches the theme or the DOM. An invalid record falls back to DEFAULT_BRANDING as a
 * whole (mixing half a palette with defaults gives unreadable combinations); the company name is kept when
 * it is a plain string because it is only ever rendered as text.
 */
export function resolveBranding(raw: unknown, fallbackName = DEFAULT_COMPANY_NAME): Branding {
  const parsed = brandingSchema.safeParse(raw);
  if (parsed.success) {
    return {
      ...parsed.data,
      company_name: parsed.data.company_name.trim() || fallbackName,
      logo_url: safeImageUrl(parsed.data.logo_url),
      favicon_url: safeImageUrl(parsed.data.favicon_url),
    };
  }
  return { ...DEFAULT_BRANDING, company_name: readCompanyName(raw) ?? fallbackName };
}

function readCompanyName(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || !('company_name' in raw)) return null;
  const name = (raw as { company_name: unknown }).company_name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=]+$/;

/**
 * Image addresses go into `src`/`href` attributes: only http(s), same-origin paths and raster data URLs
 * pass, so a `javascript:` or protocol-relative URL in tenant data can never be followed.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (DATA_IMAGE.test(value)) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
