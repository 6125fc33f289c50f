import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  ATTRIBUTE_TYPES,
  type AttributeDto,
  type AttributeType,
  createAttributeBody,
  INPUT_ATTRIBUTE_TYPES,
  toLanguage,
  updateAttributeBody,
} from "@planum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { i18n } from "../../shared/i18n";
import { IntegerInput } from "../../ui/integer-input";
import { notifyErrors, notifySuccess } from "../../ui/notify";
import { issuesByField, issueText } from "../../ui/use-zod-form";
import { attributeKeys, attributesApi } from "./attributes-api";

interface Target {
  spaceId: string;
  node: { id: string; name: string };
  /** Absent: create a new attribute. */
  attribute?: AttributeDto;
}

export function openAttributeForm(target: Target): void {
  const modalId = "attribute-form";
  modals.open({
    modalId,
    title: i18n.t(target.attribute ? "attributes:form.editTitle" : "attributes:form.createTitle"),
    centered: true,
    size: "lg",
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    children: <AttributeForm target={target} onDone={() => modals.close(modalId)} />,
  });
}

type Issue = { code: string; params?: Record<string, string | number> };
const NUMERIC = ["number", "money", "percentage"];

/** Create or change an attribute: name, type (fixed once created), where it applies, list entries, unit, precision. */
function AttributeForm({ target, onDone }: { target: Target; onDone: () => void }) {
  const { t } = useTranslation("attributes");
  const language = toLanguage(i18n.language) ?? "ru";
  const queryClient = useQueryClient();
  const editing = target.attribute;
  const [name, setName] = useState(editing?.name ?? "");
  const [type, setType] = useState<AttributeType>(editing?.type ?? "string");
  const [target_, setTargetKind] = useState<"node" | "work">(editing?.target ?? "node");
  const [scope, setScope] = useState<"space" | "node">("space");
  const [list, setList] = useState((editing?.listValues ?? []).join("\n"));
  const [unit, setUnit] = useState(editing?.settings.unit ?? "");
  const [precision, setPrecision] = useState<number | string>(editing?.settings.precision ?? "");
  const [issues, setIssues] = useState<Record<string, Issue>>({});

  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (body: Record<string, unknown>) =>
      editing
        ? attributesApi.update(target.node.id, editing.id, body)
        : attributesApi.create(target.node.id, body as Parameters<typeof attributesApi.create>[1]),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attributeKeys.all(target.spaceId) });
      void queryClient.invalidateQueries({ queryKey: ["space", target.spaceId, "eps", "values"] });
      notifySuccess(t(editing ? "form.saved" : "form.created"));
      onDone();
    },
    onError: (error) => {
      const rest = errorsOf(error).filter((e) => {
        const field = String(e.params?.field ?? "");
        if (!["name", "listValues", "settings"].includes(field)) return true;
        setIssues((current) => ({ ...current, [field]: { code: e.code, params: e.params } }));
        return false;
      });
      if (rest.length > 0) notifyErrors(rest);
    },
  });

  const submit = () => {
    const listValues = list
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const settings: Record<string, unknown> = {};
    if (NUMERIC.includes(type)) {
      if (unit.trim()) settings.unit = unit.trim();
      if (precision !== "") settings.precision = Number(precision);
    }
    const body = editing
      ? { name, ...(type === "list" ? { listValues } : {}), settings }
      : {
          name,
          type,
          target: target_,
          spaceWide: scope === "space",
          settings,
          ...(type === "list" ? { listValues } : {}),
        };
    const parsed = (editing ? updateAttributeBody : createAttributeBody).safeParse(body);
    if (!parsed.success) return setIssues(issuesByField(parsed.error));
    setIssues({});
    save.mutate(body);
  };
  const errorOf = (field: string) => (issues[field] ? issueText(issues[field], language) : undefined);
  const types = editing ? ATTRIBUTE_TYPES : INPUT_ATTRIBUTE_TYPES;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t("fields.name")}
          withAsterisk
          data-autofocus
          value={name}
          error={errorOf("name")}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NativeSelect
          label={t("fields.type")}
          description={editing ? t("form.typeFixed") : undefined}
          disabled={Boolean(editing)}
          value={type}
          data={types.map((value) => ({ value, label: t(`types.${value}`) }))}
          onChange={(event) => setType(event.currentTarget.value as AttributeType)}
        />
        {editing ? null : (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("fields.scope")}
              </Text>
              <SegmentedControl
                fullWidth
                value={scope}
                onChange={(value) => setScope(value as "space" | "node")}
                data={[
                  { value: "space", label: t("scope.spaceWide") },
                  { value: "node", label: t("scope.nodeOnly", { name: target.node.name }) },
                ]}
                styles={{ label: { whiteSpace: "normal" } }}
              />
            </Stack>
            <NativeSelect
              label={t("fields.target")}
              value={target_}
              data={[
                { value: "node", label: t("targets.node") },
                { value: "work", label: t("targets.work") },
              ]}
              onChange={(event) => setTargetKind(event.currentTarget.value as "node" | "work")}
            />
          </>
        )}
        {type === "list" ? (
          <Textarea
            label={t("fields.listValues")}
            description={t("form.listHint")}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            value={list}
            error={errorOf("listValues")}
            onChange={(event) => setList(event.currentTarget.value)}
          />
        ) : null}
        {NUMERIC.includes(type) ? (
          <Group grow align="flex-start">
            <TextInput
              label={t("fields.unit")}
              value={unit}
              error={errorOf("settings")}
              onChange={(event) => setUnit(event.currentTarget.value)}
            />
            <IntegerInput
              label={t("fields.precision")}
              min={0}
              max={6}
              value={precision === "" ? "" : Number(precision)}
              onChange={setPrecision}
            />
          </Group>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? t("common:actions.save") : t("form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
