import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { safeImageUrl } from '../../../app/branding/resolve-branding';
import { checkImage, IMAGE_ACCEPT } from './profile-model';

interface PictureFieldProps {
  label: string;
  /** The picture the server has now (shown until another file is chosen). */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  /** 'circle' for a person, 'square' for a logo. */
  shape?: 'circle' | 'square';
  testId?: string;
}

/**
 * Picture or logo chooser with a preview of the chosen file (an object URL, released when the file
 * changes or the field goes away). Type and size are checked by the form before sending.
 */
export function PictureField({
  label,
  currentUrl,
  file,
  onChange,
  error,
  shape = 'circle',
  testId,
}: PictureFieldProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    // Only a file that passes the checks is previewed (an SVG or a PDF is never rendered here).
    if (!file || checkImage(file)) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = previewUrl ?? safeImageUrl(currentUrl);
  const errorId = testId ? `${testId}-error` : undefined;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" align="center" wrap="nowrap">
        <Avatar
          src={shown}
          alt={shown ? `${label} preview` : undefined}
          size={72}
          radius={shape === 'circle' ? 'xl' : 'sm'}
          data-testid={testId ? `${testId}-preview` : undefined}
        >
          <IconPhoto size={28} />
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={onChange} accept={IMAGE_ACCEPT}>
              {(props) => (
                <Button variant="default" size="xs" {...props} data-testid={testId}>
                  {shown ? 'Change' : 'Upload'}
                </Button>
              )}
            </FileButton>
            {file && (
              <Button variant="subtle" size="xs" color="gray" onClick={() => onChange(null)}>
                Keep current
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {file ? file.name : 'PNG, JPEG, WebP or GIF, up to 2 MB.'}
          </Text>
        </Stack>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert" data-testid={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
