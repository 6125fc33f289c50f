import { Group, type MantineBreakpoint, Text, ThemeIcon } from "@mantine/core";
import { IconTimeline } from "@tabler/icons-react";

/** The product's wordmark; the name is a brand and is not translated. */
export function Logo({ size = "lg", textVisibleFrom }: { size?: "md" | "lg"; textVisibleFrom?: MantineBreakpoint }) {
  return (
    <Group gap={8} wrap="nowrap" aria-label="Planum">
      <ThemeIcon size={size === "lg" ? 32 : 28} radius="md" variant="filled">
        <IconTimeline size={size === "lg" ? 20 : 18} />
      </ThemeIcon>
      <Text
        fw={700}
        fz={size === "lg" ? 22 : 19}
        lh={1}
        style={{ letterSpacing: "-0.01em" }}
        visibleFrom={textVisibleFrom}
      >
        Planum
      </Text>
    </Group>
  );
}
