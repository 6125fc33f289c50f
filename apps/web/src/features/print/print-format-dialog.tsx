import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  nameField,
  PAPER_CHOICES,
  type PaperChoice,
  PRINT_FIELDS,
  PRINT_FIT_MAX_PAGES,
  PRINT_ORIENTATIONS,
  PRINT_TEXT_SIZES,
  type PrintField,
  type PrintFormatFields,
  type PrintOrientation,
  type PrintScreenInput,
  type PrintSettings,
  toLanguage,
} from "@planum/contracts";
import { IconDeviceFloppy, IconFileTypePdf, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { askText } from "../../ui/ask-text";
import { confirm } from "../../ui/confirm-dialog";
import { downloadBlob as download } from "../../ui/download-blob";
import { IntegerInput } from "../../ui/integer-input";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { issueText } from "../../ui/use-zod-form";
import { formatOfPreset, printApi, printKeys, usePrintPresets, usePrintSettings } from "./print-api";
import {
  BAND_KEYS,
  type BandKey,
  type FormIssues,
  fromForm,
  MARGINS,
  type MarginKey,
  OPTIONAL_BANDS,
  PART_KEYS,
  type PartKey,
  type PrintForm,
  serverIssues,
  toForm,
  withField,
  withPaper,
} from "./print-form";
import { PrintPreview } from "./print-preview";
import { SheetPreview } from "./sheet-preview";

interface PrintFormatDialogProps {
  opened: boolean;
  onClose(): void;
  spaceId: string;
  versionId: string;
  /** Adding and deleting the space's presets needs the right to change schedules. */
  canWritePresets: boolean;
  /** The values the bands' `[fields]` show in the preview. */
  values: Partial<Record<PrintField, string>>;
  /** The screen as shown now (the Gantt's rows, columns and scale); absent: the server prints every row. */
  screen?: { current: (() => PrintScreenInput) | null };
  /** A view other than the Gantt printed with this format (the network diagram, the WDP grid): its PDF. */
  drawing?: PrintDrawing;
}

/** How a view other than the Gantt prints: the server reads the saved format, so the form is saved first. */
export interface PrintDrawing {
  fileName: string;
  pdf(input: { format: PrintFormatFields; pagesWide: number | null }): Promise<Blob>;
}

/** "Print format": the sheet, margins, headers and footers, and how the width is laid on pages; presets of the space. */
export function PrintFormatDialog(props: PrintFormatDialogProps) {
  const { t } = useTranslation("print");
  const settings = usePrintSettings(props.versionId, props.opened);
  const { refetch } = settings;
  // another tab may have saved meanwhile: read again on every opening, then fill the form
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!props.opened) return;
    setFresh(false);
    void refetch().finally(() => setFresh(true));
  }, [props.opened, refetch]);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("title")}
      size={900}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      {settings.data && fresh ? (
        <FormatForm {...props} initial={settings.data} />
      ) : settings.isError ? (
        <Text c="red">{t("loadFailed")}</Text>
      ) : (
        <Center h={160}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}

function FormatForm(props: PrintFormatDialogProps & { initial: PrintSettings }) {
  const { t, i18n } = useTranslation("print");
  const language = toLanguage(i18n.language) ?? "ru";
  const queryClient = useQueryClient();
  const presets = usePrintPresets(props.spaceId);
  const [form, setForm] = useState<PrintForm>(() => toForm(props.initial.format, i18n.language));
  const [presetId, setPresetId] = useState<string | null>(props.initial.presetId);
  const [pagesWide, setPagesWide] = useState<number | null>(props.initial.pagesWide);
  const [repeatHeader, setRepeatHeader] = useState(props.initial.repeatHeader);
  const [issues, setIssues] = useState<FormIssues>({});
  const [busy, setBusy] = useState(false);
  /** The part a value button writes into: the one last focused. */
  const focused = useRef<{ band: BandKey; part: PartKey }>({ band: "header", part: "left" });

  const change = (next: PrintForm, cleared: string[]) => {
    setForm(next);
    setIssues((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  };
  const errorOf = (path: string) => (issues[path] ? issueText(issues[path], language) : undefined);
  const setPart = (band: BandKey, part: PartKey, value: string) =>
    change({ ...form, bands: { ...form.bands, [band]: { ...form.bands[band], [part]: value } } }, [
      `bands.${band}.${part}`,
    ]);
  const setMargin = (key: MarginKey, value: string) =>
    change({ ...form, margins: { ...form.margins, [key]: value } }, [`margins.${key}`, "margins"]);

  const applyPreset = (id: string | null) => {
    setPresetId(id);
    const preset = presets.data?.find((p) => p.id === id);
    if (preset) change(toForm(formatOfPreset(preset), i18n.language), Object.keys(issues));
  };

  const refused = (error: unknown) => {
    const { issues: placed, rest } = serverIssues(errorsOf(error), "format.");
    const { issues: direct, rest: others } = serverIssues(rest);
    setIssues({ ...placed, ...direct });
    if (others.length > 0) notifyErrors(others);
    else notifyErrors(errorsOf(error));
  };

  const checked = () => {
    const result = fromForm(form);
    if ("issues" in result) {
      setIssues(result.issues);
      return null;
    }
    return result.format;
  };

  // after the first save the settings exist: later saves of this opening update them
  const stored = useRef(props.initial.updatedAt !== null);
  const persist = async (format: PrintFormatFields) => {
    const saved = await printApi.saveSettings(
      { versionId: props.versionId, presetId, format, pagesWide, repeatHeader },
      stored.current,
    );
    stored.current = true;
    queryClient.setQueryData(printKeys.settings(props.versionId), saved);
  };

  const save = async () => {
    const format = checked();
    if (!format) return;
    setBusy(true);
    try {
      await persist(format);
      notifySuccess(t("saved"));
      props.onClose();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const [drawing, setDrawing] = useState(false);
  const printDrawing = async (view: PrintDrawing) => {
    const format = checked();
    if (!format) return;
    setDrawing(true);
    try {
      await persist(format);
      download(await view.pdf({ format, pagesWide }), view.fileName);
    } catch (error) {
      refused(error);
    } finally {
      setDrawing(false);
    }
  };

  const saveAsPreset = async () => {
    const format = checked();
    if (!format) return;
    const name = await askText({
      title: t("presets.saveAs"),
      label: t("presets.name"),
      current: "",
      checkWhileTyping: false,
      validate: (value) => {
        const parsed = nameField.safeParse(value);
        return parsed.success ? null : issueText({ code: parsed.error.issues[0].message }, language);
      },
    });
    if (name === null) return;
    try {
      const created = await printApi.createPreset(name, format);
      await queryClient.invalidateQueries({ queryKey: printKeys.presets(props.spaceId) });
      setPresetId(created.id);
      notifySuccess(t("presets.created", { name: created.name }));
    } catch (error) {
      refused(error);
    }
  };

  const deletePreset = async () => {
    const preset = presets.data?.find((p) => p.id === presetId);
    if (!preset) return;
    const answer = await confirm({
      title: t("presets.delete"),
      message: t("presets.deleteConfirm", { name: preset.name }),
      danger: true,
    });
    if (!answer.confirmed) return;
    try {
      await printApi.deletePreset(preset.id);
      setPresetId(null);
      await queryClient.invalidateQueries({ queryKey: printKeys.presets(props.spaceId) });
    } catch (error) {
      notifyErrors(errorsOf(error));
    }
  };

  const custom = form.paper === "custom";
  const insertField = (field: PrintField) => {
    const { band, part } = focused.current;
    setPart(band, part, withField(form.bands[band][part], field));
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t("presets.label")}
          placeholder={t("presets.none")}
          data={(presets.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={presetId && presets.data?.some((p) => p.id === presetId) ? presetId : null}
          onChange={applyPreset}
          clearable
          searchable
          nothingFoundMessage={t("presets.nothing")}
        />
        {props.canWritePresets && (
          <Tooltip label={t("presets.delete")}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("presets.delete")}
              disabled={!presetId}
              onClick={() => void deletePreset()}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs" verticalSpacing="xs">
        <Select
          label={t("sheet.paper")}
          data={PAPER_CHOICES.map((p) => ({ value: p, label: p === "custom" ? t("sheet.custom") : p }))}
          value={form.paper}
          allowDeselect={false}
          onChange={(value) =>
            value && change(withPaper(form, value as PaperChoice, i18n.language), ["widthMm", "heightMm"])
          }
        />
        <TextInput
          label={t("sheet.width")}
          value={form.widthMm}
          disabled={!custom}
          inputMode="decimal"
          onChange={(e) => change({ ...form, widthMm: e.currentTarget.value }, ["widthMm", "margins"])}
          error={errorOf("widthMm")}
        />
        <TextInput
          label={t("sheet.height")}
          value={form.heightMm}
          disabled={!custom}
          inputMode="decimal"
          onChange={(e) => change({ ...form, heightMm: e.currentTarget.value }, ["heightMm", "margins"])}
          error={errorOf("heightMm")}
        />
        <Select
          label={t("sheet.textSize")}
          data={Array.from({ length: PRINT_TEXT_SIZES.max - PRINT_TEXT_SIZES.min + 1 }, (_, i) => {
            const size = String(PRINT_TEXT_SIZES.min + i);
            return { value: size, label: t("sheet.points", { size }) };
          })}
          value={String(form.textSizePt)}
          allowDeselect={false}
          onChange={(value) => value && change({ ...form, textSizePt: Number(value) }, [])}
        />
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t("sheet.orientation")}
          </Text>
          <SegmentedControl
            fullWidth
            size="xs"
            data={PRINT_ORIENTATIONS.map((o) => ({ value: o, label: t(`sheet.${o}`) }))}
            value={form.orientation}
            onChange={(value) => change({ ...form, orientation: value as PrintOrientation }, [])}
          />
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing="xs">
        {MARGINS.map((key) => (
          <TextInput
            key={key}
            label={t(`margins.${key}`)}
            value={form.margins[key]}
            inputMode="decimal"
            onChange={(e) => setMargin(key, e.currentTarget.value)}
            error={errorOf(`margins.${key}`)}
          />
        ))}
      </SimpleGrid>
      {errorOf("margins") && (
        <Text size="sm" c="red">
          {errorOf("margins")}
        </Text>
      )}

      <Divider label={t("bands.title")} labelPosition="left" />
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          {t("bands.insert")}
        </Text>
        {PRINT_FIELDS.map((field) => (
          <Button
            key={field}
            size="compact-xs"
            variant="light"
            // keep the focus (and so the target part) in the text field
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insertField(field)}
          >
            {t(`fields.${field}`)}
          </Button>
        ))}
      </Group>
      {BAND_KEYS.map((band) => {
        const optional = OPTIONAL_BANDS.includes(band);
        const on = !optional || form.own[band as "firstHeader" | "lastFooter"];
        return (
          <Stack key={band} gap={4}>
            {optional ? (
              <Checkbox
                label={t(`bands.${band}`)}
                checked={on}
                onChange={(e) => change({ ...form, own: { ...form.own, [band]: e.currentTarget.checked } }, [])}
              />
            ) : (
              <Text size="sm" fw={500}>
                {t(`bands.${band}`)}
              </Text>
            )}
            {on && (
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs" verticalSpacing={4}>
                {PART_KEYS.map((part) => (
                  <TextInput
                    key={part}
                    aria-label={`${t(`bands.${band}`)} — ${t(`parts.${part}`)}`}
                    placeholder={t(`parts.${part}`)}
                    value={form.bands[band][part]}
                    onFocus={() => {
                      focused.current = { band, part };
                    }}
                    onChange={(e) => setPart(band, part, e.currentTarget.value)}
                    error={errorOf(`bands.${band}.${part}`)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        );
      })}

      <Divider label={t("layout.title")} labelPosition="left" />
      <Group gap="md" align="flex-end">
        <SegmentedControl
          data={[
            { value: "split", label: t("layout.split") },
            { value: "fit", label: t("layout.fit") },
          ]}
          value={pagesWide === null ? "split" : "fit"}
          onChange={(value) => setPagesWide(value === "split" ? null : 1)}
        />
        {pagesWide !== null && (
          <IntegerInput
            w={140}
            label={t("layout.pagesWide")}
            min={1}
            max={PRINT_FIT_MAX_PAGES}
            value={pagesWide}
            onChange={(value) => setPagesWide(value === "" ? 1 : Math.min(PRINT_FIT_MAX_PAGES, Math.max(1, value)))}
          />
        )}
        <Checkbox
          label={t("layout.repeatHeader")}
          checked={repeatHeader}
          onChange={(e) => setRepeatHeader(e.currentTarget.checked)}
        />
      </Group>

      <Divider label={t("preview.title")} labelPosition="left" />
      <SheetPreview form={form} values={props.values} />

      <Divider label={t("run.title")} labelPosition="left" />
      {props.drawing ? (
        <Group gap="xs" align="center">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={drawing}
            onClick={() => props.drawing && void printDrawing(props.drawing)}
          >
            {t("run.savePdf")}
          </Button>
          <Text size="sm" c="dimmed">
            {t("run.drawingHint")}
          </Text>
        </Group>
      ) : (
        <PrintPreview
          spaceId={props.spaceId}
          versionId={props.versionId}
          fileName={`${props.values.schedule || t("run.title")}.pdf`}
          input={() => {
            const format = checked();
            return format ? { format, pagesWide, repeatHeader, screen: props.screen?.current?.() } : null;
          }}
        />
      )}

      <Group justify="flex-end" gap="xs" mt="xs">
        {props.canWritePresets && (
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => void saveAsPreset()}>
            {t("presets.saveAs")}
          </Button>
        )}
        <Button variant="default" onClick={props.onClose}>
          {t("common:actions.cancel")}
        </Button>
        <Button loading={busy} onClick={() => void save()}>
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}
