import { useEffect, useState } from 'react';
import { fetchBotChallenge } from '../../api/bot-check';
import type { HttpClient } from '../../api/http';

export type BotChallengeAnswer =
  | { status: 'pending' }
  | { status: 'success'; data: unknown }
  | { status: 'error' };

const PENDING: BotChallengeAnswer = { status: 'pending' };

/**
 * The server's challenge for `round` (the challenges a form has used up): each round is fetched once,
 * never refetched, and a new round starts as pending, so a used challenge's answer is never shown as
 * the next one's.
 */
export function useBotChallenge(http: HttpClient, hostname: string, round: number): BotChallengeAnswer {
  const [answer, setAnswer] = useState<{ round: number; answer: BotChallengeAnswer }>({
    round,
    answer: PENDING,
  });

  useEffect(() => {
    let current = true;
    fetchBotChallenge(http, hostname).then(
      (data) => current && setAnswer({ round, answer: { status: 'success', data } }),
      () => current && setAnswer({ round, answer: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [http, hostname, round]);

  return answer.round === round ? answer.answer : PENDING;
}
