import { describe, expect, it, vi } from 'vitest';
import { AnswerGate } from './answer-gate';

/** A gate whose renewals are counted, as the component's query-key bump would be. */
function gate(waitMs = 5_000) {
  const renewals = { count: 0 };
  return { gate: new AnswerGate(() => renewals.count++, waitMs), renewals };
}

/** Whether a promise has settled yet, without waiting for it. */
async function settled(promise: Promise<string>): Promise<string | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 0))]);
}

describe('AnswerGate', () => {
  it('makes a submit sent before the challenge has arrived wait for its answer (the race of issue 9 item 9)', async () => {
    const { gate: g } = gate();
    // The sign-in button is pressed while GET /altcha/challenge is still on its way: the old
    // component answered '' here and the server refused it while the widget went on to "Verified".
    const answer = g.take();
    expect(await settled(answer)).toBe('pending');
    g.challengeArrived('challenge-1');
    expect(await settled(answer)).toBe('pending');
    g.solved('challenge-1', 'payload-1');
    expect(await answer).toBe('payload-1');
  });

  it('hands each answer to one submit only and fetches the next challenge at once', async () => {
    const { gate: g, renewals } = gate();
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    expect(await g.take()).toBe('payload-1');
    expect(renewals.count).toBe(1);
    // A second submit (a wrong password retyped fast, a double click) never gets the used answer.
    const second = g.take();
    expect(await settled(second)).toBe('pending');
    g.challengeArrived('challenge-2');
    g.solved('challenge-2', 'payload-2');
    expect(await second).toBe('payload-2');
    expect(renewals.count).toBe(2);
  });

  it("keeps the next challenge when a form renews after the server's answer", async () => {
    const { gate: g, renewals } = gate();
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    expect(await g.take()).toBe('payload-1');
    g.challengeArrived('challenge-2');
    g.solved('challenge-2', 'payload-2');
    // The forgot-password and registration forms call renew() when their request settles.
    g.renewUnlessPending();
    expect(renewals.count).toBe(1);
    expect(await g.take()).toBe('payload-2');
    // The first renew() after that take is the form's own and is absorbed; a further one fetches.
    g.challengeArrived('challenge-3');
    g.renewUnlessPending();
    g.renewUnlessPending();
    expect(renewals.count).toBe(3);
  });

  it('drops an answer to a challenge it has moved past', async () => {
    const { gate: g } = gate();
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    expect(await g.take()).toBe('payload-1');
    const next = g.take();
    // An old solver run, finishing late, answering its challenge again is not an answer.
    g.solved('challenge-1', 'payload-1-again');
    expect(await settled(next)).toBe('pending');
    g.challengeArrived('challenge-2');
    g.solved('challenge-2', 'payload-2');
    expect(await next).toBe('payload-2');
  });

  it('gives two waiting submits two different answers', async () => {
    const { gate: g } = gate();
    const [a, b] = [g.take(), g.take()];
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    expect(await a).toBe('payload-1');
    expect(await settled(b)).toBe('pending');
    g.challengeArrived('challenge-2');
    g.solved('challenge-2', 'payload-2');
    expect(await b).toBe('payload-2');
  });

  it('voids an expired answer and fetches a fresh challenge', async () => {
    const { gate: g, renewals } = gate();
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    g.expired('challenge-1');
    expect(renewals.count).toBe(1);
    const answer = g.take();
    expect(await settled(answer)).toBe('pending');
    g.challengeArrived('challenge-2');
    g.solved('challenge-2', 'payload-2');
    expect(await answer).toBe('payload-2');
  });

  it('keeps the progress of a challenge it is told about again (a re-render)', () => {
    const { gate: g } = gate();
    g.challengeArrived('challenge-1');
    g.solved('challenge-1', 'payload-1');
    g.challengeArrived('challenge-1');
    expect(g.state).toEqual({ kind: 'solved', challenge: 'challenge-1', payload: 'payload-1' });
  });

  it('lets submits go on without an answer when there is nothing to solve', async () => {
    const { gate: g, renewals } = gate();
    const waiting = g.take();
    g.challengeArrived(null); // a reCAPTCHA system: no control is rendered
    expect(await waiting).toBe('');
    expect(await g.take()).toBe('');
    expect(renewals.count).toBe(0);
  });

  it('answers the waiting submit with nothing when the challenge or the solver fails, and retries next time', async () => {
    const { gate: g, renewals } = gate();
    const waiting = g.take();
    g.challengeFailed();
    expect(await waiting).toBe('');
    expect(await g.take()).toBe('');
    expect(renewals.count).toBe(1);
    g.challengeArrived('challenge-2');
    const next = g.take();
    g.failed('challenge-2');
    expect(await next).toBe('');
  });

  it('fetches a fresh challenge when the person retries after a failure, and only then', () => {
    const { gate: g, renewals } = gate();
    g.challengeArrived('challenge-1');
    g.retry();
    expect(renewals.count).toBe(0);
    g.failed('challenge-1');
    g.retry();
    expect(renewals.count).toBe(1);
    expect(g.state).toEqual({ kind: 'loading' });
    g.challengeArrived(null);
    g.retry();
    expect(renewals.count).toBe(1);
  });

  it('gives up waiting after its limit', async () => {
    vi.useFakeTimers();
    try {
      const { gate: g } = gate(1_000);
      const answer = g.take();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await answer).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
