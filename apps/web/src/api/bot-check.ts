import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from './http';

export const botCheckKeys = {
  all: ['bot-check'] as const,
  /** `round` counts the challenges a form has used up: each is fetched once, never refetched. */
  challenge: (hostname: string, round: number) =>
    [...botCheckKeys.all, 'challenge', hostname, round] as const,
};

/**
 * `GET /altcha/challenge?host=`: what the login and forgot-password forms must solve. The answer is
 * read by components/bot-check/challenge.ts (ALTCHA, or a reCAPTCHA site key this app does not render).
 * Every answer is single use, so a challenge is never cached: each form and each attempt gets its own
 * (a new `round`). A challenge is replaced only when used or expired, never behind the widget's back
 * (window focus, reconnect): that would throw away an answer being solved or already solved.
 */
export const botChallengeQuery = (http: HttpClient, hostname: string, round: number) =>
  queryOptions({
    queryKey: botCheckKeys.challenge(hostname, round),
    queryFn: ({ signal }): Promise<unknown> =>
      takeEarlyChallenge(hostname) ??
      http.request({ path: '/altcha/challenge', query: { host: hostname }, signal, skipRefresh: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });

let early: { hostname: string; answer: Promise<unknown> } | null = null;

/**
 * Boot asks for the sign-in page's challenge while the page's code is still loading, so the widget can
 * start solving as soon as it mounts. The answer is handed to the first challenge query of that host
 * and never again (answers are single use); a failed early request just makes that query fail as its
 * own request would.
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
