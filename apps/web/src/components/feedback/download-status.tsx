import { Text } from '@mantine/core';
import { DOWNLOAD_TEXTS, type DownloadStatus } from './use-file-download';

/**
 * How a download went, beside its button (spec 2 §8's texts): every download shows it the same way.
 * Colours are named by palette only (`green`, `red`), which the theme holds at WCAG AA on every
 * surface of both schemes; a fixed shade ('green.8', 3.4:1 on white) is not.
 */
export function DownloadStatusText({ status, testId }: { status: DownloadStatus; testId: string }) {
  if (status === 'idle') return null;
  const color = status === 'done' ? 'green' : status === 'preparing' ? 'dimmed' : 'red';
  return (
    <Text size="sm" fw={600} c={color} role="status" data-testid={testId}>
      {DOWNLOAD_TEXTS[status]}
    </Text>
  );
}
