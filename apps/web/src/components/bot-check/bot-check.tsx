import 'altcha';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { botChallengeQuery } from '../../api/bot-check';
import { useBoot } from '../../app/boot/boot-context';
import { AnswerGate } from './answer-gate';
import { type BotChallenge, payloadOfState, readBotChallenge } from './challenge';

/** Longest a submit waits for a proof of work still running (the server's cost takes well under 1 s). */
const SOLVE_TIMEOUT_MS = 20_000;

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
 * The bot check of the login and forgot-password forms (spec 1 §5): the `altcha` widget, solving in the
 * background as soon as it loads. The challenge is fetched here rather than by the widget so that a
 * system configured for reCAPTCHA renders nothing instead of a broken widget. Which answer a submit
 * sends is decided by the AnswerGate (answer-gate.ts): each answer once, never one of an old challenge.
 */
export function BotCheck({ ref }: { ref: Ref<BotCheckHandle> }) {
  const { http, hostname } = useBoot();
  // Each challenge is its own query (round in the key): a used or expired one is dropped at once, so
  // its widget, still showing "Verified", never stays on screen while the next one loads.
  const [round, setRound] = useState(0);
  const query = useQuery(botChallengeQuery(http, hostname, round));
  const challenge: BotChallenge = query.data ? readBotChallenge(query.data) : { kind: 'none' };
  const json = challenge.kind === 'altcha' ? challenge.json : null;
  const [gate] = useState(() => new AnswerGate(() => setRound((r) => r + 1), SOLVE_TIMEOUT_MS));
  const widgetRef = useRef<AltchaWidgetElement | null>(null);

  useEffect(() => {
    if (query.status === 'success') gate.challengeArrived(json);
    else if (query.status === 'error') gate.challengeFailed();
  }, [gate, query.status, json]);

  // Listeners are attached per widget instance: a new challenge remounts the widget (key below).
  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget || !json) return;
    const onStateChange = (event: Event) => {
      const { detail } = event as CustomEvent<{ state?: string }>;
      const payload = payloadOfState(detail);
      if (payload) gate.solved(json, payload);
      else if (detail?.state === 'error') gate.failed(json);
      // An expired challenge cannot be solved again; the gate fetches a new one (a new widget).
      else if (detail?.state === 'expired') gate.expired(json);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [gate, json]);

  useImperativeHandle(
    ref,
    () => ({
      getToken() {
        const answer = gate.take();
        // auto="onload" is usually already solving; start it when the widget sits idle or failed
        // (verify() restarts a run, so a running one is left alone).
        const widget = widgetRef.current;
        const state = widget?.getState?.();
        if (gate.state.kind === 'solving' && widget && (state === 'unverified' || state === 'error'))
          void widget.verify?.().catch(() => undefined);
        return answer;
      },
      renew: () => gate.renewUnlessPending(),
    }),
    [gate],
  );

  if (!json) return null;
  return (
    // Keyed by the challenge: a new challenge gets a fresh widget instead of a half-reset old one.
    <Box key={json} data-testid="bot-check">
      <altcha-widget
        ref={widgetRef}
        challenge={json}
        auto="onload"
        name="gtoken"
        style={{ '--altcha-max-width': '100%' }}
      />
    </Box>
  );
}
