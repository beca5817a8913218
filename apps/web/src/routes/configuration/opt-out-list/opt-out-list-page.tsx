import {
  EXCLUSION_KIND_LABELS,
  EXCLUSION_TEXTS,
  type ExclusionUpload,
  type SessionUser,
} from '@app/contracts';
import { isAgencyStaff, isSystemStaff } from '@app/policy';
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUserList } from '../../../api/agency-list';
import {
  type ExclusionListRef,
  useExclusionDownload,
  useExclusionList,
  usePurgeExclusionList,
  useSaveExclusionSettings,
  useSearchExclusion,
} from '../../../api/exclusions';
import { failureMessage } from '../../../api/http';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { focusableScroll } from '../../../components/data-list/data-table';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { confirmAction, notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { useFileDownload } from '../../../components/feedback/use-file-download';
import { BadLinesList } from './bad-lines';
import { ExclusionUploadModal } from './upload-modal';

/** The most companies the list picker offers (one list call; the list allows 100 a page). */
const PICKER_OPTIONS = 100;

const STATUS_LABELS: Record<ExclusionUpload['status'], string> = {
  receiving: 'Receiving',
  queued: 'Waiting',
  processing: 'Processing',
  done: 'Done',
  failed: 'Failed',
  purged: 'Purged',
};

const refKey = (ref: ExclusionListRef) => `${ref.kind}:${ref.id}`;
const refOf = (key: string): ExclusionListRef => {
  const [kind, id] = key.split(':');
  return { kind: kind as ExclusionListRef['kind'], id: Number(id) };
};

/**
 * /configuration/opt-out-list, titled Exclusion List (spec 1 §2.3, spec 2 §2; issue 22, decision
 * 0092): the system's staff keep their system's opt-out list and any agency's, an agency's staff
 * their own list and their clients', a client its own (from the profile menu); `?campaign=` opens a
 * campaign's own list (from the campaign list). Upload, progress, uploads, search, download, purge.
 */
export function OptOutListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const { actor } = useSessionPermissions();
  const [params] = useSearchParams();
  if (!viewer || !actor) return <PageLoader label="Loading the exclusion list" />;
  const campaign = Number(params.get('campaign') ?? '');
  const own: ExclusionListRef =
    Number.isInteger(campaign) && campaign > 0
      ? { kind: 'campaign', id: campaign }
      : isSystemStaff(actor)
        ? { kind: 'optout', id: viewer.company_root_id || viewer.company_id }
        : isAgencyStaff(actor)
          ? { kind: 'agency', id: viewer.company_id }
          : { kind: 'client', id: viewer.company_id };
  return <ExclusionLists key={refKey(own)} viewer={viewer} own={own} />;
}

function ExclusionLists({ viewer, own }: { viewer: SessionUser; own: ExclusionListRef }) {
  const [selected, setSelected] = useState(refKey(own));
  // Below the viewer's own list: the system's agencies, or the agency's clients.
  const childKind = own.kind === 'optout' ? 'agency' : own.kind === 'agency' ? 'client' : null;
  const children = useUserList(
    childKind
      ? {
          companyID: own.id,
          idsys: viewer.idsys,
          userType: childKind === 'agency' ? 'userdownline' : 'client',
          group: 'all',
          page: 1,
          perPage: PICKER_OPTIONS,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
        }
      : null,
  );
  const options = useMemo(() => {
    const first = {
      value: refKey(own),
      label: own.kind === 'optout' ? 'Opt-out list (the whole system)' : 'Own list',
    };
    if (!childKind) return [first];
    const seen = new Set<number>();
    const rows = (children.data?.data ?? []).filter((c) => !seen.has(c.company_id) && seen.add(c.company_id));
    return [
      first,
      ...rows.map((c) => ({
        value: refKey({ kind: childKind, id: c.company_id }),
        label: `${c.company_name} (${childKind})`,
      })),
    ];
  }, [own, childKind, children.data]);

  return (
    <Stack gap="md" data-testid="exclusion-list-page">
      <Title order={1} size="h2">
        Exclusion List
      </Title>
      <Text size="sm" c="dimmed">
        Leads whose e-mail is on a list are rejected, naming the list: the system’s opt-out list applies to
        every campaign, an agency’s to its clients’ campaigns, a client’s to its campaigns, a campaign’s to
        itself.
      </Text>
      {options.length > 1 && (
        <Select
          label="List"
          data={options}
          value={selected}
          onChange={(next) => next && setSelected(next)}
          allowDeselect={false}
          searchable
          w={{ base: '100%', sm: 360 }}
          data-testid="exclusion-list-picker"
        />
      )}
      <ListPanel key={selected} list={refOf(selected)} />
    </Stack>
  );
}

