import {
  checkStripeKeys,
  PAYMENT_GATEWAY_TEXTS,
  type PaymentGatewayState,
  stripeModeOf,
} from '@app/contracts';
import { Badge, Button, Code, Group, PasswordInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { useAppConfig } from '../../../api/app-config';
import { failureMessage } from '../../../api/http';
import { usePaymentGateway, useSavePaymentGateway } from '../../../api/payment-gateway';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { NO_PERMISSION, QueryGate, type SectionProps } from './section-parts';

type Field = 'publishable_key' | 'secret_key' | 'webhook_secret';
const INPUTS = inputsNamed(['publishable_key', 'secret_key', 'webhook_secret']);

const SOURCE_TEXT: Record<PaymentGatewayState['source'], string> = {
  system: "Stripe, with this system's own keys",
  deployment: "Stripe, with the deployment's default keys",
  sandbox: 'Sandbox (test cards, no real money)',
};

/**
 * System Settings → Payment Gateway (decision 0039): the system's own Stripe account. The secrets are
 * never shown (the secret key's last four only); a secret left blank keeps the stored one. The keys are
 * checked here as the server checks them, then by the server.
 */
export function PaymentGatewaySection(props: SectionProps) {
  const query = usePaymentGateway();
  return (
    <QueryGate query={query} label="Loading the payment gateway" testId="payment-gateway-load-error">
      {query.data && <PaymentGatewayEditor {...props} state={query.data} />}
    </QueryGate>
  );
}

function PaymentGatewayEditor({ canSave, state }: SectionProps & { state: PaymentGatewayState }) {
  const { apiBase } = useAppConfig();
  const [values, setValues] = useState<Record<Field, string>>({
    publishable_key: state.publishable_key,
    secret_key: '',
    webhook_secret: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useSavePaymentGateway();
  const own = state.source === 'system';

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDone(null);
  };

  async function run(change: Parameters<typeof save.mutateAsync>[0]) {
    setFailure(null);
    setDone(null);
    try {
      const answer = await save.mutateAsync(change);
      setValues({ publishable_key: answer.publishable_key, secret_key: '', webhook_secret: '' });
      setDone(answer.message);
    } catch (cause) {
      const placed = placeServerErrors(cause, INPUTS, failureMessage);
      setErrors(placed.fields as Partial<Record<Field, string>>);
      if (placed.message) setFailure(placed.message);
    }
  }

  function submit() {
    const typed = {
      publishableKey: values.publishable_key.trim(),
      secretKey: values.secret_key.trim(),
      webhookSecret: values.webhook_secret.trim(),
    };
    // All three typed: the full check. Blank secrets keep the stored ones, which only the server
    // knows: here the publishable key's shape only.
    const keepsStored = own && (!typed.secretKey || !typed.webhookSecret);
    const problems = keepsStored
      ? typed.publishableKey.startsWith('pk_') && stripeModeOf(typed.publishableKey)
        ? {}
        : { publishable_key: PAYMENT_GATEWAY_TEXTS.publishableKey }
      : checkStripeKeys(typed);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    void run({
      kind: 'save',
      body: {
        publishable_key: values.publishable_key.trim(),
        secret_key: values.secret_key.trim(),
        webhook_secret: values.webhook_secret.trim(),
      },
    });
  }

  const guarded = (button: ReactElement) =>
    canSave ? (
      button
    ) : (
      <Tooltip label={NO_PERMISSION}>
        <span>{button}</span>
      </Tooltip>
    );

  return (
    <Stack gap="md" data-testid="payment-gateway-section">
      <Group gap="xs">
        <Text size="sm">Cards and payment accounts of this system use:</Text>
        <Badge
          variant="light"
          color={state.gateway === 'stripe' ? 'indigo' : 'gray'}
          data-testid="payment-gateway-source"
        >
          {SOURCE_TEXT[state.source]}
          {state.mode ? ` · ${state.mode} mode` : ''}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        The three keys belong to one Stripe account (Developers → API keys, and Developers → Webhooks for the
        signing secret). Point the Stripe webhook endpoint at{' '}
        <Code data-testid="payment-gateway-webhook-url">{`${apiBase}${state.webhook_path}`}</Code>. Cards and
        payment accounts made before a change stay where they were made.
      </Text>
      <TextInput
        label="Publishable key"
        placeholder="pk_test_…"
        value={values.publishable_key}
        error={errors.publishable_key}
        onChange={(event) => set('publishable_key', event.currentTarget.value)}
        autoComplete="off"
        data-testid="payment-gateway-publishable"
      />
      <PasswordInput
        label="Secret key"
        placeholder={
          state.secret_key_last4 ? `Stored, ending ${state.secret_key_last4} (blank keeps it)` : 'sk_test_…'
        }
        value={values.secret_key}
        error={errors.secret_key}
        onChange={(event) => set('secret_key', event.currentTarget.value)}
        autoComplete="new-password"
        data-testid="payment-gateway-secret"
      />
      <PasswordInput
        label="Webhook signing secret"
        placeholder={state.webhook_secret_set ? 'Stored (blank keeps it)' : 'whsec_…'}
        value={values.webhook_secret}
        error={errors.webhook_secret}
        onChange={(event) => set('webhook_secret', event.currentTarget.value)}
        autoComplete="new-password"
        data-testid="payment-gateway-webhook"
      />
      {failure && (
        <FailureAlert error={null} testId="payment-gateway-error">
          {failure}
        </FailureAlert>
      )}
      {done && <DoneAlert testId="payment-gateway-done">{done}</DoneAlert>}
      <Group justify="flex-end">
        {own &&
          guarded(
            <Button
              variant="default"
              color="red"
              onClick={() => void run({ kind: 'remove' })}
              loading={save.isPending}
              disabled={!canSave}
              data-testid="payment-gateway-remove"
            >
              Remove keys
            </Button>,
          )}
        {guarded(
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!canSave}
            data-testid="payment-gateway-save"
          >
            Save
          </Button>,
        )}
      </Group>
    </Stack>
  );
}
