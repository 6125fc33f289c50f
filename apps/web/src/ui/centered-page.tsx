import { Box, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./logo";

/** The frame of the pages outside a space: logo, the actions at the top right, one card in the middle. */
export function CenteredPage({
  headerActions,
  children,
  width = 460,
}: {
  headerActions?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box mih="100dvh" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" gap="xs">
        <Link to="/" style={{ color: "inherit", textDecoration: "none" }}>
          <Logo />
        </Link>
        <Group gap={4} wrap="nowrap">
          {headerActions}
        </Group>
      </Group>
      <Container size={width} w="100%" px="md" pt={{ base: "md", sm: 48 }} pb="xl">
        {children}
      </Container>
    </Box>
  );
}

/** A titled card; the heading is the page's h1 so screen readers and tests find the page by it. */
export function PageCard({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: "md", sm: "xl" }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
