import { type BetaFeatureId, type ModuleType, moduleEntry, type SessionUser } from '@app/contracts';
import { betaAgreementPending, type PolicyContext } from '@app/policy';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { acceptFeatureAgreement } from '../../api/agreements';
import { failureMessage } from '../../api/http';
import { sessionKeys } from '../../api/session';
import { useHttp } from '../../app/boot/boot-context';
import { BillingAgreementModal } from '../../app/shell/data-wallet/billing-agreement-modal';

export interface BetaAgreement {
  /** The module is beta and the agency has not accepted its agreement yet (the setup check says). */
  pending: boolean;
  /** Opens the agreement; `then` runs once it is accepted (e.g. the wizard the person asked for). */
  ask(then?: () => void): void;
  /** The dialog, to render once on the page. */
  dialog: React.ReactNode;
}

/**
 * A beta module's agreement (spec 1 §4 "Beta agreement", decision 0064): the agency accepts it once,
 * in a dialog asked for before its people create a campaign; the server refuses creating and
 * starting the module's campaigns until then, whatever the screen shows. Clients cannot accept
 * their agency's agreement (`BetaAgreementNotice` tells them so).
 */
export function useBetaAgreement(
  user: SessionUser,
  ctx: PolicyContext,
  module: ModuleType,
  moduleName: string,
): BetaAgreement {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<{ then?: () => void } | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = betaAgreementPending(user, ctx.setup, module);
  const feature = moduleEntry(module).beta;

  const accept = async () => {
    if (!feature || !opened) return;
    setAccepting(true);
    setError(null);
    try {
      await acceptFeatureAgreement(http, {
        userId: user.id,
        companyId: user.company_id,
        companyName: user.company_name,
        feature: feature.featureId as BetaFeatureId,
        featureName: moduleName,
        locationMenu: `${module}-campaign-management`,
      });
      // The setup check carries the agreement's status: read it again, so it is asked only once.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      const then = opened.then;
      setOpened(null);
      then?.();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setAccepting(false);
    }
  };

  return {
    pending,
    ask: (then) => {
      setError(null);
      setOpened({ then });
    },
    dialog: (
      <BillingAgreementModal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        onAccept={() => void accept()}
        accepting={accepting}
        error={error}
        title={`${moduleName} Beta Agreement`}
        testId="beta-agreement-modal"
        intro={`${moduleName} is a beta module. Its campaigns are billed under this agreement: accept it once for ${user.company_name} before creating or starting them.`}
      />
    ),
  };
}

/** Why a beta module's campaigns cannot be created or started yet, where its campaigns are listed. */
export function BetaAgreementNotice({
  agreement,
  moduleName,
  isClientUser,
}: {
  agreement: BetaAgreement;
  moduleName: string;
  isClientUser: boolean;
}) {
  if (!agreement.pending) return null;
  return (
    <Alert color="yellow" role="status" data-testid="beta-agreement-pending">
      {isClientUser ? (
        <Text size="sm">
          {moduleName} is a beta module: your agency has to accept its beta agreement before campaigns can be
          created or started.
        </Text>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {moduleName} is a beta module: accept its beta agreement once to create and start its campaigns.
          </Text>
          <Button size="xs" onClick={() => agreement.ask()} data-testid="beta-agreement-open">
            Review the agreement
          </Button>
        </Group>
      )}
    </Alert>
  );
}
