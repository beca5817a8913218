import { Anchor, Badge, Button, Code, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useDomainInfo } from '../../../api/domain-info';
import {
  useRetryDomainSsl,
  useUpdateCustomDomain,
  useUpdateSubdomain,
  useWhitelabelDomain,
  type WhitelabelDomainInfo,
} from '../../../api/settings';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { domainStatusView, normaliseSubdomainInput, subdomainError } from './domain-model';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

const SUBDOMAIN_INPUTS = inputsNamed(['subdomain']);
const DOMAIN_INPUTS = inputsNamed(['domain'], { DownlineDomain: 'domain' });

/**
 * The agency's subdomain (spec 2 §5 rules) and its custom white-label domain with the certificate
 * status: polled while pending, with 'Retry' while failed.
 */
export function DomainSection(props: SectionProps) {
  const query = useWhitelabelDomain(props.companyID);
  return (
    <QueryGate query={query} label="Loading domain" testId="domain-load-error">
      {query.data && (
        <Stack gap="xl">
          <SubdomainForm {...props} info={query.data.data} />
          <CustomDomainForm {...props} info={query.data.data} />
        </Stack>
      )}
    </QueryGate>
  );
}

function SubdomainForm({ user, companyID, canSave, info }: SectionProps & { info: WhitelabelDomainInfo }) {
  const host = useDomainInfo();
  const [subdomain, setSubdomain] = useState(info.subdomain ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateSubdomain(companyID);

  useEffect(() => setSubdomain(info.subdomain ?? ''), [info.subdomain]);

  const systemDomain =
    info.subdomain && info.subdomain_host?.startsWith(`${info.subdomain}.`)
      ? info.subdomain_host.slice(info.subdomain.length + 1)
      : host.domain;

  const submit = () => {
    const found = subdomainError(subdomain);
    setError(found);
    setFailure(null);
    if (found) return;
    update.mutate(
      { companyID, subdomain: subdomain.trim(), idsys: user.idsys },
      {
        onError: (cause) => {
          const placed = placeServerErrors(cause, SUBDOMAIN_INPUTS);
          setError(placed.fields.subdomain ?? null);
          setFailure(placed.message);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Subdomain</Title>
      <TextInput
        label="Subdomain"
        maxLength={63}
        value={subdomain}
        error={error}
        rightSection={
          systemDomain ? (
            <Text size="sm" c="dimmed" pr="xs">
              .{systemDomain}
            </Text>
          ) : undefined
        }
        rightSectionWidth={systemDomain ? Math.min(260, 16 + systemDomain.length * 8) : undefined}
        onChange={(event) => {
          setSubdomain(normaliseSubdomainInput(event.currentTarget.value));
          setError(null);
          setFailure(null);
          update.reset();
        }}
        data-testid="domain-subdomain"
      />
      {info.subdomain_host && (
        <Text size="sm">
          Your platform address:{' '}
          <Anchor
            href={`https://${info.subdomain_host}`}
            target="_blank"
            rel="noreferrer"
            data-testid="domain-subdomain-host"
          >
            {info.subdomain_host}
          </Anchor>
        </Text>
      )}
      <SaveBar
        canSave={canSave}
        saving={update.isPending}
        onSave={submit}
        saved={update.data?.message ?? null}
        failure={failure}
        testId="domain-subdomain-save"
      />
    </Stack>
  );
}

function CustomDomainForm({ companyID, canSave, info }: SectionProps & { info: WhitelabelDomainInfo }) {
  const [domain, setDomain] = useState(info.domain ?? '');
  const [whitelabel, setWhitelabel] = useState(info.is_whitelabeling);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateCustomDomain(companyID);
  const retry = useRetryDomainSsl(companyID);
  const status = domainStatusView(info.domain_status, Boolean(info.domain));

  useEffect(() => {
    setDomain(info.domain ?? '');
    setWhitelabel(info.is_whitelabeling);
  }, [info.domain, info.is_whitelabeling]);

  const submit = () => {
    setError(null);
    setFailure(null);
    update.mutate(
      { companyID, DownlineDomain: domain.trim(), whitelabelling: whitelabel },
      {
        onError: (cause) => {
          const placed = placeServerErrors(cause, DOMAIN_INPUTS);
          setError(placed.fields.domain ?? null);
          setFailure(placed.message);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={4}>Custom Domain</Title>
      <TextInput
        label="Domain"
        description="Leave blank to use only your subdomain."
        placeholder="leads.example.com"
        value={domain}
        error={error}
        onChange={(event) => {
          setDomain(event.currentTarget.value.trim().toLowerCase());
          setError(null);
          update.reset();
        }}
        data-testid="domain-custom"
      />
      <Switch
        label="White-label the platform on this domain"
        checked={whitelabel}
        onChange={(event) => setWhitelabel(event.currentTarget.checked)}
        data-testid="domain-whitelabel"
      />

      <Group gap="sm" align="center">
        <Text size="sm">SSL status:</Text>
        <Badge
          color={status.color}
          variant="light"
          data-testid="domain-status"
          data-status={info.domain_status}
        >
          {status.label}
        </Badge>
        {status.polling && (
          <Text size="xs" c="dimmed">
            Checking again every few seconds.
          </Text>
        )}
        {status.canRetry && (
          <Button
            size="xs"
            variant="light"
            disabled={!canSave}
            loading={retry.isPending}
            onClick={() => info.domain && retry.mutate({ companyID, domain: info.domain })}
            data-testid="domain-retry"
          >
            Retry
          </Button>
        )}
      </Group>
      {info.domain_status === 'failed' && info.domain_error && (
        <Text size="sm" c="red" data-testid="domain-error-text">
          {info.domain_error}
        </Text>
      )}
      {info.domain_checked_at && (
        <Text size="xs" c="dimmed">
          Last checked {new Date(info.domain_checked_at).toLocaleString('en-US')}
        </Text>
      )}
      {info.domain && info.domain_status !== 'active' && info.expected_addresses.length > 0 && (
        <Text size="sm">
          Point the domain's A/AAAA records to{' '}
          {info.expected_addresses.map((address, index) => (
            <span key={address}>
              {index > 0 && ', '}
              <Code>{address}</Code>
            </span>
          ))}
          .
        </Text>
      )}
      {retry.isError && <FailureAlert error={retry.error} testId="domain-retry-error" />}
      {retry.isSuccess && <DoneAlert>{retry.data.message}</DoneAlert>}
      <SaveBar
        canSave={canSave}
        saving={update.isPending}
        onSave={submit}
        saved={update.data?.message ?? null}
        failure={failure}
        testId="domain-save"
      />
    </Stack>
  );
}
