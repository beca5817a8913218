import { setNonce } from 'get-nonce';

/**
 * The nonce of this page's Content-Security-Policy. The server writes a fresh one per response on the
 * `csp-nonce` meta tag (and on every script and style sheet of index.html); Vite's chunk loader reads
 * the same tag. Read from the `nonce` property: browsers hide the attribute's value once the page is
 * parsed. '' when the page has none (a development server without the API in front).
 */
export function pageCspNonce(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

/**
 * Gives the nonce to the code that adds `<style>` elements at run time, which the policy refuses
 * without it: Mantine through `getStyleNonce` (branded-mantine-provider.tsx), and the scroll lock of
 * Mantine's modals and drawers (react-remove-scroll), which asks `get-nonce`.
 */
export function shareCspNonce(): void {
  const nonce = pageCspNonce();
  if (nonce) setNonce(nonce);
}
