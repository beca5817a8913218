import { exchange, parseJson } from '../service-http.js';
import type { KartraCredentials, KartraRequest, KartraTransport } from './core.js';

/*
 * The real Kartra inbound API (decision 0103; https://documentation.kartra.com/category/api/,
 * "Connecting to the API"): one POST to https://app.kartra.com/api (the deployment's
 * `KARTRA_API_URL`, a local fake in tests), form-encoded, carrying this platform's app id
 * (`KARTRA_APP_ID`), the company's `api_key` and `api_password`, the lead as `lead[field]` and the
 * commands as `actions[i][cmd]` with their parameters (`actions[1][list_name]`). The answer is JSON.
 * Kartra documents no idempotency key: creating-or-editing by e-mail is what makes a repeated
 * delivery harmless.
 */

export const KARTRA_DEFAULT_API_URL = 'https://app.kartra.com/api';

/** The form body of a call, PHP array style as Kartra reads it. */
export function kartraForm(
  appId: string,
  credentials: KartraCredentials,
  request: KartraRequest,
): URLSearchParams {
  const form = new URLSearchParams({
    app_id: appId,
    api_key: credentials.api_key,
    api_password: credentials.api_password,
  });
  for (const [field, value] of Object.entries(request.lead ?? {})) form.append(`lead[${field}]`, value);
  request.actions.forEach((action, i) => {
    for (const [name, value] of Object.entries(action)) form.append(`actions[${i}][${name}]`, value);
  });
  return form;
}

export function createKartraApi(options: {
  appId: string;
  apiUrl: string;
  /** Per call, connection and answer included (default 10 s). */
  timeoutMs?: number;
}): KartraTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async call(credentials, request) {
      const got = await exchange(
        options.apiUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'user-agent': 'LeadOrbit-Integrations/1.0',
          },
          body: kartraForm(options.appId, credentials, request).toString(),
        },
        timeoutMs,
      );
      if (!got.ok) return { status: 0, body: null, message: got.message };
      return { status: got.status, body: parseJson(got.text) };
    },
  };
}
