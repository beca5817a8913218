import 'altcha';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { botChallengeQuery } from '../../api/bot-check';
import { useBoot } from '../../app/boot/boot-context';
import { type BotChallenge, payloadOfState, readBotChallenge } from './challenge';

/** Longest a submit waits for a proof of work still running (the server's cost takes well under 1 s). */
const SOLVE_TIMEOUT_MS = 20_000;

export interface BotCheckHandle {
  /** The answer to send as `gtoken`; waits for the proof of work if it is still running. '' without a widget. */
  getToken(): Promise<string>;
  /** Answers are single use: call after every submit so the next attempt solves a fresh challenge. */
  renew(): void;
}

/**
 * The bot check of the login and forgot-password forms (spec 1 §5): the `altcha` widget, solving in the
 * background as soon as it loads. The challenge is fetched here rather than by the widget so that a
 * system configured for reCAPTCHA renders nothing instead of a broken widget.
 */
export function BotCheck({ ref }: { ref: Ref<BotCheckHandle> }) {
  const { http, hostname } = useBoot();
  const query = useQuery(botChallengeQuery(http, hostname));
  const challenge: BotChallenge = query.data ? readBotChallenge(query.data) : { kind: 'none' };
  const json = challenge.kind === 'altcha' ? challenge.json : null;
  const refetch = query.refetch;

  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const payloadRef = useRef('');
  const waitersRef = useRef<Array<(payload: string) => void>>([]);

  // Listeners are attached per widget instance: a new challenge remounts the widget (key below).
  useEffect(() => {
    const widget = widgetRef.current;
    payloadRef.current = '';
    if (!widget || !json) return;
    const onStateChange = (event: Event) => {
      const { detail } = event as CustomEvent<{ state?: string }>;
      payloadRef.current = payloadOfState(detail);
      if (payloadRef.current || detail?.state === 'error')
        settleWaiters(waitersRef.current, payloadRef.current);
      // An expired challenge cannot be solved again; fetch a new one (which remounts the widget).
      if (detail?.state === 'expired') void refetch();
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [json, refetch]);

  useImperativeHandle(
    ref,
    () => ({
      async getToken() {
        const widget = widgetRef.current;
        if (!json || !widget) return '';
        if (payloadRef.current) return payloadRef.current;
        const pending = waitForPayload(waitersRef.current);
        // auto="onload" is usually already solving; start it only when idle (verify() restarts a run).
        if (widget.getState?.() !== 'verifying') void widget.verify?.().catch(() => undefined);
        return pending;
      },
      renew() {
        payloadRef.current = '';
        void refetch();
      },
    }),
    [json, refetch],
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

function waitForPayload(waiters: Array<(payload: string) => void>): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(''), SOLVE_TIMEOUT_MS);
    function done(payload: string) {
      clearTimeout(timer);
      const index = waiters.indexOf(done);
      if (index >= 0) waiters.splice(index, 1);
      resolve(payload);
    }
    waiters.push(done);
  });
}

function settleWaiters(waiters: Array<(payload: string) => void>, payload: string) {
  for (const waiter of [...waiters]) waiter(payload);
}
