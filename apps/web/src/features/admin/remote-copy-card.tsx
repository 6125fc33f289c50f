import {
  Button,
  Code,
  CopyButton,
  Group,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { errorMessage, isErrorCode, type Job, type RemoteSpaces, toLanguage } from "@planum/contracts";
import { IconCopy, IconKey, IconPlugConnected, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { queryKeys } from "../../shared/query-keys";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { RowAction } from "../../ui/row-action";
import { SectionCard } from "../../ui/section-card";
import { useRealtimeEvents } from "../realtime";
import { remoteCopyApi, remoteCopyKeys, useRemoteSpaces, useRemoteTokens } from "./remote-copy-api";

/** Without events (the socket away), how often the page asks after its running copy. */
const JOB_POLL_MS = 2000;

type RemoteEntry = RemoteSpaces[number];

/**
 * Copy between installations (space:admin, issue 18): tokens that let another installation copy this space, and the
 * installations this space copies from with what each exports; a copy is a job that makes a new space of the caller
 * (event `remote_space_copy`: its progress and end).
 */
export function RemoteCopyCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("admin");
  return (
    <SectionCard title={t("remote.title")}>
      <RemoteSources spaceId={spaceId} />
      <ExportTokens spaceId={spaceId} />
    </SectionCard>
  );
}

function RemoteSources({ spaceId }: { spaceId: string }) {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const remotes = useRemoteSpaces(spaceId);
  const [form, setForm] = useState({ name: "", address: "", token: "" });
  /** The running copy: of a whole space, or of one project into this space. */
  const [copying, setCopying] = useState<{ jobId: string; progress: number; project: boolean } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: remoteCopyKeys.spaces(spaceId) });

  const add = useMutation({
    mutationFn: () => remoteCopyApi.addRemote(spaceId, form),
    onSuccess: () => {
      setForm({ name: "", address: "", token: "" });
      notifySuccess(t("remote.added"));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (remoteId: string) => remoteCopyApi.removeRemote(spaceId, remoteId),
    onSuccess: refresh,
  });
  const copy = useMutation({
    mutationFn: (input: { remoteId: string; remoteSpaceId: string; projectId?: string }) => remoteCopyApi.copy(input),
    onSuccess: ({ jobId }, input) => setCopying({ jobId, progress: 0, project: !!input.projectId }),
  });
  // The event and the poll may both report the same end before the next render: it is told once.
  const told = useRef<string | null>(null);
  /** The copy ended: the new space is in the caller's list of spaces, or the administrator hears why it failed. */
  const ended = (jobId: string, ok: boolean, error: string | null) => {
    if (told.current === jobId) return;
    told.current = jobId;
    const project = copying?.project ?? false;
    setCopying(null);
    if (ok) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
      notifySuccess(t(project ? "remote.projectCopied" : "remote.copied"), { long: true });
      return;
    }
    const language = toLanguage(i18n.language) ?? "en";
    const reason = isErrorCode(error) ? errorMessage(language, error) : "";
    notifyError(new Error(t("remote.copyFailed", { reason })));
  };
  useRealtimeEvents((event) => {
    if (event.type !== "remote_space_copy" || event.jobId !== copying?.jobId) return;
    if (event.status === "in_process") setCopying({ ...copying, progress: event.progress });
    else ended(event.jobId, event.status === "completed", event.error);
  });
  useEffect(() => {
    if (!copying) return;
    const timer = window.setInterval(async () => {
      const job = await api.get<Job>(`/jobs/${encodeURIComponent(copying.jobId)}`).catch(() => null);
      if (job && (job.status === "completed" || job.status === "error")) {
        ended(copying.jobId, job.status === "completed", job.error);
      }
    }, JOB_POLL_MS);
    return () => window.clearInterval(timer);
  });

  const askRemove = async (entry: RemoteEntry) => {
    const { confirmed } = await confirm({
      title: t("remote.removeTitle"),
      message: t("remote.removeMessage", { name: entry.remote.name }),
      confirmLabel: t("remote.remove"),
      danger: true,
    });
    if (confirmed) remove.mutate(entry.remote.id);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t("remote.sources")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("remote.sourcesHint")}
      </Text>
      {!remotes.data ? (
        <Skeleton h={60} />
      ) : remotes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("remote.noSources")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t("remote.sourcesLabel")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("remote.installation")}</Table.Th>
                <Table.Th>{t("remote.space")}</Table.Th>
                <Table.Th w={88} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {remotes.data.map((entry) => (
                <Table.Tr key={entry.remote.id}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {entry.remote.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {entry.remote.address}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.error ? (
                      <Text size="sm" c="red">
                        {entry.error}
                      </Text>
                    ) : (
                      entry.spaces.map((space) => (
                        <div key={space.id}>
                          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                            {space.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t("remote.size", { projects: space.projects, schedules: space.schedules })}
                          </Text>
                          {space.projectList.length > 0 ? (
                            <Stack gap={0} mt={4} aria-label={t("remote.projectsToCopy")}>
                              {space.projectList.map((project) => (
                                <Group key={project.id} gap={4} wrap="nowrap">
                                  <RowAction
                                    label={t("remote.copyProjectNamed", { name: project.name })}
                                    ariaLabel={t("remote.copyProjectNamed", { name: project.name })}
                                    icon={<IconCopy size={16} />}
                                    onClick={() => {
                                      if (!copying && !copy.isPending)
                                        copy.mutate({
                                          remoteId: entry.remote.id,
                                          remoteSpaceId: space.id,
                                          projectId: project.id,
                                        });
                                    }}
                                  />
                                  <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                                    {project.name}
                                  </Text>
                                </Group>
                              ))}
                            </Stack>
                          ) : null}
                        </div>
                      ))
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      {entry.spaces.map((space) => (
                        <RowAction
                          key={space.id}
                          label={t("remote.copy")}
                          ariaLabel={t("remote.copyNamed", { name: space.name })}
                          icon={<IconCopy size={18} />}
                          onClick={() => {
                            // One copy at a time: its progress is the one shown.
                            if (!copying && !copy.isPending)
                              copy.mutate({ remoteId: entry.remote.id, remoteSpaceId: space.id });
                          }}
                        />
                      ))}
                      <RowAction
                        label={t("remote.remove")}
                        ariaLabel={t("remote.removeNamed", { name: entry.remote.name })}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => void askRemove(entry)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {copying ? (
        <Stack gap={4}>
          <Text size="sm">{t(copying.project ? "remote.copyingProject" : "remote.copying")}</Text>
          <Progress value={copying.progress} aria-label={t("remote.copying")} animated />
        </Stack>
      ) : null}
      <form onSubmit={submit} aria-label={t("remote.addLabel")}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t("remote.name")}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
            required
            style={{ flex: "1 1 160px", minWidth: 0 }}
          />
          <TextInput
            label={t("remote.address")}
            placeholder="https://planum.example.org"
            value={form.address}
            onChange={(event) => setForm({ ...form, address: event.currentTarget.value })}
            required
            style={{ flex: "2 1 220px", minWidth: 0 }}
          />
          <TextInput
            label={t("remote.token")}
            type="password"
            autoComplete="off"
            value={form.token}
            onChange={(event) => setForm({ ...form, token: event.currentTarget.value })}
            required
            style={{ flex: "1 1 160px", minWidth: 0 }}
          />
          <Button type="submit" leftSection={<IconPlugConnected size={18} />} loading={add.isPending}>
            {t("remote.add")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function ExportTokens({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const tokens = useRemoteTokens(spaceId);
  const [label, setLabel] = useState("");
  const [issued, setIssued] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: remoteCopyKeys.tokens(spaceId) });
  const issue = useMutation({
    mutationFn: () => remoteCopyApi.issueToken(spaceId, label),
    onSuccess: (answer) => {
      setIssued(answer.token);
      setLabel("");
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (tokenId: string) => remoteCopyApi.removeToken(spaceId, tokenId),
    onSuccess: refresh,
  });
  const askRemove = async (tokenId: string, name: string) => {
    const { confirmed } = await confirm({
      title: t("remote.withdrawTitle"),
      message: t("remote.withdrawMessage", { name }),
      confirmLabel: t("remote.withdraw"),
      danger: true,
    });
    if (confirmed) remove.mutate(tokenId);
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t("remote.tokens")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("remote.tokensHint")}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          issue.mutate();
        }}
        aria-label={t("remote.issueLabel")}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t("remote.tokenLabel")}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            required
            style={{ flex: "1 1 200px", minWidth: 0 }}
          />
          <Button type="submit" variant="light" leftSection={<IconKey size={18} />} loading={issue.isPending}>
            {t("remote.issue")}
          </Button>
        </Group>
      </form>
      {issued ? (
        <Stack gap={4}>
          <Text size="sm">{t("remote.issuedOnce")}</Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ overflowWrap: "anywhere", flex: 1 }} aria-label={t("remote.issuedToken")}>
              {issued}
            </Code>
            <CopyButton value={issued}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t("remote.tokenCopied") : t("remote.copyToken")}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : null}
      {tokens.data && tokens.data.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label={t("remote.tokensLabel")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("remote.tokenLabel")}</Table.Th>
                <Table.Th>{t("remote.lastUsed")}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {token.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dayjs(token.createdAt).format("DD.MM.YYYY HH:mm")}
                      {token.createdByLogin ? ` · ${token.createdByLogin}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {token.lastUsedAt ? dayjs(token.lastUsedAt).format("DD.MM.YYYY HH:mm") : t("remote.neverUsed")}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <RowAction
                        label={t("remote.withdraw")}
                        ariaLabel={t("remote.withdrawNamed", { name: token.label })}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => void askRemove(token.id, token.label)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
