import type { BetaFeatureListResponse, BetaFeatureSetting } from '@app/contracts';
import { Button, Group, MultiSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useBetaFeatures, useSaveBetaFeature } from '../../../api/agreements';
import { failureMessage } from '../../../api/http';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { notifyFailure, notifySuccess } from '../../../components/feedback/feedback';

/**
 * /configuration/beta-features (system users, decision 0034): per feature of spec 2 §3 — still beta
 * or not, the beta for all agencies or only for the chosen testers. The server applies the same
 * settings to the gate of spec 2 §4.
 */
export function BetaFeaturesPage() {
  const list = useBetaFeatures();
  if (list.isPending) return <PageLoader label="Loading beta features" />;
  if (list.isError)
    return <LoadFailure error={list.error} onRetry={() => list.refetch()} testId="beta-features-failure" />;
  return (
    <Stack gap="md" data-testid="beta-features">
      <Title order={1} size="h2">
        Beta Features
      </Title>
      <Text size="sm" c="dimmed">
        A beta feature is offered to the agencies that test it, or to every agency when the beta applies to
        all; each agency accepts its billing agreement once before using it. A feature that is not beta is
        open to every agency.
      </Text>
      {list.data.features.map((feature) => (
        <FeatureCard key={feature.id} feature={feature} agencies={list.data.agencies} />
      ))}
    </Stack>
  );
}

function FeatureCard({
  feature,
  agencies,
}: {
  feature: BetaFeatureSetting;
  agencies: BetaFeatureListResponse['agencies'];
}) {
  const save = useSaveBetaFeature();
  const [isBeta, setIsBeta] = useState(feature.is_beta);
  const [allAgencies, setAllAgencies] = useState(feature.apply_to_all_agency);
  const [testers, setTesters] = useState(feature.testers.map((t) => String(t.company_id)));
  const headingId = `beta-feature-${feature.slug}`;

  const submit = () =>
    save.mutate(
      {
        id: feature.id,
        is_beta: isBeta,
        apply_to_all_agency: allAgencies,
        testers: testers.map((id) => Number.parseInt(id, 10)),
      },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-labelledby={headingId}
      data-testid={headingId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {feature.name}
        </Title>
        <Switch
          label="Beta"
          description="Only beta testers (or every agency, below) are offered it, after accepting the billing agreement."
          checked={isBeta}
          onChange={(event) => setIsBeta(event.currentTarget.checked)}
          data-testid={`${headingId}-is-beta`}
        />
        <Switch
          label="Apply to all agencies"
          checked={allAgencies}
          disabled={!isBeta}
          onChange={(event) => setAllAgencies(event.currentTarget.checked)}
          data-testid={`${headingId}-all`}
        />
        <MultiSelect
          label="Beta testers"
          placeholder={testers.length === 0 ? 'Choose agencies' : undefined}
          data={agencies.map((a) => ({ value: String(a.company_id), label: a.company_name }))}
          value={testers}
          onChange={setTesters}
          searchable
          disabled={!isBeta}
          data-testid={`${headingId}-testers`}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid={`${headingId}-save`}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default BetaFeaturesPage;
