import type { CampaignModule, ModuleDashboardResponse } from '@app/contracts';
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TrendChart } from '../../components/charts';
import { RejectionsTable } from '../../components/lead-report';
import { emptyState, figureCards } from './dashboard-model';

/** The module's figures, its leads per day and its top rejection reasons, with a newcomer's next step. */
export function DashboardOverview({
  data,
  module,
  mayCreateCampaigns,
  campaignManagementPath,
}: {
  data: ModuleDashboardResponse['data'];
  module: CampaignModule;
  mayCreateCampaigns: boolean;
  campaignManagementPath: string;
}) {
  const empty = emptyState(data, module, mayCreateCampaigns);
  return (
    <Stack gap="lg">
      {empty && (
        <Alert
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="No leads yet"
          data-testid="dashboard-empty"
          data-empty-kind={empty.kind}
        >
          <Stack gap={6}>
            <Text size="sm">{empty.text}</Text>
            {empty.kind === 'no-campaigns' && empty.linkText && (
              <Anchor
                component={Link}
                to={campaignManagementPath}
                size="sm"
                // The alert's own text colour, underlined: a tenant's link colour on the alert's tint
                // can fall below 4.5:1 (axe), and the underline says "link" without colour.
                c="inherit"
                underline="always"
                fw={600}
                data-testid="dashboard-empty-link"
              >
                {empty.linkText}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {figureCards(data).map((card) => (
          <Paper key={card.testId} withBorder radius="md" p="md" data-testid={card.testId}>
            <Text size="xs" c="dimmed" fw={600}>
              {card.label}
            </Text>
            <Text size="xl" fw={700}>
              {card.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <TrendChart
            title="Leads per day, last 30 days"
            series={[{ label: 'Leads', points: data.leads.map((p) => ({ x: p.date, value: p.value })) }]}
            empty="No leads in the last 30 days."
            testId="dashboard-chart-leads"
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <RejectionsTable
            reasons={data.top_rejections}
            caption="Top rejection reasons, last 30 days"
            emptyText="No candidate was refused in the last 30 days."
            testId="dashboard-rejections"
          />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
