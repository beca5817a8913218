import { escapeHtml, sandboxPageHeaders } from '../../../lib/sandbox-page.js';

/*
 * What every OAuth sandbox's consent page checks and carries (decisions 0097, 0105). The sandbox
 * app's one registered redirect URI is this app's OAuth callback on the host serving the page:
 * anything else is refused on the page itself (a 400 page), never redirected to, so the sandbox
 * cannot be used to send a browser (and a code) elsewhere.
 */

/** The integrations module's OAuth callback (the one redirect URI registered for sandbox apps). */
export const OAUTH_CALLBACK_PATH = '/api/integrations/oauth/callback';

/** The redirect URI when it is this app's callback on `host` (plain, no credentials or query); else null. */
export function registeredRedirect(uri: string | undefined, host: string | undefined): URL | null {
  let redirect: URL;
  try {
    redirect = new URL(uri ?? '');
  } catch {
    return null;
  }
  const ok =
    (redirect.protocol === 'https:' || redirect.protocol === 'http:') &&
    !redirect.username &&
    !redirect.password &&
    !redirect.search &&
    !redirect.hash &&
    redirect.pathname === OAUTH_CALLBACK_PATH &&
    redirect.host === host;
  return ok ? redirect : null;
}

/** The request's fields as hidden inputs, so the consent form posts them back unchanged. */
export function hiddenInputs(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

/** The consent form's two answers, as every sandbox consent page offers them. */
export const CONSENT_ACTIONS = `<div class="actions">
        <button type="submit" name="decision" value="allow">Allow (sandbox)</button>
        <button type="submit" name="decision" value="deny" class="secondary">Deny (sandbox)</button>
      </div>`;

/** A consent request the page refuses (a 400 page), and where to start again. */
export const invalidConsent = (problem: string) =>
  `<p class="error">Sandbox: ${escapeHtml(problem)}</p><p>Sandbox: start again from the app's integrations page.</p>`;

/**
 * The consent pages' headers: the form posts to the page itself, and the redirect chain after it
 * (our callback, then the web app's page) may cross to the web app's origin, which form-action governs.
 */
export const CONSENT_PAGE_HEADERS = sandboxPageHeaders("'self' http: https:");
