import type { UserLogFilter } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { fetchUserLogCsv } from '../../api/user-logs';
import { useHttp } from '../../app/boot/boot-context';
import { downloadFileName } from './log-filters';

export type DownloadStatus = 'idle' | 'preparing' | 'done' | 'failed';

/** Spec 2 §8: the download helper's texts. */
export const DOWNLOAD_TEXTS: Record<Exclude<DownloadStatus, 'idle'>, string> = {
  preparing: 'Preparing your file...',
  done: 'Download Successful',
  failed: 'Download Failed',
};

const NOTICE_ID = 'user-log-download';

function saveFile(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Download Data': fetches the CSV with the session's token, saves it, and says how it went. */
export function useLogDownload() {
  const http = useHttp();
  const [status, setStatus] = useState<DownloadStatus>('idle');

  async function download(filter: UserLogFilter) {
    setStatus('preparing');
    notifications.show({ id: NOTICE_ID, loading: true, message: DOWNLOAD_TEXTS.preparing, autoClose: false });
    try {
      saveFile(await fetchUserLogCsv(http, filter), downloadFileName());
      setStatus('done');
      notifications.update({
        id: NOTICE_ID,
        loading: false,
        color: 'green',
        message: DOWNLOAD_TEXTS.done,
        autoClose: true,
      });
    } catch {
      setStatus('failed');
      notifications.update({
        id: NOTICE_ID,
        loading: false,
        color: 'red',
        message: DOWNLOAD_TEXTS.failed,
        autoClose: true,
      });
    }
  }

  return { status, download };
}
