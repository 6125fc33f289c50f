import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { commentBody, toLanguage } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { issuesByField, issueText } from "../../ui/use-zod-form";
import { useMe } from "../session";
import { structureApi, structureKeys } from "./structure-api";

/** Comments on a node; others' new comments arrive live (`eps_comment_created`). */
export function NodeComments({ spaceId, nodeId, abilities }: { spaceId: string; nodeId: string; abilities: string[] }) {
  const { t, i18n } = useTranslation("structure");
  const queryClient = useQueryClient();
  const me = useMe();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const key = structureKeys.comments(spaceId, nodeId);
  const comments = useQuery({ queryKey: key, queryFn: () => structureApi.comments(nodeId) });
  const add = useMutation({
    mutationFn: (body: string) => structureApi.addComment(nodeId, body),
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => structureApi.deleteComment(nodeId, commentId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const canComment = abilities.includes("eps:comment");
  const canModerate = abilities.includes("eps:write");

  return (
    <Stack gap="xs">
      {comments.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("comments.none")}
        </Text>
      ) : null}
      {comments.data?.map((comment) => (
        <Paper key={comment.id} withBorder radius="sm" p="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {comment.author ?? t("comments.unknownAuthor")} · {dayjs(comment.createdAt).format("DD.MM.YYYY HH:mm")}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {comment.text}
              </Text>
            </div>
            {comment.userId === me.data?.id || canModerate ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t("comments.delete")}
                onClick={() => remove.mutate(comment.id)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            ) : null}
          </Group>
        </Paper>
      ))}
      {canComment ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = commentBody.safeParse({ text });
            if (parsed.success) add.mutate(parsed.data.text);
            else setError(issueText(issuesByField(parsed.error).text, toLanguage(i18n.language) ?? "ru"));
          }}
        >
          <Stack gap={6}>
            <Textarea
              aria-label={t("comments.new")}
              placeholder={t("comments.placeholder")}
              autosize
              minRows={2}
              value={text}
              error={error}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" variant="light" loading={add.isPending}>
                {t("comments.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
