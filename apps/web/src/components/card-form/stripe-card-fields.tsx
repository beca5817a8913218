import type { SetupIntentResponse } from '@app/contracts';
import { Alert, Input, Loader, Paper, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/http';
import { createSetupIntent } from '../../api/payment-gateway';
import { useHttp } from '../../app/boot/boot-context';
import type { RegisterCardEntry } from './card-entry';
import type { CardFormValues } from './card-model';

/**
 * Stripe Elements, for systems with Stripe keys (the app config carries the host system's publishable
 * key, decision 0039). This file is a lazy chunk: Stripe.js is fetched from Stripe only when this form
 * is shown, never for the sandbox. Stripe owns the number, expiry and security code: the form confirms
 * a SetupIntent the server made on the payer's account (`POST /payment/setup-intent`) and sends the
 * payment method it yields as the card token.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string, connectedAccount: string | null) => {
  const id = `${key}|${connectedAccount ?? ''}`;
  let promise = loaded.get(id);
  if (!promise) {
    // A client's card is saved on its agency's connected account: Stripe.js must act on that account.
    promise = loadStripe(key, connectedAccount ? { stripeAccount: connectedAccount } : undefined);
    loaded.set(id, promise);
  }
  return promise;
};

interface StripeCardFieldsProps {
  publishableKey: string;
  userId: number;
  error?: string;
  disabled: boolean;
  register: RegisterCardEntry;
}

export default function StripeCardFields({
  publishableKey,
  userId,
  error,
  disabled,
  register,
}: StripeCardFieldsProps) {
  const http = useHttp();
  // The first SetupIntent says which account the card goes to, which Stripe.js needs before Elements mount.
  const [first, setFirst] = useState<SetupIntentResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    createSetupIntent(http, userId).then(
      (answer) => current && setFirst(answer),
      (cause: unknown) => current && setFailure(failureMessage(cause)),
    );
    return () => {
      current = false;
    };
  }, [http, userId]);

  if (failure)
    return (
      <Alert color="red" variant="light" role="alert" data-testid="stripe-card-error">
        {failure}
      </Alert>
    );
  if (!first) return <Loader size="sm" aria-label="Loading the card form" />;
  return (
    <Elements stripe={stripeFor(first.publishable_key || publishableKey, first.connected_account)}>
      <StripeCard first={first} userId={userId} error={error} disabled={disabled} register={register} />
    </Elements>
  );
}

function StripeCard({
  first,
  userId,
  error,
  disabled,
  register,
}: Omit<StripeCardFieldsProps, 'publishableKey'> & { first: SetupIntentResponse }) {
  const http = useHttp();
  const stripe = useStripe();
  const elements = useElements();
  const [elementError, setElementError] = useState<string | undefined>();
  // An intent not yet confirmed (the first one, or one whose card was refused) is used for the next try;
  // a confirmed one is spent, so the next try asks for a new one.
  const unused = useRef<SetupIntentResponse | null>(first);
  useEffect(() => {
    register({
      async tokenize(values: CardFormValues) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, errors: { number: 'The card form is still loading.' } };
        const intent = unused.current ?? (await createSetupIntent(http, userId));
        unused.current = null;
        const { setupIntent, error: refused } = await stripe.confirmCardSetup(intent.client_secret, {
          payment_method: {
            card,
            billing_details: {
              name: values.cardholder.trim(),
              address: {
                line1: values.address.trim(),
                city: values.city.trim(),
                state: values.state.trim(),
                postal_code: values.zip.trim(),
                country: values.country.trim(),
              },
            },
          },
        });
        const method = setupIntent?.payment_method;
        if (method) return { ok: true, tokenid: typeof method === 'string' ? method : method.id };
        unused.current = intent;
        return { ok: false, errors: { number: refused?.message ?? 'Your card could not be read.' } };
      },
    });
    return () => register(null);
  }, [stripe, elements, register, http, userId]);

  return (
    <Paper withBorder radius="md" p="md" data-testid="stripe-card">
      <Stack gap={4}>
        <Input.Label required>Card</Input.Label>
        <CardElement
          options={{ disabled, hidePostalCode: true }}
          onChange={(event) => setElementError(event.error?.message)}
        />
        {(elementError ?? error) && (
          <Text size="xs" c="red" role="alert">
            {elementError ?? error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
