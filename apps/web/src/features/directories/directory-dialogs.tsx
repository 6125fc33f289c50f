import { Button, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import {
  DIRECTORY_COLUMN_TYPES,
  DIRECTORY_KINDS,
  type DirectoryColumnBody,
  type DirectoryKind,
  type EpsRow,
  errorMessage,
  nameField,
  toLanguage,
} from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { askInModal } from "../../ui/ask-in-modal";

/** A name's error text in the current language, or null when it may be saved. */
function useNameError() {
  const { i18n } = useTranslation();
  return (value: string) => {
    const parsed = nameField.safeParse(value);
    if (parsed.success) return null;
    const language = toLanguage(i18n.language) ?? "ru";
    const code = parsed.error.issues[0].message;
    if (code === "MaxLength") return errorMessage(language, "MaxLength", { max: 32 });
    return errorMessage(language, code === "ProhibitedCharacters" ? "ProhibitedCharacters" : "Required");
  };
}

function NodeSelect(props: { nodes: EpsRow[]; value: string | null; onChange(value: string | null): void }) {
  const { t } = useTranslation("directories");
  return (
    <Select
      label={t("fields.node")}
      data={props.nodes.map((n) => ({ value: n.id, label: n.name }))}
      value={props.value}
      onChange={props.onChange}
      searchable
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface NewDirectory {
  nodeId: string;
  name: string;
  kind: DirectoryKind;
}

/** Asks for a new directory's name, kind and node. */
export function askNewDirectory(title: string, nodes: EpsRow[], nodeId: string | null) {
  return askInModal<NewDirectory | null>({
    title,
    dismissed: null,
    body: (done) => <NewDirectoryForm nodes={nodes} nodeId={nodeId} onDone={done} />,
  });
}

function NewDirectoryForm(props: { nodes: EpsRow[]; nodeId: string | null; onDone(value: NewDirectory | null): void }) {
  const { t } = useTranslation("directories");
  const { t: tc } = useTranslation();
  const nameError = useNameError();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<DirectoryKind>("plain");
  const [nodeId, setNodeId] = useState<string | null>(props.nodeId ?? props.nodes[0]?.id ?? null);
  const [submitted, setSubmitted] = useState(false);
  const error = nameError(name);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!error && nodeId) props.onDone({ name: name.trim(), kind, nodeId });
      }}
    >
      <Stack>
        <TextInput
          label={t("fields.name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={submitted ? error : null}
          data-autofocus
        />
        <Select
          label={t("fields.kind")}
          data={DIRECTORY_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          value={kind}
          onChange={(value) => value && setKind(value as DirectoryKind)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NodeSelect nodes={props.nodes} value={nodeId} onChange={setNodeId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onDone(null)}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit">{t("createSubmit")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for a node (and for a copy, the copy's name). */
export function askTarget(title: string, nodes: EpsRow[], withName: string | null) {
  return askInModal<{ nodeId: string; name: string } | null>({
    title,
    dismissed: null,
    body: (done) => <TargetForm nodes={nodes} name={withName} onDone={done} />,
  });
}

function TargetForm(props: {
  nodes: EpsRow[];
  name: string | null;
  onDone(value: { nodeId: string; name: string } | null): void;
}) {
  const { t } = useTranslation("directories");
  const { t: tc } = useTranslation();
  const nameError = useNameError();
  const [nodeId, setNodeId] = useState<string | null>(null);
  const [name, setName] = useState(props.name ?? "");
  const error = props.name === null ? null : nameError(name);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (nodeId && !error) props.onDone({ nodeId, name: name.trim() });
      }}
    >
      <Stack>
        <NodeSelect nodes={props.nodes} value={nodeId} onChange={setNodeId} />
        {props.name !== null ? (
          <TextInput
            label={t("fields.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onDone(null)}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit" disabled={!nodeId || Boolean(error)}>
            {tc("actions.ok")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for a column: name, type, and for a list its values (one a line). */
export function askColumn(title: string) {
  return askInModal<DirectoryColumnBody | null>({
    title,
    dismissed: null,
    body: (done) => <ColumnForm onDone={done} />,
  });
}

function ColumnForm({ onDone }: { onDone(value: DirectoryColumnBody | null): void }) {
  const { t } = useTranslation("directories");
  const { t: ta } = useTranslation("attributes");
  const { t: tc } = useTranslation();
  const nameError = useNameError();
  const [name, setName] = useState("");
  const [type, setType] = useState<DirectoryColumnBody["type"]>("string");
  const [list, setList] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const values = [
    ...new Set(
      list
        .split("\n")
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const error = nameError(name);
  const listError = type === "list" && values.length === 0 ? t("listRequired") : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!error && !listError)
          onDone({ name: name.trim(), type, ...(type === "list" ? { listValues: values } : {}) });
      }}
    >
      <Stack>
        <TextInput
          label={t("fields.name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={submitted ? error : null}
          data-autofocus
        />
        <Select
          label={t("fields.type")}
          data={DIRECTORY_COLUMN_TYPES.map((value) => ({ value, label: ta(`types.${value}`) }))}
          value={type}
          onChange={(value) => value && setType(value as DirectoryColumnBody["type"])}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {type === "list" ? (
          <Textarea
            label={t("fields.listValues")}
            description={t("listHint")}
            autosize
            minRows={3}
            value={list}
            onChange={(event) => setList(event.currentTarget.value)}
            error={submitted ? listError : null}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit">{tc("actions.save")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for a new row's code and name. */
export function askRow(title: string) {
  return askInModal<{ code: string; name: string } | null>({
    title,
    dismissed: null,
    body: (done) => <RowForm onDone={done} />,
  });
}

function RowForm({ onDone }: { onDone(value: { code: string; name: string } | null): void }) {
  const { t } = useTranslation("directories");
  const { t: tc } = useTranslation();
  const nameError = useNameError();
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const codeError = nameError(code);
  const error = nameError(name);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!codeError && !error) onDone({ code: code.trim(), name: name.trim() });
      }}
    >
      <Stack>
        <TextInput
          label={t("fields.code")}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={submitted ? codeError : null}
          data-autofocus
        />
        <TextInput
          label={t("fields.name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={submitted ? error : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {tc("actions.cancel")}
          </Button>
          <Button type="submit">{tc("actions.save")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
