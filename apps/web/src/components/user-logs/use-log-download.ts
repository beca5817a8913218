import type { UserLogFilter } from '@app/contracts';
import { fetchUserLogCsv } from '../../api/user-logs';
import { useHttp } from '../../app/boot/boot-context';
import { useFileDownload } from '../feedback/use-file-download';
import { downloadFileName } from './log-filters';

/** 'Download Data': fetches the user-log CSV with the session's token, saves it, and says how it went. */
export function useLogDownload() {
  const http = useHttp();
  const file = useFileDownload('user-log-download');
  return {
    status: file.status,
    download: (filter: UserLogFilter) =>
      file.download(() => fetchUserLogCsv(http, filter), downloadFileName()),
  };
}
