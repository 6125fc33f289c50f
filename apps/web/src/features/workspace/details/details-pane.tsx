import { Box } from "@mantine/core";
import type { ErrorCode, UpdateWbsBody } from "@planum/contracts";
import type { ReactNode } from "react";

/** Saves a patch of the work; resolves the refusal's error code, null when the server took it. */
export type Save = (patch: Omit<UpdateWbsBody, "revision">) => Promise<ErrorCode | null>;

/** A details tab's scrolling body. */
export function Pane({ children }: { children: ReactNode }) {
  return (
    <Box p="xs" style={{ overflow: "auto" }}>
      {children}
    </Box>
  );
}
