import { SETTINGS_SAVED } from '@app/contracts';
import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type ModuleNamesSetting, useSaveSetting, useSetting } from '../../../api/settings';
import { sessionStore } from '../../../app/session/session';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { useRefreshSession } from '../../user/shared/refresh-session';
import {
  hasModuleNameErrors,
  type ModuleNameErrors,
  type ModuleNameRow,
  normaliseSlugInput,
  toModuleNamesValue,
  validateModuleNames,
  withModuleNames,
} from './module-names-model';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

/**
 * Module display names and URL slugs (spec 1 §1, spec 2 §1). After a save the session user is updated
 * at once and then read again, so the sidebar, breadcrumbs and module URLs follow without a reload.
 */
export function ModulesSection(props: SectionProps) {
  const setting = useSetting(props.companyID, 'modulenames');
  return (
    <QueryGate query={setting} label="Loading modules" testId="modules-load-error">
      {setting.data && <ModulesEditor {...props} data={setting.data.data} />}
    </QueryGate>
  );
}

/**
 * The server's texts for `comsetval.<module>.name|url` under that row's input (`placeServerErrors`
 * matches the `<module>.<input>` tail); the rest is the section's failure text.
 */
function placeModuleErrors(cause: unknown, rows: readonly ModuleNameRow[]) {
  const names = rows.flatMap((row) => [`${row.type}.name`, `${row.type}.url`]);
  const placed = placeServerErrors(cause, inputsNamed(names));
  const errors: ModuleNameErrors = {};
  for (const [key, message] of Object.entries(placed.fields)) {
    const [type, field] = key.split('.') as [ModuleNameRow['type'], 'name' | 'url'];
    errors[type] = { ...errors[type], [field]: message };
  }
  return { errors, message: placed.message };
}

function ModulesEditor({ user, companyID, canSave, data }: SectionProps & { data: ModuleNamesSetting }) {
  const [rows, setRows] = useState<ModuleNameRow[]>(data);
  const [errors, setErrors] = useState<ModuleNameErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSetting();
  const refreshSession = useRefreshSession();

  useEffect(() => setRows(data), [data]);

  const edit = (type: ModuleNameRow['type'], change: Partial<ModuleNameRow>) => {
    setRows((current) => current.map((row) => (row.type === type ? { ...row, ...change } : row)));
    setErrors((current) => ({ ...current, [type]: undefined }));
    setFailure(null);
    setSaved(null);
  };

  const afterSave = async (message: string, applied: readonly ModuleNameRow[]) => {
    const current = sessionStore.getSnapshot().user;
    if (current && current.company_id === companyID) sessionStore.setUser(withModuleNames(current, applied));
    setSaved(message || SETTINGS_SAVED);
    // GET /user confirms what the server stored; a failure here keeps the optimistic names.
    await refreshSession().catch(() => undefined);
  };

  const submit = async () => {
    const found = validateModuleNames(rows);
    setErrors(found);
    setSaved(null);
    setFailure(null);
    if (hasModuleNameErrors(found)) return;
    try {
      const answer = await save.mutateAsync({
        companyID,
        comsetname: 'modulenames',
        comsetval: toModuleNamesValue(rows),
      });
      await afterSave(answer.message, rows);
    } catch (cause) {
      const placed = placeModuleErrors(cause, rows);
      setErrors(placed.errors);
      setFailure(placed.message);
    }
  };

  const reset = async () => {
    setSaved(null);
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ companyID, comsetname: 'modulenames', actionType: 'reset' });
      const defaults = rows.map((row) => ({ ...row, name: row.default_name, url: row.default_url }));
      await afterSave(answer.message, defaults);
    } catch (cause) {
      setFailure(placeModuleErrors(cause, rows).message);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Rename the products your clients see and choose the address of their pages.
      </Text>
      <Table verticalSpacing="sm" aria-label="Module names">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Module</Table.Th>
            <Table.Th>Display Name</Table.Th>
            <Table.Th>URL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.type}>
              <Table.Td>
                <Text size="sm">{row.default_name}</Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${row.default_name} display name`}
                  maxLength={50}
                  value={row.name}
                  error={errors[row.type]?.name}
                  onChange={(event) => edit(row.type, { name: event.currentTarget.value })}
                  data-testid={`module-name-${row.type}`}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${row.default_name} URL`}
                  leftSection="/"
                  maxLength={63}
                  value={row.url}
                  error={errors[row.type]?.url}
                  description={row.url ? `/${row.url.trim()}/dashboard` : undefined}
                  onChange={(event) => edit(row.type, { url: normaliseSlugInput(event.currentTarget.value) })}
                  data-testid={`module-slug-${row.type}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={() => void submit()}
        saved={saved}
        failure={failure}
        testId="modules-save"
        extra={
          <Button
            variant="default"
            disabled={!canSave}
            onClick={() => void reset()}
            data-testid="modules-reset"
          >
            Restore Defaults
          </Button>
        }
      />
      {user.isViewMode && (
        <Text size="xs" c="dimmed">
          You are viewing this account; the names change for everyone who uses it.
        </Text>
      )}
    </Stack>
  );
}
