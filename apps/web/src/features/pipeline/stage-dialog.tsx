import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import {
  formatUserDate,
  PIPE_RELATION_TYPES,
  PIPE_STAGE_KINDS,
  PIPE_STAGE_STATUSES,
  type Pipe,
  type PipeStage,
  type PipeStageKind,
  type PipeStageStatus,
  parseUserDate,
} from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { useSpaceMembers } from "../spaces";
import { pipelineApi, pipelineKeys } from "./pipeline-api";

type Field = "name" | "start" | "finish" | "ownerId";

/**
 * Adds or changes a stage: name, kind, status, dates (DD.MM.YYYY), owner among the space's members; when changing,
 * the stages it follows (type and lag) and deleting it. A refusal of the server shows under its field.
 */
export function StageDialog(props: {
  pipe: Pipe;
  spaceId: string;
  stage: PipeStage | null;
  opened: boolean;
  onClose(): void;
}) {
  const { pipe, stage } = props;
  const { t } = useTranslation("pipeline");
  const queryClient = useQueryClient();
  const members = useSpaceMembers(props.spaceId);
  const projectId = pipe.project.id;
  const [name, setName] = useState(stage?.name ?? "");
  const [kind, setKind] = useState<PipeStageKind>(stage?.kind ?? "design");
  const [status, setStatus] = useState<PipeStageStatus>(stage?.status ?? "planned");
  const [start, setStart] = useState(stage ? formatUserDate(stage.start) : "");
  const [finish, setFinish] = useState(stage ? formatUserDate(stage.finish) : "");
  const [ownerId, setOwnerId] = useState<string | null>(stage?.owner?.id ?? null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const put = (next: Pipe) => queryClient.setQueryData(pipelineKeys.pipe(projectId), next);
  const showErrors = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    const next: Partial<Record<Field, string>> = {};
    for (const e of error.errors) {
      const field = e.code === "PipeStagePeriod" ? "finish" : (e.params?.field as Field | undefined);
      if (field && !next[field]) next[field] = e.message;
    }
    setErrors(next);
  };
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        kind,
        status,
        start: parseUserDate(start.trim()) ?? start,
        finish: parseUserDate(finish.trim()) ?? finish,
        ownerId,
      };
      return stage ? pipelineApi.saveStage(projectId, stage.id, body) : pipelineApi.addStage(projectId, body);
    },
    onError: showErrors,
    onSuccess: (next) => {
      put(next);
      props.onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => pipelineApi.deleteStage(projectId, stage?.id ?? ""),
    onSuccess: (next) => {
      put(next);
      props.onClose();
    },
  });
  const memberOptions = (members.data ?? [])
    .filter((m) => m.status === "active")
    .map((m) => ({ value: m.userId, label: `${m.lastName} ${m.firstName}`.trim() || m.login }));
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={stage ? t("stage.edit") : t("stage.add")} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("stage.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Group grow align="flex-start" gap="xs" wrap="wrap">
            <Select
              label={t("stage.kind")}
              allowDeselect={false}
              value={kind}
              miw={150}
              onChange={(v) => v && setKind(v as PipeStageKind)}
              data={PIPE_STAGE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
            />
            <Select
              label={t("stage.status")}
              allowDeselect={false}
              value={status}
              miw={150}
              onChange={(v) => v && setStatus(v as PipeStageStatus)}
              data={PIPE_STAGE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            />
          </Group>
          <Group grow align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label={t("stage.start")}
              placeholder={t("datePlaceholder")}
              value={start}
              miw={140}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={errors.start}
            />
            <TextInput
              label={t("stage.finish")}
              placeholder={t("datePlaceholder")}
              value={finish}
              miw={140}
              onChange={(e) => setFinish(e.currentTarget.value)}
              error={errors.finish}
            />
          </Group>
          <Select
            label={t("stage.owner")}
            placeholder={t("stage.noOwner")}
            data={memberOptions}
            value={ownerId}
            onChange={setOwnerId}
            error={errors.ownerId}
            clearable
            searchable
          />
          {stage ? <Predecessors pipe={pipe} stage={stage} onChange={put} /> : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            {stage ? (
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t("stage.delete")}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {t("stage.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The stages this one follows, each with its type and lag; another added, or one removed. */
function Predecessors({ pipe, stage, onChange }: { pipe: Pipe; stage: PipeStage; onChange(next: Pipe): void }) {
  const { t } = useTranslation("pipeline");
  const projectId = pipe.project.id;
  const [from, setFrom] = useState<string | null>(null);
  const [type, setType] = useState<string>("FS");
  const [lag, setLag] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const names = new Map(pipe.stages.map((s) => [s.id, s.name]));
  const mine = pipe.relations.filter((r) => r.toStageId === stage.id);
  const relate = useMutation({
    mutationFn: () =>
      pipelineApi.relate(projectId, {
        fromStageId: from ?? "",
        toStageId: stage.id,
        type: type as (typeof PIPE_RELATION_TYPES)[number],
        lag: typeof lag === "number" ? lag : 0,
      }),
    onError: (e) => setError(e instanceof ApiRequestError ? (e.errors[0]?.message ?? null) : null),
    onSuccess: (next) => {
      setError(null);
      setFrom(null);
      onChange(next);
    },
  });
  const unrelate = useMutation({
    mutationFn: (id: string) => pipelineApi.unrelate(projectId, id),
    onSuccess: onChange,
  });
  return (
    <Stack gap={6} data-testid="stage-predecessors">
      <Text size="sm" fw={500}>
        {t("relations.title")}
      </Text>
      {mine.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("relations.none")}
        </Text>
      ) : null}
      {mine.map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            {t("relations.after", { name: names.get(r.fromStageId) ?? "", type: r.type, lag: r.lag })}
          </Text>
          <Tooltip label={t("relations.delete")}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("relations.delete")}
              onClick={() => unrelate.mutate(r.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t("relations.follows")}
          placeholder={t("relations.choose")}
          data={pipe.stages.filter((s) => s.id !== stage.id).map((s) => ({ value: s.id, label: s.name }))}
          value={from}
          onChange={setFrom}
          error={error}
          miw={180}
          style={{ flex: 2 }}
        />
        <Select
          label={t("relations.type")}
          allowDeselect={false}
          data={[...PIPE_RELATION_TYPES]}
          value={type}
          onChange={(v) => v && setType(v)}
          w={80}
        />
        <NumberInput label={t("relations.lag")} value={lag} onChange={setLag} allowDecimal={false} w={90} />
        <Button variant="light" disabled={!from} loading={relate.isPending} onClick={() => relate.mutate()}>
          {t("relations.add")}
        </Button>
      </Group>
    </Stack>
  );
}
