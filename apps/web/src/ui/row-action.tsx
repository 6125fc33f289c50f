import { ActionIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/** An icon button of a table row, with its short label as a tooltip and a longer one naming the row for readers. */
export function RowAction({
  label,
  ariaLabel,
  icon,
  color,
  onClick,
}: {
  label: string;
  ariaLabel: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
