import { useCallback, useRef, useState } from 'react';
import type { BotCheckHandle } from './bot-check';

/**
 * A form's side of the bot check: pass `ref` to <BotCheck> and await `token()` on submit (the submit
 * button shows `solving` meanwhile). `token()` uses the answer up and fetches the next challenge;
 * `renew()` after the server's answer is harmless (it does nothing while a challenge is coming).
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
