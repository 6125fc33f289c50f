import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { confirm } from "../../ui/confirm-dialog";
import { notifyInfo } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { NoticeItem } from "./notice-item";
import { noticesApi, noticesKeys, useNoticeList, useNoticesLive, useNoticesStatus } from "./notices-api";

/**
 * `task_need_action`: notices that ask the reader to act (accept data, fill in a timesheet) arrived — a toast besides
 * the bell's count, shown by the bell (always in the header) so it comes once however many lists are open.
 */
function useNeedActionToast(spaceId: string) {
  const { t } = useTranslation("notices");
  useRealtimeEvents((event) => {
    if (event.type !== "task_need_action" || event.spaceId !== spaceId) return;
    notifyInfo(t("needAction.message", { count: event.count }), {
      title: t("needAction.title"),
      id: "task-need-action",
    });
  });
}

/** The header bell: the unread count of the space, live; opens the latest notices with the personal area a click away. */
export function NoticesBell({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("notices");
  const [opened, setOpened] = useState(false);
  useNoticesLive(spaceId);
  useNeedActionToast(spaceId);
  const status = useNoticesStatus(spaceId);
  const list = useNoticeList(spaceId, "all", opened);
  const queryClient = useQueryClient();
  const removeAll = useMutation({
    mutationFn: noticesApi.removeAll,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noticesKeys.all(spaceId) }),
  });
  const unread = status.data?.unread ?? 0;
  const label = t("bell", { count: unread });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={unread > 99 ? "99+" : unread} size={16} disabled={unread === 0} offset={6} color="red">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            title={label}
            data-testid="notices-bell"
            data-unread={unread}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)" p="sm">
        <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
          <Text fw={600}>{t("title")}</Text>
          <Anchor component={Link} to={`/${spaceId}/profile#notices`} size="sm" onClick={() => setOpened(false)}>
            {t("personalArea")}
          </Anchor>
        </Group>
        <Divider mb="xs" />
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap="sm">
            {list.data?.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("empty")}
              </Text>
            ) : null}
            {list.data?.items.slice(0, 20).map((notice) => (
              <NoticeItem key={notice.id} notice={notice} spaceId={spaceId} onOpened={() => setOpened(false)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {list.data && list.data.items.length > 0 ? (
          <>
            <Divider my="xs" />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              data-testid="notices-delete-all"
              loading={removeAll.isPending}
              onClick={async () => {
                // the dialog asks alone: a popover left open beside a modal keeps the focus from it
                setOpened(false);
                const answer = await confirm({ message: t("deleteAllConfirm"), danger: true });
                if (answer.confirmed) removeAll.mutate();
              }}
            >
              {t("deleteAll")}
            </Button>
          </>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
