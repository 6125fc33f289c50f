import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { PIPE_SCALES, PIPE_VIEWS, type Pipe, type PipeSettings, type PipeStage } from "@planum/contracts";
import { IconPlus, IconSettings } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { GwbsPanel } from "./gwbs-panel";
import { pipelineApi, pipelineKeys, usePipe } from "./pipeline-api";
import { PipeBoard, PipeTimeline } from "./pipeline-views";
import { StageDialog } from "./stage-dialog";

/**
 * /{space}/pipeline/{project} (spec §2): the project's stages as a board by status or as a timeline, the view and
 * scale starting from the pipeline's settings; who may change the structure adds and edits stages, their relations
 * and the settings (the form flag "project pipe settings"). Below, the project's general WBS (gwbs-panel.tsx).
 */
export function PipelinePage() {
  const { t } = useTranslation("pipeline");
  const { spaceId = "", projectId = "" } = useParams();
  const pipe = usePipe(projectId);
  const [view, setView] = useState<PipeSettings["view"] | null>(null);
  const [editing, setEditing] = useState<PipeStage | "new" | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  if (!pipe.data)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  const data = pipe.data;
  const shown = view ?? data.settings.view;
  const open = data.canWrite ? (stage: PipeStage) => setEditing(stage) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: "anywhere" }}>
          {t("title", { project: data.project.name })}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            value={shown}
            onChange={(value) => setView(value as PipeSettings["view"])}
            data={PIPE_VIEWS.map((value) => ({ value, label: t(`view.${value}`) }))}
          />
          {data.canWrite ? (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
                {t("stage.add")}
              </Button>
              <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)}>
                {t("settings.title")}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      {data.stages.length === 0 ? (
        <Text c="dimmed">{data.canWrite ? t("emptyWritable") : t("empty")}</Text>
      ) : shown === "board" ? (
        <PipeBoard pipe={data} onOpen={open} />
      ) : (
        <PipeTimeline pipe={data} onOpen={open} />
      )}
      <GwbsPanel projectId={projectId} />
      {editing ? (
        <StageDialog
          key={editing === "new" ? "new" : editing.id}
          pipe={data}
          spaceId={spaceId}
          stage={editing === "new" ? null : (data.stages.find((s) => s.id === editing.id) ?? editing)}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
      {settingsOpen ? <SettingsDialog pipe={data} onClose={() => setSettingsOpen(false)} /> : null}
    </Stack>
  );
}

/** The pipeline's settings: the view it opens in, the timeline's scale, whether done stages show. */
function SettingsDialog({ pipe, onClose }: { pipe: Pipe; onClose(): void }) {
  const { t } = useTranslation("pipeline");
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<PipeSettings>(pipe.settings);
  const save = useMutation({
    mutationFn: () => pipelineApi.saveSettings(pipe.project.id, settings),
    onSuccess: (next) => {
      queryClient.setQueryData(pipelineKeys.pipe(pipe.project.id), next);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t("settings.title")} centered>
      <Stack gap="sm">
        <Select
          label={t("settings.view")}
          allowDeselect={false}
          value={settings.view}
          onChange={(v) => v && setSettings({ ...settings, view: v as PipeSettings["view"] })}
          data={PIPE_VIEWS.map((value) => ({ value, label: t(`view.${value}`) }))}
        />
        <Select
          label={t("settings.scale")}
          allowDeselect={false}
          value={settings.scale}
          onChange={(v) => v && setSettings({ ...settings, scale: v as PipeSettings["scale"] })}
          data={PIPE_SCALES.map((value) => ({ value, label: t(`scale.${value}`) }))}
        />
        <Switch
          label={t("settings.showDone")}
          checked={settings.showDone}
          onChange={(e) => setSettings({ ...settings, showDone: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t("settings.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
