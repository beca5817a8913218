import {
  BANNER_CTA_MAX,
  BANNER_HEADLINE_MAX,
  BANNER_NAME_MAX,
  BANNER_TEXT_MAX,
  type BannerColors,
  FONT_THEMES,
  type FontTheme,
} from '@app/contracts';
import {
  Button,
  ColorInput,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { BannerForm, BannerFormErrors } from './banner-form-model';

const COLOUR_LABELS: Record<keyof BannerColors, string> = {
  background: 'Background',
  headline: 'Headline colour',
  text: 'Text colour',
  ctaBackground: 'Button colour',
  ctaText: 'Button text colour',
};

/** The banner's texts, click-through address, font, colours and picture. */
export function BannerFields({
  form,
  errors,
  readOnly,
  pictureName,
  onChange,
  onPicture,
  onRemovePicture,
}: {
  form: BannerForm;
  errors: BannerFormErrors;
  readOnly: boolean;
  /** What the picture is: a chosen file's name, 'Saved picture', or null for none. */
  pictureName: string | null;
  onChange: (form: BannerForm) => void;
  onPicture: (file: File) => void;
  onRemovePicture: () => void;
}) {
  const set = <K extends keyof BannerForm>(key: K, value: BannerForm[K]) =>
    onChange({ ...form, [key]: value });
  const text = (
    key: 'name' | 'headline' | 'cta' | 'clickUrl',
    label: string,
    max?: number,
    hint?: string,
  ) => (
    <TextInput
      label={label}
      description={hint}
      value={form[key]}
      maxLength={max}
      error={errors[key]}
      readOnly={readOnly}
      onChange={(e) => set(key, e.currentTarget.value)}
      data-testid={`banner-${key}`}
    />
  );
  return (
    <Stack gap="sm">
      {text('name', 'Banner name', BANNER_NAME_MAX)}
      {text('headline', 'Headline', BANNER_HEADLINE_MAX)}
      <Textarea
        label="Text"
        description="Shown where the size has room for it (not in the 320×50 mobile banner)."
        value={form.text}
        maxLength={BANNER_TEXT_MAX}
        autosize
        minRows={2}
        error={errors.text}
        readOnly={readOnly}
        onChange={(e) => set('text', e.currentTarget.value)}
        data-testid="banner-text"
      />
      {text('cta', 'Call to action', BANNER_CTA_MAX, 'The button, for example "Book now".')}
      {text('clickUrl', 'Click-through address', undefined, 'Where a click on the ad leads (https://…).')}
      <Select
        label="Font"
        data={[...FONT_THEMES]}
        value={form.font}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(value) => value && set('font', value as FontTheme)}
        data-testid="banner-font"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(Object.keys(COLOUR_LABELS) as (keyof BannerColors)[]).map((key) => (
          <ColorInput
            key={key}
            label={COLOUR_LABELS[key]}
            format="hex"
            value={form.colors[key]}
            error={errors[`colors.${key}`]}
            readOnly={readOnly}
            onChange={(value) => set('colors', { ...form.colors, [key]: value })}
            eyeDropperButtonProps={{
              'aria-label': `Pick the ${COLOUR_LABELS[key].toLowerCase()} from the screen`,
            }}
            data-testid={`banner-colour-${key}`}
          />
        ))}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Picture
        </Text>
        <Group gap="sm">
          <FileButton
            onChange={(file) => file && onPicture(file)}
            accept="image/png,image/jpeg"
            disabled={readOnly}
          >
            {(props) => (
              <Button variant="default" {...props} data-testid="banner-picture">
                {pictureName ? 'Change picture' : 'Choose picture'}
              </Button>
            )}
          </FileButton>
          {pictureName && !readOnly && (
            <Button
              variant="subtle"
              color="red"
              onClick={onRemovePicture}
              data-testid="banner-picture-remove"
            >
              Remove picture
            </Button>
          )}
          <Text size="sm" c="dimmed" data-testid="banner-picture-name">
            {pictureName ?? 'No picture: the words take its place.'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          PNG or JPEG, at most 2 MB. It is cropped to fill its place in each size.
        </Text>
      </Stack>
    </Stack>
  );
}
