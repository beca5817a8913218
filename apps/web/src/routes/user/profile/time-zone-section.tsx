import type { SessionUser } from '@app/contracts';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { failureMessage, localTimeZone } from '../../../api/http';
import { useSetupCompleteMutation } from '../../../api/profile';
import { brandVar } from '../../../app/branding/brand-theme';
import { useRefreshSession } from '../shared/refresh-session';

/**
 * The person's own time zone (setupcomplete's `timezone`, decision 0094): the days of their reports
 * across campaigns. Until they choose one, the browser's is shown and used.
 */
export function TimeZoneSection({ user }: { user: SessionUser }) {
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const [zone, setZone] = useState(user.time_zone ?? localTimeZone());
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSetupCompleteMutation();
  const refreshSession = useRefreshSession();

  async function handleSave() {
    setMessage(null);
    try {
      // The setup flag stays as it is: this only changes the zone.
      await save.mutateAsync({
        usrID: user.id,
        statuscomplete: user.profile_setup_completed,
        timezone: zone,
      });
      await refreshSession();
      setMessage({ ok: true, text: `Your reports now count days in ${zone}.` });
    } catch (error) {
      setMessage({ ok: false, text: failureMessage(error) });
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      style={{ background: brandVar('boxBg') }}
      data-testid="time-zone-section"
    >
      <Stack gap="md">
        <Text fw={700} size="lg">
          Time Zone
        </Text>
        <Text size="sm" c="dimmed">
          Reports across your campaigns count days in this zone
          {user.time_zone ? '.' : ' (your browser’s until you save one).'}
        </Text>
        <Select
          label="Time zone"
          data={zones}
          searchable
          value={zone}
          allowDeselect={false}
          onChange={(value) => value && setZone(value)}
          maw={360}
          data-testid="time-zone-select"
        />
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        <Group>
          <Button onClick={handleSave} loading={save.isPending} data-testid="time-zone-save">
            Save Time Zone
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
