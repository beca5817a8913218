import { REIDENTIFICATION_LABELS, REIDENTIFICATION_VALUES, REPORT_TYPES } from '@app/contracts';
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import type { StepProps } from './campaign-step';

const REPORT_TYPE_LABELS: Record<(typeof REPORT_TYPES)[number], string> = {
  CSV: 'CSV',
  Excel: 'Excel',
  GoogleSheet: 'Google Sheet',
};

/**
 * Step 3: which leads count (required e-mail, phone, address; the re-identification window, also
 * across the client's campaigns; the phone hidden from the client) and who hears about them (report
 * type and recipients, admins notified after a number of leads).
 */
export function LeadsStep({ values, errors, set, disabled }: StepProps) {
  return (
    <Stack gap="sm">
      <Fieldset legend="Leads">
        <Stack gap="xs">
          <Checkbox
            label="Require an e-mail address"
            checked={values.requireemailaddress}
            onChange={(e) => set('requireemailaddress', e.currentTarget.checked)}
            disabled={disabled}
            data-testid="campaign-require-email"
          />
          <Checkbox
            label="Require a phone number"
            checked={values.phoneenabled}
            onChange={(e) => set('phoneenabled', e.currentTarget.checked)}
            disabled={disabled}
            data-testid="campaign-require-phone"
          />
          <Checkbox
            label="Require a postal address"
            checked={values.homeaddressenabled}
            onChange={(e) => set('homeaddressenabled', e.currentTarget.checked)}
            disabled={disabled}
            data-testid="campaign-require-address"
          />
          <Select
            label="Re-identify the same person after"
            data={REIDENTIFICATION_VALUES.map((value) => ({ value, label: REIDENTIFICATION_LABELS[value] }))}
            allowDeselect={false}
            value={values.reidentificationtype}
            onChange={(value) =>
              set('reidentificationtype', (value ?? 'never') as typeof values.reidentificationtype)
            }
            error={errors.reidentificationtype}
            disabled={disabled}
            data-testid="campaign-reidentification"
          />
          <Checkbox
            label="Apply re-identification across all of the client's campaigns"
            checked={values.applyreidentificationall}
            onChange={(e) => set('applyreidentificationall', e.currentTarget.checked)}
            disabled={disabled}
            data-testid="campaign-reidentification-all"
          />
          <Checkbox
            label="Hide the phone number from the client"
            checked={values.clientHidePhone}
            onChange={(e) => set('clientHidePhone', e.currentTarget.checked)}
            disabled={disabled}
            data-testid="campaign-hide-phone"
          />
        </Stack>
      </Fieldset>
      <Fieldset legend="Reports and notifications">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Report Type"
              data={REPORT_TYPES.map((value) => ({ value, label: REPORT_TYPE_LABELS[value] }))}
              allowDeselect={false}
              value={values.reportType}
              onChange={(value) => set('reportType', (value ?? 'CSV') as typeof values.reportType)}
              error={errors.reportType}
              disabled={disabled}
              data-testid="campaign-report-type"
            />
            <NumberInput
              label="Notify admins after this many leads (0: never)"
              min={0}
              max={1_000_000}
              allowDecimal={false}
              allowNegative={false}
              value={values.leadsAmountNotification}
              onChange={(value) => set('leadsAmountNotification', typeof value === 'number' ? value : 0)}
              error={errors.leadsAmountNotification}
              disabled={disabled}
              data-testid="campaign-notify-threshold"
            />
          </SimpleGrid>
          <TagsInput
            label="Report Recipients"
            description="E-mail addresses; press Enter after each."
            value={values.reportSentTo}
            onChange={(value) => set('reportSentTo', value)}
            error={errors.reportSentTo}
            disabled={disabled}
            clearable
            data-testid="campaign-report-recipients"
          />
          <TagsInput
            label="Admins to Notify"
            value={values.adminNotifyTo}
            onChange={(value) => set('adminNotifyTo', value)}
            error={errors.adminNotifyTo}
            disabled={disabled}
            clearable
            data-testid="campaign-admin-notify"
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
