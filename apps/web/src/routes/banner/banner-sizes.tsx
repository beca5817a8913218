import { type BannerDesign, type BannerPicture, IAB_SIZES, type IabSizeKey } from '@app/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { BannerPreview } from './banner-preview';

/**
 * The live preview in every IAB size, side by side, each with its PNG download when the banner is
 * saved as shown (the PNG is rendered by the server from the saved banner).
 */
export function BannerSizes({
  design,
  picture,
  pictureUrl,
  exportable,
  onExport,
}: {
  design: BannerDesign;
  picture: BannerPicture | null;
  pictureUrl: string | null;
  exportable: boolean;
  onExport: (size: IabSizeKey) => void;
}) {
  return (
    <Group align="flex-start" gap="md" data-testid="banner-previews">
      {IAB_SIZES.map((size) => (
        // A size wider than the column scrolls inside its own frame instead of spilling over the page;
        // the frame takes the keyboard's focus so it can be scrolled without a mouse (its button may be
        // disabled until the banner is saved).
        <Paper
          key={size.key}
          withBorder
          p="xs"
          maw="100%"
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="group"
          aria-label={`${size.name} preview, ${size.width}×${size.height}`}
        >
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {size.name} · {size.width}×{size.height}
            </Text>
            <BannerPreview design={design} size={size.key} picture={picture} pictureUrl={pictureUrl} />
            <Button
              size="xs"
              variant="light"
              disabled={!exportable}
              onClick={() => onExport(size.key)}
              data-testid={`banner-export-${size.key}`}
            >
              Download PNG
            </Button>
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
