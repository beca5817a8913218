import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from './http';

export const botCheckKeys = {
  all: ['bot-check'] as const,
  challenge: (hostname: string) => [...botCheckKeys.all, 'challenge', hostname] as const,
};

/**
 * `GET /altcha/challenge?host=`: what the login and forgot-password forms must solve. The answer is
 * read by components/bot-check/challenge.ts (ALTCHA, or a reCAPTCHA site key this app does not render).
 * Every answer is single use, so a challenge is never cached: each form and each attempt gets its own.
 */
export const botChallengeQuery = (http: HttpClient, hostname: string) =>
  queryOptions({
    queryKey: botCheckKeys.challenge(hostname),
    queryFn: ({ signal }): Promise<unknown> =>
      http.request({ path: '/altcha/challenge', query: { host: hostname }, signal, skipRefresh: true }),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
