import { Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../ui/confirm-dialog";
import { SectionCard } from "../../ui/section-card";
import { NoticeItem } from "./notice-item";
import { noticesApi, noticesKeys, useNoticeList, useNoticesLive } from "./notices-api";

/** The personal area: every notice of the space with its status, the all/unread filter, delete one or all. */
export function PersonalAreaCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("notices");
  const [filter, setFilter] = useState<"all" | "unread">("all");
  useNoticesLive(spaceId);
  const list = useNoticeList(spaceId, filter);
  const queryClient = useQueryClient();
  const removeAll = useMutation({
    mutationFn: noticesApi.removeAll,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noticesKeys.all(spaceId) }),
  });
  return (
    <div id="notices">
      <SectionCard
        title={t("personalArea")}
        aside={
          <Text size="sm" c="dimmed">
            {t("total", { count: list.data?.total ?? 0 })}
          </Text>
        }
      >
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as "all" | "unread")}
            data={[
              { value: "all", label: t("filter.all") },
              { value: "unread", label: t("filter.unread") },
            ]}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={!list.data?.total}
            loading={removeAll.isPending}
            onClick={async () => {
              const answer = await confirm({ message: t("deleteAllConfirm"), danger: true });
              if (answer.confirmed) removeAll.mutate();
            }}
          >
            {t("deleteAll")}
          </Button>
        </Group>
        <Stack gap="sm" data-testid="personal-area">
          {list.data?.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("empty")}
            </Text>
          ) : null}
          {list.data?.items.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} spaceId={spaceId} />
          ))}
        </Stack>
      </SectionCard>
    </div>
  );
}
