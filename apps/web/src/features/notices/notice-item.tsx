import { ActionIcon, Group, Indicator, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { type Notice, noticeText } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { currentLanguage } from "../../shared/i18n";
import { noticesApi, noticesKeys } from "./notices-api";

/** "26.11.2026 14:05" of an instant, in the user's time zone (the spec's display format). */
function when(iso: string) {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * One notice: its text in the user's language, when and from whom, unread as a dot. Opening marks it checked and
 * goes to what it is about (the schedule's actual version); the bin deletes it.
 */
export function NoticeItem({ notice, spaceId, onOpened }: { notice: Notice; spaceId: string; onOpened?: () => void }) {
  const { t } = useTranslation("notices");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKeys.all(spaceId) });
  const open = useMutation({
    mutationFn: () => noticesApi.open(notice.id),
    onSuccess: (target) => {
      void refresh();
      onOpened?.();
      if (target.scheduleId) {
        // The workspace opens on the version and selects the work the notice is about (`wbs`).
        const query = new URLSearchParams();
        if (target.versionId) query.set("version", target.versionId);
        if (target.wbsId !== null) query.set("wbs", String(target.wbsId));
        const text = query.toString();
        navigate(`/${spaceId}/schedule/${target.scheduleId}${text ? `?${text}` : ""}`);
      } else if (target.projectId) navigate(`/${spaceId}`);
    },
  });
  const remove = useMutation({ mutationFn: () => noticesApi.remove(notice.id), onSuccess: () => void refresh() });
  const unread = notice.status === "new";
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="notice-item" data-status={notice.status}>
      <Indicator disabled={!unread} size={8} offset={4} position="top-start" color="blue" mt={6}>
        <span style={{ display: "block", width: 8 }} />
      </Indicator>
      <UnstyledButton onClick={() => open.mutate()} style={{ flex: 1, minWidth: 0 }} aria-label={t("open")}>
        <Stack gap={2}>
          <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
            {noticeText(currentLanguage(), notice.kind, notice.params)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {when(notice.createdAt)}
            {notice.byUser ? ` · ${notice.byUser.name}` : ""}
            {notice.forUser ? ` · ${t("forUser", { name: notice.forUser.name })}` : ""}
            {" · "}
            {unread ? t("status.new") : t("status.checked")}
          </Text>
        </Stack>
      </UnstyledButton>
      <Tooltip label={t("delete")}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("delete")}
          loading={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
