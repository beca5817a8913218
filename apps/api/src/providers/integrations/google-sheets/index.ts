import type { Database } from '@app/db';
import { createGoogleApi } from './api.js';
import { createGoogleSheetsSandbox } from './sandbox.js';
import { createSheetsProvider, type GoogleSheetsProvider } from './sheets-provider.js';

export { GOOGLE_SHEETS_SLUG, GoogleApiError, HEADER as GOOGLE_SHEETS_HEADER } from './service.js';
export { type GoogleSheetsProvider, isGoogleSheetsProvider, SIGN_IN_AGAIN } from './sheets-provider.js';

/**
 * Google Sheets (decision 0098): Google itself when the deployment has a Google OAuth client
 * (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), its sandbox on the sandbox tables otherwise.
 */
export function createGoogleSheetsProvider(deps: {
  db: Database;
  google: {
    clientId: string;
    clientSecret: string;
    oauthBase?: string;
    sheetsBase?: string;
    driveBase?: string;
  } | null;
}): GoogleSheetsProvider {
  return createSheetsProvider(
    deps.google ? createGoogleApi(deps.google) : createGoogleSheetsSandbox({ db: deps.db }),
  );
}
