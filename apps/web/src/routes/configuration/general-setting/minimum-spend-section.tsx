import {
  centsToDollars,
  formatUsdCents,
  type MinimumSpendPlan,
  SETTINGS_SAVED,
  ZERO_CENTS,
} from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  type MinimumSpendSetting,
  useMinimumSpendPlanMutations,
  useMinimumSpendPlans,
  useMinimumSpendSetting,
  useSaveMinimumSpendSetting,
} from '../../../api/settings';
import { NoticeRow } from '../../../components/data-list/notice-row';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { PriceInput } from '../../../components/price-input/price-input';
import { centsOf } from '../agency-list/set-cost-modal/cost-form';
import { type PlanErrors, type PlanForm, toPlanInput, validatePlan } from './minimum-spend-model';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

/** Minimum spend (root company of the master system): the default schedule and the plans. */
export function MinimumSpendSection(props: SectionProps) {
  const setting = useMinimumSpendSetting(true);
  return (
    <Stack gap="xl">
      <QueryGate query={setting} label="Loading minimum spend" testId="minspend-load-error">
        {setting.data && <MinimumSpendDefaults canSave={props.canSave} data={setting.data.data} />}
      </QueryGate>
      <MinimumSpendPlans canSave={props.canSave} canCreate={props.canCreate} canDelete={props.canDelete} />
    </Stack>
  );
}

const defaultsForm = (data: MinimumSpendSetting) => ({
  status: data.status,
  first: centsOf(data.first_month),
  second: centsOf(data.second_month),
  monthly: centsOf(data.monthly),
});

type DefaultsInput = 'first_month' | 'second_month' | 'monthly';
const DEFAULTS_INPUTS = inputsNamed<DefaultsInput>(['first_month', 'second_month', 'monthly']);
const PLAN_INPUTS = inputsNamed<keyof PlanErrors>(['planName', 'months', 'flatMonth']);

