import { centsToDollars, type SimplifiCampaignDetail } from '@app/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  fetchBudgetIncrease,
  useChargeByRemainingDays,
  useCreateSimplifiCampaign,
  useSaveSimplifiBudget,
  useSimplifiDetail,
  useUpdateSimplifiCampaign,
} from '../../../api/simplifi';
import { useHttp } from '../../../app/boot/boot-context';
import { confirmAction, notifySuccess } from '../../../components/feedback/feedback';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import { saveFailureText } from '../../../components/user-form/user-form-model';
import type { Option } from '../../campaigns/wizard/campaign-step';
import { increaseOutcome } from '../budget-increase';
import { CampaignAds } from '../campaign-panel/campaign-ads';
import { CampaignAudiences } from '../campaign-panel/campaign-audiences';
import { BudgetFields } from './budget-fields';
import { CampaignFields } from './campaign-fields';
import {
  checkSimplifiBudget,
  checkSimplifiCreate,
  checkSimplifiUpdate,
  emptySimplifiForm,
  errorsOfSimplifiStep,
  firstSimplifiStepWithError,
  formOfSimplifi,
  raisesRunningDaily,
  SIMPLIFI_FIELD_OF,
  SIMPLIFI_STEP_LABELS,
  SIMPLIFI_STEPS,
  type SimplifiFormErrors,
  type SimplifiFormField,
  type SimplifiFormValues,
  type SimplifiMinimumTexts,
  type SimplifiStep,
  simplifiFormErrors,
} from './simplifi-form-model';

export interface SimplifiWizardProps {
  moduleName: string;
  /** null: a new campaign. */
  campaignId: number | null;
  /** Agency staff: the clients with the module on; null for a client creating its own. */
  clients: Option[] | null;
  ownClientId: number | null;
  /** The viewer's company (the agency, or the client itself). */
  ownCompanyId: number;
  /**
   * The viewer may change a saved campaign's budget (`campaigns.prices`: the agency's people); a
   * client sets the budget when it creates its campaign, and its agency changes it after.
   */
  mayPrice: boolean;
  minimums: SimplifiMinimumTexts | null;
  userId: number;
  builderPath: string | null;
  audiencesPath: string | null;
  onClose: () => void;
}

/**
 * Create or edit a Simplifi campaign (spec 2 §3, §7): the campaign (client, name, dates, time zone,
 * click URL), its budget, then its ads and audiences. A new campaign is created when its budget step
 * is saved (stopped, until activated from the list); its ads and audiences are added to it after.
 * An edit saves the campaign and the budget; a higher daily budget on a running campaign is first
 * checked, said in the server's figures, confirmed, and charged by remaining days.
 */
export function SimplifiWizard(props: SimplifiWizardProps & { inline?: boolean }) {
  const editing = props.campaignId !== null;
  const detail = useSimplifiDetail(props.campaignId ?? 0);
  const small = useMediaQuery('(max-width: 48em)');
  const title = `${editing ? 'Edit' : 'New'} ${props.moduleName} Campaign`;
  const body = (
    <div data-testid="simplifi-wizard">
      {editing && !detail.data ? (
        detail.isError ? (
          <Alert color="red" role="alert">
            {saveFailureText(detail.error)}
          </Alert>
        ) : (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading campaign" />
          </Group>
        )
      ) : (
        <WizardBody
          {...props}
          stored={detail.data?.data ?? null}
          initial={
            detail.data
              ? formOfSimplifi(detail.data.data)
              : emptySimplifiForm(props.ownClientId ? String(props.ownClientId) : '')
          }
        />
      )}
    </div>
  );
  // The setup page shows the wizard as the page itself; the lists open it over themselves.
  if (props.inline) return body;
  return (
    <Modal opened onClose={props.onClose} title={title} size="xl" fullScreen={small}>
      {body}
    </Modal>
  );
}

const COMMITTED_ON_BLUR: ReadonlySet<SimplifiFormField> = new Set(['maxBid', 'monthlyBudget', 'dailyBudget']);

