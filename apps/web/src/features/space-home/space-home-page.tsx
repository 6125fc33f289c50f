import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { EpsKind } from "@planum/contracts";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { SectionCard } from "../../ui/section-card";
import { spaceRoleLabel, spaceTypeLabel, useSpaceAccess, useSpaceMembers, useSpaces } from "../spaces";
import { StructureNav, structureApi, structureKeys, useAbilities, useStructureLive } from "../structure";

/**
 * `/:spaceId/home`: a summary of the space — its facts, the caller's role, how many members it has and what its
 * structure holds, with links to the screens that manage them (members are managed on `/:spaceId/admin` only).
 */
export function SpaceHomePage() {
  const { t } = useTranslation("space-home");
  const { spaceId = "" } = useParams();
  const spaces = useSpaces();
  const access = useSpaceAccess(spaceId);
  const { can } = useAbilities(spaceId);
  useStructureLive(spaceId);
  const space = spaces.data?.find((item) => item.id === spaceId);

  if (!space) {
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
      <StructureNav spaceId={spaceId} active="home" />
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t("title")}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
            {space.name}
          </Title>
          {space.demo ? (
            <Badge color="grape" variant="light">
              {t("demo")}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label={t("facts.type")} value={spaceTypeLabel(t, space.type)} />
        <Fact label={t("facts.role")} value={spaceRoleLabel(t, role)} />
        <Fact label={t("facts.licence")} value={t(`paidType.${space.paidType}`)} />
        <Fact label={t("facts.created")} value={dayjs(space.createdAt).format("DD.MM.YYYY")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {can("members:read") ? <MembersSummary spaceId={spaceId} canManage={can("members:write")} /> : null}
        {can("eps:read") ? <StructureSummary spaceId={spaceId} /> : null}
      </SimpleGrid>
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

/** Counts of the space's members; the list itself, invitations and kick-outs are on the administration page. */
function MembersSummary({ spaceId, canManage }: { spaceId: string; canManage: boolean }) {
  const { t } = useTranslation("space-home");
  const members = useSpaceMembers(spaceId);
  const list = members.data ?? [];
  return (
    <SectionCard title={t("members.title")}>
      <Counts
        loading={members.isPending}
        rows={[
          [t("members.total"), list.length],
          [t("members.owners"), list.filter((member) => member.role === "owner").length],
          [t("members.disabled"), list.filter((member) => member.status === "disabled").length],
        ]}
      />
      <GoTo to={`/${spaceId}/admin`} label={canManage ? t("members.manage") : t("members.view")} />
    </SectionCard>
  );
}

/** What the structure tree holds, by kind of node (`GET /eps`, shared with the structure screen's cache). */
function StructureSummary({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("space-home");
  const tree = useQuery({
    queryKey: structureKeys.wholeTree(spaceId),
    queryFn: async () => (await structureApi.wholeTree()).nodes,
  });
  const count = (kind: EpsKind) => (tree.data ?? []).filter((node) => node.kind === kind).length;
  return (
    <SectionCard title={t("structure.title")}>
      <Counts
        loading={tree.isPending}
        rows={[
          [t("structure.nodes"), count("node")],
          [t("structure.facilities"), count("facility")],
          [t("structure.projects"), count("project")],
        ]}
      />
      <GoTo to={`/${spaceId}`} label={t("structure.open")} />
    </SectionCard>
  );
}

function Counts({ rows, loading }: { rows: [label: string, value: number][]; loading: boolean }) {
  if (loading) return <Skeleton h={72} />;
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function GoTo({ to, label }: { to: string; label: string }) {
  return (
    <Group justify="flex-end">
      <Button component={Link} to={to} variant="light" rightSection={<IconArrowRight size={16} />}>
        {label}
      </Button>
    </Group>
  );
}
