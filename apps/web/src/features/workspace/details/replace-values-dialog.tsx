import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  type AttributeDto,
  REPLACEMENT_MODES,
  type ReplacementMode,
  type ReplaceValuesBody,
  type ReplaceValuesResult,
  type SavedReplacement,
} from "@planum/contracts";
import { IconReplace } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../../shared/api-error";
import { notifySuccess } from "../../../ui/notify";
import { valueText } from "../../directories";
import { workspaceApi, workspaceKeys } from "../workspace-api";
import { SavedReplacementsBar } from "./saved-replacements-bar";

interface Props {
  versionId: string;
  scheduleId: string;
  /** The work attributes the user may write (computed ones excluded). */
  attributes: AttributeDto[];
  send(request: () => Promise<unknown>, action: string | null): Promise<unknown>;
  onClose(): void;
}

/** A list replacement as typed: one pair a line, the value to find and the new one split by `;` (never in a value). */
function pairsOf(text: string) {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [find = "", ...rest] = line.split(";");
      return { find: find.trim(), replace: rest.join(";").trim() };
    });
}

/**
 * Find and replace one work attribute's values across the version (issue 14): exactly, by a pattern (`*`, `?`) or
 * from a list of pairs. The preview lists each value that changes (work, before → after); a value the attribute
 * cannot hold is refused naming its work. Replacing is one undoable change of each version changed: this one, or every
 * unlocked version of the schedule. The rule may be saved under a name and picked again; a picked rule left as it is
 * runs as the saved one, so its run is recorded.
 */
