import {
  type CostModule,
  isCostModule,
  offeredModules,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  type PaymentTerm,
  SETTINGS_SAVED,
} from '@app/contracts';
import { moduleNaming } from '@app/policy';
import { costPerLeadMinimumText } from '@app/pricing';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useDomainInfo } from '../../../../api/domain-info';
import { failureMessage } from '../../../../api/http';
import { useSaveSetting, useSetting } from '../../../../api/settings';
import { showNotice } from '../../../../components/feedback/notice';
import { PriceInput } from '../../../../components/price-input/price-input';
import { amountOf, formatPrice } from '../../../../components/price-input/price-text';
import {
  type CostUnits,
  costInput,
  costPerLeadFloor,
  costUnitsFrom,
  FIELD_UNIT,
  fieldLabel,
  fieldsOf,
  floorBreaches,
  setCostField,
  termsToSend,
} from './cost-form';

export interface SetCostModalProps {
  companyId: number;
  companyName: string;
  /** The viewer may set an agency's costs (the policy's settings.platformPrices). */
  canSave: boolean;
  opened: boolean;
  onClose: () => void;
}

/**
 * Set Cost for Agency (spec 2 §2, §3 Pricing, §5): one tab per product, a payment term select that
 * changes the wording, and per term the setup fee, the platform fee and the cost per lead (local also
 * the advanced one), with the parent's values beside them. Enhance and b2b cost per lead may not go
 * below the parent's: the input shows '*Cost Per Lead Minimum {value}' and raises it on blur; the
 * server checks the same.
 */
export function SetCostModal({ companyId, companyName, canSave, opened, onClose }: SetCostModalProps) {
  const domain = useDomainInfo();
  const setting = useSetting(opened ? companyId : null, 'costagency');
  const save = useSaveSetting();
  const [module, setModule] = useState<CostModule>('local');
  const [term, setTerm] = useState<PaymentTerm>('Weekly');
  const [form, setForm] = useState<CostUnits | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);

  const modules = offeredModules({ masterSystem: domain.is_master }).filter(isCostModule);
  const naming = useMemo(() => ({ modules: domain.sidemenu }), [domain.sidemenu]);

  const answer = setting.data;
  const loaded = useMemo(() => (answer ? costUnitsFrom(answer.data) : null), [answer]);
  const parent = useMemo(() => (answer ? costUnitsFrom(answer.rootcostagency) : null), [answer]);

  // Every opening starts from the stored values.
  const resetSave = save.reset;
  useEffect(() => {
    if (opened) {
      setForm(loaded);
      setBlocked(null);
      resetSave();
    }
  }, [opened, loaded, resetSave]);

  const submit = async () => {
    if (!form || !loaded) return;
    const pairs = termsToSend(loaded, form, { module, term });
    const [breach] = floorBreaches(form, parent, pairs);
    if (breach) {
      setModule(breach.module);
      setTerm(breach.term);
      setBlocked(costPerLeadMinimumText(breach.floor));
      return;
    }
    setBlocked(null);
    try {
      const saved = await save.mutateAsync({
        companyID: companyId,
        comsetname: 'costagency',
        comsetval: costInput(form, pairs),
      });
      showNotice({
        color: 'green',
        title: 'Set Cost for Agency',
        message: saved.message || SETTINGS_SAVED,
      });
      onClose();
    } catch {
      // The alert below shows the server's text.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Set Cost for Agency"
      size="xl"
      data-testid="set-cost-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {companyName}
        </Text>
        {setting.isError && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="cost-error">
            {failureMessage(setting.error)}
          </Alert>
        )}
        {setting.isPending && (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label="Loading costs" />
          </Group>
        )}
        {form && (
          <>
            <Select
              label="Payment Term"
              data={PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERM_LABELS[value] }))}
              value={term}
              allowDeselect={false}
              onChange={(value) => value && setTerm(value as PaymentTerm)}
              w={220}
              data-testid="cost-term"
            />
            <Tabs
              value={module}
              onChange={(value) => value && setModule(value as CostModule)}
              keepMounted={false}
            >
              <Tabs.List>
                {modules.map((m) => (
                  <Tabs.Tab key={m} value={m} data-testid={`cost-tab-${m}`}>
                    {moduleNaming(naming, m).name}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {modules.map((m) => (
                <Tabs.Panel key={m} value={m} pt="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {fieldsOf(m).map((field) => {
                      const unit = FIELD_UNIT[field];
                      const floor = field === 'Costperlead' ? costPerLeadFloor(parent, m, term) : null;
                      const parentValue = parent?.[m][term][field] ?? 0;
                      return (
                        <PriceInput
                          // A new term or tab is a new input, so its text starts from that term's value.
                          key={`${m}-${term}-${field}`}
                          label={fieldLabel(field, term)}
                          unit={unit}
                          value={amountOf(form[m][term][field] ?? 0, unit)}
                          min={floor}
                          onChange={(units) =>
                            setForm((current) => current && setCostField(current, m, term, field, units))
                          }
                          description={
                            <span data-testid={`cost-parent-${field}`}>
                              Parent: {formatPrice(parentValue, unit)}
                            </span>
                          }
                          data-testid={`cost-input-${field}`}
                        />
                      );
                    })}
                  </SimpleGrid>
                </Tabs.Panel>
              ))}
            </Tabs>
            {answer?.dpay === 'T' && (
              <Text size="xs" c="dimmed">
                This agency is on manual billing: its wholesale costs are charged to its own card.
              </Text>
            )}
            {(blocked || save.isError) && (
              <Alert color="red" icon={<IconAlertTriangle />} role="alert" data-testid="cost-error">
                {blocked ?? failureMessage(save.error)}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={!form || !canSave}
            data-testid="cost-save"
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
