import type { SavedCard } from '@app/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

export const brandName = (brand: string) =>
  BRAND_NAMES[brand] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');
export const expiryText = (card: Pick<SavedCard, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** The saved card as Card Setting shows it: brand, last 4, expiry, holder and billing address. */
export function SavedCardView({ card }: { card: SavedCard }) {
  const place = [card.city, [card.state, card.zip].filter(Boolean).join(' '), card.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={4} data-testid="saved-card">
      <Group gap="sm">
        <IconCreditCard aria-hidden />
        <Text fw={700} data-testid="saved-card-brand">
          {brandName(card.brand)} •••• {card.last4}
        </Text>
        {card.gateway === 'sandbox' && (
          <Badge color="orange" variant="light">
            Sandbox
          </Badge>
        )}
      </Group>
      <Text size="sm" data-testid="saved-card-expiry">
        Expires {expiryText(card)}
      </Text>
      <Text size="sm" data-testid="saved-card-holder">
        {card.cardholder}
      </Text>
      <Text size="sm" c="dimmed">
        {[card.address, place].filter(Boolean).join(', ')}
      </Text>
    </Stack>
  );
}
