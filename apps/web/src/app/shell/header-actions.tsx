import { Group } from "@mantine/core";
import { LanguageSwitcher } from "../../features/language";
import { ColorSchemeToggle } from "./color-scheme-toggle";
import { UserMenu } from "./user-menu";

/** Language, dark mode and the user menu: the right side of every signed-in header. */
export function HeaderActions({ spaceId }: { spaceId?: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <LanguageSwitcher compact />
      <ColorSchemeToggle />
      <UserMenu spaceId={spaceId} />
    </Group>
  );
}
