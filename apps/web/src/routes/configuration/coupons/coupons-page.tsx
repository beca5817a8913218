import type { CouponView as Coupon } from '@app/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCoupons, useDisableCoupon } from '../../../api/coupons';
import { failureMessage } from '../../../api/http';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { NoticeRow } from '../../../components/data-list/notice-row';
import { confirmAction, notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { CouponFormModal } from './coupon-form-modal';
import { couponState, discountText, usageText } from './coupon-model';

const STATE_COLOURS = {
  Active: 'green',
  Scheduled: 'blue',
  'Used up': 'gray',
  Expired: 'gray',
  Disabled: 'red',
};

/**
 * /configuration/coupons (system users, from System Settings): the system's onboarding-fee coupons —
 * percent or amount off, validity, usage limit, how often used — with create and disable. The server
 * decides with coupons.create / coupons.update; the buttons follow the same policy.
 */
export function CouponsPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const permissions = useSessionPermissions();
  const companyID = viewer?.company_root_id ?? 0;
  const coupons = useCoupons(companyID);
  const disable = useDisableCoupon();
  const [formOpen, setFormOpen] = useState(false);
  if (!viewer || !permissions.ready) return <PageLoader label="Loading coupons" />;
  const canCreate = permissions.may('coupons.create');
  const canDisable = permissions.may('coupons.update');
  const today = new Date().toISOString().slice(0, 10);

  async function confirmDisable(coupon: Coupon) {
    const sure = await confirmAction({
      title: 'Disable coupon?',
      message: `The code ${coupon.code} will be refused from now on. This cannot be undone.`,
      confirmLabel: 'Disable',
      danger: true,
    });
    if (!sure) return;
    disable.mutate(
      { companyID, id: coupon.id },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );
  }

  return (
    <Stack gap="md" data-testid="coupons-page">
      <Group justify="space-between">
        <Title order={2}>Coupons</Title>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setFormOpen(true)}
            data-testid="coupon-add"
          >
            New coupon
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Codes agencies can enter when they pay the onboarding fee with their first card.
      </Text>
      {coupons.isError && (
        <LoadFailure error={coupons.error} onRetry={coupons.refetch} testId="coupons-error" />
      )}
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Coupons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Discount</Table.Th>
              <Table.Th>Valid from</Table.Th>
              <Table.Th>Valid to</Table.Th>
              <Table.Th>Used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {coupons.isPending && (
              <NoticeRow colSpan={7} role="status">
                Loading Data
              </NoticeRow>
            )}
            {coupons.data?.data.length === 0 && (
              <NoticeRow colSpan={7} testId="coupons-empty">
                No coupons yet.
              </NoticeRow>
            )}
            {coupons.data?.data.map((coupon) => {
              const state = couponState(coupon, today);
              return (
                <Table.Tr key={coupon.id} data-testid={`coupon-row-${coupon.code}`}>
                  <Table.Td ff="monospace">{coupon.code}</Table.Td>
                  <Table.Td>{discountText(coupon)}</Table.Td>
                  <Table.Td>{coupon.valid_from ?? '—'}</Table.Td>
                  <Table.Td>{coupon.valid_to ?? '—'}</Table.Td>
                  <Table.Td>{usageText(coupon)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOURS[state]}>
                      {state}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {canDisable && !coupon.disabled && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={disable.isPending && disable.variables?.id === coupon.id}
                        onClick={() => void confirmDisable(coupon)}
                        aria-label={`Disable ${coupon.code}`}
                        data-testid={`coupon-disable-${coupon.code}`}
                      >
                        Disable
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <CouponFormModal opened={formOpen} onClose={() => setFormOpen(false)} companyID={companyID} />
    </Stack>
  );
}

export default CouponsPage;
