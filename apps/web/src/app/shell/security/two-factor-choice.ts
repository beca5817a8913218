import type { TwoFactorSetting, TwoFactorType } from '../../../api/two-factor';

/** The choice in the Two Factor Authentication dialog: on with a type, or off with none. */
export interface TwoFactorChoice {
  enabled: boolean;
  type: TwoFactorType | null;
}

export const TWO_FACTOR_OFF: TwoFactorChoice = { enabled: false, type: null };

export function choiceFromSetting(setting: TwoFactorSetting): TwoFactorChoice {
  return setting.two_factor_auth && setting.two_factor_auth_type
    ? { enabled: true, type: setting.two_factor_auth_type }
    : TWO_FACTOR_OFF;
}

/**
 * Spec 1 §4 Two-factor selection: choosing the active type turns two-factor off and clears the type;
 * choosing another type selects it and turns two-factor on.
 */
export function chooseTwoFactorType(current: TwoFactorChoice, chosen: TwoFactorType): TwoFactorChoice {
  if (current.enabled && current.type === chosen) return TWO_FACTOR_OFF;
  return { enabled: true, type: chosen };
}

export type TwoFactorSavePlan =
  | { kind: 'unchanged' }
  /** Close the choice, fetch a new secret and QR code, confirm with a code in the authenticator dialog. */
  | { kind: 'google-setup' }
  | { kind: 'save'; choice: TwoFactorChoice };

/** What confirming the dialog does. Switching google on always needs a fresh secret; the rest saves directly. */
export function planTwoFactorSave(saved: TwoFactorChoice, chosen: TwoFactorChoice): TwoFactorSavePlan {
  if (saved.enabled === chosen.enabled && saved.type === chosen.type) return { kind: 'unchanged' };
  if (chosen.enabled && chosen.type === 'google') return { kind: 'google-setup' };
  return { kind: 'save', choice: chosen };
}

const IMAGE_DATA_URL = /^data:image\/(?:svg\+xml|png|gif|jpeg|webp)[;,]/i;

/**
 * The QR code arrives as SVG markup, possibly behind an XML header (spec 1 §3.8). It is shown as an
 * <img> with a data: URL: an SVG loaded as an image cannot run scripts or reach the page, unlike markup
 * put into the DOM. Returns null for anything that is neither SVG markup nor an image data URL.
 */
export function qrImageSource(qrCode: string): string | null {
  const text = qrCode.replace(/^\uFEFF/, '').trim();
  if (IMAGE_DATA_URL.test(text)) return text;
  const start = text.search(/<\?xml|<svg[\s>]/i);
  if (start < 0 || !/<svg[\s>]/i.test(text)) return null;
  // Anything before the header would make the XML invalid, so the image would not render.
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text.slice(start))}`;
}