function MinimumSpendDefaults({ canSave, data }: { canSave: boolean; data: MinimumSpendSetting }) {
  const [form, setForm] = useState(() => defaultsForm(data));
  const [saved, setSaved] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DefaultsInput, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveMinimumSpendSetting();
  useEffect(() => setForm(defaultsForm(data)), [data]);

  const submit = () => {
    setSaved(null);
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        status: form.status,
        first_month: centsToDollars(form.first),
        second_month: centsToDollars(form.second),
        monthly: centsToDollars(form.monthly),
      },
      {
        onSuccess: (answer) => setSaved(answer.message || SETTINGS_SAVED),
        onError: (cause) => {
          const placed = placeServerErrors(cause, DEFAULTS_INPUTS);
          setErrors(placed.fields);
          setFailure(placed.message);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Default Minimum Spend</Title>
      <Switch
        label="Charge agencies a minimum spend"
        checked={form.status}
        onChange={(event) => {
          const status = event.currentTarget.checked;
          setForm((f) => ({ ...f, status }));
        }}
        data-testid="minspend-status"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PriceInput
          label="First Month"
          unit="cents"
          value={form.first}
          error={errors.first_month}
          onChange={(first) => setForm((f) => ({ ...f, first }))}
          data-testid="minspend-first"
        />
        <PriceInput
          label="Second Month"
          unit="cents"
          value={form.second}
          error={errors.second_month}
          onChange={(second) => setForm((f) => ({ ...f, second }))}
          data-testid="minspend-second"
        />
        <PriceInput
          label="Monthly After"
          unit="cents"
          value={form.monthly}
          error={errors.monthly}
          onChange={(monthly) => setForm((f) => ({ ...f, monthly }))}
          data-testid="minspend-monthly"
        />
      </SimpleGrid>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={submit}
        saved={saved}
        failure={failure}
        testId="minspend-save"
      />
    </Stack>
  );
}

function MinimumSpendPlans({
  canSave,
  canCreate,
  canDelete,
}: {
  canSave: boolean;
  canCreate: boolean;
  canDelete: boolean;
}) {
  const [page, setPage] = useState(1);
  const plans = useMinimumSpendPlans(page, true);
  const { remove, setDefault } = useMinimumSpendPlanMutations();
  const [editing, setEditing] = useState<MinimumSpendPlan | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const actionError = remove.error ?? setDefault.error;

  const open = (plan: MinimumSpendPlan | null) => {
    setEditing(plan);
    setFormOpen(true);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Minimum Spend Plans</Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!canCreate}
          onClick={() => open(null)}
          data-testid="minspend-plan-add"
        >
          Add Plan
        </Button>
      </Group>
      {actionError && <FailureAlert error={actionError} testId="minspend-plan-error" />}
      <QueryGate query={plans} label="Loading plans" testId="minspend-plans-load-error">
        <Table verticalSpacing="xs" aria-label="Minimum spend plans" data-testid="minspend-plans">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Months</Table.Th>
              <Table.Th>Monthly Minimum</Table.Th>
              <Table.Th>Agencies</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data?.data.length === 0 && <NoticeRow colSpan={5}>No plans yet.</NoticeRow>}
            {plans.data?.data.map((plan) => (
              <Table.Tr key={plan.idMinimumSpend} data-testid={`minspend-plan-${plan.idMinimumSpend}`}>
                <Table.Td>
                  <Group gap="xs">
                    {plan.planName}
                    {plan.is_default && (
                      <Badge size="xs" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{plan.months}</Table.Td>
                <Table.Td>{formatUsdCents(centsOf(plan.flatMonth))}</Table.Td>
                <Table.Td>{plan.agencies}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {!plan.is_default && (
                      <Tooltip label="Make default">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Make ${plan.planName} the default`}
                          disabled={!canSave}
                          onClick={() => setDefault.mutate(plan.idMinimumSpend)}
                        >
                          <IconStar size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${plan.planName}`}
                        disabled={!canSave}
                        onClick={() => open(plan)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${plan.planName}`}
                        disabled={!canDelete}
                        onClick={() =>
                          modals.openConfirmModal({
                            title: 'Delete Plan',
                            children: <Text size="sm">Delete the plan "{plan.planName}"?</Text>,
                            labels: { confirm: 'Delete', cancel: 'Cancel' },
                            confirmProps: { color: 'red' },
                            onConfirm: () => remove.mutate(plan.idMinimumSpend),
                          })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {plans.data && plans.data.last_page > 1 && (
          <Pagination total={plans.data.last_page} value={page} onChange={setPage} size="sm" />
        )}
      </QueryGate>
      <PlanModal plan={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
    </Stack>
  );
}

function PlanModal({
  plan,
  opened,
  onClose,
}: {
  plan: MinimumSpendPlan | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { save } = useMinimumSpendPlanMutations();
  const [form, setForm] = useState<PlanForm>({ planName: '', months: '12', flatMonthCents: ZERO_CENTS });
  const [errors, setErrors] = useState<PlanErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const resetSave = save.reset;

  useEffect(() => {
    if (!opened) return;
    resetSave();
    setErrors({});
    setFailure(null);
    setForm(
      plan
        ? {
            planName: plan.planName,
            months: String(plan.months),
            flatMonthCents: centsOf(plan.flatMonth),
          }
        : { planName: '', months: '12', flatMonthCents: ZERO_CENTS },
    );
  }, [opened, plan, resetSave]);

  const submit = () => {
    const found = validatePlan(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: plan?.idMinimumSpend ?? null, ...toPlanInput(form) },
      {
        onSuccess: onClose,
        onError: (cause) => {
          const placed = placeServerErrors(cause, PLAN_INPUTS);
          setErrors(placed.fields);
          setFailure(placed.message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={plan ? 'Edit Plan' : 'Add Plan'}>
      <Stack gap="sm">
        <TextInput
          label="Plan Name"
          required
          value={form.planName}
          error={errors.planName}
          onChange={(event) => {
            const planName = event.currentTarget.value;
            setForm((f) => ({ ...f, planName }));
          }}
          data-testid="minspend-plan-name"
        />
        <TextInput
          label="Months"
          inputMode="numeric"
          value={form.months}
          error={errors.months}
          onChange={(event) => {
            const months = event.currentTarget.value.replace(/\D/g, '').slice(0, 3);
            setForm((f) => ({ ...f, months }));
          }}
          data-testid="minspend-plan-months"
        />
        <PriceInput
          label="Monthly Minimum"
          unit="cents"
          value={form.flatMonthCents}
          error={errors.flatMonth}
          onChange={(flatMonthCents) => setForm((f) => ({ ...f, flatMonthCents }))}
          data-testid="minspend-plan-amount"
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="minspend-plan-form-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="minspend-plan-save">
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
