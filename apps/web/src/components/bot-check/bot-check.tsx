import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useBoot } from '../../app/boot/boot-context';
import { AnswerGate } from './answer-gate';
import { type BotChallenge, readBotChallenge } from './challenge';
import { solveAltcha } from './solve-altcha';
import { useBotChallenge } from './use-bot-challenge';

/** Longest a submit waits for a proof of work still running (the server's cost takes well under 1 s). */
const SOLVE_TIMEOUT_MS = 20_000;

const NOTHING_TO_SOLVE: BotChallenge = { kind: 'none' };

export interface BotCheckHandle {
  /**
   * The answer to send as `gtoken`, used up by this call (a fresh challenge is fetched at once); waits
   * while the challenge is on its way or being solved. '' when there is nothing to solve.
   */
  getToken(): Promise<string>;
  /** A fresh challenge, unless one is already coming since the last answer was taken. */
  renew(): void;
}

/**
 * The bot check of the login, forgot-password and registration forms (spec 1 §5): an ALTCHA proof of
 * work solved in the background as soon as its challenge arrives (solve-altcha.ts, decision 0025),
 * with a control that says how it goes. The challenge is fetched here so that a system configured for
 * reCAPTCHA renders nothing. Which answer a submit sends is decided by the AnswerGate
 * (answer-gate.ts): each answer once, never one of an old challenge.
 */
export function BotCheck({ ref, onSettled }: { ref: Ref<BotCheckHandle>; onSettled?: () => void }) {
  const { http, hostname } = useBoot();
  // Each challenge is its own round: a used or expired one is dropped at once, so its control, still
  // showing "Verified", never stays on screen while the next one loads.
  const [round, setRound] = useState(0);
  const answer = useBotChallenge(http, hostname, round);
  const data = answer.status === 'success' ? answer.data : undefined;
  const challenge = useMemo(() => (data ? readBotChallenge(data) : NOTHING_TO_SOLVE), [data]);
  const json = challenge.kind === 'altcha' ? challenge.json : null;
  const [gate] = useState(() => new AnswerGate(() => setRound((r) => r + 1), SOLVE_TIMEOUT_MS));

  useEffect(() => {
    if (answer.status === 'success') gate.challengeArrived(json);
    else if (answer.status === 'error') gate.challengeFailed();
  }, [gate, answer.status, json]);

  // Nothing to solve (no challenge, or one this app does not render) settles the check at once.
  const nothingToSolve = answer.status !== 'pending' && json === null;
  useEffect(() => {
    if (nothingToSolve) onSettled?.();
  }, [nothingToSolve, onSettled]);

  useImperativeHandle(ref, () => ({ getToken: () => gate.take(), renew: () => gate.renewUnlessPending() }), [
    gate,
  ]);

  if (challenge.kind !== 'altcha') return null;
  // Keyed by the challenge: a new challenge gets a fresh control and solver run.
  return <BotCheckControl key={challenge.json} challenge={challenge} gate={gate} onSettled={onSettled} />;
}

type SolveStatus = 'verifying' | 'verified' | 'failed';

function BotCheckControl({
  challenge,
  gate,
  onSettled,
}: {
  challenge: Extract<BotChallenge, { kind: 'altcha' }>;
  gate: AnswerGate;
  /** Told when the challenge is answered or could not be. */
  onSettled?: () => void;
}) {
  const [status, setStatus] = useState<SolveStatus>('verifying');
  // Read when the solver ends, so a new callback never restarts a proof of work under way.
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    const { json, challenge: altcha } = challenge;
    const run = new AbortController();
    solveAltcha(altcha, { signal: run.signal }).then(
      (payload) => {
        if (run.signal.aborted) return;
        gate.solved(json, payload);
        setStatus('verified');
        settled.current?.();
      },
      () => {
        if (run.signal.aborted) return;
        gate.failed(json);
        setStatus('failed');
        settled.current?.();
      },
    );
    // An expired challenge's answer is refused by the server: the gate fetches a fresh one in time.
    const { expiresAt } = altcha.parameters;
    const expiry =
      typeof expiresAt === 'number'
        ? setTimeout(() => gate.expired(json), Math.max(0, expiresAt * 1000 - Date.now()))
        : undefined;
    return () => {
      run.abort();
      clearTimeout(expiry);
    };
  }, [gate, challenge]);

  return (
    <Group data-testid="bot-check" data-state={status} gap="xs" wrap="nowrap">
      {status === 'verifying' && <Loader size={18} aria-hidden />}
      {status === 'verified' && (
        <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
      )}
      {status === 'failed' && <IconAlertCircle size={20} color="var(--mantine-color-red-7)" aria-hidden />}
      <Text size="sm" role="status" aria-live="polite">
        {status === 'verifying' && 'Verifying…'}
        {status === 'verified' && 'Verified'}
        {status === 'failed' && 'Verification failed.'}
      </Text>
      {status === 'failed' && (
        <Button variant="subtle" size="compact-sm" onClick={() => gate.retry()}>
          Retry
        </Button>
      )}
    </Group>
  );
}
