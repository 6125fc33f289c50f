import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/**
 * A titled card of a page (profile, administration, space home): the title as h2, something beside it (a count, an
 * action), the content. With `onSubmit` the card is a form whose submit button stands at the bottom right.
 */
export function SectionCard({
  title,
  aside,
  children,
  onSubmit,
  submit,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  submit?: { label: string; loading?: boolean; variant?: "filled" | "light" };
}) {
  const body = (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
      {submit ? (
        <Group justify="flex-end">
          <Button type="submit" variant={submit.variant} loading={submit.loading}>
            {submit.label}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
