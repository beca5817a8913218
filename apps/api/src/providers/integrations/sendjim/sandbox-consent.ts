import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptForms, escapeHtml, sandboxPage } from '../../../lib/sandbox-page.js';
import { PUBLIC } from '../../../plugins/access.js';
import {
  CONSENT_ACTIONS,
  CONSENT_PAGE_HEADERS,
  hiddenInputs,
  invalidConsent,
  registeredRedirect,
} from '../sandbox-kit/oauth-consent.js';

/*
 * The SendJim sandbox's sign-in page (decision 0105), playing SendJim's `/OAuth/Account`: plain
 * server-rendered HTML, Sandbox on every line a person reads. It takes SendJim's parameters
 * (`clientKey`, `callbackUrl`, `state`), asks which sandbox account (an e-mail) allows access, and
 * sends the browser back to the callback with a `requestToken` (and its `expires`) and the state,
 * or `error=access_denied`. A request it cannot answer (another app, a callback that is not this
 * app's) is refused on the page, never redirected.
 */

export const SANDBOX_CLIENT_KEY = 'sandbox-sendjim-app';
export const SANDBOX_PAGE_PATH = '/sandbox/oauth/sendjim/account';
/** The e-mail the form offers first (any other e-mail is its own sandbox account). */
export const SANDBOX_DEMO_EMAIL = 'demo@sendjim-sandbox.example';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const accountQuery = z.object({
  clientKey: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
});
type AccountQuery = z.infer<typeof accountQuery>;

/** The request's callback once checked, or why it cannot be answered. */
function checkRequest(q: AccountQuery, host: string | undefined): { problem: string } | { callback: URL } {
  if (q.clientKey !== SANDBOX_CLIENT_KEY)
    return { problem: 'The app (clientKey) is not known to the sandbox.' };
  const callback = registeredRedirect(q.callbackUrl, host);
  if (!callback) return { problem: 'The callback URL is not registered for this app.' };
  return { callback };
}

export function sendjimConsentPage(deps: {
  issueRequestToken: (email: string) => Promise<{ token: string; expires: string }>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    acceptForms(app);

    app.get(
      SANDBOX_PAGE_PATH,
      { config: { access: PUBLIC }, schema: { hide: true, querystring: accountQuery } },
      async (request, reply) => {
        reply.headers(CONSENT_PAGE_HEADERS).type('text/html; charset=utf-8');
        const checked = checkRequest(request.query, request.headers.host);
        if ('problem' in checked)
          return reply.code(400).send(page('Sign-in request not valid', invalidConsent(checked.problem)));
        return page('Sign in to SendJim', signIn(request.query, SANDBOX_DEMO_EMAIL));
      },
    );

    app.post(
      SANDBOX_PAGE_PATH,
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          hide: true,
          body: accountQuery.extend({
            email: z.string().max(320).optional(),
            decision: z.enum(['allow', 'deny']),
          }),
        },
      },
      async (request, reply) => {
        reply.headers(CONSENT_PAGE_HEADERS).type('text/html; charset=utf-8');
        const { decision, email, ...query } = request.body;
        const checked = checkRequest(query, request.headers.host);
        if ('problem' in checked)
          return reply.code(400).send(page('Sign-in request not valid', invalidConsent(checked.problem)));
        const back = new URL(checked.callback.href);
        if (query.state) back.searchParams.set('state', query.state);
        if (decision === 'deny') {
          back.searchParams.set('error', 'access_denied');
          return reply.redirect(back.href, 303);
        }
        const address = (email ?? '').trim();
        if (!EMAIL.test(address))
          return reply
            .code(400)
            .send(
              page(
                'Sign in to SendJim',
                signIn(query, address, 'Enter the sandbox account’s e-mail address.'),
              ),
            );
        const issued = await deps.issueRequestToken(address);
        back.searchParams.set('requestToken', issued.token);
        back.searchParams.set('expires', issued.expires);
        return reply.redirect(back.href, 303);
      },
    );
  };
}

function signIn(query: AccountQuery, email: string, error?: string): string {
  return `
    ${error ? `<p class="error" role="alert">Sandbox: ${escapeHtml(error)}</p>` : ''}
    <p>Sandbox: an app asks to add contacts to a sandbox SendJim account and send them its QuickSends. Nothing is printed or mailed.</p>
    <form method="post">
      ${hiddenInputs(query)}
      <label for="email">Sandbox: SendJim account e-mail</label>
      <input id="email" name="email" type="email" value="${escapeHtml(email)}" required>
      <p class="hint">Sandbox: each e-mail is its own sandbox account, made the first time it is used.</p>
      ${CONSENT_ACTIONS}
    </form>`;
}

const page = (title: string, body: string) =>
  sandboxPage({
    title,
    body,
    banner: 'SANDBOX — SendJim test mode: no real account, nothing is printed or mailed',
    width: 36,
    style: `
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type=email] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.45rem; margin: 0.3rem 0; }
  .hint { color: #555; font-size: 0.9rem; }
  .actions { margin-top: 1rem; }`,
  });
