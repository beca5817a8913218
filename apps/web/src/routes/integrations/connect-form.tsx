import type { ProviderView } from '@app/contracts';
import { Button, Group, PasswordInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isTargetKind, useIntegrationTargets, useSaveIntegration } from '../../api/integrations';
import { inputsNamed, placeServerErrors } from '../../components/feedback/server-errors';
import { saveFailureText } from '../../components/user-form/user-form-model';
import { noticeDone, noticeFailed } from './integration-feedback';
import {
  type ConnectField,
  type FieldValue,
  type FormValues,
  initialFormValues,
  isConnected,
  missingFields,
  savedMessage,
  settingsFromForm,
} from './integration-model';

/**
 * The connect / edit form built from the provider's `connect_fields`. Secret fields are never
 * prefilled: once connected, a blank one keeps the saved value. Spec 2 §8: the save's notice is the
 * server's message (or 'Changes saved successfully'), a failure the server's message with a bug icon;
 * field texts the server names also show under their inputs.
 */
export function ConnectForm({ companyId, provider }: { companyId: number; provider: ProviderView }) {
  const fields = provider.connect_fields;
  const connected = isConnected(provider.connection);
  const save = useSaveIntegration(companyId);
  const [values, setValues] = useState<FormValues>(() => initialFormValues(fields, provider.connection));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields(fields, values, connected);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(
      { slug: provider.slug, settings: settingsFromForm(fields, values, connected) },
      {
        onSuccess: (answer) => {
          noticeDone(savedMessage(answer.message));
          // Secrets are not kept in the page once sent.
          setValues(initialFormValues(fields, answer.connection));
        },
        onError: (error) => {
          const placed = placeServerErrors(error, inputsNamed(fields.map((f) => f.name)), saveFailureText);
          setErrors(placed.fields as Record<string, string>);
          noticeFailed(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="integration-form">
      <Stack gap="sm">
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            companyId={companyId}
            slug={provider.slug}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            connected={connected}
            disabled={save.isPending}
            onChange={(value) => set(field.name, value)}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="integration-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface FieldInputProps {
  companyId: number;
  slug: string;
  field: ConnectField;
  value: FieldValue;
  error: string | undefined;
  connected: boolean;
  disabled: boolean;
  onChange: (value: FieldValue) => void;
}

function FieldInput({
  companyId,
  slug,
  field,
  value,
  error,
  connected,
  disabled,
  onChange,
}: FieldInputProps) {
  // Tags, lists, groups … inside the service, once it is connected: offered by select and tags fields.
  const kind = connected && isTargetKind(field.targets) ? field.targets : null;
  const targets = useIntegrationTargets(companyId, slug, kind);
  const options = (targets.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const common = {
    label: field.label,
    description: field.help,
    error,
    disabled,
    required: field.required && !(field.type === 'secret' && connected),
    'data-testid': `integration-field-${field.name}`,
  };
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'secret':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          placeholder={connected ? 'Saved. Leave blank to keep it.' : undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          data={options.map((o) => o.label)}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          placeholder="Type and press Enter"
          clearable
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      if (kind !== null && options.length > 0) {
        // The saved choice stays offered even when the service no longer lists it.
        const data =
          text && !options.some((o) => o.value === text)
            ? [{ value: text, label: text }, ...options]
            : options;
        return (
          <Select
            {...common}
            data={data}
            value={text || null}
            onChange={(next) => onChange(next ?? '')}
            searchable
            clearable={!field.required}
            nothingFoundMessage="Nothing found"
          />
        );
      }
      return (
        <TextInput
          {...common}
          placeholder={kind !== null && targets.isPending ? 'Loading…' : undefined}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
