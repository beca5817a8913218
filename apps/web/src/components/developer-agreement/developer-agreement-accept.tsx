import { AGREE_BEFORE_CONTINUE } from '@app/contracts';
import { isSystemUser } from '@app/policy';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAcceptDeveloperAgreement, useDeveloperAgreement } from '../../api/agreements';
import { failureMessage } from '../../api/http';
import { useSession } from '../../app/session/session';
import { notifySuccess } from '../feedback/feedback';

const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Below the developer marketing services agreement (spec 2 §2, §5), and on the Developer screen
 * before any key (decision 0100): a signed-in agency person ticks
 * the agree box and accepts; the server records who, which version and from where, and sets the
 * company's developer flag (the Developer API shows keys only after this). Spec 2 §5: the box is
 * required for non-system users ('Please click agree before you continue'); system users have
 * nothing to accept here. Signed out, the document is only read.
 */
export function DeveloperAgreementAccept() {
  const user = useSession().user;
  if (!user) {
    return (
      <Text size="sm" c="dimmed" data-testid="developer-agreement-signed-out">
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>{' '}
        to accept this agreement for your company.
      </Text>
    );
  }
  if (isSystemUser(user)) {
    return (
      <Text size="sm" c="dimmed" data-testid="developer-agreement-system">
        Agencies accept this agreement before they use the Developer API; system users have nothing to accept
        here.
      </Text>
    );
  }
  return <AcceptForm userId={user.id} companyId={user.company_id} companyName={user.company_name} />;
}

function AcceptForm(props: { userId: number; companyId: number; companyName: string }) {
  const state = useDeveloperAgreement(props.companyId, true);
  const accept = useAcceptDeveloperAgreement();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (state.isPending) return <Skeleton h={80} aria-label="Loading agreement status" />;
  const accepted =
    state.data?.is_marketing_services_agreement_developer === 'T' ? state.data.accepted_at : null;
  if (accepted) {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        data-testid="developer-agreement-accepted"
      >
        {props.companyName} accepted this agreement on {formatDateTime(accepted)}.
      </Alert>
    );
  }

  async function submit() {
    if (!agreed) {
      setError(AGREE_BEFORE_CONTINUE);
      return;
    }
    setError(null);
    try {
      const answer = await accept.mutateAsync(props);
      notifySuccess(answer.message);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Accept the agreement">
      <Stack gap="md">
        <Checkbox
          data-testid="developer-agreement-agree"
          label={`I have read this agreement and agree to it on behalf of ${props.companyName}.`}
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.currentTarget.checked);
            if (event.currentTarget.checked) setError(null);
          }}
          error={error}
        />
        <Group>
          <Button
            data-testid="developer-agreement-submit"
            loading={accept.isPending}
            onClick={() => void submit()}
          >
            Agree and continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
