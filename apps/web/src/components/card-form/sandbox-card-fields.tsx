import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { createSandboxToken } from '../../api/cards';
import { ApiRequestError, failureMessage } from '../../api/http';
import { useHttp } from '../../app/boot/boot-context';
import type { RegisterCardEntry } from './card-entry';
import {
  type CardErrors,
  type CardField,
  type CardFormValues,
  fieldErrorsFromServer,
  formatCardNumber,
  formatExpiry,
  hasErrors,
  sandboxHelpRows,
  sandboxTokenRequest,
  validateSandboxCard,
} from './card-model';

interface SandboxCardFieldsProps {
  values: CardFormValues;
  errors: CardErrors;
  set: (field: CardField, value: string) => void;
  disabled: boolean;
  register: RegisterCardEntry;
}

/**
 * The sandbox gateway's card fields (no Stripe configured): number, expiry and security code of one of
 * the sandbox's test cards, which the sandbox turns into a token as Stripe.js would. Labelled Sandbox:
 * no real card is charged, and a real card number is refused.
 */
export function SandboxCardFields({ values, errors, set, disabled, register }: SandboxCardFieldsProps) {
  const http = useHttp();
  useEffect(() => {
    register({
      async tokenize(current) {
        const local = validateSandboxCard(current, new Date());
        if (hasErrors(local)) return { ok: false, errors: local };
        try {
          const { tokenid } = await createSandboxToken(http, sandboxTokenRequest(current));
          return { ok: true, tokenid };
        } catch (error) {
          const fields = error instanceof ApiRequestError ? fieldErrorsFromServer(error.fields) : {};
          return { ok: false, errors: fields, message: failureMessage(error) };
        }
      },
    });
    return () => register(null);
  }, [http, register]);
  const rows = useMemo(sandboxHelpRows, []);

  return (
    <Paper withBorder radius="md" p="md" data-testid="sandbox-card">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="orange" variant="filled" leftSection={<IconFlask size={14} aria-hidden />}>
            Sandbox
          </Badge>
          <Text size="sm" fw={600}>
            Test card — no real card is charged
          </Text>
        </Group>
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={values.number}
          onChange={(event) => set('number', formatCardNumber(event.currentTarget.value))}
          error={errors.number}
          disabled={disabled}
          data-testid="card-number"
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label="Expiry (MM / YY)"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={values.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.currentTarget.value))}
            error={errors.expiry}
            disabled={disabled}
            data-testid="card-expiry"
          />
          <TextInput
            label="Security code (CVC)"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(event) => set('cvc', event.currentTarget.value.replace(/\D/g, ''))}
            error={errors.cvc}
            disabled={disabled}
            data-testid="card-cvc"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" id="sandbox-test-cards">
          Use one of the sandbox's test cards, with any future expiry date and any security code (four digits
          for American Express):
        </Text>
        <Table withTableBorder={false} verticalSpacing={2} fz="xs" aria-describedby="sandbox-test-cards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test card number</Table.Th>
              <Table.Th>Brand</Table.Th>
              <Table.Th>What happens</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.number}>
                <Table.Td ff="monospace">{row.number}</Table.Td>
                <Table.Td tt="capitalize">{row.brand}</Table.Td>
                <Table.Td>{row.outcome}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
