import { useState } from 'react';
import { ApiRequestError } from '../../api/http';
import { showNotice, updateNotice } from './notice';
import { saveFile } from './save-file';

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

/**
 * The download helper every export shares (CSV, Excel): fetches the file with the session's token,
 * saves its bytes exactly as the server sent them (a CSV's byte-order mark, a workbook's zip) under
 * `name`, and says how it went in a notice (`noticeId`) and in `status`.
 */
export function useFileDownload(noticeId: string) {
  const [status, setStatus] = useState<DownloadStatus>('idle');

  async function download(fetchFile: () => Promise<Blob>, name: string) {
    setStatus('preparing');
    showNotice({ id: noticeId, loading: true, message: DOWNLOAD_TEXTS.preparing, autoClose: false });
    try {
      saveFile(await fetchFile(), name);
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
