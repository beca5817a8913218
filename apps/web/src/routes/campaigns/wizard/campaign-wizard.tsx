import type { CampaignModule } from '@app/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCampaign, useCreateCampaign, useSaveCostModule, useUpdateCampaign } from '../../../api/campaigns';
import { notifySuccess, notifyWarning } from '../../../components/feedback/feedback';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import { saveFailureText } from '../../../components/user-form/user-form-model';
import { CampaignStep, type Option } from './campaign-step';
import { LeadsStep } from './leads-step';
import {
  costModuleRequestOf,
  EMPTY_PRICES,
  type PriceFormErrors,
  type PriceFormField,
  type PriceFormValues,
  pricesOfCampaign,
} from './prices-model';
import { PricesStep } from './prices-step';
import { TargetingStep } from './targeting-step';
import {
  CAMPAIGN_FIELD_OF,
  type CampaignFormErrors,
  type CampaignFormField,
  type CampaignFormValues,
  checkCreate,
  checkUpdate,
  emptyCampaignForm,
  errorsOfStep,
  firstStepWithError,
  formOfCampaign,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-model';

export interface CampaignWizardProps {
  module: CampaignModule;
  moduleName: string;
  /** null: a new campaign. */
  campaignId: number | null;
  /** Agency staff: the clients to choose from and the agency whose costs floor the prices; null for a client. */
  agency: { id: number; clients: Option[] } | null;
  /** A client creating its own campaign. */
  ownClientId: number | null;
  groups: Option[];
  onClose: () => void;
}

const PRICE_FIELD_OF: Readonly<Record<string, PriceFormField>> = Object.fromEntries(
  (Object.keys(EMPTY_PRICES) as PriceFormField[]).map((f) => [f, f]),
);

/**
 * Create or edit a campaign of one module in a stepper (spec 2 §3): the campaign, its targeting, its
 * leads and reports, and for agency staff the client's prices (`PUT /configuration/user/costmodule`).
 * Each step is checked with the contracts' schemas when it is left; the server's field texts land
 * beside their inputs (the wizard opens their step), anything else shows above the buttons.
 */
export function CampaignWizard(props: CampaignWizardProps) {
  const editing = props.campaignId !== null;
  const detail = useCampaign(props.campaignId ?? 0);
  const small = useMediaQuery('(max-width: 48em)');
  const title = `${editing ? 'Edit' : 'New'} ${props.moduleName} Campaign`;
  return (
    <Modal opened onClose={props.onClose} title={title} size="xl" fullScreen={small}>
      <div data-testid="campaign-wizard">
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
            initial={
              detail.data
                ? formOfCampaign(detail.data.data)
                : emptyCampaignForm(props.ownClientId ? String(props.ownClientId) : '')
            }
            initialPrices={detail.data ? pricesOfCampaign(detail.data.data.costmodule) : EMPTY_PRICES}
          />
        )}
      </div>
    </Modal>
  );
}

