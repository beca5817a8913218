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
 * The GoHighLevel sandbox's consent page (decision 0097): GoHighLevel's "choose location" screen,
 * played by the sandbox. Plain server-rendered HTML, labelled Sandbox on every line a person reads;
 * a request that is not valid is answered on the page itself (400), never redirected.
 */

export const SANDBOX_CLIENT_ID = 'sandbox-gohighlevel-app';
export const SANDBOX_PAGE_PATH = '/sandbox/oauth/gohighlevel/authorize';

/** A sub-account as the page lists it. */
interface Choice {
  external_id: string;
  name: string;
}

const authorizeQuery = z.object({
  response_type: z.string().max(40).optional(),
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  scope: z.string().max(1000).optional(),
});
type AuthorizeQuery = z.infer<typeof authorizeQuery>;

/**
 * The request's fields once checked, or why it cannot be answered (shown, never redirected). The
 * registered redirect URI is this app's OAuth callback on the host serving the page.
 */
function checkRequest(q: AuthorizeQuery, host: string | undefined) {
  if (q.client_id !== SANDBOX_CLIENT_ID)
    return { problem: 'The app (client_id) is not known to the sandbox.' };
  if (q.response_type !== 'code') return { problem: 'Only response_type=code is supported.' };
  if (q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge ?? ''))
    return { problem: 'A PKCE code challenge (S256) is required.' };
  if (!q.state) return { problem: 'The state is missing.' };
  const redirect = registeredRedirect(q.redirect_uri, host);
  if (!redirect) return { problem: 'The redirect URI is not registered for this app.' };
  return {
    ok: {
      redirectUri: redirect.href,
      state: q.state,
      codeChallenge: q.code_challenge as string,
    },
  };
}

export function consentPage(deps: {
  locations: () => Promise<Choice[]>;
  issueCode: (input: {
    locationId: string;
    redirectUri: string;
    codeChallenge: string;
  }) => Promise<string | null>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    acceptForms(app);

    app.get(
      SANDBOX_PAGE_PATH,
      { config: { access: PUBLIC }, schema: { hide: true, querystring: authorizeQuery } },
      async (request, reply) => {
        reply.headers(CONSENT_PAGE_HEADERS).type('text/html; charset=utf-8');
        const checked = checkRequest(request.query, request.headers.host);
        if (!checked.ok)
          return reply.code(400).send(page('Sign-in request not valid', invalidConsent(checked.problem)));
        return page('Connect GoHighLevel', consent(request.query, await deps.locations()));
      },
    );

    app.post(
      SANDBOX_PAGE_PATH,
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          hide: true,
          body: authorizeQuery.extend({
            location_id: z.string().max(64).optional(),
            decision: z.enum(['allow', 'deny']),
          }),
        },
      },
      async (request, reply) => {
        reply.headers(CONSENT_PAGE_HEADERS).type('text/html; charset=utf-8');
        const { decision, location_id, ...query } = request.body;
        const checked = checkRequest(query, request.headers.host);
        if (!checked.ok)
          return reply.code(400).send(page('Sign-in request not valid', invalidConsent(checked.problem)));
        const back = new URL(checked.ok.redirectUri);
        back.searchParams.set('state', checked.ok.state);
        if (decision === 'deny') {
          back.searchParams.set('error', 'access_denied');
          return reply.redirect(back.href, 303);
        }
        const code = location_id
          ? await deps.issueCode({
              locationId: location_id,
              redirectUri: checked.ok.redirectUri,
              codeChallenge: checked.ok.codeChallenge,
            })
          : null;
        if (!code)
          return reply
            .code(400)
            .send(
              page(
                'Connect GoHighLevel',
                consent(query, await deps.locations(), 'Choose one of the sandbox sub-accounts.'),
              ),
            );
        back.searchParams.set('code', code);
        return reply.redirect(back.href, 303);
      },
    );
  };
}

function consent(query: AuthorizeQuery, locations: Choice[], error?: string): string {
  const hidden = hiddenInputs(query);
  const options = locations
    .map(
      (l, i) =>
        `<li><label><input type="radio" name="location_id" value="${escapeHtml(l.external_id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(l.name)} (sandbox sub-account)</label></li>`,
    )
    .join('');
  return `
    ${error ? `<p class="error" role="alert">Sandbox: ${escapeHtml(error)}</p>` : ''}
    <p>Sandbox: an app asks to add contacts and tags to a sandbox GoHighLevel sub-account. No real GoHighLevel account is used.</p>
    <form method="post">
      ${hidden}
      <fieldset>
        <legend>Sandbox: choose the sub-account (location)</legend>
        <ul>${options}</ul>
      </fieldset>
      ${CONSENT_ACTIONS}
    </form>`;
}

const page = (title: string, body: string) =>
  sandboxPage({
    title,
    body,
    banner: 'SANDBOX — GoHighLevel test mode: no real CRM, no real contacts',
    width: 40,
    style: `
  fieldset { border: 1px solid #d0d5dd; border-radius: 6px; } ul { list-style: none; padding: 0; }
  li { margin: 0.4rem 0; }
  .actions { margin-top: 1rem; }`,
  });
