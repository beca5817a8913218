import { useCallback, useRef, useState } from 'react';
import type { BotCheckHandle } from './bot-check';

/**
 * A form's side of the bot check: pass `ref` to <BotCheck>, await `token()` on submit (the submit
 * button shows `solving` meanwhile) and call `renew()` once the server has seen the answer.
 */
export function useBotCheck() {
  const ref = useRef<BotCheckHandle>(null);
  const [solving, setSolving] = useState(false);

  const token = useCallback(async (): Promise<string> => {
    const handle = ref.current;
    if (!handle) return '';
    setSolving(true);
    try {
      return await handle.getToken();
    } finally {
      setSolving(false);
    }
  }, []);

  const renew = useCallback(() => ref.current?.renew(), []);

  return { ref, solving, token, renew };
}
