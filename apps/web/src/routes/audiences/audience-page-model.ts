import {
  AUDIENCE_MAX_FILE_BYTES,
  AUDIENCE_NAME_MAX,
  AUDIENCE_STATUS_LABELS,
  AUDIENCE_TEXTS,
  type Audience,
  type AudienceKeyKind,
  audienceInFlight,
  isCsvFileName,
} from '@app/contracts';

/*
 * The audiences page's rules, apart from React (decision 0114): whose audience an upload may be, what
 * the form refuses before sending, and how a row reads (its state, its bar, its counts).
 */

export interface Option {
  value: string;
  label: string;
}

/** Whose audience a new upload is: a client its own; agency staff their agency or a client with the module. */
export function ownerOptions(
  viewer: { company_id: number; company_name: string; isClient: boolean },
  clients: readonly Option[] | null,
): Option[] {
  const own = {
    value: String(viewer.company_id),
    label: viewer.isClient
      ? viewer.company_name
      : `${viewer.company_name} (agency: any of its clients' campaigns)`,
  };
  return viewer.isClient ? [own] : [own, ...(clients ?? [])];
}

export interface UploadForm {
  owner: string | null;
  name: string;
  kind: AudienceKeyKind;
  file: { name: string; size: number } | null;
}

export type UploadErrors = Partial<Record<'owner' | 'name' | 'file', string>>;

/** What the form refuses before a byte is sent; the server checks the same again. */
export function uploadErrors(form: UploadForm): UploadErrors {
  const errors: UploadErrors = {};
  if (!form.owner) errors.owner = 'Choose whose audience this is.';
  const name = form.name.trim();
  if (!name) errors.name = AUDIENCE_TEXTS.nameRequired;
  else if (name.length > AUDIENCE_NAME_MAX) errors.name = AUDIENCE_TEXTS.nameTooLong;
  if (!form.file) errors.file = AUDIENCE_TEXTS.chooseFile;
  else if (!isCsvFileName(form.file.name)) errors.file = AUDIENCE_TEXTS.invalidFile;
  else if (form.file.size > AUDIENCE_MAX_FILE_BYTES) errors.file = AUDIENCE_TEXTS.fileTooLarge;
  return errors;
}

/** The upload bar: the share of the file's bytes sent (0-100). */
export const sentPercent = (sent: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.floor((sent * 100) / total));

const count = (n: number) => n.toLocaleString('en-US');

export interface AudienceRowView {
  status: string;
  color: string;
  /** A progress bar while the file is arriving or its keys are stored; null once finished. */
  progress: number | null;
  /** The audience's size: its distinct keys once ready. */
  size: string;
  /** What was read of the file: rows, keys, repeats and bad lines. */
  detail: string;
  usedBy: string;
  /** An audience a campaign uses cannot be deleted (the server refuses it too). */
  deletable: boolean;
}

export function audienceRowView(a: Audience): AudienceRowView {
  const color = { receiving: 'blue', processing: 'blue', ready: 'green', failed: 'red' }[a.status];
  const parts = [`${count(a.rows_read)} rows read`, `${count(a.keys_accepted)} keys`];
  if (a.status === 'ready' && a.duplicates > 0) parts.push(`${count(a.duplicates)} repeated`);
  if (a.bad_line_count > 0) parts.push(`${count(a.bad_line_count)} bad lines`);
  return {
    status: AUDIENCE_STATUS_LABELS[a.status],
    color,
    progress: audienceInFlight(a) ? a.progress : null,
    size: a.status === 'ready' ? count(a.keys_stored) : '—',
    detail: a.status === 'receiving' ? 'The file is still arriving.' : parts.join(' · '),
    usedBy: a.campaigns.map((c) => `${c.name} (${c.leadspeek_api_id})`).join(', '),
    deletable: a.campaigns.length === 0,
  };
}

/** The page's summary line: how many audiences are ready, and how many people they reach together. */
export function audienceTotals(audiences: readonly Audience[]): {
  ready: number;
  keys: number;
  working: number;
} {
  return audiences.reduce(
    (t, a) => ({
      ready: t.ready + (a.status === 'ready' ? 1 : 0),
      keys: t.keys + (a.status === 'ready' ? a.keys_stored : 0),
      working: t.working + (audienceInFlight(a) ? 1 : 0),
    }),
    { ready: 0, keys: 0, working: 0 },
  );
}
