import { Badge, Button, Group, Skeleton, Stack, Table, Text, Textarea } from "@mantine/core";
import type { Licence } from "@planum/contracts";
import { IconKey, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../shared/query-keys";
import { confirm } from "../../ui/confirm-dialog";
import { notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";
import { licenceApi, useLicences } from "./licence-api";

const statusOf = (licence: Licence) => (licence.active ? "active" : licence.expired ? "expired" : "standby");
const STATUS_COLOR = { active: "teal", expired: "red", standby: "gray" } as const;

/**
 * The installation's licences (system administrator only): load a token the vendor sent, see every space's
 * licences, delete the ones no longer in force.
 */
export function InstallationLicencesCard() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const licences = useLicences(true);
  const [token, setToken] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.licences });
    void queryClient.invalidateQueries({ queryKey: ["space"], predicate: (q) => q.queryKey[2] === "licence" });
    void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
  };
  const load = useMutation({
    mutationFn: () => licenceApi.load(token),
    onSuccess: (licence) => {
      notifySuccess(t("installation.loaded", { number: licence.number, space: licence.spaceName }));
      setToken("");
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (licence: Licence) => licenceApi.remove(licence.id),
    onSuccess: () => {
      notifySuccess(t("installation.deleted"));
      refresh();
    },
  });
  const askRemove = async (licence: Licence) => {
    const { confirmed } = await confirm({
      title: t("installation.deleteTitle"),
      message: t("installation.deleteMessage", { number: licence.number, space: licence.spaceName }),
      confirmLabel: t("installation.delete"),
      danger: true,
    });
    if (confirmed) remove.mutate(licence);
  };

  return (
    <SectionCard title={t("installation.title")}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          load.mutate();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t("installation.token")}
            description={t("installation.tokenHint")}
            autosize
            minRows={2}
            maxRows={6}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            styles={{ input: { fontFamily: "monospace", wordBreak: "break-all" } }}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="light"
              leftSection={<IconKey size={18} />}
              loading={load.isPending}
              disabled={!token.trim()}
            >
              {t("installation.load")}
            </Button>
          </Group>
        </Stack>
      </form>
      {licences.isPending ? (
        <Skeleton h={80} />
      ) : licences.data?.length ? (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" aria-label={t("installation.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("licence.number")}</Table.Th>
                <Table.Th>{t("installation.space")}</Table.Th>
                <Table.Th>{t("licence.expires")}</Table.Th>
                <Table.Th>{t("installation.users")}</Table.Th>
                <Table.Th>{t("installation.status")}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licences.data.map((licence) => (
                <Table.Tr key={licence.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {licence.number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {licence.holder}
                    </Text>
                  </Table.Td>
                  <Table.Td>{licence.spaceName}</Table.Td>
                  <Table.Td>{dayjs(licence.expiresAt).format("DD.MM.YYYY")}</Table.Td>
                  <Table.Td>
                    {t("installation.usersValue", {
                      paid: licence.paidUsers,
                      estimate: licence.estimateUsers,
                      bim: licence.bimUsers,
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[statusOf(licence)]}>
                      {t(`installation.statuses.${statusOf(licence)}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {licence.active ? null : (
                      <RowAction
                        label={t("installation.delete")}
                        ariaLabel={t("installation.deleteNamed", { number: licence.number })}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => void askRemove(licence)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t("installation.none")}
        </Text>
      )}
    </SectionCard>
  );
}
