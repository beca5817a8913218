import { Avatar, Group, Image, Text, type TextProps } from '@mantine/core';
import { useDomainInfo } from '../../api/domain-info';

/** Initials stand in for a missing logo, so no platform artwork ever shows on a tenant's host. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?'
  );
}

export function BrandLogo({ size = 40, src, name }: { size?: number; src?: string | null; name?: string }) {
  const { branding } = useDomainInfo();
  const logo = src === undefined ? branding.logo_url : src;
  const label = name ?? branding.company_name;
  if (logo) return <Image src={logo} alt={`${label} logo`} h={size} w="auto" fit="contain" />;
  return (
    <Avatar size={size} radius="md" color="brand" variant="filled" aria-label={`${label} logo`}>
      {initialsOf(label)}
    </Avatar>
  );
}

/** Logo plus company name; `brand-name` is the end-to-end hook for the displayed name. */
export function BrandMark({ size = 40, textProps }: { size?: number; textProps?: TextProps }) {
  const { branding } = useDomainInfo();
  return (
    <Group gap="sm" wrap="nowrap">
      <BrandLogo size={size} />
      <Text data-testid="brand-name" fw={700} size="lg" {...textProps}>
        {branding.company_name}
      </Text>
    </Group>
  );
}
