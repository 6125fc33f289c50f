import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useMe } from "../session";
import { spaceRoleLabel, spaceTypeLabel, useSpaceAccess, useSpaces } from "../spaces";
import { MembersCard } from "./members-card";

/** The body of /:spaceId until the structure tree replaces it: the space's facts and its members. */
export function SpaceHomePage() {
  const { t } = useTranslation("space-home");
  const { spaceId = "" } = useParams();
  const spaces = useSpaces();
  const access = useSpaceAccess(spaceId);
  const me = useMe();
  const space = spaces.data?.find((item) => item.id === spaceId);

  if (!space || !me.data) {
    return (
      <Stack gap="md">
        <Skeleton h={36} w={280} />
        <Skeleton h={96} />
      </Stack>
    );
  }
  const role = access.data?.role ?? space.role;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t("title")}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
          {space.name}
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label={t("facts.type")} value={spaceTypeLabel(t, space.type)} />
        <Fact label={t("facts.role")} value={spaceRoleLabel(t, role)} />
        <Fact label={t("facts.licence")} value={t(`paidType.${space.paidType}`)} />
        <Fact label={t("facts.created")} value={dayjs(space.createdAt).format("DD.MM.YYYY")} />
      </SimpleGrid>
      {space.demo ? (
        <Group>
          <Badge color="grape" variant="light">
            {t("demo")}
          </Badge>
        </Group>
      ) : null}
      <MembersCard spaceId={space.id} isOwner={role === "owner"} myUserId={me.data.id} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}
