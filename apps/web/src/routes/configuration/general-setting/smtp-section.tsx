import { SETTINGS_SAVED, SMTP_NOT_CONFIGURED } from '@app/contracts';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { type SmtpSetting, useSaveSetting, useSendTestEmail, useSetting } from '../../../api/settings';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';
import { type SmtpForm, smtpFormFrom, suggestedSecure, toSmtpValue, validateSmtp } from './smtp-model';

/** Custom SMTP: the company's own mail server, with a test message through the saved settings. */
export function SmtpSection(props: SectionProps) {
  const setting = useSetting(props.companyID, 'customsmtpmenu');
  return (
    <QueryGate query={setting} label="Loading SMTP settings" testId="smtp-load-error">
      {setting.data && <SmtpEditor {...props} stored={setting.data.data} />}
    </QueryGate>
  );
}

type Errors = Partial<Record<keyof SmtpForm, string>>;

/** The inputs the server's field texts can land under (it names them `comsetval.<input>`). */
const SMTP_INPUTS = inputsNamed<keyof SmtpForm>([
  'host',
  'port',
  'username',
  'password',
  'fromAddress',
  'fromName',
  'replyTo',
]);

function SmtpEditor({ user, companyID, canSave, stored }: SectionProps & { stored: SmtpSetting }) {
  const [form, setForm] = useState<SmtpForm>(() => smtpFormFrom(stored));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const save = useSaveSetting();

  useEffect(() => {
    setForm(smtpFormFrom(stored));
    setDirty(false);
  }, [stored]);

  const set = <K extends keyof SmtpForm>(key: K, value: SmtpForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFailure(null);
    setSaved(null);
    setDirty(true);
  };

  const submit = async () => {
    setSaved(null);
    setFailure(null);
    const found = validateSmtp(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const answer = await save.mutateAsync({
        companyID,
        comsetname: 'customsmtpmenu',
        comsetval: toSmtpValue(form),
      });
      setSaved(answer.message || SETTINGS_SAVED);
    } catch (cause) {
      const placed = placeServerErrors(cause, SMTP_INPUTS);
      setErrors(placed.fields);
      setFailure(placed.message);
    }
  };

  const removeSmtp = () =>
    modals.openConfirmModal({
      title: 'Remove Custom SMTP',
      children: <Text size="sm">Your e-mails will be sent through the platform's mail server again.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        save
          .mutateAsync({ companyID, comsetname: 'customsmtpmenu', actionType: 'reset' })
          .then((answer) => setSaved(answer.message || SETTINGS_SAVED))
          .catch((cause) => setFailure(placeServerErrors(cause, SMTP_INPUTS).message)),
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {stored
          ? 'E-mails to your clients are sent through this server.'
          : "No custom SMTP server is set: e-mails are sent through the platform's mail server."}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="SMTP Host"
          placeholder="smtp.example.com"
          required
          value={form.host}
          error={errors.host}
          onChange={(e) => set('host', e.currentTarget.value)}
          data-testid="smtp-host"
        />
        <Group grow align="flex-start">
          <TextInput
            label="Port"
            inputMode="numeric"
            required
            value={form.port}
            error={errors.port}
            onChange={(e) => {
              const port = e.currentTarget.value.replace(/\D/g, '').slice(0, 5);
              set('port', port);
              const secure = suggestedSecure(port);
              if (secure !== null) setForm((current) => ({ ...current, secure }));
            }}
            data-testid="smtp-port"
          />
          <Switch
            mt={32}
            label="TLS from the start"
            checked={form.secure}
            onChange={(e) => set('secure', e.currentTarget.checked)}
            data-testid="smtp-secure"
          />
        </Group>
        <TextInput
          label="Username"
          autoComplete="off"
          value={form.username}
          error={errors.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          data-testid="smtp-username"
        />
        <Stack gap={4}>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={stored?.has_password ? 'Saved; leave blank to keep it' : undefined}
            value={form.password}
            error={errors.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            data-testid="smtp-password"
          />
          {stored?.has_password && (
            <Checkbox
              size="xs"
              label="Remove the saved password"
              checked={form.clearPassword}
              disabled={form.password !== ''}
              onChange={(e) => set('clearPassword', e.currentTarget.checked)}
              data-testid="smtp-clear-password"
            />
          )}
        </Stack>
        <TextInput
          label="From Address"
          type="email"
          required
          value={form.fromAddress}
          error={errors.fromAddress}
          onChange={(e) => set('fromAddress', e.currentTarget.value)}
          data-testid="smtp-from-address"
        />
        <TextInput
          label="From Name"
          value={form.fromName}
          error={errors.fromName}
          onChange={(e) => set('fromName', e.currentTarget.value)}
          data-testid="smtp-from-name"
        />
        <TextInput
          label="Reply-To Address"
          type="email"
          value={form.replyTo}
          error={errors.replyTo}
          onChange={(e) => set('replyTo', e.currentTarget.value)}
          data-testid="smtp-reply-to"
        />
        <Switch
          mt="md"
          label="Send e-mails through this server"
          checked={form.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          data-testid="smtp-enabled"
        />
      </SimpleGrid>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={() => void submit()}
        saved={saved}
        failure={failure}
        testId="smtp-save"
        extra={
          stored && (
            <Button
              variant="default"
              color="red"
              disabled={!canSave}
              onClick={removeSmtp}
              data-testid="smtp-remove"
            >
              Remove Custom SMTP
            </Button>
          )
        }
      />
      <Divider />
      <TestEmail
        companyID={companyID}
        parentID={user.company_parent}
        defaults={{
          to: user.email,
          from: stored?.fromAddress ?? '',
          fromName: stored?.fromName ?? '',
          replyTo: stored?.replyTo ?? '',
        }}
        configured={stored !== null}
        unsaved={dirty}
        canSend={canSave}
      />
    </Stack>
  );
}

function TestEmail({
  companyID,
  parentID,
  defaults,
  configured,
  unsaved,
  canSend,
}: {
  companyID: number;
  parentID: number | null;
  defaults: { to: string; from: string; fromName: string; replyTo: string };
  configured: boolean;
  unsaved: boolean;
  /** Sending a test needs the Settings update permission, like saving. */
  canSend: boolean;
}) {
  const [to, setTo] = useState(defaults.to);
  const [subject, setSubject] = useState('Test e-mail');
  const [content, setContent] = useState('This is a test message sent through your custom SMTP settings.');
  const send = useSendTestEmail();

  return (
    <Stack gap="sm">
      <Title order={4}>Send a Test E-mail</Title>
      {!configured && (
        <Text size="sm" c="dimmed">
          {SMTP_NOT_CONFIGURED} Save your server first.
        </Text>
      )}
      {configured && unsaved && (
        <Text size="sm" c="dimmed">
          The test uses the saved settings, not the changes above.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Send To"
          type="email"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          data-testid="smtp-test-to"
        />
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
      </SimpleGrid>
      <Textarea
        label="Message"
        autosize
        minRows={2}
        value={content}
        onChange={(e) => setContent(e.currentTarget.value)}
      />
      {send.isError && <FailureAlert error={send.error} testId="smtp-test-error" />}
      {send.isSuccess && <DoneAlert testId="smtp-test-result">{send.data.message}</DoneAlert>}
      <Group justify="flex-end">
        <Button
          variant="light"
          disabled={!configured || !canSend}
          loading={send.isPending}
          onClick={() =>
            send.mutate({
              fromAddress: defaults.from,
              fromName: defaults.fromName,
              fromReplyto: defaults.replyTo,
              subject,
              content,
              testEmailAddress: to,
              companyID,
              companyParentID: parentID,
            })
          }
          data-testid="smtp-test"
        >
          Send test e-mail
        </Button>
      </Group>
    </Stack>
  );
}
