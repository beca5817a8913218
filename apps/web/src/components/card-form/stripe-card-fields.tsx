import { Input, Paper, Stack, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import type { RegisterCardEntry } from './card-entry';
import type { CardFormValues } from './card-model';

/**
 * Stripe Elements, for deployments with a Stripe publishable key in the app config. This file is a
 * lazy chunk: Stripe.js is fetched from Stripe only when this form is shown, never for the sandbox.
 * Stripe owns the number, expiry and security code; the form only ever sees the token.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key);
    loaded.set(key, promise);
  }
  return promise;
};

interface StripeCardFieldsProps {
  publishableKey: string;
  error?: string;
  disabled: boolean;
  register: RegisterCardEntry;
}

export default function StripeCardFields({
  publishableKey,
  error,
  disabled,
  register,
}: StripeCardFieldsProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard error={error} disabled={disabled} register={register} />
    </Elements>
  );
}

function StripeCard({ error, disabled, register }: Omit<StripeCardFieldsProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementError, setElementError] = useState<string | undefined>();
  useEffect(() => {
    register({
      async tokenize(values: CardFormValues) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, errors: { number: 'The card form is still loading.' } };
        const { token, error: refused } = await stripe.createToken(card, {
          name: values.cardholder.trim(),
          address_line1: values.address.trim(),
          address_city: values.city.trim(),
          address_state: values.state.trim(),
          address_zip: values.zip.trim(),
          address_country: values.country.trim(),
        });
        if (token) return { ok: true, tokenid: token.id };
        const message = refused?.message ?? 'Your card could not be read.';
        return { ok: false, errors: { number: message } };
      },
    });
    return () => register(null);
  }, [stripe, elements, register]);

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
