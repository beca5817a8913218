import {
  asCents,
  type Cents,
  centsFromWire,
  centsToDollars,
  DAILY_BUDGET_BELOW_MINIMUM,
  SIMPLIFI_GOAL_LABELS,
  type SimplifiCampaignDetail,
} from '@app/contracts';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { failureMessage } from '../../../api/http';
import { fetchBudgetIncrease, useChargeByRemainingDays, useRemainingBudget } from '../../../api/simplifi';
import { useHttp } from '../../../app/boot/boot-context';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { confirmAction, notifySuccess } from '../../../components/feedback/feedback';
import { PriceInput } from '../../../components/price-input/price-input';
import { increaseOutcome } from '../budget-increase';
import { Figure } from '../figure';
import { formatMoney } from '../simplifi-format';

/**
 * The campaign's budget (spec 2 §3 budget fields, §4): the budget as set, this period's budget, what
 * is left of it, the remaining days and the spend to date (`remaining-budget/{leadspeek_api_id}`);
 * and, on a running campaign, raising the daily budget: the server says what that charges now
 * (`check-budget-increase`), the person confirms that sentence, and only then is it charged
 * (`charge-campaign-by-remaining-days`).
 */
export function BudgetTab({
  detail,
  mayRaise,
  showMarkup,
  minimumDaily,
}: {
  detail: SimplifiCampaignDetail;
  /** The viewer may change the budget (agency staff with the update switch: `campaigns.prices`). */
  mayRaise: boolean;
  /** Agency staff see the markup they keep; clients do not. */
  showMarkup: boolean;
  /** The system's minimum daily budget ('0' = none). */
  minimumDaily: string;
}) {
  const remaining = useRemainingBudget(detail.leadspeek_api_id);
  const period = remaining.data?.data;
  return (
    <Stack gap="md" data-testid="simplifi-budget">
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure label="Monthly budget" value={formatMoney(detail.monthlyBudget)} testId="simplifi-monthly" />
        <Figure label="Daily budget" value={formatMoney(detail.dailyBudget)} testId="simplifi-daily" />
        <Figure label="Max bid (CPM)" value={formatMoney(detail.maxBid)} />
        <Figure label="Goal" value={detail.goalValue} hint={SIMPLIFI_GOAL_LABELS[detail.goalType]} />
        {showMarkup && <Figure label="Agency markup" value={`${detail.agencyMarkup}%`} />}
        <Figure label="Spend to date" value={formatMoney(detail.totalSpend)} testId="simplifi-total-spend" />
      </SimpleGrid>
      <Title order={4}>This budget period</Title>
      {remaining.isError && (
        <LoadFailure error={remaining.error} onRetry={remaining.refetch} testId="simplifi-remaining-error" />
      )}
      {!period && !remaining.isError && <Loader size="sm" aria-label="Loading the remaining budget" />}
      {period && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure
            label="Period"
            value={period.period_start ? `${period.period_start} – ${period.period_end}` : 'Not started'}
          />
          <Figure label="Budget bought" value={formatMoney(period.period_budget)} />
          <Figure
            label="Remaining budget"
            value={formatMoney(period.remaining_budget)}
            testId="simplifi-remaining-budget"
          />
          <Figure
            label="Remaining days"
            value={String(period.remaining_days)}
            testId="simplifi-remaining-days"
          />
        </SimpleGrid>
      )}
      {detail.status === 'running' && mayRaise ? (
        <RaiseDailyBudget detail={detail} minimumDaily={minimumDaily} />
      ) : (
        <Text size="sm" c="dimmed">
          {detail.status === 'running'
            ? "The daily budget is raised by the agency's people."
            : 'The budget of a campaign that is not running is changed with Edit; it is charged when the campaign is activated.'}
        </Text>
      )}
    </Stack>
  );
}

function RaiseDailyBudget({
  detail,
  minimumDaily,
}: {
  detail: SimplifiCampaignDetail;
  minimumDaily: string;
}) {
  const http = useHttp();
  const charge = useChargeByRemainingDays();
  const current = centsFromWire(detail.dailyBudget) ?? asCents(0);
  const [daily, setDaily] = useState<Cents>(current);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const minimum = centsFromWire(minimumDaily);

  async function raise() {
    setProblem(null);
    setChecking(true);
    const dailyBudget = centsToDollars(daily);
    try {
      const outcome = increaseOutcome(await fetchBudgetIncrease(http, detail.leadspeekID, dailyBudget));
      if (outcome.kind === 'refused') {
        setProblem(outcome.text);
        return;
      }
      const sure = await confirmAction({
        title: 'Raise the daily budget',
        message: (
          <Text size="sm" data-testid="simplifi-increase-text">
            {outcome.text}
          </Text>
        ),
        confirmLabel: 'Charge and raise',
      });
      if (!sure) return;
      const saved = await charge.mutateAsync({ leadspeekID: detail.leadspeekID, dailyBudget });
      notifySuccess(saved.message);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack gap="xs">
      <Title order={4}>Raise the daily budget</Title>
      <Text size="sm" c="dimmed">
        A higher daily budget is paid now for the rest of this period, less the budget already bought.
      </Text>
      <Group align="flex-end" gap="sm">
        <PriceInput
          label="New daily budget"
          unit="cents"
          value={daily}
          onChange={(value) => {
            setDaily(value);
            setProblem(null);
          }}
          min={minimum && minimum > 0 ? minimum : null}
          hint={() => DAILY_BUDGET_BELOW_MINIMUM(minimumDaily)}
          w={200}
          data-testid="simplifi-raise-daily"
        />
        {/* Never disabled by the amount: it is committed when the input loses focus to this press. */}
        <Button
          onClick={() => void raise()}
          loading={checking || charge.isPending}
          data-testid="simplifi-raise"
        >
          Raise daily budget
        </Button>
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="simplifi-raise-error">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
