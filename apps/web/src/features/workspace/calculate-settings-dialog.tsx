import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Input,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { toLanguage } from "@planum/contracts";
import { IconLock, IconRestore } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { confirm } from "../../ui/confirm-dialog";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { issueText } from "../../ui/use-zod-form";
import {
  CRITICAL_BY,
  FLOAT_TYPES,
  FLOAT_UNITS,
  type FloatUnit,
  type FormIssues,
  fromForm,
  LAG_CALENDARS,
  PROGRESS_OPTIONS,
  SCENARIO_FIELDS,
  type SettingsForm,
  SS_LAG_FROM,
  scenarioChoices,
  serverIssues,
  toForm,
} from "./calculate-settings-form";
import { useCalculateSettings } from "./use-calculate-settings";
import type { CalculateSettingsBody } from "./workspace-api";

interface CalculateSettingsDialogProps {
  opened: boolean;
  onClose(): void;
  scheduleId: string;
  /** Without the right to edit the schedule the settings are shown, not changed. */
  canWrite: boolean;
}

/** "Calculation settings" of the schedule workspace: P6's schedule options, the scenarios and the calculation mode. */
export function CalculateSettingsDialog({ opened, onClose, scheduleId, canWrite }: CalculateSettingsDialogProps) {
  const { t } = useTranslation("workspace");
  const { settings, save, reset } = useCalculateSettings(scheduleId);
  // what another planner saved meanwhile (no event says so): read again on every opening, then fill the form
  const [fresh, setFresh] = useState(false);
  const { refetch } = settings;
  useEffect(() => {
    if (!opened) return;
    setFresh(false);
    void refetch().finally(() => setFresh(true));
  }, [opened, refetch]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("calcSettings.title")}
      size={820}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      {settings.data && fresh ? (
        <SettingsFormView initial={settings.data} canWrite={canWrite} save={save} reset={reset} onDone={onClose} />
      ) : settings.isError ? (
        <Text c="red">{t("calcSettings.loadFailed")}</Text>
      ) : (
        <Center h={160}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}

function SettingsFormView(props: {
  initial: CalculateSettingsBody;
  canWrite: boolean;
  save(body: CalculateSettingsBody): Promise<CalculateSettingsBody>;
  reset(): Promise<CalculateSettingsBody>;
  onDone(): void;
}) {
  const { t, i18n } = useTranslation("workspace");
  const language = toLanguage(i18n.language) ?? "ru";
  const [form, setForm] = useState<SettingsForm>(() => toForm(props.initial, i18n.language));
  const [issues, setIssues] = useState<FormIssues>({});
  const [busy, setBusy] = useState<"save" | "reset" | null>(null);
  const readOnly = !props.canWrite;

  const set = <K extends keyof SettingsForm>(name: K, value: SettingsForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  };
  const errorOf = (name: keyof SettingsForm) => {
    const issue = issues[name];
    return issue ? issueText(issue, language) : undefined;
  };

  const refused = (error: unknown) => {
    const { issues: placed, rest } = serverIssues(errorsOf(error));
    setIssues(placed);
    if (rest.length > 0) notifyErrors(rest);
  };

  const submit = async () => {
    const parsed = fromForm(form);
    if ("issues" in parsed) {
      setIssues(parsed.issues);
      return;
    }
    setBusy("save");
    try {
      await props.save(parsed.body);
      notifySuccess(t("calcSettings.saved"));
      props.onDone();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const resetToDefaults = async () => {
    const answer = await confirm({
      title: t("calcSettings.resetTitle"),
      message: t("calcSettings.resetConfirm"),
      confirmLabel: t("calcSettings.reset"),
      danger: true,
    });
    if (!answer.confirmed) return;
    setBusy("reset");
    try {
      const saved = await props.reset();
      setForm(toForm(saved, i18n.language));
      setIssues({});
      notifySuccess(t("calcSettings.resetDone"));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const option = <V extends string>(group: string, values: readonly V[]) =>
    values.map((value) => ({ value, label: t(`calcSettings.${group}.${value}`) }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void submit();
      }}
    >
      <Stack gap="sm">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={16} />} py={6} data-testid="calc-settings-readonly">
            {t("calcSettings.readOnly")}
          </Alert>
        )}

        <Radio.Group
          label={t("calcSettings.mode.label")}
          value={form.calculationMode}
          onChange={(value) => set("calculationMode", value as SettingsForm["calculationMode"])}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt={6} spacing="sm">
            {(["manual", "auto"] as const).map((mode) => (
              <Radio
                key={mode}
                value={mode}
                disabled={readOnly}
                label={t(`calcSettings.mode.${mode}`)}
                description={t(`calcSettings.mode.${mode}Help`)}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Divider label={t("calcSettings.sections.options")} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Select
            label={t("calcSettings.floatType.label")}
            description={t(`calcSettings.floatType.help.${form.floatType}`)}
            data={option("floatType", FLOAT_TYPES)}
            value={form.floatType}
            allowDeselect={false}
            disabled={readOnly}
            error={errorOf("floatType")}
            onChange={(value) => value && set("floatType", value as SettingsForm["floatType"])}
          />
          <Input.Wrapper
            id="calc-critical-float"
            label={t("calcSettings.criticalFloat.label")}
            description={t("calcSettings.criticalFloat.help")}
            error={errorOf("criticalFloat")}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Input
                id="calc-critical-float"
                style={{ flex: 1 }}
                inputMode="decimal"
                value={form.criticalFloat}
                disabled={readOnly || form.criticalBy === "longest_path"}
                error={errorOf("criticalFloat") !== undefined}
                aria-describedby="calc-critical-float-description"
                onChange={(event) => set("criticalFloat", event.currentTarget.value)}
              />
              <SegmentedControl
                aria-label={t("calcSettings.criticalFloat.unit")}
                value={form.floatUnit}
                disabled={readOnly}
                data={FLOAT_UNITS.map((unit) => ({ value: unit, label: t(`calcSettings.units.${unit}`) }))}
                onChange={(value) => set("floatUnit", value as FloatUnit)}
              />
            </Group>
          </Input.Wrapper>
          <Select
            label={t("calcSettings.criticalBy.label")}
            description={t(`calcSettings.criticalBy.help.${form.criticalBy}`)}
            data={option("criticalBy", CRITICAL_BY)}
            value={form.criticalBy}
            allowDeselect={false}
            disabled={readOnly}
            error={errorOf("criticalBy")}
            onChange={(value) => value && set("criticalBy", value as SettingsForm["criticalBy"])}
          />
          <Select
            label={t("calcSettings.progressOption.label")}
            description={t(`calcSettings.progressOption.help.${form.progressOption}`)}
            data={option("progressOption", PROGRESS_OPTIONS)}
            value={form.progressOption}
            allowDeselect={false}
            disabled={readOnly}
            error={errorOf("progressOption")}
            onChange={(value) => value && set("progressOption", value as SettingsForm["progressOption"])}
          />
          <Select
            label={t("calcSettings.lagCalendar.label")}
            description={t("calcSettings.lagCalendar.help")}
            data={option("lagCalendar", LAG_CALENDARS)}
            value={form.lagCalendar}
            allowDeselect={false}
            disabled={readOnly}
            error={errorOf("lagCalendar")}
            onChange={(value) => value && set("lagCalendar", value as SettingsForm["lagCalendar"])}
          />
          <TextInput
            label={t("calcSettings.mustFinishBy.label")}
            description={t("calcSettings.mustFinishBy.help")}
            placeholder={t("calcSettings.mustFinishBy.placeholder")}
            value={form.mustFinishBy}
            disabled={readOnly}
            error={errorOf("mustFinishBy")}
            onChange={(event) => set("mustFinishBy", event.currentTarget.value)}
          />
          <Select
            label={t("calcSettings.ssLagFrom.label")}
            description={t(`calcSettings.ssLagFrom.help.${form.ssLagFrom}`)}
            data={option("ssLagFrom", SS_LAG_FROM)}
            value={form.ssLagFrom}
            allowDeselect={false}
            disabled={readOnly}
            error={errorOf("ssLagFrom")}
            onChange={(value) => value && set("ssLagFrom", value as SettingsForm["ssLagFrom"])}
          />
          <Stack gap="sm" pt={4}>
            <Checkbox
              label={t("calcSettings.openEndsCritical.label")}
              description={t("calcSettings.openEndsCritical.help")}
              checked={form.openEndsCritical}
              disabled={readOnly}
              error={errorOf("openEndsCritical")}
              onChange={(event) => set("openEndsCritical", event.currentTarget.checked)}
            />
            <Checkbox
              label={t("calcSettings.useExpectedFinish.label")}
              description={t("calcSettings.useExpectedFinish.help")}
              checked={form.useExpectedFinish}
              disabled={readOnly}
              error={errorOf("useExpectedFinish")}
              onChange={(event) => set("useExpectedFinish", event.currentTarget.checked)}
            />
            <Checkbox
              label={t("calcSettings.startLinksBoundLate.label")}
              description={t("calcSettings.startLinksBoundLate.help")}
              checked={form.startLinksBoundLate}
              disabled={readOnly}
              error={errorOf("startLinksBoundLate")}
              onChange={(event) => set("startLinksBoundLate", event.currentTarget.checked)}
              data-testid="calc-start-links-bound-late"
            />
            <Checkbox
              label={t("calcSettings.resourceRunsInActivityHours.label")}
              description={t("calcSettings.resourceRunsInActivityHours.help")}
              checked={form.resourceRunsInActivityHours}
              disabled={readOnly}
              error={errorOf("resourceRunsInActivityHours")}
              onChange={(event) => set("resourceRunsInActivityHours", event.currentTarget.checked)}
            />
          </Stack>
        </SimpleGrid>

        <Divider label={t("calcSettings.sections.scenarios")} labelPosition="left" />
        <Text size="xs" c="dimmed" mt={-8}>
          {t("calcSettings.scenariosHelp")}
        </Text>
        <Stack gap={6}>
          {SCENARIO_FIELDS.map((field) => (
            <Group key={field} gap="sm" wrap="nowrap" align="flex-start">
              <Text
                component="label"
                htmlFor={`calc-${field}`}
                size="sm"
                fw={500}
                w={{ base: 130, sm: 260 }}
                pt={7}
                style={{ flex: "none" }}
              >
                {t(`calcSettings.scenarioFields.${field}`)}
              </Text>
              <Select
                id={`calc-${field}`}
                style={{ flex: 1 }}
                data={scenarioChoices(field, form[field]).map((n) => ({
                  value: String(n),
                  label: t("calcSettings.scenarioOption", { n, name: t(`calcSettings.scenarios.${n}`) }),
                }))}
                value={String(form[field])}
                allowDeselect={false}
                disabled={readOnly}
                error={errorOf(field)}
                onChange={(value) => value && set(field, Number(value))}
              />
            </Group>
          ))}
        </Stack>

        <Group justify="space-between" gap="sm" mt="xs">
          {readOnly ? (
            <span />
          ) : (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconRestore size={16} />}
              loading={busy === "reset"}
              disabled={busy !== null}
              onClick={() => void resetToDefaults()}
            >
              {t("calcSettings.reset")}
            </Button>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={props.onDone}>
              {readOnly ? t("common:actions.close") : t("common:actions.cancel")}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={busy === "save"} disabled={busy !== null}>
                {t("common:actions.save")}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
