import {
  AUDIENCE_KEY_KIND_LABELS,
  AUDIENCE_TEXTS,
  type Audience,
  type AudienceKeyKind,
} from '@app/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useUploadAudience } from '../../api/audiences';
import { failureMessage } from '../../api/http';
import { BadLinesList } from '../configuration/opt-out-list/bad-lines';
import { type Option, sentPercent, type UploadErrors, uploadErrors } from './audience-page-model';

/**
 * The upload form (decision 0114): whose audience, its name, what the file holds, the file. While
 * the file is sent a bar shows the bytes gone (XHR upload progress); then the server's answer: rows
 * read, keys accepted, bad lines. Storing the keys goes on in the list, whose row shows its own bar.
 */
export function UploadAudienceModal({
  opened,
  onClose,
  owners,
}: {
  opened: boolean;
  onClose: () => void;
  owners: Option[];
}) {
  const upload = useUploadAudience();
  const [owner, setOwner] = useState<string | null>(owners.length === 1 ? (owners[0]?.value ?? null) : null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AudienceKeyKind>('email');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [sent, setSent] = useState<number | null>(null);
  const [received, setReceived] = useState<Audience | null>(null);

  const close = () => {
    if (upload.isPending) return;
    setName('');
    setFile(null);
    setErrors({});
    setSent(null);
    setReceived(null);
    upload.reset();
    onClose();
  };

  const submit = () => {
    const found = uploadErrors({ owner, name, kind, file });
    setErrors(found);
    if (Object.keys(found).length > 0 || !file || !owner) return;
    setSent(0);
    upload.mutate(
      {
        companyId: Number(owner),
        name: name.trim(),
        kind,
        file,
        onProgress: (done, total) => setSent(sentPercent(done, total)),
      },
      {
        onSuccess: (answer) => {
          setSent(100);
          setReceived(answer.data);
        },
        onError: () => setSent(null),
      },
    );
  };

  const editing = !upload.isPending && !received;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Upload an audience"
      size="lg"
      data-testid="audience-upload-modal"
    >
      <Stack gap="sm">
        <Text size="sm">
          A CSV with one customer per row: their e-mail address, or the MD5 of the lowercased address. A
          header row is optional; a column named “email” or “md5” is read when there are several. Addresses
          are hashed as the file is read and are never stored.
        </Text>
        <Select
          label="Whose audience"
          data={owners}
          value={owner}
          onChange={setOwner}
          error={errors.owner}
          disabled={!editing}
          allowDeselect={false}
          data-testid="audience-owner"
        />
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          disabled={!editing}
          data-testid="audience-name"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="audience-kind-label">
            The file holds
          </Text>
          <SegmentedControl
            aria-labelledby="audience-kind-label"
            value={kind}
            onChange={(value) => setKind(value as AudienceKeyKind)}
            disabled={!editing}
            data={(Object.keys(AUDIENCE_KEY_KIND_LABELS) as AudienceKeyKind[]).map((value) => ({
              value,
              label: AUDIENCE_KEY_KIND_LABELS[value],
            }))}
            data-testid="audience-kind"
          />
        </Stack>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file (at most 100 MB, 1,000,000 rows)"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          error={errors.file}
          disabled={!editing}
          clearable
          data-testid="audience-file"
        />
        {sent !== null && (
          <Stack gap={4}>
            <Progress
              value={sent}
              size="lg"
              animated={upload.isPending}
              aria-label="File upload progress"
              data-testid="audience-upload-progress"
              data-percentage={sent}
            />
            <Text size="sm" c="dimmed">
              {upload.isPending ? `Sending the file: ${sent}%` : 'File sent.'}
            </Text>
          </Stack>
        )}
        {upload.isError && (
          <Alert color="red" role="alert" data-testid="audience-upload-failed">
            {failureMessage(upload.error)}
          </Alert>
        )}
        {received && (
          <Alert color="green" role="status" data-testid="audience-upload-received">
            <Text size="sm">{AUDIENCE_TEXTS.uploaded}</Text>
            <Text size="sm">
              {received.filename}: {received.rows_read.toLocaleString('en-US')} rows read,{' '}
              {received.keys_accepted.toLocaleString('en-US')} keys accepted,{' '}
              {received.bad_line_count.toLocaleString('en-US')} bad lines.
            </Text>
          </Alert>
        )}
        {received && received.bad_lines.length > 0 && (
          <BadLinesList lines={received.bad_lines} total={received.bad_line_count} />
        )}
        <Group justify="flex-end">
          {editing ? (
            <>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={submit} data-testid="audience-upload-submit">
                Upload
              </Button>
            </>
          ) : (
            <Button onClick={close} disabled={upload.isPending} data-testid="audience-upload-close">
              Close
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
