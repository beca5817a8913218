import { AGREEMENT_DOWNLOAD_FAILED, type SessionUser, toTF } from '@app/contracts';
import { Group, Switch, Tooltip } from '@mantine/core';
import {
  IconCoin,
  IconCoinOff,
  IconCurrencyDollar,
  IconFileDownload,
  IconKey,
  IconPackage,
  IconRocket,
  IconUserDollar,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ManagedNode } from '../../../api/agency-list';
import { agreementDownloadLink } from '../../../api/agreements';
import { useSetBillingMethod } from '../../../api/cards';
import { useExcludeMinimumSpend, useExcludeOnboardCharge } from '../../../api/user-management';
import { useHttp } from '../../../app/boot/boot-context';
import { confirmAction, notifyFailure } from '../../../components/feedback/feedback';
import type { ListPermissions } from '../../../components/managed-list/managed-user-list';
import {
  DeleteRowIcon,
  EditRowIcon,
  LogsRowIcon,
  PaymentFailedIcon,
  RowIcon,
  SwitchUserIcon,
} from '../../../components/managed-list/row-icons';
import {
  API_STATUS_LABELS,
  agencyRowAccess,
  rowActionsFor,
  rowIconStates,
  showsCostIcon,
} from './row-actions';

/** Spec 2 §8 failure texts of the row switches. */
export const MANUAL_BILL_FAILED =
  'We are unable to save. Please try again later or contact support for assistance.';
export const MINIMUM_SPEND_FAILED =
  'We are unable to include/exclude the agency for minimum spend, please try again later or contact the support';
export const ONBOARDING_FAILED = 'We are unable to save your setting, please try again later.';

/** Spec 2 §4: what each manual-bill position means, shown in its confirmation. */
export const MANUAL_BILL_CONFIRM = {
  on: "Campaigns will be billed at wholesale cost to the agency's card, and client billing happens outside the system.",
  off: "All of the agency's campaigns will be stopped and the agency's card will be charged to date.",
};

export interface AgencyRowHandlers {
  onEdit: () => void;
  onAddClient: () => void;
  onLogs: () => void;
  onSetSales: () => void;
  onSetCost: () => void;
  onSetPackage: () => void;
  onSwitch: () => void;
}

interface AgencyRowActionsProps extends AgencyRowHandlers {
  viewer: SessionUser;
  node: ManagedNode;
  /** The company the agency sits under (the list's company). */
  parentCompanyID: number;
  permissions: ListPermissions;
  /** The manual-bill, minimum-spend and onboarding switches may be flipped (agencies.billingSwitches). */
  billingSwitches: boolean;
  editing: boolean;
  addingClient: boolean;
  switching: boolean;
  switchBusy: boolean;
}

/**
 * The agency row's icons (spec 2 §2), shown by the rules of spec 2 §6 (`rowActionsFor`) and the
 * policy's actions for the viewer (list permissions, billing switches): manual bill, delete, user logs,
 * payment failed, set sales person, exclude minimum spend, onboarding charge, API status, switch to
 * user, set cost, package; plus inline edit and add client.
 */
export function AgencyRowActions(props: AgencyRowActionsProps) {
  const { viewer, node, permissions, billingSwitches } = props;
  const actions = rowActionsFor(viewer, node);
  const access = agencyRowAccess(viewer, node);
  const states = rowIconStates(node);
  const id = node.company_id;
  const name = node.company_name;
  return (
    <Group gap={2} wrap="nowrap">
      {actions.has('manual-bill') && <ManualBillSwitch node={node} disabled={!billingSwitches} />}
      {permissions.update && access.edit && (
        <EditRowIcon name={name} testId={`edit-${id}`} open={props.editing} onToggle={props.onEdit} />
      )}
      {permissions.create && access.clients && (
        <RowIcon
          label={`Add a client to ${name}`}
          testId={`add-client-${id}`}
          icon={<IconUserPlus size={18} aria-hidden />}
          pressed={props.addingClient}
          onClick={props.onAddClient}
        />
      )}
      {actions.has('delete') && permissions.delete && (
        <DeleteRowIcon node={node} name={name} companyID={props.parentCompanyID} testId={`delete-${id}`} />
      )}
      {actions.has('user-logs') && (
        <LogsRowIcon name={name} testId={`user-logs-${id}`} onOpen={props.onLogs} />
      )}
      {actions.has('payment-failed') && <PaymentFailedIcon node={node} testId={`payment-failed-${id}`} />}
      {actions.has('set-sales') && (
        <RowIcon
          label={`Set sales person of ${name}`}
          testId={`set-sales-${id}`}
          icon={<IconUserDollar size={18} aria-hidden />}
          onClick={props.onSetSales}
        />
      )}
      {showsCostIcon(actions) && (
        <RowIcon
          label={`Set cost for ${name}`}
          testId={`set-cost-${id}`}
          icon={<IconCurrencyDollar size={18} aria-hidden />}
          onClick={props.onSetCost}
        />
      )}
      {actions.has('exclude-minimum-spend') && (
        <MinimumSpendToggle node={node} excluded={states.minimumSpendExcluded} disabled={!billingSwitches} />
      )}
      {actions.has('onboarding-charge') && (
        // Sales see the onboarding state but do not change it (the switch is system staff's).
        <OnboardingToggle node={node} colour={states.onboardingColour} disabled={!billingSwitches} />
      )}
      {actions.has('api-status') && (
        <Tooltip label={API_STATUS_LABELS[states.apiColour]} withinPortal>
          <IconKey
            size={20}
            color={`var(--mantine-color-${states.apiColour}-6)`}
            aria-label={API_STATUS_LABELS[states.apiColour]}
            role="img"
            data-testid={`api-status-${id}`}
            data-colour={states.apiColour}
          />
        </Tooltip>
      )}
      {actions.has('agreement-download') && <AgreementDownloadIcon node={node} />}
      {actions.has('switch-user') && (
        <SwitchUserIcon
          name={name}
          testId={`switch-user-${node.id}`}
          switching={props.switching}
          busy={props.switchBusy}
          onSwitch={props.onSwitch}
        />
      )}
      {actions.has('package') && (
        <RowIcon
          label={`Set the package of ${name}`}
          testId={`set-package-${id}`}
          icon={<IconPackage size={18} aria-hidden />}
          onClick={props.onSetPackage}
        />
      )}
    </Group>
  );
}

