import { Badge, Button, Group, NativeSelect, Skeleton, Table, Text, TextInput } from "@mantine/core";
import { inviteBody, type SpaceMember } from "@planum/contracts";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";
import { useZodForm } from "../../ui/use-zod-form";
import { useMe } from "../session";
import { spaceRoleLabel, spacesApi, useSpaceMembers } from "../spaces";
import { adminApi, roleKeys, useRoleAssignments, useRoles } from "./admin-api";

const memberName = (m: SpaceMember) => `${m.lastName} ${m.firstName}`.trim() || m.login;

/** Members of the space with their roles: invite, give a role, kick out (members:write). */
export function MembersAdminCard({ spaceId, canWrite }: { spaceId: string; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const me = useMe();
  const members = useSpaceMembers(spaceId);
  const roles = useRoles(spaceId);
  const assignments = useRoleAssignments(spaceId);
  const roleOf = new Map((assignments.data ?? []).map((a) => [a.userId, a.roleId]));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.spaceMembers(spaceId) });
    void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "roles"] });
  };

  const assign = useMutation({
    mutationFn: ({ userId, roleId }: { userId: string; roleId: string | null }) =>
      adminApi.assign(spaceId, userId, roleId),
    onSuccess: () => {
      notifySuccess(t("members.roleGiven"));
      refresh();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: roleKeys.assignments(spaceId) }),
  });
  const kickout = useMutation({
    mutationFn: (member: SpaceMember) => spacesApi.kickout(spaceId, member.userId),
    onSuccess: () => {
      notifySuccess(t("members.removed"));
      refresh();
    },
  });

  const askKickout = async (member: SpaceMember) => {
    const { confirmed } = await confirm({
      title: t("members.removeTitle"),
      message: t("members.removeMessage", { name: memberName(member) }),
      confirmLabel: t("members.remove"),
      danger: true,
    });
    if (confirmed) kickout.mutate(member);
  };

  const roleOptions = [
    { value: "", label: t("members.defaultRole") },
    ...(roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
  ];

  return (
    <SectionCard
      title={t("members.title")}
      aside={
        members.data ? (
          <Badge variant="light" color="gray">
            {members.data.length}
          </Badge>
        ) : null
      }
    >
      {canWrite ? <InviteForm spaceId={spaceId} onInvited={refresh} /> : null}
      {members.isPending ? (
        <Skeleton h={120} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t("members.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("members.name")}</Table.Th>
                <Table.Th>{t("members.login")}</Table.Th>
                <Table.Th>{t("members.membership")}</Table.Th>
                <Table.Th miw={200}>{t("members.role")}</Table.Th>
                {canWrite ? <Table.Th w={48} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data?.map((member) => (
                <Table.Tr key={member.userId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {memberName(member)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{member.login}</Table.Td>
                  <Table.Td>{spaceRoleLabel(t, member.role)}</Table.Td>
                  <Table.Td>
                    {member.role === "owner" ? (
                      <Text size="sm" c="dimmed">
                        {t("members.ownerAll")}
                      </Text>
                    ) : (
                      <NativeSelect
                        size="xs"
                        aria-label={t("members.roleOf", { login: member.login })}
                        disabled={!canWrite || assign.isPending}
                        value={roleOf.get(member.userId) ?? ""}
                        data={roleOptions}
                        onChange={(event) =>
                          assign.mutate({ userId: member.userId, roleId: event.currentTarget.value || null })
                        }
                      />
                    )}
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      {member.userId !== me.data?.id ? (
                        <RowAction
                          label={t("members.remove")}
                          ariaLabel={t("members.removeNamed", { login: member.login })}
                          icon={<IconUserMinus size={18} />}
                          color="red"
                          onClick={() => void askKickout(member)}
                        />
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

function InviteForm({ spaceId, onInvited }: { spaceId: string; onInvited: () => void }) {
  const { t } = useTranslation("admin");
  const form = useZodForm(inviteBody, { login: "" });
  const invite = useMutation({
    meta: { silentError: false },
    mutationFn: (login: string) => spacesApi.invite(spaceId, login),
    onSuccess: (member) => {
      notifySuccess(t("members.invited", { login: member.login }), { long: true });
      form.reset();
      onInvited();
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => invite.mutate(body.login))}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t("members.inviteLabel")}
          placeholder={t("members.invitePlaceholder")}
          style={{ flex: "1 1 240px" }}
          {...form.inputProps("login")}
        />
        <Button type="submit" variant="light" leftSection={<IconUserPlus size={18} />} loading={invite.isPending}>
          {t("members.invite")}
        </Button>
      </Group>
    </form>
  );
}
