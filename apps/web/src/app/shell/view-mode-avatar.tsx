import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconEye } from '@tabler/icons-react';

interface ViewModeAvatarProps {
  /** The viewed user. */
  userName: string;
  pictureUrl: string | null;
  resetting: boolean;
  onReset: () => void;
}

/**
 * Spec 1 §2.5: while acting as another user the top bar shows the view-mode avatar; its action
 * 'Reset view mode' restores the original user and goes to /configuration/agency-list/.
 */
export function ViewModeAvatar({ userName, pictureUrl, resetting, onReset }: ViewModeAvatarProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`View mode: ${userName}`} data-testid="view-mode-avatar">
          <Group gap={6} wrap="nowrap">
            <Avatar src={pictureUrl} alt={userName} radius="xl" size="sm" color="orange">
              <IconEye size={16} />
            </Avatar>
            <Badge color="orange" variant="light" visibleFrom="xs">
              View mode
            </Badge>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs">Viewing as {userName}</Text>
        </Menu.Label>
        <Menu.Item
          leftSection={<IconArrowBackUp size={16} />}
          onClick={onReset}
          disabled={resetting}
          data-testid="reset-view-mode"
        >
          Reset view mode
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
