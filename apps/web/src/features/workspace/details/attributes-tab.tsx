import { Button, Checkbox, Group, Loader, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { AttributeValue, ErrorCode, WbsItem } from "@planum/contracts";
import { IconReplace } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { workspaceApi, workspaceKeys } from "../workspace-api";
import type { DetailsCommands } from "./activity-details";
import { AttributeField, attributeText, useErrorText } from "./detail-fields";
import { Pane, type Save } from "./details-pane";
import { ReplaceValuesDialog } from "./replace-values-dialog";

/**
 * The schedule's work attributes of the selected work, each edited by its type (text, number, money, percentage,
 * date, yes/no, list entry); one edit is one undoable change the others see live. Computed attributes and those the
 * user may only read are shown, not edited.
 */
export function AttributesTab({
  item,
  disabled,
  save,
  versionId,
  send,
}: {
  item: WbsItem;
  disabled: boolean;
  save: Save;
  versionId: string;
  send: DetailsCommands["send"];
}) {
  const { t, i18n } = useTranslation("workspace");
  const { id: scheduleId = "" } = useParams();
  const attributes = useQuery({
    queryKey: workspaceKeys.attributes(scheduleId),
    queryFn: () => workspaceApi.attributes(scheduleId),
    enabled: scheduleId !== "",
  });
  const defs = (attributes.data ?? []).filter((a) => a.target === "work");
  const writable = defs.filter((a) => !a.computed && a.access === "write");
  const [replacing, setReplacing] = useState(false);
  const set = (id: string, value: AttributeValue) => save({ attrs: { [id]: value } });
  if (attributes.isPending) {
    return (
      <Group p="sm" gap="xs">
        <Loader size="xs" />
      </Group>
    );
  }
  return (
    <Pane>
      {writable.length > 0 && !disabled ? (
        <Group gap="xs" mb="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReplace size={14} />}
            onClick={() => setReplacing(true)}
            data-testid="replace-open"
          >
            {t("replace.open")}
          </Button>
        </Group>
      ) : null}
      {replacing ? (
        <ReplaceValuesDialog
          versionId={versionId}
          scheduleId={scheduleId}
          attributes={writable}
          send={send}
          onClose={() => setReplacing(false)}
        />
      ) : null}
      {defs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("details.noAttributes")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
          {defs.map((a) => {
            const value = item.attrs[a.id] ?? null;
            const locked = disabled || a.computed || a.access !== "write";
            const testId = `details-attr-${a.name}`;
            if (a.type === "boolean" || a.type === "list")
              return (
                <AttributeChoice
                  key={a.id}
                  label={a.name}
                  list={a.type === "list" ? a.listValues : null}
                  value={value}
                  disabled={locked}
                  testId={testId}
                  onCommit={(v) => set(a.id, v)}
                />
              );
            if (locked)
              return (
                <TextInput
                  key={a.id}
                  size="xs"
                  label={a.name}
                  value={attributeText(a.type, value, i18n.language)}
                  readOnly
                  variant="filled"
                  data-testid={testId}
                />
              );
            return (
              <AttributeField
                key={a.id}
                type={a.type}
                label={a.name}
                value={value}
                onCommit={(v) => set(a.id, v)}
                testId={testId}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Pane>
  );
}

/** A yes/no or list attribute: shows the choice at once, and the stored value again if the server refused it. */
function AttributeChoice(props: {
  label: string;
  /** The list's entries; null for a yes/no attribute. */
  list: string[] | null;
  value: AttributeValue;
  disabled: boolean;
  testId: string;
  onCommit(value: AttributeValue): Promise<ErrorCode | null>;
}) {
  const errorText = useErrorText();
  const [value, setValue] = useState<AttributeValue>(props.value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(props.value);
    setError(null);
  }, [props.value]);
  const choose = async (next: AttributeValue) => {
    setValue(next);
    const refused = await props.onCommit(next);
    if (refused) {
      setValue(props.value);
      setError(errorText(refused));
    }
  };
  if (props.list === null)
    return (
      <Checkbox
        mt="lg"
        size="xs"
        label={props.label}
        disabled={props.disabled}
        checked={value === true}
        error={error}
        data-testid={props.testId}
        onChange={(e) => void choose(e.currentTarget.checked)}
      />
    );
  return (
    <Select
      size="xs"
      label={props.label}
      clearable
      disabled={props.disabled}
      value={typeof value === "string" ? value : null}
      data={props.list}
      error={error}
      data-testid={props.testId}
      onChange={(v) => void choose(v)}
    />
  );
}
