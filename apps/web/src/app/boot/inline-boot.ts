import { type AppConfig, appConfigSchema, type DomainInfo } from '@app/contracts';
import { parseDomainInfo } from '../../api/domain-info';

/** Must match BOOT_DATA_ID of apps/api/src/plugins/web-app.ts. */
export const BOOT_DATA_ID = 'boot-data';

export interface InlineBoot {
  appConfig?: AppConfig;
  domainInfo?: DomainInfo;
}

/**
 * What the server put into index.html (`<script type="application/json" id="boot-data">`): the app
 * config and this host's domain info, so boot needs no request. Each part is validated as if it had
 * been fetched; a part that is missing, invalid or for another host is left out and boot fetches it.
 */
export function readInlineBoot(text: string | null | undefined, hostname: string): InlineBoot {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const data = raw as { host?: unknown; appConfig?: unknown; domainInfo?: unknown };
  const result: InlineBoot = {};
  const config = appConfigSchema.safeParse(data.appConfig);
  if (config.success) result.appConfig = config.data;
  if (data.host === hostname.toLowerCase() && data.domainInfo !== undefined) {
    try {
      result.domainInfo = parseDomainInfo(data.domainInfo);
    } catch {
      // invalid: boot fetches it
    }
  }
  return result;
}

/** The boot data of this page, read once (the tag is removed so nothing reads a stale copy later). */
export function takeInlineBoot(hostname: string): InlineBoot {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(BOOT_DATA_ID);
  element?.remove();
  return readInlineBoot(element?.textContent, hostname);
}
