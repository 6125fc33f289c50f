import { Box, Container, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../../ui/logo";
import { HeaderActions } from "./header-actions";

/** Signed-in pages outside a space (space choice, error page): header and a centred column. */
export function SignedInFrame({ children, width = 1200 }: { children: ReactNode; width?: number }) {
  return (
    <Box mih="100dvh">
      <Box
        component="header"
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
        bg="var(--mantine-color-body)"
      >
        <Group justify="space-between" px="md" h={56} wrap="nowrap">
          <Link to="/auth/select-space" style={{ color: "inherit", textDecoration: "none" }}>
            <Logo size="md" />
          </Link>
          <HeaderActions />
        </Group>
      </Box>
      <Container size={width} px="md" py="xl">
        {children}
      </Container>
    </Box>
  );
}
