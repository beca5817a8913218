import {
  EXCLUSION_PROGRESS_POLL_MS,
  EXCLUSION_TEXTS,
  type ExclusionUpload,
  isCsvFileName,
} from '@app/contracts';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type ExclusionListRef,
  exclusionKeys,
  fetchExclusionProgress,
  useUploadExclusionFile,
} from '../../../api/exclusions';
import { failureMessage } from '../../../api/http';
import { useHttp } from '../../../app/boot/boot-context';
import { BadLinesList } from './bad-lines';

/** Spec 2 §4: initial, saving, success, failed. */
type UploadStatus = 'initial' | 'saving' | 'success' | 'failed';

interface Progressed {
  percentage: number;
  current: number;
  total: number;
}

/**
 * The exclusion upload modal (spec 2 §2 "Whitelist modal", §4, §8; decision 0092): a CSV is sent,
 * then the merge job's progress is asked every 2 seconds and drawn as a progress bar until the job
 * is done. Closing it stops the polling and forgets the progress.
 */
export function ExclusionUploadModal({
  opened,
  onClose,
  list,
  rowLimit,
}: {
  opened: boolean;
  onClose: () => void;
  list: ExclusionListRef;
  rowLimit: number;
}) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const upload = useUploadExclusionFile(list);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [status, setStatus] = useState<UploadStatus>('initial');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progressed | null>(null);
  const [received, setReceived] = useState<ExclusionUpload | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const polling = useRef(false);

  const stopPolling = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  // Leaving the page also stops the polling.
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const reset = () => {
    stopPolling();
    setFile(null);
    setFileError(null);
    setStatus('initial');
    setFailure(null);
    setProgress(null);
    setReceived(null);
    upload.reset();
  };

  const close = () => {
    reset();
    void queryClient.invalidateQueries({ queryKey: exclusionKeys.list(list) });
    onClose();
  };

  const finish = (outcome: 'success' | 'failed', message?: string) => {
    stopPolling();
    setStatus(outcome);
    if (message) setFailure(message);
    void queryClient.invalidateQueries({ queryKey: exclusionKeys.list(list) });
  };

  const poll = async (uploadId: number, total: number) => {
    if (polling.current) return;
    polling.current = true;
    try {
      const answer = await fetchExclusionProgress(http, list);
      const job = answer.data.jobProgress.find((j) => j.id === uploadId);
      if (job?.status === 'failed' || job?.status === 'purged')
        return finish('failed', job.error ?? undefined);
      if (job) setProgress({ percentage: job.percentage, current: job.current_row, total: job.total_row });
      if (job?.status === 'done') return finish('success');
      // Finished and already reported (another window asked first): done all the same.
      if (!job && answer.data.jobDone) {
        setProgress({ percentage: 100, current: total, total });
        return finish('success');
      }
    } catch {
      // A missed answer is asked again at the next tick.
    } finally {
      polling.current = false;
    }
  };

  const submit = () => {
    if (!file) return setFileError('Choose a CSV file to upload.');
    if (!isCsvFileName(file.name)) return setFileError(EXCLUSION_TEXTS.invalidFile);
    setFileError(null);
    setFailure(null);
    setStatus('saving');
    setProgress({ percentage: 0, current: 0, total: 0 });
    upload.mutate(file, {
      onSuccess: (answer) => {
        const data = answer.data;
        setReceived(data);
        setProgress({ percentage: 0, current: 0, total: data.accepted_rows });
        void poll(data.id, data.accepted_rows);
        stopPolling();
        timer.current = setInterval(() => void poll(data.id, data.accepted_rows), EXCLUSION_PROGRESS_POLL_MS);
      },
      onError: (error) => finish('failed', failureMessage(error)),
    });
  };

  const percentage = progress?.percentage ?? 0;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Upload Exclusion List"
      size="lg"
      data-testid="exclusion-upload-modal"
    >
      <Stack gap="sm">
        <Text size="sm">
          One e-mail address, MD5 or SHA-256 per row; a header row is optional. E-mails are trimmed and
          lowercased before they are hashed. At most {rowLimit.toLocaleString('en-US')} rows per upload.
        </Text>
        {status === 'initial' && (
          <>
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(next && !isCsvFileName(next.name) ? EXCLUSION_TEXTS.invalidFile : null);
              }}
              error={fileError}
              clearable
              data-testid="exclusion-file"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={submit} data-testid="exclusion-upload-submit">
                Upload
              </Button>
            </Group>
          </>
        )}
        {status !== 'initial' && progress && (
          <Stack gap={4}>
            <Progress
              value={percentage}
              size="lg"
              animated={status === 'saving'}
              aria-label="Upload progress"
              data-testid="exclusion-progress"
              data-percentage={percentage}
            />
            <Text size="sm" c="dimmed" data-testid="exclusion-progress-text">
              {percentage}% · {progress.current.toLocaleString('en-US')} of{' '}
              {progress.total.toLocaleString('en-US')} rows
            </Text>
          </Stack>
        )}
        {status === 'saving' && (
          <Text size="sm" role="status" data-testid="exclusion-upload-waiting">
            {EXCLUSION_TEXTS.uploading}
          </Text>
        )}
        {status === 'success' && (
          <Alert color="green" role="status" data-testid="exclusion-upload-success">
            {EXCLUSION_TEXTS.submitted}
          </Alert>
        )}
        {status === 'failed' && (
          <Alert color="red" role="alert" data-testid="exclusion-upload-failed">
            <Text size="sm">{EXCLUSION_TEXTS.failed}</Text>
            {failure && <Text size="sm">{failure}</Text>}
          </Alert>
        )}
        {received && (
          <Text size="sm" data-testid="exclusion-upload-counts">
            {received.filename}: {received.total_rows.toLocaleString('en-US')} rows read,{' '}
            {received.accepted_rows.toLocaleString('en-US')} accepted,{' '}
            {received.rejected_rows.toLocaleString('en-US')} rejected.
          </Text>
        )}
        {received && received.bad_lines.length > 0 && (
          <BadLinesList lines={received.bad_lines} total={received.rejected_rows} />
        )}
        {(status === 'success' || status === 'failed') && (
          <Group justify="flex-end">
            <Button onClick={close} data-testid="exclusion-upload-close">
              Close
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