function ListPanel({ list }: { list: ExclusionListRef }) {
  const answer = useExclusionList(list);
  const purge = usePurgeExclusionList(list);
  const fetchFile = useExclusionDownload();
  const { status: downloadStatus, download } = useFileDownload('exclusion-download');
  const [uploading, setUploading] = useState(false);
  if (answer.isPending) return <PageLoader label="Loading the list" />;
  if (answer.isError)
    return (
      <LoadFailure error={answer.error} onRetry={() => answer.refetch()} testId="exclusion-list-failure" />
    );
  const { list: info, uploads } = answer.data.data;

  const askPurge = async () => {
    const yes = await confirmAction({
      title: 'Purge the list',
      message: EXCLUSION_TEXTS.purgeConfirm,
      confirmLabel: 'Purge',
      danger: true,
    });
    if (!yes) return;
    purge.mutate(undefined, {
      onSuccess: (done) =>
        notifySuccess(`${done.data.purged.toLocaleString('en-US')} records purged from ${info.name}’s list.`),
      onError: () => notifyFailure(EXCLUSION_TEXTS.purgeFailed),
    });
  };

  const headingId = `exclusion-list-${list.kind}-${list.id}`;
  return (
    <Stack gap="md">
      <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4" id={headingId} data-testid="exclusion-list-name">
                {info.name} — {EXCLUSION_KIND_LABELS[info.kind]}
              </Title>
              <Text size="sm" data-testid="exclusion-list-entries">
                {info.entries.toLocaleString('en-US')} {info.entries === 1 ? 'record' : 'records'} on the list
              </Text>
            </div>
            <Group gap="xs">
              <Button onClick={() => setUploading(true)} data-testid="exclusion-upload-open">
                Upload CSV
              </Button>
              <Button
                variant="default"
                disabled={info.entries === 0}
                loading={downloadStatus === 'preparing'}
                onClick={() =>
                  void download(() => fetchFile(list), `${list.kind}-${list.id}-exclusion-list.csv`)
                }
              >
                Download
              </Button>
              <Button
                color="red"
                variant="outline"
                onClick={() => void askPurge()}
                loading={purge.isPending}
                data-testid="exclusion-purge"
              >
                Purge
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {list.kind === 'optout' && <RowLimit list={list} current={info.uploadRowLimit} />}
      <SearchBox list={list} />
      <UploadsTable uploads={uploads} />
      <ExclusionUploadModal
        opened={uploading}
        onClose={() => setUploading(false)}
        list={list}
        rowLimit={info.uploadRowLimit}
      />
    </Stack>
  );
}

/** The system's rows-per-upload limit (spec 2 §9's 10,000 by default, up to 1,000,000). */
function RowLimit({ list, current }: { list: ExclusionListRef; current: number }) {
  const save = useSaveExclusionSettings(list);
  const [value, setValue] = useState<number | string>(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(value), {
      onSuccess: (answer) =>
        notifySuccess(`Uploads may now hold ${answer.data.uploadRowLimit.toLocaleString('en-US')} rows.`),
      onError: (error) => notifyFailure(failureMessage(error)),
    });
  };
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label="Upload limit">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs">
          <NumberInput
            label="Rows per upload"
            description="For every list of this system (10,000 unless changed; at most 1,000,000)."
            min={1}
            max={1_000_000}
            allowDecimal={false}
            thousandSeparator=","
            value={value}
            onChange={setValue}
            w={{ base: '100%', sm: 260 }}
            data-testid="exclusion-row-limit"
          />
          <Button type="submit" variant="default" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function SearchBox({ list }: { list: ExclusionListRef }) {
  const search = useSearchExclusion();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    search.mutate({ companyId: list.id, campaignType: list.kind, query: text.trim() });
  };
  const result = search.data?.data;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label="Search the lists">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Is this address suppressed?"
            description="An e-mail address, an MD5 or a SHA-256; the lists that apply here are searched."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            w={{ base: '100%', sm: 420 }}
            data-testid="exclusion-search-input"
          />
          <Button type="submit" variant="default" loading={search.isPending}>
            Search
          </Button>
        </Group>
      </form>
      {search.isError && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {failureMessage(search.error)}
        </Text>
      )}
      {result && (
        <Text size="sm" mt="xs" role="status" data-testid="exclusion-search-result">
          {result.suppressed
            ? `Suppressed by: ${result.lists.map((l) => `${l.name} (${EXCLUSION_KIND_LABELS[l.kind]})`).join(', ')}.`
            : 'Not on any list that applies here.'}
        </Text>
      )}
    </Paper>
  );
}

function UploadsTable({ uploads }: { uploads: readonly ExclusionUpload[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (uploads.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="exclusion-uploads-empty">
        No file was uploaded to this list yet.
      </Text>
    );
  const shown = uploads.find((u) => u.id === open);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720} scrollAreaProps={focusableScroll('Uploads')}>
        <Table striped captionSide="top" data-testid="exclusion-uploads">
          <Table.Caption style={{ textAlign: 'start' }}>Uploads</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">File</Table.Th>
              <Table.Th scope="col">Uploaded by</Table.Th>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col" ta="end">
                Rows
              </Table.Th>
              <Table.Th scope="col" ta="end">
                Accepted
              </Table.Th>
              <Table.Th scope="col" ta="end">
                Rejected
              </Table.Th>
              <Table.Th scope="col" ta="end">
                Added
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {uploads.map((u) => (
              <Table.Tr key={u.id} data-testid={`exclusion-upload-${u.id}`}>
                <Table.Td>{u.filename}</Table.Td>
                <Table.Td>{u.uploaded_by}</Table.Td>
                <Table.Td>{new Date(u.created_at).toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="end">{u.total_rows.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="end">{u.accepted_rows.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="end">
                  {u.rejected_rows > 0 ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setOpen(open === u.id ? null : u.id)}
                    >
                      {u.rejected_rows.toLocaleString('en-US')}
                    </Button>
                  ) : (
                    0
                  )}
                </Table.Td>
                <Table.Td ta="end">{u.added_rows.toLocaleString('en-US')}</Table.Td>
                <Table.Td>
                  <Badge
                    color={u.status === 'done' ? 'green' : u.status === 'failed' ? 'red' : 'gray'}
                    variant="light"
                  >
                    {STATUS_LABELS[u.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown && <BadLinesList lines={shown.bad_lines} total={shown.rejected_rows} />}
    </Stack>
  );
}

export default OptOutListPage;
