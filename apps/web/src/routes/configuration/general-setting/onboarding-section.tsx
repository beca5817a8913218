import { SETTING_SAVED } from '@app/contracts';
import { Alert, Button, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiRequestError, failureMessage } from '../../../api/http';
import { type OnboardingSetting, useOnboardingSetting, useSaveOnboarding } from '../../../api/settings';
import { showNotice } from '../../../components/feedback/notice';
import { DoneAlert } from '../../../components/feedback/outcome-alerts';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { checkOnboardingAmount } from './onboarding-model';
import { NO_PERMISSION, QueryGate, type SectionProps } from './section-parts';

/** Spec 2 §8: what an onboarding save failure says. */
export const ONBOARDING_SAVE_FAILED = 'We are unable to save your setting, please try again later.';

const ONBOARDING_INPUTS = inputsNamed(['amount']);

/** The onboarding charge new agencies pay (root company only; spec 2 §3, §5). */
export function OnboardingSection(props: SectionProps) {
  const query = useOnboardingSetting(props.companyID);
  return (
    <QueryGate query={query} label="Loading onboarding charge" testId="onboarding-load-error">
      {query.data && <OnboardingEditor {...props} data={query.data.data} />}
    </QueryGate>
  );
}

function OnboardingEditor({ companyID, canSave, data }: SectionProps & { data: OnboardingSetting }) {
  const [amount, setAmount] = useState(data.amount);
  const [coupon, setCoupon] = useState(data.enable_coupon);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveOnboarding();

  useEffect(() => {
    setAmount(data.amount);
    setCoupon(data.enable_coupon);
  }, [data.amount, data.enable_coupon]);

  const submit = async () => {
    setSaved(null);
    setFailure(null);
    const check = checkOnboardingAmount(amount);
    if (!check.ok) {
      setFieldError(check.fieldError);
      showNotice({ color: 'yellow', title: 'Onboarding Charge', message: check.notice });
      return;
    }
    setFieldError(null);
    try {
      const answer = await save.mutateAsync({
        CompanyID: companyID,
        amount: amount.trim(),
        enable_coupon: coupon,
      });
      setSaved(answer.message || SETTING_SAVED);
    } catch (cause) {
      // Spec 2 §8's text stands for failures the server explains nowhere (network, 5xx).
      const placed = placeServerErrors(cause, ONBOARDING_INPUTS, (error) =>
        error instanceof ApiRequestError && error.status >= 400 && error.status < 500
          ? failureMessage(error)
          : ONBOARDING_SAVE_FAILED,
      );
      setFieldError(placed.fields.amount ?? null);
      if (placed.message) {
        setFailure(placed.message);
        showNotice({ color: 'yellow', title: 'Onboarding Charge', message: placed.message });
      }
    }
  };

  const saveButton = (
    <Button
      onClick={() => void submit()}
      loading={save.isPending}
      disabled={!canSave}
      data-testid="onboarding-save"
    >
      Save
    </Button>
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A one-time charge new agencies pay when they join. 0 turns it off; otherwise it must be more than
        $0.50.
      </Text>
      <TextInput
        label="Amount (USD)"
        type="number"
        step={0.01}
        min={0}
        leftSection="$"
        value={amount}
        error={fieldError}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setFieldError(null);
          setSaved(null);
        }}
        w={240}
        data-testid="onboarding-amount"
      />
      <Switch
        label="Allow coupon codes"
        checked={coupon}
        onChange={(event) => {
          setCoupon(event.currentTarget.checked);
          setSaved(null);
        }}
        data-testid="onboarding-coupon"
      />
      {failure && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="onboarding-error"
        >
          {failure}
        </Alert>
      )}
      {saved && <DoneAlert testId="onboarding-save-done">{saved}</DoneAlert>}
      <Group justify="flex-end">
        {canSave ? (
          saveButton
        ) : (
          <Tooltip label={NO_PERMISSION}>
            <span>{saveButton}</span>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}
