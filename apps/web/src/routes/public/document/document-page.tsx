import { PUBLIC_DOCUMENTS } from '@app/contracts';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type DocumentRequestName, useDocument } from '../../../api/documents';
import { brandVar } from '../../../app/branding/brand-theme';
import { DeveloperAgreementAccept } from '../../../components/developer-agreement/developer-agreement-accept';
import { NotFoundPage } from '../../errors/not-found/not-found-page';
import { sanitizeDocumentHtml } from './sanitize-document';

/** The four public legal pages share this screen; the path names the document (e.g. /term-of-use). */
function documentNameFromPath(pathname: string): DocumentRequestName | null {
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  return (PUBLIC_DOCUMENTS as readonly string[]).includes(slug) ? (slug as DocumentRequestName) : null;
}

export function DocumentPage() {
  const name = documentNameFromPath(useLocation().pathname);
  if (!name) return <NotFoundPage />;
  if (name === 'marketing-services-agreement-developer')
    return (
      <Stack gap="lg">
        <DocumentViewer name={name} />
        <DeveloperAgreementAccept />
      </Stack>
    );
  return <DocumentViewer name={name} />;
}

function DocumentLoading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading document">
      <Skeleton h={32} w="60%" />
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <Skeleton key={i} h={14} w={i % 4 === 3 ? '70%' : '100%'} />
      ))}
    </Stack>
  );
}

/** Agreement viewer of spec 2 §2: loading state, then the document or 'Document Not Available'. */
export function DocumentViewer({ name }: { name: DocumentRequestName }) {
  const { data, isPending, isError, refetch, isRefetching } = useDocument(name);
  const safeHtml = useMemo(() => (data ? sanitizeDocumentHtml(data.html) : ''), [data]);

  if (isPending) return <DocumentLoading />;
  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<IconFileOff />} title="Document Not Available">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">The document could not be loaded right now.</Text>
          <Button variant="light" color="red" loading={isRefetching} onClick={() => void refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Paper component="article" withBorder radius="md" p="xl" style={{ background: brandVar('boxBg') }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{data.title}</Title>
        <Text size="sm" c="dimmed">
          Version {data.version} · Last updated {formatDate(data.updated_at)}
        </Text>
      </Stack>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify above */}
        <div dangerouslySetInnerHTML={{ __html: safeHtml }} />
      </Typography>
    </Paper>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export default DocumentPage;
