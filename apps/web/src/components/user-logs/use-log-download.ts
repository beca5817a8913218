import type { UserLogFilter } from '@app/contracts';
import { useState } from 'react';
import { ApiRequestError } from '../../api/http';
import { fetchUserLogCsv } from '../../api/user-logs';
import { useHttp } from '../../app/boot/boot-context';
import { showNotice, updateNotice } from '../feedback/notice';
import { downloadFileName } from './log-filters';

export type DownloadStatus = 'idle' | 'preparing' | 'done' | 'error' | 'failed';

/** Spec 2 §8: the download helper's texts ('Download Error': the server refused; 'Download Failed': no file). */
export const DOWNLOAD_TEXTS: Record<Exclude<DownloadStatus, 'idle'>, string> = {
  preparing: 'Preparing your file...',
  done: 'Download Successful',
  error: 'Download Error',
  failed: 'Download Failed',
};

/** Which failure text fits: the server answered with an error, or the download never happened. */
export const downloadFailureOf = (error: unknown): 'error' | 'failed' =>
  error instanceof ApiRequestError && error.status > 0 ? 'error' : 'failed';

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

/**
 * The download helper every CSV shares: fetches the text with the session's token, saves it under
 * `name`, and says how it went in a notice (`noticeId`) and in `status`.
 */
export function useCsvDownload(noticeId: string) {
  const [status, setStatus] = useState<DownloadStatus>('idle');

  async function download(fetchText: () => Promise<string>, name: string) {
    setStatus('preparing');
    showNotice({ id: noticeId, loading: true, message: DOWNLOAD_TEXTS.preparing, autoClose: false });
    try {
      saveFile(await fetchText(), name);
      setStatus('done');
      updateNotice({
        id: noticeId,
        loading: false,
        color: 'green',
        message: DOWNLOAD_TEXTS.done,
        autoClose: true,
      });
    } catch (error) {
      const failure = downloadFailureOf(error);
      setStatus(failure);
      updateNotice({
        id: noticeId,
        loading: false,
        color: 'red',
        message: DOWNLOAD_TEXTS[failure],
        autoClose: true,
      });
    }
  }

  return { status, download };
}

/** 'Download Data': fetches the user-log CSV with the session's token, saves it, and says how it went. */
export function useLogDownload() {
  const http = useHttp();
  const csv = useCsvDownload(NOTICE_ID);
  return {
    status: csv.status,
    download: (filter: UserLogFilter) =>
      csv.download(() => fetchUserLogCsv(http, filter), downloadFileName()),
  };
}
