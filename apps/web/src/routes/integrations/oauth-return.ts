import { useEffect, useRef } from 'react';
import { useUrlParams } from '../../app/routing/use-url-params';
import { noticeDone, noticeFailedText } from './integration-feedback';
import { readOauthReturn, withoutOauthReturn } from './integration-model';

/** After the provider's consent page: `?connected=1` or `?error=…` said once, then taken off the address. */
export function useOauthReturnNotice() {
  const [params, setParams] = useUrlParams();
  const said = useRef<string | null>(null);
  const outcome = readOauthReturn(params);
  const key = outcome ? JSON.stringify(outcome) : null;
  useEffect(() => {
    if (!outcome || said.current === key) return;
    said.current = key;
    if (outcome.kind === 'connected') noticeDone('The integration is connected.');
    else noticeFailedText(outcome.message, 'The integration was not connected');
    setParams((current) => withoutOauthReturn(current), { replace: true });
  }, [outcome, key, setParams]);
}
