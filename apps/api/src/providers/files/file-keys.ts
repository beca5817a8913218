/**
 * A storage key is a relative path of plain segments (`ad-media/<uuid>`, `seed/master-logo.png`):
 * letters, digits, `_`, `-` and `.`, no segment starting with a dot. Such a key cannot leave the
 * storage folder, needs no escaping in a URL or an S3 request, and names the same object in every
 * adapter, so files can move between stores as they are.
 */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function checkFileKey(key: string): string {
  if (key.length > MAX_KEY_LENGTH || !SAFE_KEY.test(key))
    throw new Error(`unsafe file storage key: ${JSON.stringify(key)}`);
  return key;
}
