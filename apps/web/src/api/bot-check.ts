import type { HttpClient } from './http';

/**
 * `GET /altcha/challenge?host=`: what the login and forgot-password forms must solve. The answer is
 * read by components/bot-check/challenge.ts (ALTCHA, or a reCAPTCHA site key this app does not render).
 * Every answer is single use, so a challenge is never cached: each form and each attempt fetches its
 * own (components/bot-check/use-bot-challenge.ts), and only when one is used or expired, never behind
 * the control's back (window focus, reconnect). A failed request is tried once more. Plain fetches, not
 * TanStack Query: the sign-in page loads without it (decision 0025).
 */
export async function fetchBotChallenge(http: HttpClient, hostname: string): Promise<unknown> {
  const request = () =>
    http.request({ path: '/altcha/challenge', query: { host: hostname }, skipRefresh: true });
  const early = takeEarlyChallenge(hostname);
  try {
    return await (early ?? request());
  } catch {
    return request();
  }
}

let early: { hostname: string; answer: Promise<unknown> } | null = null;

/**
 * Boot asks for the sign-in page's challenge while the page's code is still loading, so the widget can
 * start solving as soon as it mounts. The answer is handed to the first challenge fetch of that host
 * and never again (answers are single use); a failed early request counts as that fetch's first try.
 */
export function prefetchBotChallenge(http: HttpClient, hostname: string): void {
  const answer = http.request({ path: '/altcha/challenge', query: { host: hostname }, skipRefresh: true });
  answer.catch(() => undefined);
  early = { hostname, answer };
}

function takeEarlyChallenge(hostname: string): Promise<unknown> | undefined {
  if (!early || early.hostname !== hostname) return undefined;
  const { answer } = early;
  early = null;
  return answer;
}
