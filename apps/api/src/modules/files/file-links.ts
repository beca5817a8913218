import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_S = 86_400;

/**
 * Links to private files (profile pictures) that an <img> can load without a bearer token: the
 * file id and an expiry, signed with a deployment key. Expiries are rounded to the day so a link
 * stays the same for a day and browsers can cache the image.
 */
export function createFileLinks(key: string, filesBaseUrl: string, now: () => number = Date.now) {
  const sign = (fileId: string, expires: number) =>
    createHmac('sha256', key).update(`${fileId}.${expires}`).digest('base64url');

  return {
    signedUrl(fileId: string): string {
      const expires = (Math.floor(now() / 1000 / DAY_S) + 2) * DAY_S;
      return `${filesBaseUrl}/${fileId}?expires=${expires}&signature=${sign(fileId, expires)}`;
    },
    isValid(fileId: string, expires: number | undefined, signature: string | undefined): boolean {
      if (!expires || !signature || expires * 1000 < now()) return false;
      const expected = Buffer.from(sign(fileId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;
