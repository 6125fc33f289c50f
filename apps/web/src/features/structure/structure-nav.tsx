import { Button, Group } from "@mantine/core";
import { IconAdjustments, IconBinaryTree, IconHome, IconShieldLock, IconTrophy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAbilities } from "./use-abilities";

export type StructureSection = "home" | "structure" | "attributes" | "scoreboard" | "admin";

/** Links between the home, structure, attribute and administration screens of a space (the shell has no menu of its own). */
export function StructureNav({ spaceId, active }: { spaceId: string; active: StructureSection }) {
  const { t } = useTranslation("structure");
  const { can } = useAbilities(spaceId);
  const items = [
    { section: "home" as const, to: `/${spaceId}/home`, icon: IconHome, show: true },
    { section: "structure" as const, to: `/${spaceId}`, icon: IconBinaryTree, show: true },
    { section: "attributes" as const, to: `/${spaceId}/attributes`, icon: IconAdjustments, show: true },
    { section: "scoreboard" as const, to: `/${spaceId}/scoreboard`, icon: IconTrophy, show: can("schedule:read") },
    {
      section: "admin" as const,
      to: `/${spaceId}/admin`,
      icon: IconShieldLock,
      show: can("roles:read") || can("members:read"),
    },
  ];
  return (
    // Wraps on narrow screens rather than shrinking the buttons (long Russian labels were cut off at 600 px).
    <Group component="nav" aria-label={t("nav.label")} gap={4}>
      {items
        .filter((item) => item.show)
        .map((item) => (
          <Button
            key={item.section}
            component={Link}
            to={item.to}
            size="compact-md"
            variant={item.section === active ? "light" : "subtle"}
            color={item.section === active ? undefined : "gray"}
            aria-current={item.section === active ? "page" : undefined}
            leftSection={<item.icon size={16} />}
          >
            {t(`nav.${item.section}`)}
          </Button>
        ))}
    </Group>
  );
}
