import { z } from 'zod';

/*
 * The display-ad sizes the product works in (issue 24): the IAB standard units an ad platform buys
 * most. Uploaded images must have one of them, an HTML5 ad must declare one, and the banner builder
 * draws every one of them.
 */

export const IAB_SIZES = [
  { key: '300x250', width: 300, height: 250, name: 'Medium rectangle' },
  { key: '728x90', width: 728, height: 90, name: 'Leaderboard' },
  { key: '160x600', width: 160, height: 600, name: 'Wide skyscraper' },
  { key: '320x50', width: 320, height: 50, name: 'Mobile banner' },
  { key: '300x600', width: 300, height: 600, name: 'Half page' },
] as const;

export type IabSize = (typeof IAB_SIZES)[number];
export type IabSizeKey = IabSize['key'];
export const IAB_SIZE_KEYS = IAB_SIZES.map((s) => s.key) as [IabSizeKey, ...IabSizeKey[]];
export const iabSizeKeySchema = z.enum(IAB_SIZE_KEYS);

/** The IAB size of these dimensions, or null when they are none of them. */
export function iabSizeOf(width: number, height: number): IabSize | null {
  return IAB_SIZES.find((s) => s.width === width && s.height === height) ?? null;
}

export function iabSize(key: IabSizeKey): IabSize {
  // The keys are the table's own: the find always succeeds.
  return IAB_SIZES.find((s) => s.key === key) as IabSize;
}

/** "300×250, 728×90, …" for messages. */
export const IAB_SIZE_LIST = IAB_SIZES.map((s) => `${s.width}×${s.height}`).join(', ');
