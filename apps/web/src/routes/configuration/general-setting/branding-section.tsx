import { type BrandingImageKind, SETTINGS_SAVED } from '@app/contracts';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../api/http';
import { type BrandingSetting, useBrandingImage, useSaveSetting, useSetting } from '../../../api/settings';
import { FONT_STACKS } from '../../../app/branding/font-stacks';
import { loadBrandFont } from '../../../app/branding/fonts/font-files';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import {
  type BrandingForm,
  brandingFormFrom,
  COLOUR_FIELDS,
  COLOUR_LABELS,
  FONT_OPTIONS,
  IMAGE_ACCEPT,
  toBrandingValue,
  validateBranding,
} from './branding-model';
import { ContrastWarning } from './contrast-warning';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

const BRANDING_INPUTS = inputsNamed<keyof BrandingForm>(['company_name', 'font_theme', ...COLOUR_FIELDS]);

/** Branding (spec 2 §1): five colours, the font, the display name, logo and favicon. */
export function BrandingSection({ companyID, canSave }: SectionProps) {
  const setting = useSetting(companyID, 'branding');
  return (
    <QueryGate query={setting} label="Loading branding" testId="branding-load-error">
      {setting.data && <BrandingEditor data={setting.data.data} companyID={companyID} canSave={canSave} />}
    </QueryGate>
  );
}

function BrandingEditor({
  data,
  companyID,
  canSave,
}: {
  data: BrandingSetting;
  companyID: number;
  canSave: boolean;
}) {
  const [form, setForm] = useState<BrandingForm>(() => brandingFormFrom(data));
  const [errors, setErrors] = useState<Partial<Record<keyof BrandingForm, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSetting();

  useEffect(() => setForm(brandingFormFrom(data)), [data]);

  const set = <K extends keyof BrandingForm>(key: K, value: BrandingForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFailure(null);
    setSaved(null);
  };

  const submit = async (actionType: 'save' | 'reset') => {
    setSaved(null);
    setFailure(null);
    if (actionType === 'save') {
      const found = validateBranding(form);
      setErrors(found);
      if (Object.values(found).some(Boolean)) return;
    }
    try {
      const answer = await save.mutateAsync(
        actionType === 'save'
          ? { companyID, comsetname: 'branding', comsetval: toBrandingValue(form), actionType }
          : { companyID, comsetname: 'branding', actionType },
      );
      setSaved(answer.message || SETTINGS_SAVED);
    } catch (cause) {
      const placed = placeServerErrors(cause, BRANDING_INPUTS);
      setErrors(placed.fields);
      setFailure(placed.message);
    }
  };

  return (
    <Stack gap="lg">
      {!data.customized && (
        <Text size="sm" c="dimmed">
          You are using the default look. Save to use your own.
        </Text>
      )}
      <TextInput
        label="Company Display Name"
        description="Shown in the sidebar and the browser title; leave blank to show your company name."
        maxLength={255}
        value={form.company_name}
        error={errors.company_name}
        onChange={(event) => set('company_name', event.currentTarget.value)}
        data-testid="branding-company_name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {COLOUR_FIELDS.map((field) => (
          <ColorInput
            key={field}
            label={COLOUR_LABELS[field]}
            format="hex"
            value={form[field]}
            error={errors[field]}
            onChange={(value) => set(field, value)}
            // The eye-dropper is an icon-only button: without a name a screen reader says only "button".
            eyeDropperButtonProps={{ 'aria-label': `Pick ${COLOUR_LABELS[field]} from the screen` }}
            data-testid={`branding-${field}`}
          />
        ))}
        <Select
          label="Font"
          data={FONT_OPTIONS}
          value={form.font_theme}
          allowDeselect={false}
          error={errors.font_theme}
          onChange={(value) => value && set('font_theme', value as BrandingForm['font_theme'])}
          data-testid="branding-font"
        />
      </SimpleGrid>
      <ContrastWarning palette={form} />

      <BrandingPreview form={form} logoUrl={data.logo_url} />

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageField kind="logo" label="Logo" url={data.logo_url} companyID={companyID} canSave={canSave} />
        <ImageField
          kind="favicon"
          label="Favicon"
          url={data.favicon_url}
          companyID={companyID}
          canSave={canSave}
        />
      </SimpleGrid>

      <Text size="xs" c="dimmed">
        The new look shows on your login page and across the platform after the next page load.
      </Text>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={() => void submit('save')}
        saved={saved}
        failure={failure}
        testId="branding-save"
        extra={
          data.customized && (
            <Button
              variant="default"
              disabled={!canSave}
              onClick={() => void submit('reset')}
              data-testid="branding-reset"
            >
              Use Default Look
            </Button>
          )
        }
      />
    </Stack>
  );
}