/**
 * The manual-bill switch (spec 2 §4): each change asks first; on cancel or failure it goes back. The
 * position shown while asking and saving is the one asked for.
 */
function ManualBillSwitch({ node, disabled }: { node: ManagedNode; disabled: boolean }) {
  // `PUT /payment/set-billing-method` (spec 2 §7): the billing method, not only the flag.
  const save = useSetBillingMethod();
  const stored = node.manual_bill === 'T';
  const [shown, setShown] = useState<boolean | null>(null);
  // The list refetched after a save: its value is the truth again.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setShown(null);
  }

  const change = async (next: boolean) => {
    setShown(next);
    const sure = await confirmAction({
      title: next ? 'Turn manual bill on?' : 'Turn manual bill off?',
      message: next ? MANUAL_BILL_CONFIRM.on : MANUAL_BILL_CONFIRM.off,
    });
    if (!sure) return setShown(null);
    save.mutate(
      { companyID: node.company_id, manualBill: toTF(next) },
      {
        onSuccess: (answer) => setShown(answer.manual_bill === 'T'),
        onError: () => {
          setShown(null);
          notifyFailure(MANUAL_BILL_FAILED);
        },
      },
    );
  };

  return (
    <Tooltip label="Manual Bill" withinPortal>
      <Switch
        size="xs"
        aria-label={`Manual bill for ${node.company_name}`}
        checked={shown ?? stored}
        disabled={disabled || save.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
        data-testid={`manual-bill-${node.company_id}`}
        mr={4}
      />
    </Tooltip>
  );
}

/** Exclude / include the agency in minimum spend (root company only); answers the new state. */
function MinimumSpendToggle({
  node,
  excluded,
  disabled,
}: {
  node: ManagedNode;
  excluded: boolean;
  disabled: boolean;
}) {
  const toggle = useExcludeMinimumSpend();
  return (
    <RowIcon
      label={
        excluded
          ? 'Excluded from minimum spend (click to include)'
          : 'Included in minimum spend (click to exclude)'
      }
      testId={`exclude-minimum-spend-${node.company_id}`}
      state={excluded ? 'excluded' : 'included'}
      color={excluded ? 'gray' : 'blue'}
      icon={excluded ? <IconCoinOff size={18} aria-hidden /> : <IconCoin size={18} aria-hidden />}
      loading={toggle.isPending}
      disabled={disabled}
      onClick={() => toggle.mutate(node.company_id, { onError: () => notifyFailure(MINIMUM_SPEND_FAILED) })}
    />
  );
}

/** Onboarding charge: green when the agency is charged, grey when excluded; a click toggles. */
function OnboardingToggle({
  node,
  colour,
  disabled,
}: {
  node: ManagedNode;
  colour: 'green' | 'gray';
  disabled: boolean;
}) {
  const toggle = useExcludeOnboardCharge();
  const excluded = colour === 'gray';
  return (
    <RowIcon
      label={
        excluded
          ? 'Onboarding charge excluded (click to include)'
          : 'Onboarding charge applies (click to exclude)'
      }
      testId={`onboarding-charge-${node.company_id}`}
      state={excluded ? 'excluded' : 'included'}
      color={colour}
      icon={<IconRocket size={18} aria-hidden />}
      loading={toggle.isPending}
      disabled={disabled}
      onClick={() => toggle.mutate(node.company_id, { onError: () => notifyFailure(ONBOARDING_FAILED) })}
    />
  );
}

/**
 * Agreement download: asks for a single-use link to the PDF of the owner's newest accepted agreement
 * and opens `/download-auth/{pkdoc}`, where the viewer confirms with their password (decision 0034).
 */
function AgreementDownloadIcon({ node }: { node: ManagedNode }) {
  const http = useHttp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await agreementDownloadLink(http, node.id);
      void navigate(url);
    } catch {
      notifyFailure(AGREEMENT_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <RowIcon
      label={`Download the agreement of ${node.company_name}`}
      testId={`agreement-download-${node.company_id}`}
      icon={<IconFileDownload size={18} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    />
  );
}
