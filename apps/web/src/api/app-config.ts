import { type AppConfig, appConfigSchema } from '@app/contracts';
import { useBoot } from '../app/boot/boot-context';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from './http';

/**
 * App config is read before the API base is known, so it always comes from the fixed same-origin
 * path and does not go through the HTTP client.
 */
export const APP_CONFIG_PATH = '/api/app-config';

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export async function fetchAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl(APP_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok)
    throw new ApiRequestError(response.status, `http_${response.status}`, GENERIC_FAILURE_MESSAGE);
  const parsed = appConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
  return parsed.data;
}

/** Boot has already loaded it; screens read it from there rather than suspending. */
export const useAppConfig = (): AppConfig => useBoot().appConfig;
