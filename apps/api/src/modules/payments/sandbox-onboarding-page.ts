import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptForms, escapeHtml, sandboxPage, sandboxPageHeaders } from '../../lib/sandbox-page.js';
import { PUBLIC } from '../../plugins/access.js';
import { type ConnectedAccount, GatewayError } from '../../providers/payments/gateway.js';
import type { SandboxGateway } from '../../providers/payments/sandbox/sandbox-gateway.js';

const ACTIONS = [
  'submit',
  'verified',
  'rejected',
  'charges_disabled',
  'payouts_disabled',
  'resolve',
] as const;
type PageAction = (typeof ACTIONS)[number];

const linkFields = {
  return_url: z.string().max(2000).optional(),
  refresh_url: z.string().max(2000).optional(),
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
};
const params = z.object({ accountId: z.string().regex(/^acct_[A-Za-z0-9_]{1,64}$/) });

/**
 * The sandbox's onboarding page (decision 0033), where the sandbox gateway's onboarding links lead:
 * the account holder moves their account pending → in verification → completed, failed, or with
 * charges or payouts disabled, and is sent back to the app. It plays Stripe's hosted onboarding, so
 * it lives outside /api and is plain server-rendered HTML, labelled Sandbox on every line a person
 * reads. It exists only while the sandbox is the gateway (the module registers it then), acts only
 * on the sandbox's own accounts, and only through a link the sandbox signed for that account and that
 * has not expired: the link is the capability, as with Stripe's account links.
 */
export const sandboxOnboardingPage =
  (sandbox: SandboxGateway): FastifyPluginAsyncZod =>
  async (app) => {
    acceptForms(app);

    app.get(
      '/sandbox/onboarding/:accountId',
      {
        config: { access: PUBLIC },
        schema: { hide: true, params, querystring: z.object(linkFields) },
      },
      async (request, reply) => {
        const { accountId } = request.params;
        const link = sandbox.readOnboardingLink(accountId, request.query);
        reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
        if (!link.ok && link.reason === 'invalid')
          return reply.code(404).send(page('Link not valid', invalidLink()));
        if (!link.ok) return reply.code(410).send(page('Link expired', expiredLink(link.target.refreshUrl)));
        const account = await sandbox.retrieve('account', accountId);
        if (!account) return reply.code(404).send(page('Link not valid', invalidLink()));
        return page(
          `Onboarding ${account.email}`,
          accountView(account, request.query, link.target.returnUrl),
        );
      },
    );

    app.post(
      '/sandbox/onboarding/:accountId',
      {
        config: { access: PUBLIC, envelope: false },
        schema: { hide: true, params, body: z.object({ ...linkFields, action: z.enum(ACTIONS) }) },
      },
      async (request, reply) => {
        const { accountId } = request.params;
        const { action, ...query } = request.body;
        const link = sandbox.readOnboardingLink(accountId, query);
        reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
        if (!link.ok && link.reason === 'invalid')
          return reply.code(404).send(page('Link not valid', invalidLink()));
        if (!link.ok) return reply.code(410).send(page('Link expired', expiredLink(link.target.refreshUrl)));
        try {
          await act(sandbox, accountId, action);
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
          const account = await sandbox.retrieve('account', accountId);
          if (!account) return reply.code(404).send(page('Link not valid', invalidLink()));
          return reply
            .code(409)
            .send(page('Onboarding', accountView(account, query, link.target.returnUrl, err.message)));
        }
        // Submitting shows the verification step; the end of verification goes back to the app.
        if (action === 'submit')
          return reply.redirect(
            `/sandbox/onboarding/${accountId}?${new URLSearchParams(stringsOf(query))}`,
            303,
          );
        return reply.redirect(link.target.returnUrl, 303);
      },
    );
  };

function act(sandbox: SandboxGateway, accountId: string, action: PageAction) {
  if (action === 'submit') return sandbox.submitOnboarding(accountId);
  if (action === 'resolve') return sandbox.resolveRequirements(accountId);
  return sandbox.finishVerification(accountId, action);
}

const stringsOf = (query: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));

const STATUS_WORDS: Record<ConnectedAccount['status'], string> = {
  pending: 'Pending: details not submitted yet',
  inverification: 'In verification',
  completed: 'Completed',
  failed: 'Failed: the account was rejected',
};

function accountView(
  account: ConnectedAccount,
  query: Record<string, string | undefined>,
  returnUrl: string,
  error?: string,
): string {
  const hidden = Object.entries(stringsOf(query))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const button = (action: PageAction, label: string) =>
    `<form method="post"><input type="hidden" name="action" value="${action}">${hidden}<button type="submit">${escapeHtml(label)}</button></form>`;
  const list = (title: string, items: string[]) =>
    `<dt>${title}</dt><dd>${items.length ? `<ul>${items.map((i) => `<li><code>${escapeHtml(i)}</code></li>`).join('')}</ul>` : 'none'}</dd>`;
  const r = account.requirements;
  const steps =
    account.status === 'pending'
      ? `<h2>Step 1: submit the account details</h2>
         <p>In Stripe the account holder would fill in the business, the representative and the bank account here.</p>
         <div class="actions">${button('submit', 'Submit details (pending → in verification)')}</div>`
      : account.status === 'inverification' && r.pendingVerification.length > 0
        ? `<h2>Step 2: how verification ends</h2>
           <p>Choose what the (simulated) verification decides. You are then sent back to the app.</p>
           <div class="actions">
             ${button('verified', 'Verify: completed, charges and payouts enabled')}
             ${button('charges_disabled', 'Verify with charges disabled')}
             ${button('payouts_disabled', 'Verify with payouts disabled')}
             ${button('rejected', 'Reject: failed')}
           </div>`
        : account.detailsSubmitted &&
            account.status !== 'failed' &&
            (!account.chargesEnabled || !account.payoutsEnabled)
          ? `<h2>Action required: provide the missing information</h2>
             <p>Verification left information past due, so charges or payouts are disabled.</p>
             <div class="actions">${button('resolve', 'Provide the missing information (enables charges and payouts)')}</div>`
          : `<p>Onboarding is over for this account: there is nothing more to do here.</p>`;
  return `
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <dl>
      <dt>Account</dt><dd><code>${escapeHtml(account.id)}</code> (${escapeHtml(account.email)})</dd>
      <dt>Status</dt><dd>${STATUS_WORDS[account.status]}</dd>
      <dt>Charges enabled</dt><dd>${account.chargesEnabled ? 'yes' : 'no'}</dd>
      <dt>Payouts enabled</dt><dd>${account.payoutsEnabled ? 'yes' : 'no'}</dd>
      ${list('Currently due', r.currentlyDue)}
      ${list('Past due', r.pastDue)}
      ${list('Pending verification', r.pendingVerification)}
      <dt>Disabled reason</dt><dd>${r.disabledReason ? `<code>${escapeHtml(r.disabledReason)}</code>` : 'none'}</dd>
    </dl>
    ${steps}
    <p><a href="${escapeHtml(returnUrl)}">Return to the app</a></p>`;
}

const invalidLink = () =>
  '<p>This onboarding link is not valid. Start again from the app to get a new link.</p>';
const expiredLink = (refreshUrl: string) =>
  `<p>This onboarding link has expired. <a href="${escapeHtml(refreshUrl)}">Get a new link from the app</a>.</p>`;

const PAGE_HEADERS = sandboxPageHeaders();

const page = (title: string, body: string) =>
  sandboxPage({
    title,
    body,
    banner: 'SANDBOX — test mode: no real account, no real money',
    width: 44,
    style: `
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; } ul { margin: 0; padding-left: 1.1rem; }`,
  });