/** A small picture of the shell in the chosen colours, so the choice can be judged before saving. */
function BrandingPreview({ form, logoUrl }: { form: BrandingForm; logoUrl: string | null }) {
  const valid = (c: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : undefined);
  // The chosen font is shown before it is saved, so its files are fetched now.
  useEffect(() => void loadBrandFont(form.font_theme), [form.font_theme]);
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      aria-label="Preview"
      data-testid="branding-preview"
    >
      <Group gap={0} align="stretch" wrap="nowrap" h={120}>
        <Box w={120} p="sm" style={{ background: valid(form.sidebar_bgcolor) }}>
          {logoUrl ? <Image src={logoUrl} alt="" h={28} w="auto" fit="contain" /> : null}
        </Box>
        <Box
          p="sm"
          style={{
            flex: 1,
            background: valid(form.template_bgcolor),
            fontFamily: FONT_STACKS[form.font_theme],
          }}
        >
          <Paper
            p="sm"
            radius="sm"
            style={{ background: valid(form.box_bgcolor), color: valid(form.text_color) }}
          >
            <Text size="sm" fw={600} style={{ fontFamily: 'inherit' }}>
              {form.company_name || 'Company Name'}
            </Text>
            <Text size="sm" style={{ color: valid(form.link_color), fontFamily: 'inherit' }}>
              A link looks like this
            </Text>
          </Paper>
        </Box>
      </Group>
    </Paper>
  );
}

function ImageField({
  kind,
  label,
  url,
  companyID,
  canSave,
}: {
  kind: BrandingImageKind;
  label: string;
  url: string | null;
  companyID: number;
  canSave: boolean;
}) {
  const { upload, remove } = useBrandingImage(companyID);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const error =
    (upload.isError && upload.variables?.kind === kind && upload.error) || (remove.isError && remove.error);

  // The chosen file is shown at once; the stored image replaces it once the server has it.
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);
  const shown = upload.isPending && upload.variables?.kind === kind ? localPreview : (url ?? null);

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Paper withBorder radius="md" p="sm" h={96} data-testid={`branding-${kind}-preview`}>
        {shown ? (
          <Image src={shown} alt={`${label} preview`} h={72} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No {label.toLowerCase()} uploaded.
          </Text>
        )}
      </Paper>
      <Group gap="xs">
        <FileButton
          accept={IMAGE_ACCEPT[kind]}
          disabled={!canSave}
          onChange={(file) => {
            if (!file) return;
            setLocalPreview(URL.createObjectURL(file));
            upload.mutate({ kind, file });
          }}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              loading={upload.isPending && upload.variables?.kind === kind}
              data-testid={`branding-${kind}`}
            >
              Upload {label}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={!canSave}
            loading={remove.isPending && remove.variables === kind}
            onClick={() => remove.mutate(kind)}
            data-testid={`branding-${kind}-remove`}
          >
            Remove
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" p="xs" data-testid={`branding-${kind}-error`}>
          {failureMessage(error)}
        </Alert>
      )}
    </Stack>
  );
}