export function ReplaceValuesDialog({ versionId, scheduleId, attributes, send, onClose }: Props) {
  const { t, i18n } = useTranslation("workspace");
  const queryClient = useQueryClient();
  const [attributeId, setAttributeId] = useState<string | null>(attributes[0]?.id ?? null);
  const [mode, setMode] = useState<ReplacementMode>("exact");
  const [find, setFind] = useState("");
  const [replace, setReplace] = useState("");
  const [list, setList] = useState("");
  const [preview, setPreview] = useState<ReplaceValuesResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wholeSchedule, setWholeSchedule] = useState(false);
  /** The saved replacement the form holds unchanged, if any. */
  const [savedId, setSavedId] = useState<string | null>(null);
  const rule = {
    attributeId: attributeId ?? "",
    mode,
    ...(mode === "list" ? { pairs: pairsOf(list) } : { find, replace }),
  };
  const body = (previewOnly: boolean): ReplaceValuesBody => ({ ...rule, wholeSchedule, preview: previewOnly });
  const request = (previewOnly: boolean) =>
    savedId
      ? workspaceApi.runSavedReplacement(versionId, savedId, wholeSchedule, previewOnly)
      : workspaceApi.replaceValues(versionId, body(previewOnly));
  const stale = () => {
    setPreview(null);
    setProblem(null);
  };
  // any change of the form makes the shown preview stale (Replace waits for a new one) and the rule no longer the saved one
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSavedId(null);
      stale();
    };
  const pick = (saved: SavedReplacement | null) => {
    stale();
    setSavedId(saved?.id ?? null);
    if (!saved) return;
    setAttributeId(saved.attributeId);
    setMode(saved.mode);
    setFind(saved.find);
    setReplace(saved.replace);
    setList(saved.pairs.map((p) => `${p.find} ; ${p.replace}`).join("\n"));
  };
  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setPreview(await request(true));
    } catch (error) {
      setPreview(null);
      setProblem(
        error instanceof ApiRequestError ? error.errors.map((e) => e.message).join("; ") : t("replace.failed"),
      );
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    setBusy(true);
    const result = (await send(() => request(false), "attribute_replace")) as ReplaceValuesResult | null;
    setBusy(false);
    if (result) {
      // a saved rule's run is recorded on it: its last run shows the next time it is picked
      if (savedId) void queryClient.invalidateQueries({ queryKey: workspaceKeys.replacements(scheduleId) });
      notifySuccess(t("replace.done", { count: result.values }));
      onClose();
    }
  };
  const ready = attributeId !== null && (mode === "list" ? pairsOf(list).length > 0 : find.trim() !== "");
  const changes = preview?.changes ?? [];
  const byVersion = changes.some((c) => c.versionLabel !== undefined);
  return (
    <Modal opened onClose={onClose} title={t("replace.title")} size="xl" centered>
      <Stack>
        <SavedReplacementsBar scheduleId={scheduleId} selected={savedId} rule={ready ? rule : null} onSelect={pick} />
        <Select
          label={t("replace.attribute")}
          data={attributes.map((a) => ({ value: a.id, label: a.name }))}
          value={attributeId}
          allowDeselect={false}
          onChange={edited(setAttributeId)}
          comboboxProps={{ withinPortal: true }}
          data-testid="replace-attribute"
        />
        <SegmentedControl
          fullWidth
          data={REPLACEMENT_MODES.map((m) => ({ value: m, label: t(`replace.modes.${m}`) }))}
          value={mode}
          onChange={(value) => edited(setMode)(value as ReplacementMode)}
          data-testid="replace-mode"
        />
        {mode === "list" ? (
          <Textarea
            label={t("replace.pairs")}
            description={t("replace.pairsHint")}
            autosize
            minRows={3}
            maxRows={10}
            value={list}
            onChange={(e) => edited(setList)(e.currentTarget.value)}
            data-testid="replace-pairs"
          />
        ) : (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              miw={200}
              label={t("replace.find")}
              description={mode === "pattern" ? t("replace.patternHint") : undefined}
              value={find}
              onChange={(e) => edited(setFind)(e.currentTarget.value)}
              data-testid="replace-find"
            />
            <TextInput
              miw={200}
              label={t("replace.with")}
              description={mode === "pattern" ? t("replace.withHint") : undefined}
              value={replace}
              onChange={(e) => edited(setReplace)(e.currentTarget.value)}
              data-testid="replace-with"
            />
          </Group>
        )}
        <Checkbox
          label={t("replace.wholeSchedule")}
          checked={wholeSchedule}
          onChange={(e) => {
            setWholeSchedule(e.currentTarget.checked);
            stale();
          }}
          data-testid="replace-whole-schedule"
        />
        {problem ? (
          <Alert color="red" data-testid="replace-problem">
            {problem}
          </Alert>
        ) : null}
        {preview ? (
          <Text size="sm" data-testid="replace-summary">
            {preview.values === 0 ? t("replace.nothing") : t("replace.summary", { count: preview.values })}
            {wholeSchedule && preview.values > 0
              ? ` · ${t("replace.inVersions", { versions: preview.versions })}`
              : null}
          </Text>
        ) : null}
        {changes.length > 0 ? (
          <ScrollArea type="auto" mah={320}>
            <Table withTableBorder fz="xs" aria-label={t("replace.preview")} data-testid="replace-preview">
              <Table.Thead>
                <Table.Tr>
                  {byVersion ? <Table.Th>{t("replace.version")}</Table.Th> : null}
                  <Table.Th>{t("replace.work")}</Table.Th>
                  <Table.Th>{t("replace.before")}</Table.Th>
                  <Table.Th>{t("replace.after")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.itemId}>
                    {byVersion ? <Table.Td style={{ overflowWrap: "anywhere" }}>{c.versionLabel}</Table.Td> : null}
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{`${c.code} — ${c.name}`}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{valueText(c.before, i18n.language)}</Table.Td>
                    <Table.Td fw={600} style={{ overflowWrap: "anywhere" }}>
                      {valueText(c.after, i18n.language)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : null}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t("replace.cancel")}
          </Button>
          <Button variant="light" onClick={() => void ask()} loading={busy} disabled={!ready}>
            {t("replace.showPreview")}
          </Button>
          <Button
            leftSection={<IconReplace size={16} />}
            onClick={() => void apply()}
            loading={busy}
            disabled={!preview || preview.values === 0}
          >
            {t("replace.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
