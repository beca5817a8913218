import {
  centsFromWire,
  DAILY_BUDGET_BELOW_MINIMUM,
  MAX_BID_BELOW_MINIMUM,
  microsFromWire,
  SIMPLIFI_GOAL_LABELS,
  SIMPLIFI_GOAL_TYPES,
  type SimplifiGoalType,
} from '@app/contracts';
import { Alert, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PriceInput } from '../../../components/price-input/price-input';
import type { SimplifiStepProps } from './campaign-fields';
import type { SimplifiMinimumTexts } from './simplifi-form-model';

const GOAL_OPTIONS = SIMPLIFI_GOAL_TYPES.map((value) => ({ value, label: SIMPLIFI_GOAL_LABELS[value] }));

/** A minimum of '0' is none: no hint, no floor. */
const floorOf = (value: number | null) => (value !== null && value > 0 ? value : null);

/**
 * Step 2: the budget (spec 2 §3): max bid per thousand impressions, monthly and daily budget, the
 * goal, and for agency staff the markup they keep. The system's minimums show as hints in the
 * contracts' words; the monthly budget is what the client prepays each month.
 */
export function BudgetFields({
  values,
  errors,
  set,
  disabled,
  minimums,
  showMarkup,
  raiseNote,
  lockedNote = false,
}: SimplifiStepProps & {
  minimums: SimplifiMinimumTexts | null;
  showMarkup: boolean;
  /** A running campaign: a higher daily budget is charged first (said before it is typed). */
  raiseNote: boolean;
  /** A saved campaign's budget that only the agency's people change. */
  lockedNote?: boolean;
}) {
  const minBid = floorOf(minimums ? microsFromWire(minimums.maxBid) : null);
  const minDaily = floorOf(minimums ? centsFromWire(minimums.dailyBudget) : null);
  return (
    <Stack gap="sm">
      {minimums && (minBid || minDaily) && (
        <Text size="sm" c="dimmed" data-testid="simplifi-minimums">
          {[
            minBid ? MAX_BID_BELOW_MINIMUM(minimums.maxBid) : null,
            minDaily ? DAILY_BUDGET_BELOW_MINIMUM(minimums.dailyBudget) : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PriceInput
          label="Max bid (CPM)"
          description="The most paid per thousand impressions"
          unit="micros"
          value={values.maxBid}
          onChange={(value) => set('maxBid', value)}
          min={minBid}
          hint={() => MAX_BID_BELOW_MINIMUM(minimums?.maxBid ?? '')}
          error={errors.maxBid}
          disabled={disabled}
          required
          data-testid="simplifi-max-bid"
        />
        <PriceInput
          label="Monthly budget"
          description="Prepaid by the client each month"
          unit="cents"
          value={values.monthlyBudget}
          onChange={(value) => set('monthlyBudget', value)}
          error={errors.monthlyBudget}
          disabled={disabled}
          required
          data-testid="simplifi-monthly-budget"
        />
        <PriceInput
          label="Daily budget"
          description="The most spent in one day"
          unit="cents"
          value={values.dailyBudget}
          onChange={(value) => set('dailyBudget', value)}
          min={minDaily}
          hint={() => DAILY_BUDGET_BELOW_MINIMUM(minimums?.dailyBudget ?? '')}
          error={errors.dailyBudget}
          disabled={disabled}
          required
          data-testid="simplifi-daily-budget"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: showMarkup ? 3 : 2 }}>
        <Select
          label="Goal"
          data={GOAL_OPTIONS}
          allowDeselect={false}
          value={values.goalType}
          onChange={(value) => set('goalType', (value ?? 'cpm') as SimplifiGoalType)}
          error={errors.goalType}
          disabled={disabled}
          data-testid="simplifi-goal-type"
        />
        <TextInput
          label="Goal value"
          description={values.goalType === 'ctr' ? 'A percent, e.g. 0.8' : 'A price in dollars, e.g. 2.50'}
          value={values.goalValue}
          onChange={(e) => set('goalValue', e.currentTarget.value)}
          error={errors.goalValue}
          disabled={disabled}
          data-testid="simplifi-goal-value"
        />
        {showMarkup && (
          <NumberInput
            label="Agency markup (%)"
            description="Your share of what the client pays"
            min={0}
            max={99}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={values.agencyMarkup}
            onChange={(value) => set('agencyMarkup', typeof value === 'number' ? value : Number.NaN)}
            error={errors.agencyMarkup}
            disabled={disabled}
            data-testid="simplifi-markup"
          />
        )}
      </SimpleGrid>
      {lockedNote && (
        <Alert color="gray" variant="light" role="note" data-testid="simplifi-budget-locked">
          The budget of a saved campaign is changed by your agency.
        </Alert>
      )}
      {raiseNote && (
        <Alert color="blue" variant="light" role="note" data-testid="simplifi-raise-note">
          This campaign is running: a higher daily budget is charged now for the rest of this period. If you
          raise it, saving shows the amount and asks before charging it.
        </Alert>
      )}
    </Stack>
  );
}