function WizardBody({
  module,
  campaignId,
  agency,
  groups,
  onClose,
  initial,
  initialPrices,
}: CampaignWizardProps & { initial: CampaignFormValues; initialPrices: PriceFormValues }) {
  const steps = WIZARD_STEPS.filter((step) => step !== 'prices' || agency !== null);
  const [active, setActive] = useState(0);
  const [values, setValues] = useState(initial);
  const [prices, setPrices] = useState(initialPrices);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [priceErrors, setPriceErrors] = useState<PriceFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Once created, the campaign exists: a failed price save is retried as an edit.
  const [savedId, setSavedId] = useState<number | null>(campaignId);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const costModule = useSaveCostModule();
  const saving = create.isPending || update.isPending || costModule.isPending;
  const step = steps[active] as WizardStep;

  function set<K extends CampaignFormField>(field: K, value: CampaignFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }
  function setPrice<K extends PriceFormField>(field: K, value: PriceFormValues[K]) {
    setPrices((v) => ({ ...v, [field]: value }));
    setPriceErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function next() {
    const checked = savedId === null ? checkCreate(values, module) : checkUpdate(values, module, savedId);
    const stepErrors = checked.ok ? {} : errorsOfStep(checked.errors, step);
    setErrors(stepErrors);
    setMessage(null);
    if (Object.keys(stepErrors).length === 0) setActive((a) => Math.min(a + 1, steps.length - 1));
  }

  function showFailure(error: unknown, where: 'campaign' | 'prices') {
    if (where === 'prices') {
      const placed = placeServerErrors(error, PRICE_FIELD_OF, saveFailureText);
      setPriceErrors(placed.fields);
      setMessage(placed.message);
      setActive(steps.indexOf('prices'));
      return;
    }
    const placed = placeServerErrors(error, CAMPAIGN_FIELD_OF, saveFailureText);
    setErrors(placed.fields);
    setMessage(placed.message);
    const first = firstStepWithError(placed.fields);
    if (first) setActive(steps.indexOf(first));
  }

  /** Saves the client's prices; answers false on failure, else the server's below-cost notice (or null). */
  async function savePrices(id: number): Promise<false | { belowCost: string | null }> {
    if (!agency) return { belowCost: null };
    try {
      const saved = await costModule.mutateAsync(costModuleRequestOf(prices, id));
      return { belowCost: saved.below_cost };
    } catch (error) {
      showFailure(error, 'prices');
      return false;
    }
  }

  /** Shows what the check found and opens the first step with an error; answers null (nothing sent). */
  function refuse(found: CampaignFormErrors): null {
    setErrors(found);
    const first = firstStepWithError(found);
    if (first) setActive(steps.indexOf(first));
    return null;
  }

  /** Sends the campaign (create, or the edit's updates); answers its id and the server's text. */
  async function saveCampaign(): Promise<{ id: number; message: string } | null> {
    if (savedId === null) {
      const checked = checkCreate(values, module);
      if (!checked.ok) return refuse(checked.errors);
      const created = await create.mutateAsync(checked.requests);
      setSavedId(created.data.leadspeekID);
      return { id: created.data.leadspeekID, message: created.message };
    }
    const checked = checkUpdate(values, module, savedId);
    if (!checked.ok) return refuse(checked.errors);
    let message = '';
    for (const request of checked.requests) message = (await update.mutateAsync(request)).message;
    return { id: savedId, message };
  }

  async function save() {
    setMessage(null);
    let saved: { id: number; message: string } | null;
    try {
      saved = await saveCampaign();
    } catch (error) {
      showFailure(error, 'campaign');
      return;
    }
    if (!saved) return;
    const priced = await savePrices(saved.id);
    if (!priced) return;
    notifySuccess(saved.message);
    // The platform's part is due whatever the client pays: the agency hears what that costs it.
    if (priced.belowCost) notifyWarning('Below your cost', priced.belowCost);
    onClose();
  }

  const last = active === steps.length - 1;
  const stepProps = { values, errors, set, disabled: saving };
  return (
    <Stack gap="md">
      <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false} size="sm">
        {steps.map((s) => (
          <Stepper.Step key={s} label={STEP_LABELS[s]} data-testid={`campaign-step-${s}`}>
            {s === 'campaign' && (
              <CampaignStep
                {...stepProps}
                clients={agency ? agency.clients : null}
                groups={groups}
                editing={savedId !== null}
              />
            )}
            {s === 'targeting' && <TargetingStep {...stepProps} module={module} />}
            {s === 'leads' && <LeadsStep {...stepProps} />}
            {s === 'prices' && agency && (
              <PricesStep
                module={module}
                agencyId={agency.id}
                values={prices}
                errors={priceErrors}
                set={setPrice}
                disabled={saving}
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
          data-testid="campaign-wizard-error"
        >
          {message}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onClose} disabled={saving} data-testid="campaign-wizard-cancel">
          Cancel
        </Button>
        <Group gap="sm">
          {active > 0 && (
            <Button variant="default" onClick={() => setActive((a) => a - 1)} disabled={saving}>
              Back
            </Button>
          )}
          {last ? (
            <Button onClick={save} loading={saving} data-testid="campaign-wizard-save">
              Save
            </Button>
          ) : (
            <Button onClick={next} disabled={saving} data-testid="campaign-wizard-next">
              Next
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

const STEP_LABELS: Record<WizardStep, string> = {
  campaign: 'Campaign',
  targeting: 'Targeting',
  leads: 'Leads & Reports',
  prices: 'Client Prices',
};
