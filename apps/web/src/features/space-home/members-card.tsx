import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { inviteBody, type SpaceMember } from "@planum/contracts";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { useZodForm } from "../../ui/use-zod-form";
import { spaceRoleLabel, spacesApi, useSpaceMembers } from "../spaces";

/** The members of a space; an owner can invite by login or e-mail and remove members. */
export function MembersCard({ spaceId, isOwner, myUserId }: { spaceId: string; isOwner: boolean; myUserId: string }) {
  const { t } = useTranslation("space-home");
  const queryClient = useQueryClient();
  const members = useSpaceMembers(spaceId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.spaceMembers(spaceId) });

  const kickout = useMutation({
    mutationFn: (member: SpaceMember) => spacesApi.kickout(spaceId, member.userId),
    onSuccess: () => {
      notifySuccess(t("members.removed"));
      void refresh();
    },
  });

  const askKickout = async (member: SpaceMember) => {
    const { confirmed } = await confirm({
      title: t("members.removeTitle"),
      message: t("members.removeMessage", { name: `${member.firstName} ${member.lastName}`.trim() || member.login }),
      confirmLabel: t("members.removeConfirm"),
      danger: true,
    });
    if (confirmed) kickout.mutate(member);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg">
            {t("members.title")}
          </Title>
          {members.data ? (
            <Badge variant="light" color="gray">
              {members.data.length}
            </Badge>
          ) : null}
        </Group>
        {isOwner ? <InviteForm spaceId={spaceId} onInvited={() => void refresh()} /> : null}
        {members.isPending ? (
          <Skeleton h={120} radius="sm" />
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t("members.title")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("members.name")}</Table.Th>
                  <Table.Th>{t("members.login")}</Table.Th>
                  <Table.Th>{t("members.email")}</Table.Th>
                  <Table.Th>{t("members.role")}</Table.Th>
                  <Table.Th>{t("members.joined")}</Table.Th>
                  {isOwner ? <Table.Th w={48} /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data?.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {`${member.lastName} ${member.firstName}`.trim()}
                      </Text>
                      {member.status === "disabled" ? (
                        <Badge size="xs" color="gray" variant="light">
                          {t("members.disabled")}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{member.login}</Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>{spaceRoleLabel(t, member.role)}</Table.Td>
                    <Table.Td>{dayjs(member.joinedAt).format("DD.MM.YYYY")}</Table.Td>
                    {isOwner ? (
                      <Table.Td>
                        {member.userId !== myUserId ? (
                          <Tooltip label={t("members.remove")}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t("members.removeNamed", { login: member.login })}
                              onClick={() => void askKickout(member)}
                            >
                              <IconUserMinus size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function InviteForm({ spaceId, onInvited }: { spaceId: string; onInvited: () => void }) {
  const { t } = useTranslation("space-home");
  const form = useZodForm(inviteBody, { login: "" });
  const invite = useMutation({
    mutationFn: (login: string) => spacesApi.invite(spaceId, login),
    onSuccess: (member) => {
      notifySuccess(t("members.invited", { login: member.login }), { long: true });
      form.reset();
      onInvited();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate();
        if (body) invite.mutate(body.login);
      }}
    >
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
