import { AGREEMENT_LINK_MINUTES } from '@app/contracts';
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileDownload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { openAgreementLink } from '../../api/agreements';
import { failureMessage } from '../../api/http';
import { useHttp } from '../../app/boot/boot-context';
import { saveFile } from '../../components/feedback/save-file';

/**
 * /download-auth/{pkdoc} (spec 1 §2.3): a document download with a password check. The link was made
 * for the signed-in person; their password opens it once (`POST /docauth`), so a link that leaks opens
 * nothing (decision 0034).
 */
export function DownloadAuthPage() {
  const pkdoc = useParams().pkdoc ?? '';
  const http = useHttp();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(null);
    try {
      saveFile(await openAgreementLink(http, pkdoc, password), 'agreement.pdf');
      setDone(true);
      setPassword('');
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" maw={520} mx="auto" mt="xl">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            Document Download
          </Title>
          {done ? (
            <Alert
              color="green"
              icon={<IconCircleCheck aria-hidden />}
              title="Download Successful"
              data-testid="download-auth-done"
            >
              The agreement has been downloaded. This link has now been used; ask for a new one to download it
              again.
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Enter your password to download the agreement. The link works once and for{' '}
                {AGREEMENT_LINK_MINUTES} minutes after it was made.
              </Text>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={error}
                data-testid="download-auth-password"
              />
              <Button type="submit" loading={busy} leftSection={<IconFileDownload size={18} aria-hidden />}>
                Download
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

export default DownloadAuthPage;
