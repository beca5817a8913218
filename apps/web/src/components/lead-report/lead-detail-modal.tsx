import type { LeadDetailResponse } from '@app/contracts';
import { List, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLeadDetail } from '../../api/lead-reports';
import { LoadFailure } from '../data-list/load-failure';
import { formatPerLeadPrice } from './lead-money';
import { addressText, formatLeadTime, leadName, NOT_GIVEN, phoneText } from './lead-rows';

/**
 * One lead: who it is, where it came from, and what each party paid for it and why; its time in the
 * report's time zone (`timeZone`), as the row it was opened from shows it.
 */
export function LeadDetailModal({
  leadID,
  timeZone,
  onClose,
}: {
  leadID: number | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={leadID !== null} onClose={onClose} title="Lead details" size="lg" zIndex={400}>
      {leadID !== null && <LeadDetailContent leadID={leadID} timeZone={timeZone} />}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function LeadDetailContent({ leadID, timeZone }: { leadID: number; timeZone: string }) {
  const detail = useLeadDetail(leadID);
  if (detail.isError)
    return <LoadFailure error={detail.error} onRetry={detail.refetch} testId="lead-detail-error" />;
  if (!detail.data) return <Loader size="sm" aria-label="Loading lead" />;
  return <LeadDetailView lead={detail.data.data} timeZone={timeZone} />;
}

export function LeadDetailView({ lead, timeZone }: { lead: LeadDetailResponse['data']; timeZone: string }) {
  const company = Object.entries(lead.company);
  return (
    <Stack gap="md" data-testid="lead-detail">
      <Title order={3} size="h4">
        {leadName(lead)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="E-mail">{lead.email || NOT_GIVEN}</Field>
        <Field label="Phone">{phoneText(lead)}</Field>
        <Field label="Address">{addressText(lead)}</Field>
        <Field label="Stored">{formatLeadTime(lead.created_at, timeZone)}</Field>
        <Field label="Campaign">
          {lead.campaign_name} ({lead.leadspeek_api_id})
        </Field>
        <Field label="Client">{lead.client_company_name}</Field>
        {lead.page_url && <Field label="Page">{lead.page_url}</Field>}
        {lead.keyword && <Field label="Keyword">{lead.keyword}</Field>}
        {company.map(([key, value]) => (
          <Field key={key} label={`Company ${key}`}>
            {value}
          </Field>
        ))}
      </SimpleGrid>
      {lead.advanced.length > 0 && (
        <Stack gap={6} data-testid="lead-detail-advanced">
          <Title order={4} size="h5">
            Advanced information
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {lead.advanced.map((line) => (
              <Field key={line.id} label={line.label}>
                {line.value}
              </Field>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Stack gap={6}>
        <Title order={4} size="h5">
          What each party paid
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Field label="Client price">{formatPerLeadPrice(lead.prices.client_price)}</Field>
          {lead.prices.wholesale !== null && (
            <Field label="Wholesale">{formatPerLeadPrice(lead.prices.wholesale)}</Field>
          )}
          {lead.prices.root_fee !== null && (
            <Field label="Root fee">{formatPerLeadPrice(lead.prices.root_fee)}</Field>
          )}
        </SimpleGrid>
        <Text size="sm">Payment term: {lead.payment_term}</Text>
        <List size="sm" spacing={4} data-testid="lead-detail-explanation">
          {lead.explanation.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
