import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateCoupon } from '../../../api/coupons';
import { ApiRequestError, failureMessage } from '../../../api/http';
import { notifySuccess } from '../../../components/feedback/feedback';
import {
  type CouponErrors,
  type CouponFormValues,
  createCouponBody,
  EMPTY_COUPON,
  validateCoupon,
} from './coupon-model';

interface CouponFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The system's root company (the coupons belong to its system). */
  companyID: number;
}

/** New coupon: code, percent or amount off, valid from/to (inclusive, UTC days), usage limit. */
export function CouponFormModal({ opened, onClose, companyID }: CouponFormModalProps) {
  const create = useCreateCoupon();
  const [values, setValues] = useState<CouponFormValues>(EMPTY_COUPON);
  const [errors, setErrors] = useState<CouponErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof CouponFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const close = () => {
    setValues(EMPTY_COUPON);
    setErrors({});
    setFailure(null);
    onClose();
  };

  function submit() {
    setFailure(null);
    const found = validateCoupon(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(createCouponBody(companyID, values), {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        close();
      },
      onError: (error) => {
        setFailure(failureMessage(error));
        if (error instanceof ApiRequestError && error.fields) setErrors(error.fields as CouponErrors);
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="New coupon" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="coupon-form"
      >
        <Stack gap="md">
          <TextInput
            label="Code"
            required
            description="3 to 32 letters, digits, hyphens or underscores; not case-sensitive."
            value={values.code}
            onChange={(event) => set('code', event.currentTarget.value)}
            error={errors.code}
            maxLength={32}
            data-testid="coupon-form-code"
          />
          <SegmentedControl
            aria-label="Discount kind"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'amount', label: 'Amount off' },
            ]}
            value={values.kind}
            onChange={(kind) => set('kind', kind)}
            data-testid="coupon-form-kind"
          />
          <TextInput
            label={values.kind === 'percent' ? 'Percent off (%)' : 'Amount off ($)'}
            required
            inputMode="decimal"
            value={values.value}
            onChange={(event) => set('value', event.currentTarget.value)}
            error={errors.value}
            maxLength={16}
            data-testid="coupon-form-value"
          />
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label="Valid from"
              value={values.valid_from}
              onChange={(event) => set('valid_from', event.currentTarget.value)}
              error={errors.valid_from}
              data-testid="coupon-form-from"
            />
            <TextInput
              type="date"
              label="Valid to"
              value={values.valid_to}
              onChange={(event) => set('valid_to', event.currentTarget.value)}
              error={errors.valid_to}
              data-testid="coupon-form-to"
            />
          </SimpleGrid>
          <TextInput
            label="Usage limit"
            description="How many charges may use it; leave blank for no limit."
            inputMode="numeric"
            value={values.usage_limit}
            onChange={(event) => set('usage_limit', event.currentTarget.value)}
            error={errors.usage_limit}
            maxLength={7}
            data-testid="coupon-form-limit"
          />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="coupon-form-save">
              Create coupon
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
