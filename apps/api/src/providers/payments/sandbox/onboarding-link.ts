import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a sandbox onboarding link opens the page, as Stripe's account links (minutes). */
export const ONBOARDING_LINK_MINUTES = 5;

export interface OnboardingLinkTarget {
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
  /** Seconds since the epoch after which the link no longer opens the page. */
  expires: number;
}

/**
 * The sandbox's onboarding links are the capability to act on an account, like Stripe's account
 * links: whoever holds one may move that account through onboarding until it expires. The link
 * carries an HMAC of the account, both URLs and the expiry, so none of them can be changed (the
 * return URL cannot be pointed elsewhere) and no link can be made up without the sandbox's secret.
 * The key is derived from the webhook secret under its own label, so one secret never signs two kinds
 * of thing with the same key.
 */
export function createOnboardingLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('sandbox-onboarding-link-v1').digest();
  const mac = (t: OnboardingLinkTarget) =>
    createHmac('sha256', key)
      .update([t.accountId, String(t.expires), t.returnUrl, t.refreshUrl].join('\n'))
      .digest('hex');

  return {
    query(target: OnboardingLinkTarget): URLSearchParams {
      return new URLSearchParams({
        return_url: target.returnUrl,
        refresh_url: target.refreshUrl,
        expires: String(target.expires),
        sig: mac(target),
      });
    },

    /**
     * Reads a link's query for an account: 'invalid' when it was not made by us for this account (or
     * was changed), 'expired' when its time is over (the refresh URL is then still trustworthy).
     */
    read(
      accountId: string,
      query: Record<string, unknown>,
      nowSeconds: number,
    ):
      | { ok: true; target: OnboardingLinkTarget }
      | { ok: false; reason: 'invalid' }
      | { ok: false; reason: 'expired'; target: OnboardingLinkTarget } {
      const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
      const expires = Number.parseInt(text('expires'), 10);
      const target = {
        accountId,
        returnUrl: text('return_url'),
        refreshUrl: text('refresh_url'),
        expires,
      };
      const given = Buffer.from(text('sig'), 'hex');
      const expected = Buffer.from(mac(target), 'hex');
      if (
        !Number.isSafeInteger(expires) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      )
        return { ok: false, reason: 'invalid' };
      if (nowSeconds > expires) return { ok: false, reason: 'expired', target };
      return { ok: true, target };
    },
  };
}

export type OnboardingLinkSigner = ReturnType<typeof createOnboardingLinkSigner>;
