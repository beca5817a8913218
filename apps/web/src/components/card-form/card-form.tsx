import {
  type CardSavedResponse,
  centsFromWire,
  type GetCouponResponse,
  type SessionUser,
} from '@app/contracts';
import { actorOf, can } from '@app/policy';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { confirmServiceAgreement } from '../../api/agreements';
import { useAppConfig } from '../../api/app-config';
import { useOnboardingStatus, useSaveCard, useSavedCard } from '../../api/cards';
import { ApiRequestError, failureMessage } from '../../api/http';
import { useHttp } from '../../app/boot/boot-context';
import { useRefreshSession } from '../../routes/user/shared/refresh-session';
import { notifySuccess } from '../feedback/feedback';
import type { CardEntry } from './card-entry';
import {
  type CardErrors,
  type CardField,
  fieldErrorsFromServer,
  firstCardBody,
  hasErrors,
  initialCardValues,
  replaceCardBody,
  validateHolder,
} from './card-model';
import { HolderFields } from './holder-fields';
import { OnboardingFee, usd } from './onboarding-fee';
import { SandboxCardFields } from './sandbox-card-fields';
import { ServiceAgreementNotice, serviceAgreementOf } from './service-agreement';

const StripeCardFields = lazy(() => import('./stripe-card-fields'));

export interface CardFormProps {
  user: SessionUser;
  onSaved?: (answer: CardSavedResponse) => void;
  onCancel?: () => void;
  /**
   * The caller shows the server's message itself (a wizard step, beside its Next button), so no
   * notice pops up over the step's buttons saying it a second time.
   */
  confirmsInline?: boolean;
}

/**
 * The card form of Card Setting and of the profile-setup card step: holder and billing address, the
 * card itself (the sandbox's test-card fields, or Stripe Elements when the app config carries a Stripe
 * publishable key), and while it is due the onboarding fee, with an optional coupon on the first card. A refusal (a
 * declined card) is shown above the button with the form kept as typed, so trying again, or another
 * card, is one click; each try asks for a fresh single-use token. After a save the session user is
 * fetched again, so the guards and warnings follow the card at once.
 */
export function CardForm(props: CardFormProps) {
  // Saving a card charges what is due on it: never done for someone by a stand-in (decision 0066).
  if (!can(actorOf(props.user, null), 'cards.update'))
    return (
      <Alert color="gray" variant="light" role="status" data-testid="card-stand-in">
        {CARD_STAND_IN_TEXT}
      </Alert>
    );
  return <CardFormFields {...props} />;
}

/** What a stand-in (view mode, single sign-on) is told where the card form would be. */
export const CARD_STAND_IN_TEXT =
  "Only the account's own people can save its card: you are acting as this user, so the card is shown, not changed.";

function CardFormFields({ user, onSaved, onCancel, confirmsInline = false }: CardFormProps) {
  const { stripePublishableKey } = useAppConfig();
  const onboarding = useOnboardingStatus(user.id);
  const saved = useSavedCard(user.id);
  // No card on file: `POST /payment/customer` (the first card, with a coupon); else `PUT /payment/card`.
  // Both charge the onboarding fee while it is due, so a declined first payment is retried either way.
  const mode = saved.data?.card ? 'replace' : 'first';
  const save = useSaveCard();
  const refreshSession = useRefreshSession();
  const http = useHttp();
  const agreement = mode === 'first' ? serviceAgreementOf(user) : null;
  // Accepted once per form: a declined card tried again does not record the agreement twice.
  const accepted = useRef(false);
  const [values, setValues] = useState(() => initialCardValues(user, saved.data?.card));
  const [errors, setErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState<GetCouponResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = useRef<CardEntry | null>(null);
  const register = useCallback((next: CardEntry | null) => {
    entry.current = next;
  }, []);

  const set = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const status = onboarding.data;
  const fee = status && (centsFromWire(status.onboarding_fee) ?? 0) > 0 ? status.onboarding_fee : null;
  const payLabel = fee ? `Save card and pay ${usd(checked?.amount ?? fee)}` : 'Save card';

  async function submit() {
    setFormError(null);
    const holderErrors = validateHolder(values);
    if (!entry.current) return setFormError('The card form is still loading.');
    setBusy(true);
    try {
      const token = await entry.current.tokenize(values);
      const cardErrors = token.ok ? {} : token.errors;
      if (hasErrors(holderErrors) || !token.ok) {
        setErrors({ ...holderErrors, ...cardErrors });
        if (!token.ok && token.message) setFormError(token.message);
        return;
      }
      if (agreement && !accepted.current) {
        await confirmServiceAgreement(http, user.id, agreement.document, 'card-setting');
        accepted.current = true;
      }
      const answer = await save.mutateAsync(
        mode === 'first'
          ? { kind: 'first', body: firstCardBody(values, token.tokenid, user.id) }
          : { kind: 'replace', body: replaceCardBody(values, token.tokenid, user.id) },
      );
      await refreshSession();
      setValues((current) => ({ ...current, number: '', expiry: '', cvc: '' }));
      if (!confirmsInline) notifySuccess(answer.message);
      onSaved?.(answer);
    } catch (error) {
      setFormError(failureMessage(error));
      if (error instanceof ApiRequestError) setErrors(fieldErrorsFromServer(error.fields));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="card-form"
    >
      <Stack gap="md">
        <HolderFields values={values} errors={errors} set={set} disabled={busy} />
        {stripePublishableKey ? (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
            <StripeCardFields
              publishableKey={stripePublishableKey}
              userId={user.id}
              error={errors.number}
              disabled={busy}
              register={register}
            />
          </Suspense>
        ) : (
          <SandboxCardFields values={values} errors={errors} set={set} disabled={busy} register={register} />
        )}
        {fee && status && (
          <OnboardingFee
            fee={fee}
            couponAllowed={mode === 'first' && status.onboarding_coupon}
            coupon={values.coupon}
            setCoupon={(code) => set('coupon', code)}
            couponError={errors.coupon}
            checked={checked}
            setChecked={setChecked}
            disabled={busy}
          />
        )}
        {agreement && <ServiceAgreementNotice agreement={agreement} />}
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="card-error">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            loading={busy}
            disabled={onboarding.isPending || saved.isPending}
            data-testid="card-save"
          >
            {payLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