function WizardBody({
  campaignId,
  clients,
  ownCompanyId,
  mayPrice,
  minimums,
  userId,
  builderPath,
  audiencesPath,
  onClose,
  stored,
  initial,
}: SimplifiWizardProps & { stored: SimplifiCampaignDetail | null; initial: SimplifiFormValues }) {
  const http = useHttp();
  const [active, setActive] = useState(0);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SimplifiFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Once created, the campaign exists: its ads and audiences are added to it; saving again edits it.
  const [saved, setSaved] = useState<SimplifiCampaignDetail | null>(stored);
  const [busy, setBusy] = useState(false);
  const create = useCreateSimplifiCampaign();
  const update = useUpdateSimplifiCampaign();
  const budget = useSaveSimplifiBudget();
  const charge = useChargeByRemainingDays();
  const step = SIMPLIFI_STEPS[active] as SimplifiStep;
  const editing = campaignId !== null;
  const savedId = saved?.leadspeekID ?? null;
  const disabled = busy;

  function set<K extends SimplifiFormField>(field: K, value: SimplifiFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    // An amount is committed when its input loses focus, often to the Save button's press: its error
    // stays until the next check, so the button does not move between press and release.
    if (COMMITTED_ON_BLUR.has(field)) return;
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function show(found: SimplifiFormErrors) {
    setErrors(found);
    const first = firstSimplifiStepWithError(found);
    if (first) setActive(SIMPLIFI_STEPS.indexOf(first));
  }

  function showFailure(error: unknown) {
    const placed = placeServerErrors(error, SIMPLIFI_FIELD_OF, saveFailureText);
    setMessage(placed.message);
    show(placed.fields);
  }

  function next() {
    const stepErrors = errorsOfSimplifiStep(simplifiFormErrors(values, minimums, savedId !== null), step);
    setErrors(stepErrors);
    setMessage(null);
    if (Object.keys(stepErrors).length === 0) setActive((a) => Math.min(a + 1, SIMPLIFI_STEPS.length - 1));
  }

  /** A higher daily budget on a running campaign: the server's figure, confirmed, then charged. */
  async function raiseFirst(current: SimplifiCampaignDetail): Promise<boolean> {
    const dailyBudget = centsToDollars(values.dailyBudget);
    const outcome = increaseOutcome(await fetchBudgetIncrease(http, current.leadspeekID, dailyBudget));
    if (outcome.kind === 'refused') {
      show({ dailyBudget: outcome.text });
      return false;
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
    if (!sure) return false;
    await charge.mutateAsync({ leadspeekID: current.leadspeekID, dailyBudget });
    return true;
  }

  async function saveEdit(current: SimplifiCampaignDetail): Promise<SimplifiCampaignDetail | null> {
    const campaign = checkSimplifiUpdate(values);
    const money = mayPrice ? checkSimplifiBudget(values, current.leadspeekID, minimums) : null;
    if (!campaign.ok || (money && !money.ok)) {
      show({ ...(money && !money.ok ? money.errors : {}), ...(campaign.ok ? {} : campaign.errors) });
      return null;
    }
    if (money && raisesRunningDaily(current, values) && !(await raiseFirst(current))) return null;
    const after = await update.mutateAsync({ id: current.leadspeekID, body: campaign.request });
    if (!money?.ok) {
      notifySuccess(after.message);
      return after.data;
    }
    const priced = await budget.mutateAsync(money.request);
    notifySuccess(priced.message);
    return priced.data;
  }

  async function saveNew(): Promise<SimplifiCampaignDetail | null> {
    const checked = checkSimplifiCreate(values, minimums);
    if (!checked.ok) {
      show(checked.errors);
      return null;
    }
    const created = await create.mutateAsync(checked.request);
    notifySuccess(created.message);
    return created.data;
  }

  async function save() {
    setMessage(null);
    setBusy(true);
    try {
      const result = saved ? await saveEdit(saved) : await saveNew();
      if (!result) return;
      setSaved(result);
      if (editing) onClose();
      else setActive(SIMPLIFI_STEPS.indexOf('ads'));
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const onSaveStep = step === 'budget';
  const last = active === SIMPLIFI_STEPS.length - 1;
  const stepProps = { values, errors, set, disabled };
  return (
    <Stack gap="md">
      <Stepper
        active={active}
        onStepClick={(index) => {
          // The ads and audiences belong to a saved campaign: they open once it exists.
          if (index < SIMPLIFI_STEPS.indexOf('ads') || savedId !== null) setActive(index);
        }}
        allowNextStepsSelect={savedId !== null}
        size="sm"
      >
        {SIMPLIFI_STEPS.map((s) => (
          <Stepper.Step key={s} label={SIMPLIFI_STEP_LABELS[s]} data-testid={`simplifi-step-${s}`}>
            {s === 'campaign' && (
              <CampaignFields {...stepProps} clients={clients} editing={savedId !== null} />
            )}
            {s === 'budget' && (
              <BudgetFields
                {...stepProps}
                disabled={disabled || (savedId !== null && !mayPrice)}
                lockedNote={savedId !== null && !mayPrice}
                minimums={minimums}
                showMarkup={clients !== null}
                // Shown for the whole edit of a running campaign, not once the daily goes up: it appearing
                // when the amount commits (on the Save button's press) would move the button.
                raiseNote={saved !== null && saved.status === 'running' && mayPrice}
              />
            )}
            {s === 'ads' && savedId !== null && (
              <CampaignAds campaignId={savedId} userId={userId} mayChange builderPath={builderPath} />
            )}
            {s === 'audiences' && saved !== null && (
              <CampaignAudiences
                campaignId={saved.leadspeekID}
                clientId={saved.clientID}
                ownCompanyId={ownCompanyId}
                userId={userId}
                mayChange
                audiencesPath={audiencesPath}
              />
            )}
          </Stepper.Step>
        ))}
      </Stepper>
      {message && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          role="alert"
          data-testid="simplifi-wizard-error"
        >
          {message}
        </Alert>
      )}
      {savedId !== null && !editing && step !== 'campaign' && step !== 'budget' && (
        <Text size="sm" c="dimmed" data-testid="simplifi-created-note">
          The campaign is saved and stopped: activate it from the list once its ads are attached.
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onClose} disabled={busy} data-testid="simplifi-wizard-cancel">
          {savedId !== null && !editing ? 'Close' : 'Cancel'}
        </Button>
        <Group gap="sm">
          {active > 0 && (
            <Button variant="default" onClick={() => setActive((a) => a - 1)} disabled={busy}>
              Back
            </Button>
          )}
          {onSaveStep && (
            <Button onClick={() => void save()} loading={busy} data-testid="simplifi-wizard-save">
              {savedId === null ? 'Create campaign' : 'Save'}
            </Button>
          )}
          {!last && (!onSaveStep || savedId !== null) && (
            <Button
              variant={onSaveStep ? 'default' : 'filled'}
              onClick={next}
              disabled={busy || (step !== 'campaign' && savedId === null)}
              data-testid="simplifi-wizard-next"
            >
              Next
            </Button>
          )}
          {last && (
            <Button onClick={onClose} data-testid="simplifi-wizard-done">
              Done
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
